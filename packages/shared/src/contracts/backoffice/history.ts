import { z } from 'zod';
import { isoDate, moneyString } from '../common.ts';

// ---- 历史归档: history's monthly partitions, months past retention, the archive catalogue ----

const month = z
  .string()
  .regex(/^\d{4}-\d{2}$/)
  .describe('A Beijing month, YYYY-MM');

/** One month's partition of a partitioned table. */
export const historyPartitionItem = z.object({
  name: z.string().describe('The partition, e.g. ledger_entries_p202611'),
  month,
  approx_rows: z
    .number()
    .int()
    .min(0)
    .describe("The planner's estimate (pg_class.reltuples), 0 before the first ANALYZE"),
  bytes: z.number().int().min(0).describe('Table, indexes and TOAST (pg_total_relation_size)'),
});
export type HistoryPartitionItem = z.infer<typeof historyPartitionItem>;

/** A table partitioned by Beijing month (MONTHLY_PARTITIONED), its months and its default partition. */
export const historyTableItem = z.object({
  table: z.string(),
  partitions: z.array(historyPartitionItem).describe('Oldest first'),
  default_partition: z
    .object({
      name: z.string(),
      rows: z.number().int().min(0).describe('Exact count: rows of months that had no partition'),
      bytes: z.number().int().min(0),
      warning: z.string().nullable().describe('Set when it holds rows: operations must move them'),
    })
    .nullable()
    .describe('Null when the table has no default partition (not partitioned yet)'),
});
export type HistoryTableItem = z.infer<typeof historyTableItem>;

/** A month archived to a checked file and dropped from the database (history_archives). */
export const historyArchiveItem = z.object({
  id: z.number().int(),
  table: z.string(),
  month,
  rows: z.number().int().min(0),
  amount_sum: moneyString.describe("Sum of the month's amounts, 元"),
  file: z.string().describe('Relative to HISTORY_ARCHIVE_DIR'),
  sha256: z.string().describe('SHA-256 of the uncompressed text'),
  bytes: z.number().int().min(0).describe('Size of the compressed file'),
  archived_at: isoDate,
  archived_by: z.string().describe('Who archived it, e.g. job:housekeeping'),
});
export type HistoryArchiveItem = z.infer<typeof historyArchiveItem>;

/** 系统 › 历史归档: the settings, each partitioned table's months, what is past retention, the catalogue. */
export const historyOverview = z.object({
  settings: z.object({
    retention_years: z.number().int().describe('HISTORY_RETENTION_YEARS'),
    partitions_ahead_months: z.number().int().describe('HISTORY_PARTITIONS_AHEAD_MONTHS'),
    archive_dir: z
      .string()
      .nullable()
      .describe('HISTORY_ARCHIVE_DIR; null when unset (then nothing leaves the database)'),
  }),
  tables: z.array(historyTableItem),
  past_retention: z
    .array(z.object({ table: z.string(), month, name: z.string() }))
    .describe('Months past their retention still in the database, oldest first'),
  archives: z.array(historyArchiveItem).describe('Newest first'),
});
export type HistoryOverview = z.infer<typeof historyOverview>;
