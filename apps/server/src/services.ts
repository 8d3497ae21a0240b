import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { EventBus } from './lib/events.ts';
import { AccountsService } from './modules/accounts/accounts.service.ts';
import { AppConfigService } from './modules/app-config/app-config.service.ts';
import { IdempotencyService } from './modules/idempotency/idempotency.service.ts';
import { LedgerService } from './modules/ledger/ledger.service.ts';
import {
  LocalBroadcaster,
  PusherHttpBroadcaster,
  RedisBroadcaster,
  type Broadcaster,
} from './modules/realtime/broadcaster.ts';
import { RealtimeHub } from './modules/realtime/hub.ts';
import { RealtimeService } from './modules/realtime/realtime.service.ts';

/** Everything a route may call, built once per app. */
export interface Services {
  config: AppConfig;
  database: Database;
  events: EventBus;
  ledger: LedgerService;
  accounts: AccountsService;
  appConfig: AppConfigService;
  idempotency: IdempotencyService;
  hub: RealtimeHub;
  realtime: RealtimeService;
  /** Stops background work and closes connections to outside services. */
  close(): Promise<void>;
}

async function createBroadcaster(
  config: AppConfig,
  hub: RealtimeHub,
  log: FastifyBaseLogger,
): Promise<Broadcaster> {
  const rt = config.realtime;
  switch (rt.driver) {
    case 'redis':
      return RedisBroadcaster.connect(rt.redisUrl!, rt.redisPrefix, hub, log);
    case 'pusher':
      return new PusherHttpBroadcaster({
        ...rt.pusher!,
        appId: rt.appId,
        appKey: rt.appKey,
        appSecret: rt.appSecret,
      });
    case 'embedded':
      return new LocalBroadcaster(hub);
  }
}

export async function createServices(
  config: AppConfig,
  database: Database,
  log: FastifyBaseLogger,
): Promise<Services> {
  const events = new EventBus();
  const { db } = database;
  const hub = new RealtimeHub({
    appKey: config.realtime.appKey,
    appSecret: config.realtime.appSecret,
    activityTimeoutS: config.realtime.activityTimeoutS,
    pongTimeoutMs: config.realtime.pongTimeoutMs,
    log,
  });
  const broadcaster = await createBroadcaster(config, hub, log);
  const realtime = new RealtimeService(db, config, hub, broadcaster, log);
  realtime.start(events);
  return {
    config,
    database,
    events,
    ledger: new LedgerService(db, events),
    accounts: new AccountsService(db, config, events),
    appConfig: new AppConfigService(db),
    idempotency: new IdempotencyService(db),
    hub,
    realtime,
    close: async () => {
      realtime.stop();
      await hub.close();
      await broadcaster.close();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export const servicesPlugin = fp(
  async (app: FastifyInstance, opts: { services: Services }) => {
    app.decorate('services', opts.services);
    app.services.hub.attach(app.server);
    app.addHook('onClose', async () => opts.services.close());
  },
  { name: 'services' },
);
