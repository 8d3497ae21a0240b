import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { pgArray, rowsOf } from '../../db/rows.ts';
import { sql } from '../../db/sql.ts';
import { cashOutRequests, cashOutRules, cashOuts, matchCashOutOff } from './cash-out.table.ts';

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

/** The order's row, locked: what decides a cash-out (its status and what is still in play). */
export async function lockOrder(
  tx: Tx,
  orderId: number,
): Promise<
  { status: string; multiple: number; multiples: number[] | null; totalAmount: bigint } | undefined
> {
  const [row] = rowsOf<{
    status: string;
    multiple: number;
    multiples: number[] | null;
    total_amount: string;
  }>(
    await tx.execute(
      sql`SELECT status, multiple, multiples, total_amount::text FROM orders WHERE id = ${orderId}::int FOR UPDATE`,
    ),
  );
  return row && { ...row, totalAmount: BigInt(row.total_amount) };
}

/**
 * 部分提前结算: the order keeps `rest` in play (its multiples, stake and most prize), and counts
 * the share closed; only while it is pending (under its row's lock).
 */
export async function closeShare(
  tx: Tx,
  orderId: number,
  rest: { multiple: number; multiples: readonly number[] | null; totalAmount: bigint; maxPrize: bigint },
  closed: { stake: bigint; amount: bigint },
): Promise<boolean> {
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`
      UPDATE orders SET multiple = ${rest.multiple}::int, multiples = ${rest.multiples ? pgArray(rest.multiples) : null}::int[],
        total_amount = ${rest.totalAmount}::bigint, max_prize = ${rest.maxPrize}::bigint,
        cashed_out_stake = cashed_out_stake + ${closed.stake}::bigint,
        cashed_out_amount = cashed_out_amount + ${closed.amount}::bigint
      WHERE id = ${orderId}::int AND status = 'pending'
      RETURNING id`),
  );
  return rows.length === 1;
}

/** Records a cash-out paid; its id keys the ledger entry of a share. */
export async function insertCashOut(tx: Tx, row: typeof cashOuts.$inferInsert): Promise<number> {
  const [inserted] = await tx.insert(cashOuts).values(row).returning({ id: cashOuts.id });
  return inserted!.id;
}

/** The cash-outs of an order, oldest first. */
export async function cashOutsOf(db: Handle, orderId: number) {
  return db.select().from(cashOuts).where(eq(cashOuts.orderId, orderId)).orderBy(cashOuts.id);
}

export type CashOutRequestRow = typeof cashOutRequests.$inferSelect;

/** Opens an in-play request; false when one is already waiting for the order. */
export async function insertRequest(tx: Tx, row: typeof cashOutRequests.$inferInsert): Promise<boolean> {
  const inserted = await tx
    .insert(cashOutRequests)
    .values(row)
    .onConflictDoNothing({
      target: cashOutRequests.orderId,
      where: sql`${cashOutRequests.status} = 'waiting'`,
    })
    .returning({ id: cashOutRequests.id });
  return inserted.length === 1;
}

/** The order's request in its bet delay, if any. */
export async function waitingRequest(db: Handle, orderId: number): Promise<CashOutRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(cashOutRequests)
    .where(sql`${cashOutRequests.orderId} = ${orderId} AND ${cashOutRequests.status} = 'waiting'`);
  return row;
}

/** Requests whose bet delay has passed by `now`, oldest first. */
export async function dueRequestIds(db: Handle, now: Date, limit: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      SELECT id FROM cash_out_requests
      WHERE status = 'waiting' AND decide_at <= ${now.toISOString()}::timestamptz
      ORDER BY decide_at, id LIMIT ${limit}::int`),
  );
  return rows.map((r) => r.id);
}

/** A due request, locked (skipped when another decider holds it); undefined when decided. */
export async function lockDueRequest(tx: Tx, id: number, now: Date): Promise<CashOutRequestRow | undefined> {
  const [row] = await tx
    .select()
    .from(cashOutRequests)
    .where(
      sql`${cashOutRequests.id} = ${id} AND ${cashOutRequests.status} = 'waiting' AND ${cashOutRequests.decideAt} <= ${now.toISOString()}::timestamptz`,
    )
    .for('update', { skipLocked: true });
  return row;
}

export async function decideRequest(
  tx: Tx,
  id: number,
  verdict: { status: 'paid' | 'refused'; reason: string | null; amount: bigint | null; at: Date },
): Promise<void> {
  await tx
    .update(cashOutRequests)
    .set({ status: verdict.status, reason: verdict.reason, amount: verdict.amount, decidedAt: verdict.at })
    .where(eq(cashOutRequests.id, id));
}
