import { sql } from '../../db/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { LegRow } from './sports.repo.ts';
import { pgArray, rowsOf } from '../../db/rows.ts';

/** How one (play type, line, option) of a finished match settles. */
export interface LegDecision {
  matchId: number;
  playType: string;
  line: string | null;
  optionKey: string;
  status: string;
}

/*
 * Batch-sized lists are passed as `(SELECT $1::int[])`: the planner cannot count a sub-select's
 * array, takes it for a few rows and reaches the tables by index, one lookup per row. Given the
 * array itself it counts 10,000 ids and may pick a hash join over a scan of the whole table,
 * whose cost grows with the table, not with the batch.
 */

/**
 * Decides the pending legs held by these orders of the matches the decisions name, in one
 * UPDATE … FROM unnest(…); returns how many. Driven by the order ids, so a batch costs its own
 * rows whatever the size of the matches.
 */
export async function decideLegsOfOrders(
  db: Db,
  decisions: readonly LegDecision[],
  orderIds: readonly number[],
  now: Date,
): Promise<number> {
  if (decisions.length === 0 || orderIds.length === 0) return 0;
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      WITH decided AS (
        UPDATE order_legs l SET status = v.status, settled_at = ${now.toISOString()}::timestamptz
        FROM unnest(
          ${pgArray(decisions.map((d) => d.matchId))}::int[],
          ${pgArray(decisions.map((d) => d.playType))}::text[],
          ${pgArray(decisions.map((d) => d.line))}::text[],
          ${pgArray(decisions.map((d) => d.optionKey))}::text[],
          ${pgArray(decisions.map((d) => d.status))}::text[]
        ) AS v(match_id, play_type, line, option_key, status)
        WHERE l.order_id = ANY((SELECT ${pgArray(orderIds)}::int[])::int[]) AND l.match_id = v.match_id
          AND l.status = 'pending' AND l.play_type = v.play_type
          AND l.line IS NOT DISTINCT FROM v.line AND l.option_key = v.option_key
        RETURNING 1
      )
      SELECT count(*)::int AS n FROM decided`),
  );
  return Number(row?.n ?? 0);
}

/** A pending order as settlement reads it: enough to pay and tell the member. */
export interface SettlingOrder {
  id: number;
  memberId: number;
  orderNo: string;
  totalAmount: bigint;
}

/**
 * Pending orders with the same picks: same pass type, multiple (or 奖金优化 plan) and legs (the
 * engine decides them alike, so it runs once per group). A popular single is thousands of orders
 * in one group.
 */
export interface SettlingGroup {
  passType: string;
  multiple: number;
  multiples: number[] | null;
  /**
   * The legs in position order, as the JSON text of `[match_id, play_type, option_key, odds, line,
   * status]` arrays (the group's key; parsed with `parseLegs`).
   */
  legs: string;
  /** By ascending id. */
  orders: SettlingOrder[];
}

export type SettlingLeg = Pick<LegRow, 'matchId' | 'playType' | 'optionKey' | 'odds' | 'line' | 'status'>;

/** The legs of `SettlingGroup.legs`. */
export function parseLegs(legs: string): SettlingLeg[] {
  return (JSON.parse(legs) as Array<[number, string, string, string, string | null, LegRow['status']]>).map(
    ([matchId, playType, optionKey, odds, line, status]) => ({
      matchId,
      playType,
      optionKey,
      odds,
      line,
      status,
    }),
  );
}

/**
 * The orders among `ids` that are still pending, grouped by their picks, in one read. Both sides
 * are fetched by the id list (one index scan each, in id order); a group's orders come as one JSON
 * text, so a batch of 10,000 singles on one match is three rows to parse, not 10,000.
 */
export async function pendingOrderGroups(db: Db, ids: readonly number[]): Promise<SettlingGroup[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf<{
    pass_type: string;
    multiple: number;
    multiples: number[] | null;
    legs: string;
    orders: string;
  }>(
    await db.execute(sql`
      WITH b AS (SELECT ${pgArray(ids)}::int[] AS ids),
      pending AS (
        SELECT o.id, o.member_id, o.order_no, o.total_amount, o.pass_type, o.multiple,
               o.multiples, json_agg(json_build_array(l.match_id, l.play_type, l.option_key, l.odds, l.line, l.status)
                        ORDER BY l.position)::text AS legs
        FROM orders o JOIN order_legs l ON l.order_id = o.id AND l.created_at = o.created_at
        WHERE o.id = ANY((SELECT ids FROM b)::int[]) AND l.order_id = ANY((SELECT ids FROM b)::int[])
          AND o.status = 'pending'
        -- An order is (id, created_at) since orders are partitioned by month (decision 042).
        GROUP BY o.id, o.created_at
      )
      SELECT pass_type, multiple, multiples, legs,
             json_agg(json_build_array(id, member_id, order_no, total_amount::text) ORDER BY id)::text AS orders
      FROM pending
      GROUP BY pass_type, multiple, multiples, legs`),
  );
  return rows.map((r) => ({
    passType: r.pass_type,
    multiple: Number(r.multiple),
    multiples: r.multiples,
    legs: r.legs,
    orders: (JSON.parse(r.orders) as Array<[number, number, string, string]>).map(
      ([id, memberId, orderNo, total]) => ({ id, memberId, orderNo, totalAmount: BigInt(total) }),
    ),
  }));
}

/**
 * Flips decided orders in one UPDATE … FROM unnest(…), each with its status and payout, only
 * those still pending (the exactly-once guard); returns the ids it flipped (answered as one text,
 * not a row per order). The caller releases their book liability (book.repo releaseOrders) in the
 * same transaction.
 */
export async function flipOrders(
  tx: Tx,
  decided: ReadonlyArray<{ id: number; status: 'won' | 'lost' | 'refunded'; payout: bigint }>,
  now: Date,
): Promise<number[]> {
  if (decided.length === 0) return [];
  const ids = pgArray(decided.map((d) => d.id));
  const [row] = rowsOf<{ ids: string | null }>(
    await tx.execute(sql`
      WITH flipped AS (
        UPDATE orders SET status = v.status, payout = v.payout, settled_at = ${now.toISOString()}::timestamptz
        FROM unnest(
          (SELECT ${ids}::int[]),
          (SELECT ${pgArray(decided.map((d) => d.status))}::text[]),
          (SELECT ${pgArray(decided.map((d) => d.payout))}::bigint[])
        ) AS v(id, status, payout)
        WHERE orders.id = v.id AND orders.status = 'pending'
        RETURNING orders.id
      )
      SELECT string_agg(id::text, ',') AS ids FROM flipped`),
  );
  return row?.ids ? row.ids.split(',').map(Number) : [];
}

/**
 * Which of these matches any order holds a leg of: one probe of order_legs_match_idx per match,
 * never a scan of every leg, so a feed pass costs its matches, not the book. The statistics of a
 * book where most legs are on one match say any match has thousands of legs; given `match_id =`
 * and a bare `LIMIT 1` (or an order by order_id, which order_legs_order_idx gives too) the planner
 * then walks the whole table for each match that has none (seconds with 100,000 legs). A range
 * on match_id ordered by (match_id, order_id) is what only order_legs_match_idx gives without a
 * sort (an equality would let the planner drop match_id from the order).
 */
export async function matchesWithLegs(db: Db, matchIds: readonly number[]): Promise<Set<number>> {
  if (!matchIds.length) return new Set();
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      SELECT c.id FROM unnest(${pgArray(matchIds)}::int[]) AS c(id)
      CROSS JOIN LATERAL (SELECT 1 FROM order_legs l WHERE l.match_id >= c.id AND l.match_id <= c.id ORDER BY l.match_id, l.order_id LIMIT 1) AS bet`),
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * Marks over matches nobody bet on as settled, in one statement (a feed pass finishes hundreds).
 * Only those with a result and still without a leg: anything else goes through settleMatch. The
 * leg check is one index probe per match, as in matchesWithLegs (a `NOT EXISTS` anti-join, with
 * the matches not yet analysed, scanned every leg once per match: 1.8 s with 100,000 legs).
 */
export async function markUnbetMatchesSettled(db: Db, matchIds: readonly number[], now: Date): Promise<void> {
  if (!matchIds.length) return;
  await db.execute(sql`
    UPDATE matches SET settled_at = ${now.toISOString()}::timestamptz
    FROM (
      SELECT c.id FROM unnest(${pgArray(matchIds)}::int[]) AS c(id)
      LEFT JOIN LATERAL (SELECT 1 AS bet FROM order_legs l WHERE l.match_id >= c.id AND l.match_id <= c.id ORDER BY l.match_id, l.order_id LIMIT 1) AS b ON true
      WHERE b.bet IS NULL
    ) AS unbet
    WHERE matches.id = unbet.id AND matches.settled_at IS NULL AND matches.result IS NOT NULL`);
}
