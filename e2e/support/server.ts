import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { seedDemoData } from '../../apps/server/src/seed/demo.ts';

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
 * A real server in this process: in-memory PGlite, migrations, demo data (demo001 / demo1234
 * with 10000.00, agent code AG8888), serving the built web app from apps/web/dist.
 */
export async function startServer(): Promise<TestServer> {
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST }),
    database,
    logger: false,
  });
  await seedDemoData(app.services);
  await app.listen({ port: 0, host: '127.0.0.1' });
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
