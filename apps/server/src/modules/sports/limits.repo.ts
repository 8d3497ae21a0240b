import { eq, type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { memberBetLimits } from './limits.table.ts';
import { pgArray, rowsOf } from '../../db/rows.ts';

export type BetLimitRow = typeof memberBetLimits.$inferSelect;

export async function limitOf(db: Db | Tx, memberId: number): Promise<BetLimitRow | undefined> {
  const [row] = await db.select().from(memberBetLimits).where(eq(memberBetLimits.memberId, memberId));
  return row;
}

/** The member's limits, locked: submits of one limited member are decided one at a time. */
export async function lockLimit(tx: Tx, memberId: number): Promise<BetLimitRow | undefined> {
  const [row] = await tx
    .select()
    .from(memberBetLimits)
    .where(eq(memberBetLimits.memberId, memberId))
    .for('update');
  return row;
}

export async function saveLimit(tx: Tx, row: BetLimitRow): Promise<void> {
  await tx
    .insert(memberBetLimits)
    .values(row)
    .onConflictDoUpdate({
      target: memberBetLimits.memberId,
      set: {
        maxStake: row.maxStake,
        maxPayoutPerMatch: row.maxPayoutPerMatch,
        reason: row.reason,
        operatorId: row.operatorId,
        updatedAt: row.updatedAt,
      },
    });
}

export async function deleteLimit(tx: Tx, memberId: number): Promise<void> {
  await tx.delete(memberBetLimits).where(eq(memberBetLimits.memberId, memberId));
}

/** Per match, the maximum prize of the member's open orders holding a leg on it. */
export async function openMaxPrizeByMatch(
  db: Db | Tx,
  memberId: number,
  matchIds: number[],
): Promise<Map<number, bigint>> {
  if (!matchIds.length) return new Map();
  const rows = rowsOf<{ match_id: number; max_prize: string }>(
    await db.execute(sql`
      SELECT l.match_id, SUM(o.max_prize)::text AS max_prize
      FROM orders o
      JOIN LATERAL (SELECT DISTINCT match_id FROM order_legs WHERE order_id = o.id) l ON true
      WHERE o.member_id = ${memberId} AND o.status IN ('pending', 'confirming')
        AND l.match_id = ANY(${pgArray(matchIds)}::int[])
      GROUP BY l.match_id`),
  );
  return new Map(rows.map((r) => [Number(r.match_id), BigInt(r.max_prize)]));
}

export interface LimitListRow {
  member_id: number;
  username: string;
  max_stake: string | null;
  max_payout_per_match: string | null;
  reason: string;
  operator_id: number | null;
  updated_at: Date | string;
}

export async function pageLimits(
  db: Db,
  q: { page: number; per_page: number; keyword?: string | undefined; memberId?: number },
) {
  const parts: SQL[] = [];
  if (q.keyword)
    parts.push(sql`m.username LIKE ${`%${q.keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (q.memberId !== undefined) parts.push(sql`b.member_id = ${q.memberId}`);
  const where = parts.length ? sql`WHERE ${sql.join(parts, sql` AND `)}` : sql``;
  const from = sql`FROM member_bet_limits b JOIN members m ON m.id = b.member_id`;
  const [rows, total] = await Promise.all([
    db.execute(sql`
      SELECT b.member_id, m.username, b.max_stake::text AS max_stake,
        b.max_payout_per_match::text AS max_payout_per_match, b.reason, b.operator_id, b.updated_at
      ${from} ${where} ORDER BY b.updated_at DESC
      LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`),
    db.execute(sql`SELECT COUNT(*)::int AS n ${from} ${where}`),
  ]);
  return { rows: rowsOf<LimitListRow>(rows), total: Number(rowsOf<{ n: number }>(total)[0]?.n ?? 0) };
}
