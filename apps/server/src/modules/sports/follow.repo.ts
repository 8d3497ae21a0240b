import { desc, eq, gt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { pgArray, rowsOf } from '../../db/rows.ts';
import { sql } from '../../db/sql.ts';
import { followCommissions, followPosts } from './follow.table.ts';

type Handle = Db | Tx;
export type FollowPostRow = typeof followPosts.$inferSelect;

/** Inserts a 晒单; undefined when the order has one already. */
export async function insertPost(
  tx: Tx,
  row: typeof followPosts.$inferInsert,
): Promise<FollowPostRow | undefined> {
  const [inserted] = await tx.insert(followPosts).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function postById(db: Handle, id: number): Promise<FollowPostRow | undefined> {
  const [row] = await db.select().from(followPosts).where(eq(followPosts.id, id));
  return row;
}

/** Open 晒单 (copyable at `now`), newest or most copied first; or one member's, newest first. */
export async function listPosts(
  db: Handle,
  filter: { now: Date; sort: 'newest' | 'hot'; memberId?: number | undefined },
  page: { page: number; per_page: number },
): Promise<{ rows: FollowPostRow[]; total: number }> {
  const where =
    filter.memberId !== undefined
      ? eq(followPosts.memberId, filter.memberId)
      : gt(followPosts.closesAt, filter.now);
  const copies = sql`(SELECT count(*) FROM orders o WHERE o.follow_post_id = ${followPosts.id})`;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(followPosts)
      .where(where)
      .orderBy(
        ...(filter.sort === 'hot' && filter.memberId === undefined ? [desc(copies)] : []),
        desc(followPosts.id),
      )
      .limit(page.per_page)
      .offset((page.page - 1) * page.per_page),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(followPosts)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Per post: its copies, what they staked, and the commission paid to its publisher. */
export async function postFigures(
  db: Handle,
  postIds: readonly number[],
): Promise<Map<number, { copies: number; copied: bigint; commission: bigint }>> {
  if (!postIds.length) return new Map();
  const rows = rowsOf<{ id: number; copies: number; copied: string; commission: string }>(
    await db.execute(sql`
      SELECT p.id,
             (SELECT count(*)::int FROM orders o WHERE o.follow_post_id = p.id) AS copies,
             (SELECT COALESCE(SUM(o.total_amount), 0)::text FROM orders o WHERE o.follow_post_id = p.id) AS copied,
             (SELECT COALESCE(SUM(c.amount), 0)::text FROM follow_commissions c WHERE c.post_id = p.id) AS commission
      FROM follow_posts p WHERE p.id = ANY(${pgArray(postIds)}::int[])`),
  );
  return new Map(
    rows.map((r) => [r.id, { copies: r.copies, copied: BigInt(r.copied), commission: BigInt(r.commission) }]),
  );
}

/**
 * 晒单 published since `since` (of one member, or of everyone) with what their orders became and
 * the copies each drew: the rows the 战绩 is counted from (domain/sports/follow.ts publisherRecord).
 */
export async function publisherPosts(
  db: Handle,
  since: Date,
  memberId?: number,
): Promise<
  Array<{
    memberId: number;
    status: string;
    stake: bigint;
    payout: bigint;
    settledAt: Date | null;
    copies: number;
  }>
> {
  const rows = rowsOf<{
    member_id: number;
    status: string;
    stake: string;
    payout: string;
    settled_at: string | null;
    copies: number;
  }>(
    await db.execute(sql`
      SELECT p.member_id, o.status, o.total_amount::text AS stake, o.payout::text AS payout,
             o.settled_at::text AS settled_at,
             (SELECT count(*)::int FROM orders c WHERE c.follow_post_id = p.id) AS copies
      FROM follow_posts p JOIN orders o ON o.id = p.order_id
      WHERE p.created_at >= ${since.toISOString()}::timestamptz
        AND (${memberId ?? null}::int IS NULL OR p.member_id = ${memberId ?? null}::int)`),
  );
  return rows.map((r) => ({
    memberId: r.member_id,
    status: r.status,
    stake: BigInt(r.stake),
    payout: BigInt(r.payout),
    settledAt: r.settled_at === null ? null : new Date(r.settled_at),
    copies: r.copies,
  }));
}

/** Members' names (the accounts module's table, by its SQL name). */
export async function usernames(db: Handle, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = rowsOf<{ id: number; username: string }>(
    await db.execute(sql`SELECT id, username FROM members WHERE id = ANY(${pgArray(ids)}::int[])`),
  );
  return new Map(rows.map((r) => [r.id, r.username]));
}

/** Of these orders, the copies: their stake, 晒单, publisher, rate and any commission already paid. */
export async function copiesOf(
  tx: Tx,
  orderIds: readonly number[],
): Promise<
  Array<{
    orderId: number;
    stake: bigint;
    postId: number;
    publisherId: number;
    rateBp: number;
    paid: bigint | null;
  }>
> {
  if (!orderIds.length) return [];
  const rows = rowsOf<{
    order_id: number;
    stake: string;
    post_id: number;
    publisher_id: number;
    rate_bp: number;
    paid: string | null;
  }>(
    await tx.execute(sql`
      SELECT o.id AS order_id, o.total_amount::text AS stake, p.id AS post_id, p.member_id AS publisher_id,
             p.commission_bp AS rate_bp, c.amount::text AS paid
      FROM orders o
      JOIN follow_posts p ON p.id = o.follow_post_id
      LEFT JOIN follow_commissions c ON c.order_id = o.id
      WHERE o.id = ANY(${pgArray(orderIds)}::int[]) AND o.follow_post_id IS NOT NULL
      ORDER BY o.id`),
  );
  return rows.map((r) => ({
    orderId: r.order_id,
    stake: BigInt(r.stake),
    postId: r.post_id,
    publisherId: r.publisher_id,
    rateBp: r.rate_bp,
    paid: r.paid === null ? null : BigInt(r.paid),
  }));
}

/** Records (or, on a correction, sets again) the commission of a copied order. */
export async function saveCommission(tx: Tx, row: typeof followCommissions.$inferInsert): Promise<void> {
  await tx
    .insert(followCommissions)
    .values(row)
    .onConflictDoUpdate({ target: followCommissions.orderId, set: { amount: row.amount } });
}

export async function commissionOf(db: Handle, orderId: number) {
  const [row] = await db.select().from(followCommissions).where(eq(followCommissions.orderId, orderId));
  return row;
}

/** The 晒单 of an order, if it has one. */
export async function postIdOfOrder(db: Handle, orderId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: followPosts.id })
    .from(followPosts)
    .where(eq(followPosts.orderId, orderId));
  return row?.id ?? null;
}

/** The console's list: every 晒单, newest first, with its publisher, order and figures. */
export async function adminPosts(
  db: Handle,
  filter: { username?: string | undefined; state?: 'open' | 'closed' | undefined; now: Date },
  page: { page: number; per_page: number },
) {
  const where = sql`WHERE (${filter.username ?? null}::text IS NULL OR m.username = ${filter.username ?? null})
      AND (${filter.state ?? null}::text IS NULL
           OR (${filter.state ?? null} = 'open') = (p.closes_at > ${filter.now.toISOString()}::timestamptz AND o.status = 'pending'))`;
  const from = sql`FROM follow_posts p JOIN orders o ON o.id = p.order_id JOIN members m ON m.id = p.member_id`;
  const [rows, [count]] = await Promise.all([
    db.execute(sql`
      SELECT p.id, m.username, p.member_id, o.order_no, o.pass_type, o.total_amount::text AS total_amount,
             o.status AS order_status, p.comment, p.commission_bp, p.closes_at::text AS closes_at,
             p.created_at::text AS created_at,
             (p.closes_at > ${filter.now.toISOString()}::timestamptz AND o.status = 'pending') AS open
      ${from} ${where}
      ORDER BY p.id DESC LIMIT ${page.per_page}::int OFFSET ${(page.page - 1) * page.per_page}::int`),
    db.execute(sql`SELECT count(*)::int AS n ${from} ${where}`),
  ]).then(
    ([a, b]) =>
      [
        rowsOf<{
          id: number;
          username: string;
          member_id: number;
          order_no: string;
          pass_type: string;
          total_amount: string;
          order_status: string;
          comment: string;
          commission_bp: number;
          closes_at: string;
          created_at: string;
          open: boolean;
        }>(a),
        rowsOf<{ n: number }>(b),
      ] as const,
  );
  return { rows, total: count?.n ?? 0 };
}

/**
 * The member account an enabled expert bets with (content's `experts.member_id`, read by its SQL
 * name): null when none is linked, undefined when there is no such expert.
 */
export async function expertMemberId(db: Handle, expertId: number): Promise<number | null | undefined> {
  const [row] = rowsOf<{ member_id: number | null }>(
    await db.execute(sql`SELECT member_id FROM experts WHERE id = ${expertId} AND enabled`),
  );
  return row === undefined ? undefined : row.member_id === null ? null : Number(row.member_id);
}
