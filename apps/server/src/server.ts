import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DEMO_LOGIN, DEMO_OPERATOR, seedDemoData } from './seed/demo.ts';

/** Starts one server: migrations, demo data on first start, the app on PORT, graceful shutdown. */
async function main() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const config = loadConfig({
    WEB_DIST: path.resolve(here, '../../web/dist'),
    ...process.env,
  });
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
  );
  await database.migrate();
  const app = await buildApp({ config, database });
  if (config.seedDemo) await seedDemoData(app.services, app.log);
  if (config.jobsEnabled) {
    // A first pass before listening, so the first visitor already sees fixtures and odds.
    await app.services.feedSync.tick();
    app.services.startJobs();
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const shown = config.publicUrl ?? `http://localhost:${config.port}`;
  const db = database.kind === 'pglite' ? `PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL';
  process.stdout.write(
    [
      '',
      `  金彩体育 is running at ${shown}/`,
      `  API docs:   ${shown}/docs`,
      `  Database:   ${db}`,
      `  Demo login: ${DEMO_LOGIN.username} / ${DEMO_LOGIN.password}`,
      `  Operator:   ${DEMO_OPERATOR.username} / ${DEMO_OPERATOR.password} (/admin/v1, see /docs)`,
      '',
    ].join('\n') + '\n',
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
