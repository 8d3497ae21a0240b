import { and, asc, count, desc, eq, inArray, isNull, lte, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { releaseOrders } from './book.repo.ts';
import { rowsOf } from '../ledger/ledger.repo.ts';
import type { LegRow, OrderRow } from './sports.repo.ts';
import { matches, orderLegs, orders } from './sports.table.ts';

export type NewOrder = typeof orders.$inferInsert;
export type NewLeg = Omit<typeof orderLegs.$inferInsert, 'orderId'>;
export type OrderStatus = OrderRow['status'];

// ---- placing and reading orders ----------------------------------------------------------------

/** The order and its legs (the accepted 出票 odds), in the caller's transaction. */
export async function insertOrder(tx: Tx, order: NewOrder, legs: readonly NewLeg[]): Promise<OrderRow> {
  const [row] = await tx.insert(orders).values(order).returning();
  if (!row) throw new Error('order not inserted');
  await tx.insert(orderLegs).values(legs.map((leg) => ({ ...leg, orderId: row.id })));
  return row;
}

export interface OrderFilter {
  memberId: number;
  /** 'settled' = decided: every status but pending and confirming. */
  status?: OrderStatus | 'settled' | undefined;
  sport?: 'football' | 'basketball' | null | undefined;
}

export async function listOrders(
  db: Db,
  filter: OrderFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  const condition = and(
    eq(orders.memberId, filter.memberId),
    filter.status === 'settled'
      ? notInArray(orders.status, ['pending', 'confirming'])
      : filter.status
        ? eq(orders.status, filter.status)
        : undefined,
    filter.sport ? eq(orders.sport, filter.sport) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(orders).where(condition).orderBy(desc(orders.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(orders).where(condition),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The member's own order by id or number (another member's is not found). */
export async function findMemberOrder(
  db: Db,
  memberId: number,
  by: { id: number } | { orderNo: string },
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(eq(orders.memberId, memberId), 'id' in by ? eq(orders.id, by.id) : eq(orders.orderNo, by.orderNo)),
    );
  return row;
}

export async function legsOfOrder(db: Db, orderId: number): Promise<LegRow[]> {
  return db.select().from(orderLegs).where(eq(orderLegs.orderId, orderId)).orderBy(orderLegs.position);
}

// ---- in play: deciding confirming orders -------------------------------------------------------

/** Confirming orders whose bet delay has passed by `now`, oldest first. */
export async function dueConfirmingOrderIds(db: Db, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'confirming'), lte(orders.acceptAt, now)))
    .orderBy(asc(orders.acceptAt), asc(orders.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * The order, locked until commit, while it is still confirming and due; undefined when another
 * decider holds it (SKIP LOCKED) or has already decided it.
 */
export async function lockDueConfirmingOrder(tx: Tx, id: number, now: Date): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.status, 'confirming'), lte(orders.acceptAt, now)))
    .for('update', { skipLocked: true });
  return row;
}

/** Accepted: the order joins the pending ones (settled like any other), at its final maximum prize. */
export async function acceptConfirmingOrder(tx: Tx, id: number, maxPrize: bigint): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ status: 'pending', maxPrize })
    .where(and(eq(orders.id, id), eq(orders.status, 'confirming')))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/**
 * Refused: the order is final as rejected (decided at `now`), its legs void, its payout the stake
 * it gets back (as a refunded order's is, so records show no profit or loss on it).
 */
export async function rejectConfirmingOrder(tx: Tx, id: number, reason: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ status: 'rejected', rejectReason: reason, settledAt: now, payout: sql`${orders.totalAmount}` })
    .where(and(eq(orders.id, id), eq(orders.status, 'confirming')))
    .returning({ id: orders.id });
  if (rows.length === 0) return false;
  await tx.update(orderLegs).set({ status: 'void', settledAt: now }).where(eq(orderLegs.orderId, id));
  return true;
}

/** In-play legs taken at the current odds when their order is accepted. */
export async function repriceLegs(tx: Tx, legs: ReadonlyArray<{ id: number; odds: string }>): Promise<void> {
  for (const leg of legs) await tx.update(orderLegs).set({ odds: leg.odds }).where(eq(orderLegs.id, leg.id));
}

// ---- settlement ---------------------------------------------------------------------------------

/** The distinct (play type, line, option) of a match's pending legs: what settlement must decide. */
export async function pendingLegOptions(db: Db, matchId: number) {
  return db
    .selectDistinct({ playType: orderLegs.playType, line: orderLegs.line, optionKey: orderLegs.optionKey })
    .from(orderLegs)
    .where(and(eq(orderLegs.matchId, matchId), eq(orderLegs.status, 'pending')));
}

/** Decides a market's pending legs of a match in one UPDATE (`CASE option_key`); returns how many. */
export async function decideLegs(
  db: Db,
  matchId: number,
  market: { playType: string; line: string | null; statuses: ReadonlyMap<string, string> },
  now: Date,
): Promise<number> {
  const cases = sql.join(
    [...market.statuses].map(([option, status]) => sql`WHEN ${option} THEN ${status}`),
    sql` `,
  );
  const updated = await db
    .update(orderLegs)
    .set({ status: sql`CASE ${orderLegs.optionKey} ${cases} END`, settledAt: now })
    .where(
      and(
        eq(orderLegs.matchId, matchId),
        eq(orderLegs.playType, market.playType),
        market.line === null ? isNull(orderLegs.line) : eq(orderLegs.line, market.line),
        eq(orderLegs.status, 'pending'),
        inArray(orderLegs.optionKey, [...market.statuses.keys()]),
      ),
    )
    .returning({ id: orderLegs.id });
  return updated.length;
}

/** Marks the match settled once none of its legs is pending. */
export async function markMatchSettled(db: Db, matchId: number, now: Date): Promise<void> {
  await db
    .update(matches)
    .set({ settledAt: now })
    .where(
      and(
        eq(matches.id, matchId),
        isNull(matches.settledAt),
        sql`NOT EXISTS (SELECT 1 FROM order_legs l WHERE l.match_id = ${matchId} AND l.status = 'pending')`,
      ),
    );
}

/** Pending orders whose legs are all decided: those holding a leg of `matchId`, or any (up to 5,000). */
export async function readyOrderIds(db: Db, matchId?: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      SELECT o.id FROM orders o
      WHERE o.status = 'pending'
        ${matchId === undefined ? sql`` : sql`AND o.id IN (SELECT order_id FROM order_legs WHERE match_id = ${matchId})`}
        AND NOT EXISTS (SELECT 1 FROM order_legs l WHERE l.order_id = o.id AND l.status = 'pending')
      ORDER BY o.id
      ${matchId === undefined ? sql`LIMIT 5000` : sql``}`),
  );
  return rows.map((r) => Number(r.id));
}

export async function pendingOrdersByIds(db: Db, ids: number[]): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(inArray(orders.id, ids), eq(orders.status, 'pending')));
}

export async function legsOfOrders(db: Db, orderIds: number[]): Promise<LegRow[]> {
  return db.select().from(orderLegs).where(inArray(orderLegs.orderId, orderIds));
}

/** Losing orders in one UPDATE (still pending only); returns the ids it flipped. */
export async function markOrdersLost(db: Db, ids: number[], now: Date): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(orders)
    .set({ status: 'lost', settledAt: now })
    .where(and(inArray(orders.id, ids), eq(orders.status, 'pending')))
    .returning({ id: orders.id });
  const flipped = rows.map((r) => r.id);
  await releaseOrders(db, flipped, now);
  return flipped;
}

/** Paying orders (won or refunded) in one UPDATE … FROM VALUES, each with its payout; returns the ids it flipped. */
export async function markOrdersPaid(
  db: Db,
  paying: ReadonlyArray<{ id: number; status: 'won' | 'refunded' | 'lost'; payout: bigint }>,
  now: Date,
): Promise<number[]> {
  if (paying.length === 0) return [];
  const values = sql.join(
    paying.map((d) => sql`(${d.id}::int, ${d.status}::text, ${d.payout}::bigint)`),
    sql`, `,
  );
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      UPDATE orders SET status = v.status, payout = v.payout, settled_at = ${now.toISOString()}::timestamptz
      FROM (VALUES ${values}) AS v(id, status, payout)
      WHERE orders.id = v.id AND orders.status = 'pending'
      RETURNING orders.id`),
  );
  const flipped = rows.map((r) => Number(r.id));
  // A settled order no longer weighs on the book: its outcomes' liability is released here.
  await releaseOrders(db, flipped, now);
  return flipped;
}
