import { eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { where, type Paging } from '../../db/filters.ts';
import { rowsOf } from '../../db/rows.ts';
import { sql } from '../../db/sql.ts';
import { feedResultCorrections } from './feed-corrections.table.ts';

export type FeedCorrectionRow = typeof feedResultCorrections.$inferSelect;

/**
 * The feed's matches over and settled in our books since `since` (kick-off) that no operator has
 * voided or resettled (their word is final, and a match is corrected once at most).
 */
export async function settledMatchesOf(db: Db, feed: string, since: Date) {
  const rows = await db.execute(sql`
    SELECT m.id, m.external_id, m.sport, m.result,
      EXISTS (SELECT 1 FROM feed_result_corrections f WHERE f.match_id = m.id AND f.status = 'pending') AS pending
    FROM matches m
    WHERE m.feed = ${feed} AND m.status IN ('finished', 'cancelled') AND m.result IS NOT NULL
      AND m.settled_at IS NOT NULL AND m.kickoff_at > ${since}
      AND NOT EXISTS (SELECT 1 FROM match_corrections c WHERE c.match_id = m.id)`);
  return rowsOf<{
    id: number;
    external_id: string;
    sport: 'football' | 'basketball';
    result: unknown;
    pending: boolean;
  }>(rows);
}

/** Records a difference once per match and feed result; the id when it is new. */
export async function insertFeedCorrection(
  tx: Db | Tx,
  values: typeof feedResultCorrections.$inferInsert,
): Promise<number | null> {
  const rows = await tx
    .insert(feedResultCorrections)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: feedResultCorrections.id });
  return rows[0]?.id ?? null;
}

/**
 * Opens again a row the sync closed (dismissed by no one) when the feed comes back to its result;
 * an operator's dismissal stands. The id when reopened.
 */
export async function reopenClosedBySync(
  tx: Db | Tx,
  matchId: number,
  afterKey: string,
): Promise<number | null> {
  const rows = await tx.execute(sql`
    UPDATE feed_result_corrections SET status = 'pending', decided_at = NULL, reason = NULL
    WHERE match_id = ${matchId} AND after_key = ${afterKey} AND status = 'dismissed' AND decided_by IS NULL
    RETURNING id`);
  const id = rowsOf<{ id: number }>(rows)[0]?.id;
  return id === undefined ? null : Number(id);
}

/**
 * Closes the match's pending rows other than `keepKey` (null: all of them) as dismissed by no
 * one: the feed moved on to another result, or back to ours. Returns the ids closed.
 */
export async function closePendingOf(
  tx: Db | Tx,
  matchId: number,
  keepKey: string | null,
  reason: string,
  now: Date,
): Promise<number[]> {
  const rows = await tx.execute(sql`
    UPDATE feed_result_corrections SET status = 'dismissed', decided_at = ${now}, reason = ${reason}
    WHERE match_id = ${matchId} AND status = 'pending' AND (${keepKey}::text IS NULL OR after_key <> ${keepKey})
    RETURNING id`);
  return rowsOf<{ id: number }>(rows).map((r) => Number(r.id));
}

export async function lockFeedCorrection(tx: Tx, id: number): Promise<FeedCorrectionRow | undefined> {
  const [row] = await tx
    .select()
    .from(feedResultCorrections)
    .where(eq(feedResultCorrections.id, id))
    .for('update');
  return row;
}

export async function findFeedCorrection(db: Db | Tx, id: number): Promise<FeedCorrectionRow | undefined> {
  const [row] = await db.select().from(feedResultCorrections).where(eq(feedResultCorrections.id, id));
  return row;
}

export async function setChangeId(tx: Db | Tx, id: number, changeId: number): Promise<void> {
  await tx.execute(sql`UPDATE feed_result_corrections SET change_id = ${changeId} WHERE id = ${id}`);
}

export async function dismissFeedCorrection(
  tx: Tx,
  id: number,
  operatorId: number,
  reason: string,
  now: Date,
): Promise<void> {
  await tx.execute(sql`
    UPDATE feed_result_corrections
    SET status = 'dismissed', decided_by = ${operatorId}, decided_at = ${now}, reason = ${reason}
    WHERE id = ${id}`);
}

/**
 * An operator voided or resettled the match (alone or approved by a second one): its pending
 * feed results are decided with it — applied when the new result is the feed's, dismissed when
 * the operator chose another.
 */
export async function decidePendingOf(
  tx: Tx,
  matchId: number,
  resultKey: string,
  operatorId: number,
  reason: string,
  now: Date,
): Promise<void> {
  await tx.execute(sql`
    UPDATE feed_result_corrections
    SET status = CASE WHEN after_key = ${resultKey} THEN 'applied' ELSE 'dismissed' END,
      decided_by = ${operatorId}, decided_at = ${now},
      reason = CASE WHEN after_key = ${resultKey} THEN ${reason} ELSE ${`人工更正为其他赛果：${reason}`} END
    WHERE match_id = ${matchId} AND status = 'pending'`);
}

export interface FeedCorrectionListRow {
  id: number;
  match_id: number;
  match_no: string;
  league: string;
  home: string;
  away: string;
  kickoff_at: Date | string;
  sport: 'football' | 'basketball';
  feed: string;
  before: unknown;
  after: unknown;
  status: 'pending' | 'applied' | 'dismissed';
  first_seen_at: Date | string;
  decided_by: string | null;
  decided_at: Date | string | null;
  reason: string | null;
  change_id: number | null;
  orders: string | number;
}

/** The console's page: pending first, then newest first; with the orders on each match. */
export async function pageFeedCorrections(
  db: Db,
  q: Paging & { status?: string | undefined; id?: number | undefined },
) {
  const parts: SQL[] = [];
  if (q.id !== undefined) parts.push(sql`f.id = ${q.id}`);
  if (q.status) parts.push(sql`f.status = ${q.status}`);
  const w = where(parts);
  const [rows, total] = await Promise.all([
    db.execute(sql`
      SELECT f.id, f.match_id, m.match_no, l.short_name AS league, h.name AS home, a.name AS away, m.kickoff_at,
        m.sport, f.feed, f.before, f.after, f.status, f.first_seen_at, o.name AS decided_by, f.decided_at,
        f.reason, f.change_id,
        (SELECT COUNT(DISTINCT g.order_id) FROM order_legs g JOIN orders r ON r.id = g.order_id
          WHERE g.match_id = f.match_id AND r.status NOT IN ('confirming', 'rejected')) AS orders
      FROM feed_result_corrections f
      JOIN matches m ON m.id = f.match_id
      JOIN leagues l ON l.id = m.league_id
      JOIN teams h ON h.id = m.home_team_id
      JOIN teams a ON a.id = m.away_team_id
      LEFT JOIN operators o ON o.id = f.decided_by
      ${w}
      ORDER BY (f.status = 'pending') DESC, f.first_seen_at DESC, f.id DESC
      LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`),
    db.execute(sql`SELECT COUNT(*) AS n FROM feed_result_corrections f ${w}`),
  ]);
  return {
    rows: rowsOf<FeedCorrectionListRow>(rows),
    total: Number(rowsOf<{ n: string }>(total)[0]?.n ?? 0),
  };
}
