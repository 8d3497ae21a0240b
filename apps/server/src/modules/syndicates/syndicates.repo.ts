import { and, desc, eq, gt, inArray, lte, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { pgArray, rowsOf } from '../../db/rows.ts';
import { sql } from '../../db/sql.ts';
import { syndicateHolders, syndicatePlans, syndicatePurchases } from './syndicates.table.ts';

type Handle = Db | Tx;
export type PlanRow = typeof syndicatePlans.$inferSelect;
export type HolderRow = typeof syndicateHolders.$inferSelect;
export type PlanStatus = PlanRow['status'];

/** Inserts a plan; undefined when its number is taken (the caller draws another). */
export async function insertPlan(
  tx: Tx,
  row: typeof syndicatePlans.$inferInsert,
): Promise<PlanRow | undefined> {
  const [inserted] = await tx.insert(syndicatePlans).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function planById(db: Handle, id: number): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(syndicatePlans).where(eq(syndicatePlans.id, id));
  return row;
}

/** The plan row held for the rest of the transaction: purchases and the deadline take turns on it. */
export async function lockPlan(tx: Tx, id: number): Promise<PlanRow | undefined> {
  const [row] = await tx.select().from(syndicatePlans).where(eq(syndicatePlans.id, id)).for('update');
  return row;
}

/**
 * Records a purchase of shares (the plan row held, its room checked): the purchase, the holder's
 * total and the plan's sold count. Answers the purchase's id (its ledger entries' key).
 */
export async function addShares(
  tx: Tx,
  p: {
    planId: number;
    memberId: number;
    kind: 'initiator' | 'buy' | 'guarantee';
    shares: number;
    amount: bigint;
    at: Date;
  },
): Promise<number> {
  const purchase = await recordPurchase(tx, p);
  await tx
    .update(syndicatePlans)
    .set({ soldShares: sql`${syndicatePlans.soldShares} + ${p.shares}` })
    .where(eq(syndicatePlans.id, p.planId));
  return purchase;
}

/**
 * A purchase and the holder's new total, without touching the plan row (its foreign keys take
 * only a key-share lock, which a purchase's `takeShares` does not wait for). Answers its id.
 */
export async function recordPurchase(
  tx: Tx,
  p: {
    planId: number;
    memberId: number;
    kind: 'initiator' | 'buy' | 'guarantee';
    shares: number;
    amount: bigint;
    at: Date;
  },
): Promise<number> {
  const [purchase] = await tx
    .insert(syndicatePurchases)
    .values({
      planId: p.planId,
      memberId: p.memberId,
      kind: p.kind,
      shares: p.shares,
      amount: p.amount,
      createdAt: p.at,
    })
    .returning({ id: syndicatePurchases.id });
  await tx
    .insert(syndicateHolders)
    .values({ planId: p.planId, memberId: p.memberId, shares: p.shares, amount: p.amount, joinedAt: p.at })
    .onConflictDoUpdate({
      target: [syndicateHolders.planId, syndicateHolders.memberId],
      set: {
        shares: sql`${syndicateHolders.shares} + ${p.shares}`,
        amount: sql`${syndicateHolders.amount} + ${p.amount}`,
      },
    });
  return purchase!.id;
}

/**
 * Takes `shares` of an open plan before its deadline, if that many are left: one guarded UPDATE,
 * so the plan row is held only from here to the commit. Undefined when it does not qualify (the
 * caller reads the plan again to say why).
 */
export async function takeShares(tx: Tx, planId: number, shares: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(syndicatePlans)
    .set({ soldShares: sql`${syndicatePlans.soldShares} + ${shares}` })
    .where(
      and(
        eq(syndicatePlans.id, planId),
        eq(syndicatePlans.status, 'open'),
        gt(syndicatePlans.deadlineAt, now),
        sql`${syndicatePlans.soldShares} + ${shares} <= ${syndicatePlans.shares}`,
      ),
    )
    .returning({ id: syndicatePlans.id });
  return rows.length > 0;
}

/** Open plans to decide at `now`: full, or at their deadline; oldest deadline first. */
export async function duePlanIds(db: Handle, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: syndicatePlans.id })
    .from(syndicatePlans)
    .where(
      and(
        eq(syndicatePlans.status, 'open'),
        or(lte(syndicatePlans.deadlineAt, now), eq(syndicatePlans.soldShares, syndicatePlans.shares)),
      ),
    )
    .orderBy(syndicatePlans.deadlineAt, syndicatePlans.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function holdersOf(db: Handle, planId: number): Promise<HolderRow[]> {
  return db
    .select()
    .from(syndicateHolders)
    .where(eq(syndicateHolders.planId, planId))
    .orderBy(desc(syndicateHolders.shares), syndicateHolders.joinedAt, syndicateHolders.memberId);
}

/** Holders with their usernames (for masked names on the plan page). */
export async function holdersWithNames(
  db: Handle,
  planId: number,
): Promise<Array<HolderRow & { username: string }>> {
  const rows = rowsOf<{
    member_id: number;
    username: string;
    shares: number;
    amount: string;
    payout: string;
    refunded: number;
    joined_at: string | Date;
  }>(
    await db.execute(sql`
      SELECT h.member_id, m.username, h.shares, h.amount::text, h.payout::text, h.refunded, h.joined_at
      FROM syndicate_holders h JOIN members m ON m.id = h.member_id
      WHERE h.plan_id = ${planId}
      ORDER BY h.shares DESC, h.joined_at, h.member_id`),
  );
  return rows.map((r) => ({
    planId,
    memberId: Number(r.member_id),
    username: r.username,
    shares: Number(r.shares),
    amount: BigInt(r.amount),
    payout: BigInt(r.payout),
    refunded: Number(r.refunded),
    joinedAt: new Date(r.joined_at),
  }));
}

export async function markPlaced(
  tx: Tx,
  id: number,
  order: { orderId: number | null; orderNo: string; maxPrize: bigint },
  now: Date,
): Promise<void> {
  await tx
    .update(syndicatePlans)
    .set({
      status: 'placed',
      orderId: order.orderId,
      orderNo: order.orderNo,
      maxPrize: order.maxPrize,
      guaranteeShares: 0,
      decidedAt: now,
    })
    .where(eq(syndicatePlans.id, id));
}

/** 流产: the plan failed, every holding returned. */
export async function markFailed(
  tx: Tx,
  id: number,
  reason: string,
  operatorId: number | null,
  now: Date,
): Promise<void> {
  await tx
    .update(syndicatePlans)
    .set({ status: 'failed', failReason: reason, failedBy: operatorId, guaranteeShares: 0, decidedAt: now })
    .where(eq(syndicatePlans.id, id));
  await tx.update(syndicateHolders).set({ refunded: 1 }).where(eq(syndicateHolders.planId, id));
}

/** The plans of these orders, held (settlement's transaction). */
export async function lockPlansOfOrders(tx: Tx, orderIds: readonly number[]): Promise<PlanRow[]> {
  if (!orderIds.length) return [];
  return tx
    .select()
    .from(syndicatePlans)
    .where(inArray(syndicatePlans.orderId, [...orderIds]))
    .orderBy(syndicatePlans.id)
    .for('update');
}

/** A plan's result: its status, payout and commission, and each holder's part. */
export async function saveSplit(
  tx: Tx,
  id: number,
  result: { status: 'won' | 'lost' | 'refunded'; payout: bigint; commission: bigint; at: Date },
  parts: ReadonlyMap<number, bigint>,
): Promise<void> {
  await tx
    .update(syndicatePlans)
    .set({
      status: result.status,
      payout: result.payout,
      commission: result.commission,
      settledAt: result.at,
    })
    .where(eq(syndicatePlans.id, id));
  const members = [...parts.keys()];
  await tx.execute(sql`
    UPDATE syndicate_holders h SET payout = v.payout
    FROM unnest(${pgArray(members)}::int[], ${pgArray(members.map((m) => parts.get(m)!))}::bigint[]) AS v(member_id, payout)
    WHERE h.plan_id = ${id} AND h.member_id = v.member_id`);
}

export type PlanSort = 'hot' | 'newest' | 'progress';

/** Open plans (the 合买大厅), or a member's own and held plans of every status. */
export async function listPlans(
  db: Handle,
  filter: { now: Date; sort: PlanSort; memberId?: number | undefined },
  page: { page: number; per_page: number },
): Promise<{ rows: PlanRow[]; total: number }> {
  const mine = filter.memberId;
  const where =
    mine !== undefined
      ? sql`(p.initiator_id = ${mine} OR EXISTS (SELECT 1 FROM syndicate_holders h WHERE h.plan_id = p.id AND h.member_id = ${mine}))`
      : sql`p.status = 'open' AND p.deadline_at > ${filter.now.toISOString()}::timestamptz`;
  const order =
    mine !== undefined || filter.sort === 'newest'
      ? sql`p.id DESC`
      : filter.sort === 'progress'
        ? sql`p.sold_shares::numeric / p.shares DESC, p.id DESC`
        : sql`(SELECT count(*) FROM syndicate_holders h WHERE h.plan_id = p.id) DESC, p.total_amount DESC, p.id DESC`;
  const ids = await db.execute(sql`
    SELECT p.id FROM syndicate_plans p WHERE ${where}
    ORDER BY ${order}
    LIMIT ${page.per_page} OFFSET ${(page.page - 1) * page.per_page}`);
  const [count] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM syndicate_plans p WHERE ${where}`),
  );
  const found = rowsOf<{ id: number }>(ids).map((r) => Number(r.id));
  if (!found.length) return { rows: [], total: count?.n ?? 0 };
  const rows = await db.select().from(syndicatePlans).where(inArray(syndicatePlans.id, found));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { rows: found.map((id) => byId.get(id)!), total: count?.n ?? 0 };
}

/** Per plan: its holders' count, and one member's holding. */
export async function planFigures(
  db: Handle,
  planIds: readonly number[],
  memberId: number,
): Promise<
  Map<number, { participants: number; mine: { shares: number; amount: bigint; payout: bigint } | null }>
> {
  if (!planIds.length) return new Map();
  const rows = rowsOf<{
    id: number;
    participants: number;
    shares: number | null;
    amount: string | null;
    payout: string | null;
  }>(
    await db.execute(sql`
      SELECT p.id,
             (SELECT count(*)::int FROM syndicate_holders h WHERE h.plan_id = p.id) AS participants,
             mine.shares, mine.amount::text AS amount, mine.payout::text AS payout
      FROM syndicate_plans p
      LEFT JOIN syndicate_holders mine ON mine.plan_id = p.id AND mine.member_id = ${memberId}
      WHERE p.id = ANY(${pgArray(planIds)}::int[])`),
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        participants: Number(r.participants),
        mine:
          r.shares === null
            ? null
            : { shares: Number(r.shares), amount: BigInt(r.amount ?? '0'), payout: BigInt(r.payout ?? '0') },
      },
    ]),
  );
}

/** Usernames of members (the initiators on a page). */
export async function usernames(db: Handle, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = rowsOf<{ id: number; username: string }>(
    await db.execute(
      sql`SELECT id, username FROM members WHERE id = ANY(${pgArray([...new Set(ids)])}::int[])`,
    ),
  );
  return new Map(rows.map((r) => [Number(r.id), r.username]));
}

/** An initiator's plans decided since `since` (won or lost), newest first: their 战绩. */
export async function decidedPlans(
  db: Handle,
  initiatorId: number,
  since: Date,
): Promise<
  Array<{ status: PlanStatus; total: bigint; payout: bigint; settledAt: Date | null; participants: number }>
> {
  const rows = rowsOf<{
    status: PlanStatus;
    total: string;
    payout: string;
    settled_at: string | Date | null;
    participants: number;
  }>(
    await db.execute(sql`
      SELECT p.status, p.total_amount::text AS total, p.payout::text AS payout, p.settled_at,
             (SELECT count(*)::int FROM syndicate_holders h WHERE h.plan_id = p.id) AS participants
      FROM syndicate_plans p
      WHERE p.initiator_id = ${initiatorId} AND p.status IN ('won', 'lost')
        AND p.settled_at >= ${since.toISOString()}::timestamptz
      ORDER BY p.settled_at DESC`),
  );
  return rows.map((r) => ({
    status: r.status,
    total: BigInt(r.total),
    payout: BigInt(r.payout),
    settledAt: r.settled_at === null ? null : new Date(r.settled_at),
    participants: Number(r.participants),
  }));
}

// ---- console ----

export interface AdminPlanRow extends PlanRow {
  username: string;
  participants: number;
}

export async function adminPlans(
  db: Handle,
  filter: { username?: string | undefined; status?: PlanStatus | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: AdminPlanRow[]; total: number }> {
  const where = sql.join(
    [
      sql`TRUE`,
      ...(filter.status ? [sql`p.status = ${filter.status}`] : []),
      ...(filter.username ? [sql`m.username = ${filter.username}`] : []),
    ],
    sql` AND `,
  );
  const rows = rowsOf<{ id: number; username: string; participants: number }>(
    await db.execute(sql`
      SELECT p.id, m.username,
             (SELECT count(*)::int FROM syndicate_holders h WHERE h.plan_id = p.id) AS participants
      FROM syndicate_plans p JOIN members m ON m.id = p.initiator_id
      WHERE ${where}
      ORDER BY p.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`),
  );
  const [count] = rowsOf<{ n: number }>(
    await db.execute(sql`
      SELECT count(*)::int AS n FROM syndicate_plans p JOIN members m ON m.id = p.initiator_id WHERE ${where}`),
  );
  const ids = rows.map((r) => Number(r.id));
  const plans = ids.length
    ? await db.select().from(syndicatePlans).where(inArray(syndicatePlans.id, ids))
    : [];
  const byId = new Map(plans.map((p) => [p.id, p]));
  return {
    rows: rows.map((r) => ({
      ...byId.get(Number(r.id))!,
      username: r.username,
      participants: Number(r.participants),
    })),
    total: count?.n ?? 0,
  };
}

/** Commission earned by initiators on plans settled in [from, to): per initiator. */
export async function commissionsBetween(db: Handle, from: Date, to: Date) {
  const rows = rowsOf<{
    member_id: number;
    username: string;
    plans_won: number;
    payout: string;
    commission: string;
  }>(
    await db.execute(sql`
      SELECT p.initiator_id AS member_id, m.username, count(*)::int AS plans_won,
             SUM(p.payout)::text AS payout, SUM(p.commission)::text AS commission
      FROM syndicate_plans p JOIN members m ON m.id = p.initiator_id
      WHERE p.status = 'won' AND p.settled_at >= ${from.toISOString()}::timestamptz
        AND p.settled_at < ${to.toISOString()}::timestamptz
      GROUP BY p.initiator_id, m.username
      ORDER BY SUM(p.commission) DESC, p.initiator_id`),
  );
  return rows.map((r) => ({
    memberId: Number(r.member_id),
    username: r.username,
    plansWon: Number(r.plans_won),
    payout: BigInt(r.payout),
    commission: BigInt(r.commission),
  }));
}

/** The lottery plans of these bets (the lottery's table, read by its SQL name), in id order. */
export async function plansOfLotteryBets(tx: Tx, betIds: readonly number[]): Promise<number[]> {
  if (!betIds.length) return [];
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`
      SELECT DISTINCT syndicate_id AS id FROM lottery_bets
      WHERE id = ANY(${pgArray(betIds)}::int[]) AND syndicate_id IS NOT NULL
      ORDER BY syndicate_id`),
  );
  return rows.map((r) => Number(r.id));
}

/** What a lottery plan's bets came to: still pending, what they paid (a refund: its stake), all refunded. */
export async function lotteryPlanOutcome(
  tx: Tx,
  planId: number,
): Promise<{ pending: number; payout: bigint; allRefunded: boolean }> {
  const [row] = rowsOf<{ pending: number; payout: string; all_refunded: boolean }>(
    await tx.execute(sql`
      SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending,
             COALESCE(SUM(CASE status WHEN 'won' THEN payout WHEN 'refunded' THEN amount ELSE 0 END), 0)::text AS payout,
             bool_and(status = 'refunded') AS all_refunded
      FROM lottery_bets WHERE syndicate_id = ${planId}`),
  );
  return {
    pending: Number(row?.pending ?? 0),
    payout: BigInt(row?.payout ?? '0'),
    allRefunded: row?.all_refunded === true,
  };
}
