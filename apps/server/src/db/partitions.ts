import { sql } from './sql.ts';
import type { Db } from './client.ts';
import { rowsOf } from './rows.ts';

/**
 * Tables partitioned by month of `created_at` (Asia/Shanghai months), each with a default
 * partition that takes rows of a month not created yet (decision 042). A new month takes its
 * default partition's storage options (lottery_bets, orders, order_legs: fillfactor 50).
 */
export const MONTHLY_PARTITIONED = [
  'ledger_entries',
  'lottery_bets',
  'orders',
  'order_legs',
  'payment_callbacks',
  'messages',
] as const;
export type MonthlyPartitioned = (typeof MONTHLY_PARTITIONED)[number];

export type MonthPartitionOutcome = 'created' | 'exists' | 'default_holds_rows';

/**
 * Makes sure the partitions of `table` exist for the month holding `now` and the `ahead` months
 * after it (ensure_month_partition, migrations 0056 and 0058: made apart and attached, so writes go on).
 * A month whose rows already sit in the default partition is left alone and reported.
 */
export async function ensureMonthPartitions(
  db: Db,
  table: MonthlyPartitioned,
  now: Date,
  ahead: number,
): Promise<Array<{ month: string; outcome: MonthPartitionOutcome }>> {
  const rows = rowsOf<{ month: string; outcome: MonthPartitionOutcome }>(
    await db.execute(sql`
      SELECT to_char(m.month, 'YYYY-MM') AS month, ensure_month_partition(${table}::text, m.month) AS outcome
      FROM (
        SELECT ((date_trunc('month', ${now.toISOString()}::timestamptz, 'Asia/Shanghai')
                 AT TIME ZONE 'Asia/Shanghai') + make_interval(months => i))::date AS month
        FROM generate_series(0, ${ahead}::int) AS i
      ) m
      ORDER BY m.month`),
  );
  return rows;
}

/** Rows of `table` in its default partition: rows of months that had no partition when written. */
export async function defaultPartitionRows(db: Db, table: MonthlyPartitioned): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(`${table}_default`)}`),
  );
  return Number(row?.n ?? 0);
}
