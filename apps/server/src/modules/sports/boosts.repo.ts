import type { BoostRule } from '@app/shared';
import { and, asc, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import { sql } from '../../db/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { pgArray, rowsOf } from '../../db/rows.ts';
import { orderBoosts, prizeBoosts, type OrderBoostRow, type PrizeBoostRow } from './boosts.table.ts';

export type NewPrizeBoost = Omit<typeof prizeBoosts.$inferInsert, 'id' | 'spent'>;

/** A campaign row as the shared rules read it. */
export function ruleOf(row: PrizeBoostRow): BoostRule & { name: string } {
  return {
    id: row.id,
    name: row.name,
    sport: row.sport,
    passTypes: row.passTypes,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    vipMin: row.vipMin,
    tag: row.tag,
    rateBp: row.rateBp,
    capPerOrderFen: row.capPerOrder,
    active: row.active && row.spent < row.budget,
  };
}

/** Campaigns running at `now` with budget left. */
export async function runningBoosts(db: Db | Tx, now: Date): Promise<PrizeBoostRow[]> {
  return db
    .select()
    .from(prizeBoosts)
    .where(
      and(
        eq(prizeBoosts.active, true),
        lte(prizeBoosts.startsAt, now),
        gt(prizeBoosts.endsAt, now),
        sql`${prizeBoosts.spent} < ${prizeBoosts.budget}`,
      ),
    )
    .orderBy(asc(prizeBoosts.id));
}

/** The member's tags (operators' labels), for campaigns aimed at a tag. */
export async function memberTagsOf(db: Db | Tx, memberId: number): Promise<string[]> {
  return rowsOf<{ tag: string }>(
    await db.execute(sql`SELECT tag FROM member_tags WHERE member_id = ${memberId} ORDER BY tag`),
  ).map((r) => r.tag);
}

export async function attachBoost(
  tx: Tx,
  row: Pick<OrderBoostRow, 'orderId' | 'boostId' | 'memberId' | 'rateBp' | 'capPerOrder'>,
): Promise<void> {
  await tx.insert(orderBoosts).values(row);
}

/** An order's boost with its campaign's name, or undefined. */
export async function boostOfOrder(db: Db, orderId: number) {
  const [row] = await db
    .select({ boost: orderBoosts, name: prizeBoosts.name })
    .from(orderBoosts)
    .innerJoin(prizeBoosts, eq(prizeBoosts.id, orderBoosts.boostId))
    .where(eq(orderBoosts.orderId, orderId));
  return row;
}

/** The still-pending boosts of these orders. */
export async function pendingBoostsOf(tx: Tx, orderIds: readonly number[]): Promise<OrderBoostRow[]> {
  if (orderIds.length === 0) return [];
  return tx
    .select()
    .from(orderBoosts)
    .where(and(inArray(orderBoosts.orderId, [...orderIds]), eq(orderBoosts.status, 'pending')))
    .orderBy(asc(orderBoosts.orderId));
}

/** Locks campaigns in id order (every settlement takes them in this order) and reads their budget. */
export async function lockBudgets(tx: Tx, ids: readonly number[]): Promise<Map<number, bigint>> {
  const rows = await tx
    .select({ id: prizeBoosts.id, budget: prizeBoosts.budget, spent: prizeBoosts.spent })
    .from(prizeBoosts)
    .where(inArray(prizeBoosts.id, [...ids]))
    .orderBy(asc(prizeBoosts.id))
    .for('update');
  return new Map(rows.map((r) => [r.id, r.budget - r.spent]));
}

export async function addSpent(tx: Tx, id: number, amount: bigint, now: Date): Promise<void> {
  await tx
    .update(prizeBoosts)
    .set({ spent: sql`${prizeBoosts.spent} + ${amount}`, updatedAt: now })
    .where(eq(prizeBoosts.id, id));
}

export async function closeBoost(
  tx: Tx,
  orderId: number,
  status: OrderBoostRow['status'],
  amount: bigint,
  now: Date,
): Promise<void> {
  await tx
    .update(orderBoosts)
    .set({ status, amount, paidAt: status === 'paid' || status === 'budget_out' ? now : null })
    .where(and(eq(orderBoosts.orderId, orderId), eq(orderBoosts.status, 'pending')));
}

/** The decided (paid or unpaid) boosts of these orders, for a correction of their settlement. */
export async function decidedBoostsOf(tx: Tx, orderIds: readonly number[]): Promise<OrderBoostRow[]> {
  if (orderIds.length === 0) return [];
  return tx
    .select()
    .from(orderBoosts)
    .where(
      and(
        inArray(orderBoosts.orderId, [...orderIds]),
        inArray(orderBoosts.status, ['paid', 'budget_out', 'none']),
      ),
    )
    .orderBy(asc(orderBoosts.orderId));
}

export async function setBoostOutcome(
  tx: Tx,
  orderId: number,
  status: OrderBoostRow['status'],
  amount: bigint,
  now: Date,
): Promise<void> {
  await tx.update(orderBoosts).set({ status, amount, paidAt: now }).where(eq(orderBoosts.orderId, orderId));
}

/** Marks the boosts of orders that settled without winning (one statement for a batch). */
export async function closeUnpaid(tx: Tx, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx
    .update(orderBoosts)
    .set({ status: 'none' })
    .where(and(inArray(orderBoosts.orderId, [...orderIds]), eq(orderBoosts.status, 'pending')));
}

// ---- console ----------------------------------------------------------------------------------

export async function listBoosts(db: Db, page: { limit: number; offset: number }) {
  const rows = await db
    .select()
    .from(prizeBoosts)
    .orderBy(desc(prizeBoosts.id))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = rowsOf<{ n: number }>(await db.execute(sql`SELECT COUNT(*)::int AS n FROM prize_boosts`));
  return {
    rows,
    total: count?.n ?? 0,
    stats: await boostStats(
      db,
      rows.map((r) => r.id),
    ),
  };
}

export interface BoostStats {
  orders: number;
  paid: number;
}

/** Orders that got each campaign, and how many it paid. */
export async function boostStats(db: Db | Tx, ids: readonly number[]): Promise<Map<number, BoostStats>> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<{ boost_id: number; orders: number; paid: number }>(
    await db.execute(sql`
      SELECT boost_id, COUNT(*)::int AS orders, (COUNT(*) FILTER (WHERE amount > 0))::int AS paid
      FROM order_boosts WHERE boost_id = ANY(${pgArray(ids)}::int[]) GROUP BY boost_id`),
  );
  return new Map(rows.map((r) => [r.boost_id, { orders: r.orders, paid: r.paid }]));
}

export async function insertBoost(tx: Tx, row: NewPrizeBoost): Promise<PrizeBoostRow> {
  const [created] = await tx.insert(prizeBoosts).values(row).returning();
  if (!created) throw new Error('insert returned nothing');
  return created;
}

export async function lockBoost(tx: Tx, id: number): Promise<PrizeBoostRow | undefined> {
  const [row] = await tx.select().from(prizeBoosts).where(eq(prizeBoosts.id, id)).for('update');
  return row;
}

export async function updateBoost(
  tx: Tx,
  id: number,
  set: Partial<Omit<NewPrizeBoost, 'createdBy' | 'createdAt'>>,
): Promise<PrizeBoostRow> {
  const [row] = await tx.update(prizeBoosts).set(set).where(eq(prizeBoosts.id, id)).returning();
  if (!row) throw new Error('update returned nothing');
  return row;
}
