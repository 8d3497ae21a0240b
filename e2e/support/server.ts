import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { systemClock, type Clock } from '../../apps/server/src/lib/clock.ts';
import { seedDemoData } from '../../apps/server/src/seed/demo.ts';
import { TEST_DRAW_SEED_KEY } from '../../apps/server/src/test/keys.ts';
// The run's migrated copy is provided under this name (its ProvidedContext declaration).
import type {} from '../../apps/server/src/test/global-setup.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The built web app; E2E_WEB_DIST points elsewhere (a build kept apart from apps/web/dist). */
export const WEB_DIST = process.env.E2E_WEB_DIST ?? path.resolve(here, '../../apps/web/dist');

export interface TestServer {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * The wall clock moved on by an offset a test sets: the server's time keeps running (the browser's
 * countdowns follow it through `server_time`), and a test jumps ahead instead of waiting.
 */
export class ShiftedClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return systemClock.sleep(ms, signal);
  }
  /** Jumps to `at` (server time), never back. */
  jumpTo(at: number): void {
    this.offsetMs = Math.max(this.offsetMs, at - Date.now());
  }
}

/**
 * A real server in this process: in-memory PGlite (the run's migrated copy), demo data (demo001 / demo1234
 * with 10000.00, agent code AG8888), serving the built web app from apps/web/dist.
 */
export async function startServer(clock?: Clock, env: Record<string, string> = {}): Promise<TestServer> {
  // The run's migrated copy (the e2e project's globalSetup, as for the module tests): loading it
  // skips the migrations each file would otherwise run.
  const dump = inject('pgliteDump');
  const database = await openDatabase(
    dump ? { kind: 'pglite', loadDataDir: new Blob([readFileSync(dump)]) } : { kind: 'pglite' },
  );
  if (!dump) await database.migrate();
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DRAW_SEED_KEY: TEST_DRAW_SEED_KEY,
      WEB_DIST,
      ...env,
    }),
    database,
    logger: false,
    ...(clock ? { clock } : {}),
  });
  await seedDemoData(app.services);
  // PORT: a file that must know its address before the server starts (an outside fake calls it back).
  await app.listen({ port: Number(env.PORT ?? 0), host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not get a port');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
