import { z } from 'zod';
import { bool, configPart } from '../config/parts.ts';

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
  },
  (e) => ({
    db: {
      poolSize: e.DB_POOL_SIZE,
      connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      lockTimeoutMs: e.DB_LOCK_TIMEOUT_MS,
      idleInTransactionTimeoutMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      preparedStatements: e.DB_PREPARED_STATEMENTS ?? true,
    },
  }),
);
