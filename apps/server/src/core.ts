/**
 * What every module's factory is built with (the composition root makes it once): configuration,
 * database, clock, log, the in-process event bus, the realtime broadcaster and the public-answer
 * cache. Module services come on top, each module's factory taking the faces of those below it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.ts';
import type { Db } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { EventBus } from './lib/events.ts';
import type { PublicCache } from './lib/public-cache.ts';
import type { Broadcaster } from './modules/realtime/index.ts';

export interface Core {
  config: AppConfig;
  db: Db;
  /**
   * For reads that may lag a few seconds (reports, exports, console and public lists): the read
   * replica while it is fit (DATABASE_READ_URL), else the primary. Never for a member's own money
   * or anything read to decide a write.
   */
  reads: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  events: EventBus;
  broadcaster: Broadcaster;
  publicCache: PublicCache;
}
