import { z } from 'zod';
import { bool, ConfigError, configPart } from '../config/parts.ts';

/** The PostgreSQL pool and the limits every connection starts with. */
export const dbConfig = configPart(
  {
    /**
     * PostgreSQL pool and the per-session limits every connection is opened with (0 = none). The
     * pool is sized to what the database runs at once, not to the requests in flight: those wait
     * in the pool's queue, where waiting costs nothing. More connections than the database has
     * cores add lock waits and scheduling to every write (bench/README.md, "Pool size").
     */
    DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
    DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
    /** Hot statements as named prepared statements (db/prepared.ts); off behind a pooler that cannot keep them. */
    DB_PREPARED_STATEMENTS: bool,
    /**
     * A read replica (docs/decisions/041-read-replicas.md): reports, exports, console lists and
     * public lists read there; a member's own money and anything read to decide a write stay on
     * the primary. Past DATABASE_READ_MAX_LAG_SECONDS of replay lag, or while it does not answer,
     * those reads go to the primary too.
     */
    DATABASE_READ_URL: z.url().optional(),
    DATABASE_READ_MAX_LAG_SECONDS: z.coerce.number().min(0).max(3_600).default(10),
    DATABASE_READ_CHECK_MS: z.coerce.number().int().min(100).max(600_000).default(2_000),
  },
  (e, ctx) => {
    if (e.DATABASE_READ_URL && !ctx.databaseUrl)
      throw new ConfigError('DATABASE_READ_URL needs DATABASE_URL (a replica of that PostgreSQL)');
    return {
      db: {
        poolSize: e.DB_POOL_SIZE,
        connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
        statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
        lockTimeoutMs: e.DB_LOCK_TIMEOUT_MS,
        idleInTransactionTimeoutMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
        preparedStatements: e.DB_PREPARED_STATEMENTS ?? true,
      },
      readReplica: e.DATABASE_READ_URL
        ? {
            url: e.DATABASE_READ_URL,
            maxLagSeconds: e.DATABASE_READ_MAX_LAG_SECONDS,
            checkEveryMs: e.DATABASE_READ_CHECK_MS,
          }
        : undefined,
    };
  },
);
