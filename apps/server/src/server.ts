import cluster from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultAdapters } from './adapters/index.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type AppConfig } from './config.ts';
import { openDatabase, postgresOptions } from './db/client.ts';
import { LOCKS } from './db/locks.ts';
import { EXIT_REFUSED, runPrimary } from './ops/cluster.ts';
import { configProblems, seededPasswordProblems } from './ops/production.ts';
import { DEMO_CHECKER, DEMO_LOGIN, DEMO_OPERATOR, seedDemoData } from './seed/demo.ts';

/** Prints why the server will not start, one line per problem, and exits without a restart. */
function refuse(problems: string[]): never {
  for (const problem of problems)
    process.stderr.write(`refusing to start (APP_ENV=production): ${problem}\n`);
  process.exit(EXIT_REFUSED);
}

function banner(config: AppConfig, db: string): void {
  const shown = config.publicUrl ?? `http://localhost:${config.port}`;
  const lines = [
    '',
    `  金彩体育 is running at ${shown}/`,
    `  API docs:   ${shown}/docs`,
    `  Database:   ${db}`,
  ];
  if (config.workers > 1) lines.push(`  Workers:    ${config.workers}`);
  if (config.seedDemo) {
    lines.push(
      `  Demo login: ${DEMO_LOGIN.username} / ${DEMO_LOGIN.password}`,
      `  Operator:   ${DEMO_OPERATOR.username} / ${DEMO_OPERATOR.password} (console at ${shown}/admin/)`,
      `  Checker:    ${DEMO_CHECKER.username} / ${DEMO_CHECKER.password} (approves what one operator may not do alone)`,
    );
  }
  process.stdout.write([...lines, ''].join('\n') + '\n');
}

/**
 * One server process: refuses an unfit production configuration, migrates (under an advisory
 * lock), seeds demo data on an empty database (under another), starts the jobs once the app is
 * ready, listens on PORT and shuts down gracefully on SIGINT/SIGTERM.
 */
async function runServer(config: AppConfig): Promise<void> {
  const registry = defaultAdapters();
  const problems = configProblems(config, registry);
  if (problems.length) refuse(problems);

  const database = await openDatabase(
    config.databaseUrl
      ? postgresOptions(config)
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
  );
  const { applied } = await database.migrate();
  const passwordProblems = await seededPasswordProblems(config, database.db);
  if (passwordProblems.length) {
    await database.close();
    refuse(passwordProblems);
  }

  const app = await buildApp({ config, database, adapters: registry });
  // A cluster worker answers the primary's metrics requests, so one scrape sums every worker.
  app.services.metrics.shareWithCluster();
  app.log.info({ applied, pid: process.pid }, applied ? 'migrations applied' : 'schema up to date');
  if (config.seedDemo) {
    await database.withAdvisoryLock(LOCKS.demoSeed, () => seedDemoData(app.services, app.log));
  }
  await app.ready();
  // The first feed sync before listening, so the first visitor already sees fixtures and odds.
  if (config.jobsEnabled) await app.services.jobs.firstTurn('sports-feed');

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
  if (!cluster.isWorker) {
    banner(
      config,
      database.kind === 'pglite' ? `PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL',
    );
  }
}

async function main() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const config = loadConfig({
    WEB_DIST: path.resolve(here, '../../web/dist'),
    ADMIN_DIST: path.resolve(here, '../../admin/dist'),
    // The build's software manifest beside the bundle (none when run from source).
    SELF_CHECK_MANIFEST: path.resolve(here, 'integrity.json'),
    SELF_CHECK_ROOT: path.resolve(here, '../../..'),
    ...process.env,
  });
  if (config.workers > 1 && cluster.isPrimary) {
    // Refuse once here rather than in every worker (each would be restarted).
    const problems = configProblems(config, defaultAdapters());
    if (problems.length) refuse(problems);
    runPrimary({ workers: config.workers, onListening: () => banner(config, 'PostgreSQL') });
    return;
  }
  await runServer(config);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    // One clear line, no stack: the operator fixes a variable, not the code.
    process.stderr.write(`${err.message}\n`);
    process.exit(EXIT_REFUSED);
  }
  console.error(err);
  process.exit(1);
});
