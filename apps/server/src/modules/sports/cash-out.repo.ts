import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { sql } from '../../db/sql.ts';
import { cashOutRules, cashOuts, matchCashOutOff } from './cash-out.table.ts';

type Handle = Db | Tx;

/** 提前结算 when an operator has not set a sport: on, 5 % margin. */
export const CASH_OUT_DEFAULTS = { enabled: true, marginBp: 500 } as const;

export async function rules(db: Handle): Promise<Map<string, { enabled: boolean; marginBp: number }>> {
  const rows = await db.select().from(cashOutRules);
  return new Map(rows.map((r) => [r.sport, { enabled: r.enabled, marginBp: r.marginBp }]));
}

export async function saveRule(
  tx: Tx,
  rule: {
    sport: 'football' | 'basketball';
    enabled: boolean;
    marginBp: number;
    operatorId: number;
    at: Date;
  },
): Promise<void> {
  await tx
    .insert(cashOutRules)
    .values({
      sport: rule.sport,
      enabled: rule.enabled,
      marginBp: rule.marginBp,
      updatedBy: rule.operatorId,
      updatedAt: rule.at,
    })
    .onConflictDoUpdate({
      target: cashOutRules.sport,
      set: { enabled: rule.enabled, marginBp: rule.marginBp, updatedBy: rule.operatorId, updatedAt: rule.at },
    });
}

export async function matchExists(tx: Tx, matchId: number): Promise<boolean> {
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`SELECT id FROM matches WHERE id = ${matchId}::int`),
  );
  return rows.length === 1;
}

/** Of these matches, those taken out of 提前结算. */
export async function matchesOff(db: Handle, matchIds: readonly number[]): Promise<Set<number>> {
  if (matchIds.length === 0) return new Set();
  const rows = await db
    .select({ id: matchCashOutOff.matchId })
    .from(matchCashOutOff)
    .where(inArray(matchCashOutOff.matchId, [...matchIds]));
  return new Set(rows.map((r) => r.id));
}

export async function setMatchOff(
  tx: Tx,
  matchId: number,
  off: boolean,
  by: { operatorId: number; reason: string; at: Date },
): Promise<boolean> {
  const [was] = await tx.select().from(matchCashOutOff).where(eq(matchCashOutOff.matchId, matchId));
  if (off && !was)
    await tx
      .insert(matchCashOutOff)
      .values({ matchId, reason: by.reason, operatorId: by.operatorId, createdAt: by.at });
  if (!off && was) await tx.delete(matchCashOutOff).where(eq(matchCashOutOff.matchId, matchId));
  return Boolean(was);
}

/**
 * Closes an open order for its cash-out, under its row's lock: only a `pending` order is closed
 * (settlement flips pending orders only, so exactly one of the two gets it). False when it is
 * no longer pending.
 */
export async function closeOrder(tx: Tx, orderId: number, amount: bigint, at: Date): Promise<boolean> {
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`
      UPDATE orders SET status = 'cashed_out', payout = ${amount}::bigint, settled_at = ${at.toISOString()}::timestamptz
      WHERE id = ${orderId}::int AND status = 'pending'
      RETURNING id`),
  );
  return rows.length === 1;
}

/** The order's row, locked: its status as it stands now. */
export async function lockOrderStatus(tx: Tx, orderId: number): Promise<string | undefined> {
  const [row] = rowsOf<{ status: string }>(
    await tx.execute(sql`SELECT status FROM orders WHERE id = ${orderId}::int FOR UPDATE`),
  );
  return row?.status;
}

export async function insertCashOut(tx: Tx, row: typeof cashOuts.$inferInsert): Promise<void> {
  await tx.insert(cashOuts).values(row);
}

export async function cashOutOf(db: Handle, orderId: number) {
  const [row] = await db.select().from(cashOuts).where(eq(cashOuts.orderId, orderId));
  return row;
}
