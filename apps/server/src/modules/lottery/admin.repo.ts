import { type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { Paging } from '../../db/filters.ts';

/** Open bets per lottery: what is staked on periods not settled yet. */
export async function pendingByLottery(db: Db): Promise<Map<string, { bets: number; stake: bigint }>> {
  const rows = rowsOf<{ lottery_code: string; bets: string; stake: string }>(
    await db.execute(sql`
      SELECT lottery_code, COUNT(*) AS bets, COALESCE(SUM(amount), 0) AS stake
      FROM lottery_bets WHERE status = 'pending' GROUP BY lottery_code`),
  );
  return new Map(rows.map((r) => [r.lottery_code, { bets: Number(r.bets), stake: BigInt(r.stake) }]));
}

export interface AdminPeriodRow {
  id: number;
  lottery_code: string;
  number: string;
  status: string;
  open_at: Date | string;
  close_at: Date | string;
  draw_at: Date | string;
  commitment: string;
  /** Only selected for drawn periods: a period's seed is secret until its draw. */
  seed: string | null;
  open_code: string | null;
  drawn_at: Date | string | null;
  settled_at: Date | string | null;
  cancel_reason: string | null;
  bets: string | number;
  stake: string | null;
  payout: string | null;
  pending_bets: string | number;
}

export type PeriodFilter = Paging & {
  code?: string | undefined;
  status?: 'pending' | 'open' | 'closed' | 'drawn' | 'cancelled' | 'overdue' | 'unsettled' | undefined;
  number?: string | undefined;
};

/**
 * One page of periods with their bet figures, newest draw first. A period is `overdue` when its
 * draw time passed `graceMs` ago without a draw. Periods not created yet do not exist, and
 * periods more than a day ahead are never listed.
 */
export async function pagePeriods(db: Db, q: PeriodFilter, now: Date, graceMs: number) {
  const parts: SQL[] = [sql`p.open_at <= ${new Date(now.getTime() + 86_400_000)}`];
  if (q.code) parts.push(sql`p.lottery_code = ${q.code}`);
  if (q.number) parts.push(sql`p.number LIKE ${`%${q.number.replace(/[%_\\]/g, '')}%`}`);
  switch (q.status) {
    case undefined:
      break;
    case 'overdue':
      parts.push(
        sql`p.status IN ('pending', 'open', 'closed') AND p.draw_at <= ${new Date(now.getTime() - graceMs)}`,
      );
      break;
    case 'unsettled':
      parts.push(sql`p.status IN ('drawn', 'cancelled') AND p.settled_at IS NULL`);
      break;
    case 'pending':
    case 'open':
    case 'closed':
    case 'drawn':
    case 'cancelled':
      parts.push(sql`p.status = ${q.status}`);
  }
  const where = sql`WHERE ${sql.join(parts, sql` AND `)}`;
  const [rows, total] = await Promise.all([
    db.execute(sql`
      SELECT p.id, p.lottery_code, p.number, p.status, p.open_at, p.close_at, p.draw_at, p.commitment,
        CASE WHEN p.status = 'drawn' THEN p.seed END AS seed,
        p.open_code, p.drawn_at, p.settled_at, p.cancel_reason,
        COALESCE(b.bets, 0) AS bets, b.stake, b.payout, COALESCE(b.pending_bets, 0) AS pending_bets
      FROM lottery_periods p
      LEFT JOIN LATERAL (
        SELECT COUNT(*) AS bets, SUM(amount) AS stake, SUM(payout) AS payout,
          COUNT(*) FILTER (WHERE status = 'pending') AS pending_bets
        FROM lottery_bets WHERE period_id = p.id
      ) b ON true
      ${where}
      ORDER BY p.draw_at DESC, p.id DESC
      LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`),
    db.execute(sql`SELECT COUNT(*) AS n FROM lottery_periods p ${where}`),
  ]);
  return {
    rows: rowsOf<AdminPeriodRow>(rows),
    total: Number(rowsOf<{ n: string }>(total)[0]?.n ?? 0),
  };
}
