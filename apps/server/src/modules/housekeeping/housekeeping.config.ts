import { z } from 'zod';
import { configPart } from '../../config/parts.ts';

/** How often housekeeping runs and how long each kind of row is kept. */
export const housekeepingConfig = configPart(
  {
    /** Housekeeping: how often it runs and how long each kind of row is kept. */
    HOUSEKEEPING_INTERVAL_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(3_600_000),
    SESSION_RETENTION_DAYS: z.coerce.number().int().min(0).max(3_650).default(7),
    IDEMPOTENCY_RETENTION_HOURS: z.coerce.number().int().min(24).max(87_600).default(72),
    LOGIN_ATTEMPT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
    PAYMENT_CALLBACK_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(180),
    /** Adapters' call records (外部调用): diagnostics, not money records. */
    ADAPTER_CALL_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(7),
    /** Monthly partitions of history (ledger entries, lottery bets, 竞彩 orders and legs, payment callbacks, messages) kept ready this many months ahead. */
    HISTORY_PARTITIONS_AHEAD_MONTHS: z.coerce.number().int().min(1).max(24).default(3),
    /**
     * Ledger months are kept in the database this many years after their last day; then, with
     * HISTORY_ARCHIVE_DIR set, written there, checked, and dropped (never without a checked file).
     */
    HISTORY_RETENTION_YEARS: z.coerce.number().int().min(1).max(30).default(5),
    HISTORY_ARCHIVE_DIR: z.string().min(1).optional(),
  },
  (e) => ({
    housekeeping: {
      intervalMs: e.HOUSEKEEPING_INTERVAL_MS,
      sessionRetentionDays: e.SESSION_RETENTION_DAYS,
      idempotencyRetentionHours: e.IDEMPOTENCY_RETENTION_HOURS,
      loginAttemptRetentionDays: e.LOGIN_ATTEMPT_RETENTION_DAYS,
      paymentCallbackRetentionDays: e.PAYMENT_CALLBACK_RETENTION_DAYS,
      adapterCallRetentionDays: e.ADAPTER_CALL_RETENTION_DAYS,
      partitionsAheadMonths: e.HISTORY_PARTITIONS_AHEAD_MONTHS,
      historyRetentionYears: e.HISTORY_RETENTION_YEARS,
      historyArchiveDir: e.HISTORY_ARCHIVE_DIR,
    },
  }),
);
