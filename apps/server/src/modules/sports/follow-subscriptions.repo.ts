import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { sql } from '../../db/sql.ts';
import { followAutoCopies, followSubscriptions } from './follow.table.ts';

type Handle = Db | Tx;
export type SubscriptionRow = typeof followSubscriptions.$inferSelect;
export type AutoCopyRow = typeof followAutoCopies.$inferSelect;

/** A new subscription; undefined when the member already follows that publisher. */
export async function insertSubscription(
  tx: Tx,
  row: typeof followSubscriptions.$inferInsert,
): Promise<SubscriptionRow | undefined> {
  const [inserted] = await tx.insert(followSubscriptions).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function lockSubscription(tx: Tx, id: number): Promise<SubscriptionRow | undefined> {
  const [row] = await tx
    .select()
    .from(followSubscriptions)
    .where(eq(followSubscriptions.id, id))
    .for('update');
  return row;
}

export async function endSubscription(
  tx: Tx,
  id: number,
  status: 'stopped' | 'cancelled',
  reason: string,
  now: Date,
): Promise<void> {
  await tx
    .update(followSubscriptions)
    .set({ status, endReason: reason, endedAt: now })
    .where(and(eq(followSubscriptions.id, id), eq(followSubscriptions.status, 'active')));
}

/** One waiting copy per active subscription of the publisher, for a new 晒单 (in its transaction). */
export async function enqueueCopies(tx: Tx, publisherId: number, postId: number, now: Date): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`
      INSERT INTO follow_auto_copies (subscription_id, post_id, member_id, created_at)
      SELECT s.id, ${postId}, s.member_id, ${now.toISOString()}::timestamptz
      FROM follow_subscriptions s
      WHERE s.publisher_id = ${publisherId} AND s.status = 'active'
      ON CONFLICT DO NOTHING
      RETURNING id`),
  );
  return rows.length;
}

export async function pendingCopies(db: Handle, limit: number): Promise<AutoCopyRow[]> {
  return db
    .select()
    .from(followAutoCopies)
    .where(eq(followAutoCopies.status, 'pending'))
    .orderBy(asc(followAutoCopies.id))
    .limit(limit);
}

export async function lockCopy(tx: Tx, id: number): Promise<AutoCopyRow | undefined> {
  const [row] = await tx.select().from(followAutoCopies).where(eq(followAutoCopies.id, id)).for('update');
  return row;
}

export async function decideCopy(
  tx: Tx,
  id: number,
  d: { status: 'placed' | 'refused'; orderId?: number; stake?: bigint; reason?: string; at: Date },
): Promise<void> {
  await tx
    .update(followAutoCopies)
    .set({
      status: d.status,
      orderId: d.orderId ?? null,
      stake: d.stake ?? null,
      reason: d.reason ?? null,
      decidedAt: d.at,
    })
    .where(and(eq(followAutoCopies.id, id), eq(followAutoCopies.status, 'pending')));
}

/**
 * A subscription's figures: what its copies staked since `dayStart`, and their net (payouts less
 * stakes of the decided ones), from the copies' orders.
 */
export async function subscriptionFigures(
  db: Handle,
  ids: readonly number[],
  dayStart: Date,
): Promise<Map<number, { copies: number; staked: bigint; stakedToday: bigint; net: bigint }>> {
  if (!ids.length) return new Map();
  const rows = rowsOf<{ id: number; copies: number; staked: string; today: string; net: string }>(
    await db.execute(sql`
      SELECT c.subscription_id AS id, count(*)::int AS copies,
             COALESCE(SUM(o.total_amount), 0)::text AS staked,
             COALESCE(SUM(o.total_amount) FILTER (WHERE c.decided_at >= ${dayStart.toISOString()}::timestamptz), 0)::text AS today,
             COALESCE(SUM(o.payout - o.total_amount) FILTER (WHERE o.status NOT IN ('pending', 'confirming')), 0)::text AS net
      FROM follow_auto_copies c JOIN orders o ON o.id = c.order_id
      WHERE c.subscription_id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) AND c.status = 'placed'
      GROUP BY c.subscription_id`),
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        copies: Number(r.copies),
        staked: BigInt(r.staked),
        stakedToday: BigInt(r.today),
        net: BigInt(r.net),
      },
    ]),
  );
}

export async function memberSubscriptions(db: Handle, memberId: number) {
  const rows = await db
    .select()
    .from(followSubscriptions)
    .where(eq(followSubscriptions.memberId, memberId))
    .orderBy(desc(followSubscriptions.id))
    .limit(100);
  return rows;
}

/** The latest automatic copies of these subscriptions (placed or refused), newest first. */
export async function recentCopies(
  db: Handle,
  ids: readonly number[],
  limit: number,
): Promise<AutoCopyRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(followAutoCopies)
    .where(
      sql`${followAutoCopies.subscriptionId} IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )
    .orderBy(desc(followAutoCopies.id))
    .limit(limit);
}

/** Every subscription (the console), with both members' usernames. */
export async function adminSubscriptions(db: Handle, page: { limit: number; offset: number }) {
  const rows = rowsOf<{
    id: number;
    member: string;
    member_id: number;
    publisher: string;
    publisher_id: number;
    mode: 'multiple' | 'percent';
    value: number;
    daily_cap: string;
    stop_loss: string | null;
    status: 'active' | 'stopped' | 'cancelled';
    end_reason: string | null;
    created_at: string | Date;
  }>(
    await db.execute(sql`
      SELECT s.id, m.username AS member, s.member_id, p.username AS publisher, s.publisher_id, s.mode, s.value,
             s.daily_cap::text, s.stop_loss::text, s.status, s.end_reason, s.created_at
      FROM follow_subscriptions s JOIN members m ON m.id = s.member_id JOIN members p ON p.id = s.publisher_id
      ORDER BY s.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`),
  );
  const [count] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM follow_subscriptions`),
  );
  return { rows, total: count?.n ?? 0 };
}
