import { and, asc, count, desc, eq, isNull, lte, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { releaseOrders } from './book.repo.ts';
import { pgArray, rowsOf } from '../ledger/ledger.repo.ts';
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

/** Decides a market's pending legs of a match in one UPDATE (`CASE option_key`); returns how many (not which). */
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
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      WITH decided AS (
        UPDATE order_legs SET status = CASE option_key ${cases} END, settled_at = ${now.toISOString()}::timestamptz
        WHERE match_id = ${matchId} AND play_type = ${market.playType}
          AND ${market.line === null ? sql`line IS NULL` : sql`line = ${market.line}`}
          AND status = 'pending' AND option_key = ANY(${pgArray([...market.statuses.keys()])}::text[])
        RETURNING 1
      )
      SELECT count(*)::int AS n FROM decided`),
  );
  return Number(row?.n ?? 0);
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

/** Which of these matches any order holds a leg of. */
export async function matchesWithLegs(db: Db, matchIds: readonly number[]): Promise<Set<number>> {
  if (!matchIds.length) return new Set();
  const rows = rowsOf<{ match_id: number | string }>(
    await db.execute(sql`
      SELECT DISTINCT match_id FROM order_legs WHERE match_id = ANY(${pgArray(matchIds)}::int[])`),
  );
  return new Set(rows.map((r) => Number(r.match_id)));
}

/**
 * Marks over matches nobody bet on as settled, in one statement (a feed pass finishes hundreds).
 * Only those with a result and still without a leg: anything else goes through settleMatch.
 */
export async function markUnbetMatchesSettled(db: Db, matchIds: readonly number[], now: Date): Promise<void> {
  if (!matchIds.length) return;
  await db.execute(sql`
    UPDATE matches SET settled_at = ${now.toISOString()}::timestamptz
    WHERE id = ANY(${pgArray(matchIds)}::int[]) AND settled_at IS NULL AND result IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM order_legs l WHERE l.match_id = matches.id)`);
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

/** Every order holding a leg of the match, by ascending id (settlement takes them in batches). */
export async function orderIdsOfMatch(db: Db, matchId: number): Promise<number[]> {
  const [row] = rowsOf<{ ids: string | null }>(
    await db.execute(sql`
      SELECT string_agg(order_id::text, ',' ORDER BY order_id) AS ids
      FROM (SELECT DISTINCT order_id FROM order_legs WHERE match_id = ${matchId}) o`),
  );
  return row?.ids ? row.ids.split(',').map(Number) : [];
}

/** What settlement reads of an order: enough to run the engine, pay and tell the member. */
export interface SettlingOrder {
  id: number;
  memberId: number;
  orderNo: string;
  passType: string;
  multiple: number;
  totalAmount: bigint;
  /** In position order. */
  legs: Array<Pick<LegRow, 'matchId' | 'playType' | 'optionKey' | 'odds' | 'line' | 'status'>>;
}

/** The orders among `ids` that are still pending, each with its legs, in one read (in the order of `ids`). */
export async function pendingOrdersWithLegs(db: Db, ids: readonly number[]): Promise<SettlingOrder[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf<{
    id: number;
    member_id: number;
    order_no: string;
    pass_type: string;
    multiple: number;
    total_amount: string;
    match_id: number;
    play_type: string;
    option_key: string;
    odds: string;
    line: string | null;
    status: LegRow['status'];
  }>(
    // Driven by the list, one index lookup per order and per order's legs (OFFSET 0 keeps the
    // planner from turning it into hash joins that scan the whole tables, once per batch).
    await db.execute(sql`
      SELECT o.id, o.member_id, o.order_no, o.pass_type, o.multiple, o.total_amount::text AS total_amount,
             l.match_id, l.play_type, l.option_key, l.odds, l.line, l.status
      FROM unnest(${pgArray(ids)}::int[]) WITH ORDINALITY AS b(id, n)
      CROSS JOIN LATERAL (
        SELECT id, member_id, order_no, pass_type, multiple, total_amount FROM orders
        WHERE orders.id = b.id AND orders.status = 'pending' OFFSET 0
      ) o
      CROSS JOIN LATERAL (
        SELECT position, match_id, play_type, option_key, odds, line, status FROM order_legs
        WHERE order_legs.order_id = o.id OFFSET 0
      ) l
      ORDER BY b.n, l.position`),
  );
  const out: SettlingOrder[] = [];
  let order: SettlingOrder | undefined;
  for (const r of rows) {
    const id = Number(r.id);
    if (order?.id !== id) {
      order = {
        id,
        memberId: Number(r.member_id),
        orderNo: r.order_no,
        passType: r.pass_type,
        multiple: Number(r.multiple),
        totalAmount: BigInt(r.total_amount),
        legs: [],
      };
      out.push(order);
    }
    order.legs.push({
      matchId: Number(r.match_id),
      playType: r.play_type,
      optionKey: r.option_key,
      odds: r.odds,
      line: r.line,
      status: r.status,
    });
  }
  return out;
}

/**
 * Decided orders in one UPDATE … FROM unnest(…), each with its status and payout, flipping only
 * those still pending (the exactly-once guard); their book liability is released. Returns the ids
 * it flipped.
 */
export async function markOrdersSettled(
  db: Db,
  decided: ReadonlyArray<{ id: number; status: 'won' | 'lost' | 'refunded'; payout: bigint }>,
  now: Date,
): Promise<number[]> {
  if (decided.length === 0) return [];
  // A batch is a sliver of a big table: a nested loop of index lookups, never a hash join that
  // scans all of it (the planner's pick once a match has a million orders), so a batch costs
  // its own rows. Only for this statement (set local to the transaction, then put back).
  const [planner] = rowsOf<{ hash: string; merge: string }>(
    await db.execute(sql`
      SELECT current_setting('enable_hashjoin') AS hash, current_setting('enable_mergejoin') AS merge,
             set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true)`),
  );
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      UPDATE orders SET status = v.status, payout = v.payout, settled_at = ${now.toISOString()}::timestamptz
      FROM unnest(
        ${pgArray(decided.map((d) => d.id))}::int[],
        ${pgArray(decided.map((d) => d.status))}::text[],
        ${pgArray(decided.map((d) => d.payout))}::bigint[]
      ) AS v(id, status, payout)
      WHERE orders.id = v.id AND orders.status = 'pending'
      RETURNING orders.id`),
  );
  await db.execute(sql`
    SELECT set_config('enable_hashjoin', ${planner?.hash ?? 'on'}, true),
           set_config('enable_mergejoin', ${planner?.merge ?? 'on'}, true)`);
  const flipped = rows.map((r) => Number(r.id));
  // A settled order no longer weighs on the book: its outcomes' liability is released here.
  await releaseOrders(db, flipped, now);
  return flipped;
}
