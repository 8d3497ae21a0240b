import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig, type AppConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';

/** A freshly migrated PostgreSQL database for a benchmark (created on the local server if missing). */
export async function freshPostgres(poolSize: number): Promise<Database> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/jingcai_bench';
  const target = new URL(url);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  const name = target.pathname.slice(1);
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  await admin.end();
  const database = await openDatabase({ kind: 'postgres', url, poolSize });
  await database.db.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`);
  await database.db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
  await database.db.execute(sql`CREATE SCHEMA public`);
  await database.migrate();
  return database;
}

/** A freshly migrated in-memory PGlite database: the quick start's embedded database. */
export async function freshPglite(): Promise<Database> {
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  return database;
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * A benchmark's many members and callbacks come from one address (127.0.0.1): the per-address
 * request limits (decision 015) would refuse them, so a benchmark lifts them.
 */
export const BENCH_LIMITS = {
  REGISTER_PER_HOUR: '1000000',
  PUBLIC_POST_PER_MINUTE: '100000000',
  CALLBACK_PER_MINUTE: '100000000',
  VALIDATE_PER_MINUTE: '1000000',
} as const;

/**
 * The configuration a benchmark's in-process server runs with: production, silent, no background
 * jobs, no demo data, the per-address limits lifted; `extra` adds or overrides.
 */
export function benchConfig(extra: Record<string, string> = {}): AppConfig {
  return loadConfig({
    ...BENCH_LIMITS,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    JOBS_ENABLED: '0',
    SEED_DEMO: '0',
    ...extra,
  });
}

/**
 * The server's PostgreSQL pool in the money benches: `POOL`, else the product's own default
 * (`DB_POOL_SIZE`), so that a figure measures what ships. The requests in flight (50 members)
 * wait in the pool's queue, as they would in production.
 */
export const BENCH_POOL = Number(process.env.POOL ?? benchConfig().db.poolSize);

/**
 * Counts the statements this process sends to PostgreSQL (BEGIN and COMMIT included): the round
 * trips per request. With `TRACE_SQL=1` each statement sent while `tracing` is on is printed;
 * with `SLOW_SQL=<ms>` each statement that took at least that long, from send to answer (a
 * pooled query answers through its callback, a checked-out client's through its promise).
 */
export function countStatements(): { count: number; tracing: boolean } {
  const statements = { count: 0, tracing: false };
  const slowMs = Number(process.env.SLOW_SQL ?? 0);
  const client = pg.Client.prototype as unknown as {
    query: (this: pg.Client, ...args: unknown[]) => unknown;
  };
  const query = client.query;
  const textOf = (args: unknown[]) =>
    String((args[0] as { text?: string } | undefined)?.text ?? args[0]).replace(/\s+/g, ' ');
  client.query = function (this: pg.Client, ...args: unknown[]) {
    statements.count++;
    if (process.env.TRACE_SQL && statements.tracing) console.log('SQL', textOf(args).slice(0, 160));
    if (!slowMs) return query.apply(this, args);
    const sent = performance.now();
    const answered = () => {
      const ms = performance.now() - sent;
      if (ms >= slowMs) console.log(`SLOW ${Math.round(ms)} ms`, textOf(args).slice(0, 200));
    };
    const callback = args.at(-1);
    if (typeof callback === 'function')
      args[args.length - 1] = (...result: unknown[]) => {
        answered();
        return (callback as (...a: unknown[]) => unknown)(...result);
      };
    const out = query.apply(this, args) as PromiseLike<unknown> | undefined;
    out?.then(answered, () => undefined);
    return out;
  };
  return statements;
}
