/**
 * The database reads of the past-posting proof (src/proofs/past-posting.proof.ts): the matches a
 * member can bet on now, an order's status, and the verdict counts on voids and refusals. Kept
 * with the test helpers, because repositories hold only what the product itself runs.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { betRefusals } from '../modules/sports/refusals.table.ts';
import { matches, matchMarkets, orders } from '../modules/sports/sports.table.ts';

/** The feed's matches live, or scheduled to kick off within `ahead` ms of `now`, with their markets. */
export async function bettableMatches(db: Db, feed: string, now: Date, ahead: number) {
  const rows = await db
    .select()
    .from(matches)
    .where(
      and(
        eq(matches.feed, feed),
        sql`(${matches.status} = 'live' OR (${matches.status} = 'scheduled' AND ${matches.kickoffAt} < ${new Date(now.getTime() + ahead)}))`,
      ),
    );
  const markets =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(matchMarkets)
          .where(
            inArray(
              matchMarkets.matchId,
              rows.map((m) => m.id),
            ),
          );
  return { rows, markets };
}

export async function orderStatus(db: Db, id: number): Promise<string | undefined> {
  const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
  return row?.status;
}

export async function feedMatches(db: Db, feed: string) {
  return db.select().from(matches).where(eq(matches.feed, feed));
}

async function count(db: Db, query: SQL): Promise<number> {
  return Number(rowsOf<{ n: string }>(await db.execute(query))[0]?.n ?? 0);
}

/**
 * Voids, cancellations and resettlements without an operator (or a named process) and a reason,
 * and in-play refusals without their reason or their record: each count should be 0.
 */
export async function unexplainedVoids(db: Db) {
  return {
    corrections: await count(
      db,
      sql`SELECT COUNT(*) AS n FROM match_corrections WHERE operator_id IS NULL OR btrim(reason) = ''`,
    ),
    /** Cancelled or voided matches named by neither their result (`by`, `reason`) nor an operator's correction. */
    cancelledMatches: await count(
      db,
      sql`SELECT COUNT(*) AS n FROM matches WHERE status = 'cancelled' AND settled_at IS NOT NULL
        AND (coalesce(result->>'by', '') = '' OR coalesce(result->>'reason', '') = '')
        AND NOT EXISTS (SELECT 1 FROM match_corrections c WHERE c.match_id = matches.id
          AND c.operator_id IS NOT NULL AND btrim(c.reason) <> '')`,
    ),
    voidLegs: await count(
      db,
      sql`SELECT COUNT(*) AS n FROM order_legs g JOIN orders o ON o.id = g.order_id
        JOIN matches m ON m.id = g.match_id
        WHERE g.status = 'void' AND o.status <> 'rejected'
          AND NOT (m.status = 'cancelled' AND coalesce(m.result->>'by', '') <> '' AND coalesce(m.result->>'reason', '') <> '')
          AND NOT EXISTS (SELECT 1 FROM match_corrections c WHERE c.match_id = m.id AND c.operator_id IS NOT NULL AND btrim(c.reason) <> '')`,
    ),
    rejectedOrders: await count(
      db,
      sql`SELECT COUNT(*) AS n FROM orders o
        WHERE o.status = 'rejected' AND (coalesce(o.reject_reason, '') = ''
          OR NOT EXISTS (SELECT 1 FROM bet_refusals r WHERE r.order_no = o.order_no AND r.stage = 'decision'))`,
    ),
    lotteryCancels: await count(
      db,
      sql`SELECT COUNT(*) AS n FROM lottery_bets WHERE status IN ('cancelled', 'refunded') AND coalesce(cancelled_by, '') = ''`,
    ),
  };
}

/** The members' orders by status, the void legs, the in-play legs and the refusal records. */
export async function dayFigures(db: Db, memberIds: number[]) {
  const byStatus = await db
    .select({ status: orders.status, n: sql<string>`COUNT(*)` })
    .from(orders)
    .where(inArray(orders.memberId, memberIds))
    .groupBy(orders.status);
  const records = await db
    .select({ stage: betRefusals.stage, reason: betRefusals.reason, n: sql<string>`COUNT(*)` })
    .from(betRefusals)
    .groupBy(betRefusals.stage, betRefusals.reason);
  return {
    byStatus,
    records,
    voidLegs: await count(db, sql`SELECT COUNT(*) AS n FROM order_legs WHERE status = 'void'`),
    inPlayLegs: await count(db, sql`SELECT COUNT(*) AS n FROM order_legs WHERE in_play`),
    corrections: await count(
      db,
      sql`SELECT COUNT(*) AS n FROM match_corrections WHERE operator_id IS NOT NULL AND btrim(reason) <> ''`,
    ),
  };
}
