import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PoolExhausted } from './errors.ts';
import { LOCKS } from './locks.ts';
import { preparingClient, StatementNames } from './prepared.ts';

/**
 * No relational schema (`db.query.*`, which nothing here uses): with one, drizzle builds a query
 * builder per table for every transaction it opens (about 2 % of a bet submit's Node CPU).
 */
type NoRelations = Record<string, never>;
/** The database handle; a transaction handle has the same type, so repositories accept either. */
export type Db = PgDatabase<PgQueryResultHKT, NoRelations>;
export type Tx = PgTransaction<PgQueryResultHKT, NoRelations, ExtractTablesWithRelations<NoRelations>>;

export interface MigrationReport {
  /** Migrations this call applied (0 when another process had already applied them). */
  applied: number;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs the committed SQL migrations (idempotent). On PostgreSQL under a session advisory lock
   * (`LOCKS.migrations`), so processes that boot together migrate once and the others wait.
   */
  migrate(): Promise<MigrationReport>;
  /**
   * Runs `fn` while holding a session advisory lock on its own connection (PostgreSQL), so one
   * process of a deployment does it at a time; PGlite has one process, so it just runs.
   */
  withAdvisoryLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /** One round trip (`SELECT 1`): readiness and the outage probe. */
  ping(): Promise<void>;
  /**
   * Errors of idle pooled connections (a restarted or failed-over server, an idle timeout):
   * logged by listeners, never fatal. Returns the unsubscribe.
   */
  onConnectionError(listener: (err: Error) => void): () => void;
  /** Connections: total, idle and callers waiting for one (PostgreSQL; PGlite has one). */
  poolStats(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
  /** The PGlite instance when embedded (tests dump and load it). */
  pglite?: PGlite;
}

export interface PostgresLimits {
  poolSize?: number;
  /** Give up opening a connection after this long (the request then answers 503). */
  connectTimeoutMs?: number;
  /** Per-session limits every connection starts with; 0 = none. */
  statementTimeoutMs?: number;
  lockTimeoutMs?: number;
  idleInTransactionTimeoutMs?: number;
  /** Hot statements as named prepared statements (db/prepared.ts); default on. */
  preparedStatements?: boolean;
}

/** The PostgreSQL options a configuration asks for (pool size, connect timeout, session limits). */
export function postgresOptions(config: {
  databaseUrl: string | undefined;
  db: {
    poolSize: number;
    connectTimeoutMs: number;
    statementTimeoutMs: number;
    lockTimeoutMs: number;
    idleInTransactionTimeoutMs: number;
    preparedStatements: boolean;
  };
}): { kind: 'postgres'; url: string } & PostgresLimits {
  if (!config.databaseUrl) throw new Error('DATABASE_URL is not set');
  return {
    kind: 'postgres',
    url: config.databaseUrl,
    poolSize: config.db.poolSize,
    connectTimeoutMs: config.db.connectTimeoutMs,
    statementTimeoutMs: config.db.statementTimeoutMs,
    lockTimeoutMs: config.db.lockTimeoutMs,
    idleInTransactionTimeoutMs: config.db.idleInTransactionTimeoutMs,
    preparedStatements: config.db.preparedStatements,
  };
}

export type DatabaseOptions =
  | ({ kind: 'postgres'; url: string } & PostgresLimits)
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File };

/** Finds the committed migrations whether running from src/ (tsx, vitest) or dist/ (bundle). */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('drizzle migrations folder not found');
}

/** How many migrations the database records as applied (0 before the first). */
async function appliedCount(query: (text: string) => Promise<{ rows: Array<Record<string, unknown>> }>) {
  const { rows } = await query(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
  if (rows[0]?.present !== true) return 0;
  return Number((await query('SELECT count(*) AS n FROM drizzle.__drizzle_migrations')).rows[0]?.n ?? 0);
}

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * pg-pool rejects with 'timeout exceeded when trying to connect' both a caller whose new
 * connection could not be opened in time and one that waited in its queue while every
 * connection stayed checked out. Only the first says the database may be gone. A caller that
 * found the pool full when it asked waited behind working connections: its timeout becomes
 * PoolExhausted, which answers 503 busy and declares no outage.
 */
function nameExhaustion(pool: pg.Pool, max: number, waitedMs: number): void {
  const connect = pool.connect.bind(pool) as (
    callback?: ConnectCallback,
  ) => Promise<pg.PoolClient> | undefined;
  const named = (err: Error) =>
    err.message === 'timeout exceeded when trying to connect' ? new PoolExhausted(waitedMs) : err;
  Object.assign(pool, {
    connect(callback?: ConnectCallback) {
      const queued = pool.totalCount >= max && pool.idleCount === 0;
      if (!queued) return connect(callback);
      if (callback) return connect((err, client, done) => callback(err && named(err), client, done));
      return connect()?.catch((err: Error) => {
        throw named(err);
      });
    },
  });
}

/** A connection of its own with no statement or lock limit: migrations and held locks may take long. */
function dedicatedClient(url: string, connectTimeoutMs: number): pg.Client {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
  // Its failures reach the caller through the pending query; an idle error must not crash the process.
  client.on('error', () => undefined);
  return client;
}

async function openPostgres(options: { url: string } & PostgresLimits): Promise<Database> {
  const connectTimeoutMs = options.connectTimeoutMs ?? 5_000;
  const poolSize = options.poolSize ?? 10;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: poolSize,
    connectionTimeoutMillis: connectTimeoutMs,
    // Sent as startup parameters, so every pooled connection carries them from its first query.
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    ...(options.lockTimeoutMs ? { lock_timeout: options.lockTimeoutMs } : {}),
    ...(options.idleInTransactionTimeoutMs
      ? { idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs }
      : {}),
    // Notices a peer that vanished (failover, a dropped NAT entry) on an idle connection.
    keepAlive: true,
    ...(options.preparedStatements === false ? {} : { Client: preparingClient(new StatementNames()) }),
  });
  nameExhaustion(pool, poolSize, connectTimeoutMs);
  const listeners = new Set<(err: Error) => void>();
  // Without a listener, an idle connection the server ends (57P01 on restart) kills the process.
  pool.on('error', (err) => {
    for (const listener of listeners) listener(err);
  });
  // A connection lost while checked out (mid-query, mid-transaction) emits on the client, which the
  // pool does not listen to then. Its pending queries are rejected with the same error and reach
  // the caller (503, job backoff); the event itself must only not go unhandled.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    client.on('end', () => reclaimIfLeaked(client));
  });
  // drizzle-orm's node-postgres transaction() runs BEGIN before the try/finally that releases
  // its client (drizzle-team/drizzle-orm#6241, open): when BEGIN meets a dead connection the
  // client is never released and the pool shrinks by one for good, until it hangs. A client
  // whose connection ended while still checked out is handed back (and so destroyed) if its
  // holder has not released it shortly after. Remove once drizzle releases it itself.
  const checkedOut = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_err, client) => checkedOut.delete(client));
  pool.on('remove', (client) => checkedOut.delete(client));
  const reclaimIfLeaked = (client: pg.PoolClient) => {
    if (!checkedOut.has(client)) return;
    const timer = setTimeout(() => {
      if (!checkedOut.has(client)) return;
      checkedOut.delete(client);
      client.release(new Error('connection ended while checked out and never released'));
    }, 2_000);
    timer.unref();
  };
  const db = drizzleNodePg(pool) as unknown as Db;

  const withAdvisoryLock = async <T>(key: number, fn: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = dedicatedClient(options.url, connectTimeoutMs);
    await client.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1, 0)', [key]);
      try {
        return await fn(client);
      } finally {
        await client.query('SELECT pg_advisory_unlock($1, 0)', [key]).catch(() => undefined);
      }
    } finally {
      await client.end().catch(() => undefined);
    }
  };

  return {
    db,
    kind: 'postgres',
    migrate: () =>
      withAdvisoryLock(LOCKS.migrations, async (client) => {
        const count = () => appliedCount((text) => client.query(text));
        const before = await count();
        await migrateNodePg(drizzleNodePg(client), { migrationsFolder: migrationsFolder() });
        return { applied: (await count()) - before };
      }),
    withAdvisoryLock: (key, fn) => withAdvisoryLock(key, () => fn()),
    ping: async () => {
      await pool.query('SELECT 1');
    },
    onConnectionError: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/**
 * The types drizzle reads as text from PGlite (timestamps, dates, intervals, numeric[] and the
 * date/time arrays): drizzle maps them itself.
 */
const DRIZZLE_TEXT_TYPES = Object.fromEntries(
  [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, (value: string) => value]),
);

/** Resolves on the loop's next check phase, after the I/O and timers that were waiting. */
const turnOfTheLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * PGlite as drizzle sees it:
 * - Minus the parsers drizzle passes with every query. PGlite merges a query's parsers into its
 *   own (an object spread of every type's parser) for each statement: about a tenth of an
 *   embedded bet submit's CPU. The same parsers are PGlite's own here (DRIZZLE_TEXT_TYPES), so
 *   what drizzle reads does not change. Transactions get the same view.
 * - With a turn of the event loop before each statement and each transaction. PGlite runs
 *   statements in this thread, one at a time behind a lock whose next holder starts in a
 *   microtask. Without the turn, one request's next statement followed another's in one chain of
 *   microtasks until no request had any left: under 50 members' submits the loop then read no
 *   socket and fired no timer for 300–400 ms at a time, and some members waited 4–7 s while the
 *   rest went round (bench: p99 over 3 s in 5 runs of 12). A turn before statements outside
 *   transactions only still let a transaction's statements chain (pauses of 100–185 ms, p99
 *   0.8–2 s in 3 runs of 12). Before every statement, the loop never paused 100 ms in 9 runs, p99
 *   346–416 ms, at the same rate (about 160 submits/s).
 */
function withoutQueryParsers<T extends Pick<PGlite, 'query'>>(target: T): T {
  return new Proxy(target, {
    get(t, prop) {
      if (prop === 'query')
        return async (text: string, params?: unknown[], options?: QueryOptions) => {
          await turnOfTheLoop();
          return t.query(text, params, options?.parsers ? { ...options, parsers: undefined } : options);
        };
      if (prop === 'transaction')
        return async <R>(fn: (tx: Pick<PGlite, 'query'>) => Promise<R>) => {
          await turnOfTheLoop();
          return (t as unknown as PGlite).transaction((tx) => fn(withoutQueryParsers(tx)));
        };
      // PGlite keeps its state in private fields: its methods run on PGlite itself, not the proxy.
      const value: unknown = Reflect.get(t, prop, t);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(t) : value;
    },
  });
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') return openPostgres(options);
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers: DRIZZLE_TEXT_TYPES,
  });
  const db = drizzlePglite(withoutQueryParsers(client)) as unknown as Db;
  const applied = () => appliedCount((text) => client.query<Record<string, unknown>>(text));
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: async () => {
      const before = await applied();
      await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() });
      return { applied: (await applied()) - before };
    },
    withAdvisoryLock: (_key, fn) => fn(),
    ping: async () => {
      await client.query('SELECT 1');
    },
    onConnectionError: () => () => undefined,
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    close: () => client.close(),
  };
}
