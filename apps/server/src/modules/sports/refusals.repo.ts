import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { dayBetween, where, type Paging } from '../../db/filters.ts';
import { rowsOf } from '../../db/rows.ts';
import { sql } from '../../db/sql.ts';
import { betRefusals } from './refusals.table.ts';

export type BetRefusalInsert = typeof betRefusals.$inferInsert;

/** Records refused bets: one insert, in the caller's transaction or on its own (nothing moved). */
export async function recordRefusals(db: Db | Tx, rows: readonly BetRefusalInsert[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(betRefusals).values([...rows]);
}

export interface RefusalFilter extends Paging {
  match_id?: number | undefined;
  reason?: string | undefined;
  stage?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface RefusalListRow {
  id: number;
  member_id: number;
  username: string | null;
  order_no: string | null;
  match_id: number;
  match_no: string;
  home: string;
  away: string;
  kickoff_at: Date | string;
  play_type: string;
  option_key: string;
  stage: 'submit' | 'decision';
  reason: string;
  message: string;
  feed_event_at: Date | string | null;
  requested_at: Date | string;
  decided_at: Date | string;
}

/** The console's page of refusals, newest request first. */
export async function pageRefusals(db: Db, q: RefusalFilter) {
  const parts: SQL[] = [];
  if (q.match_id !== undefined) parts.push(sql`r.match_id = ${q.match_id}`);
  if (q.reason) parts.push(sql`r.reason = ${q.reason}`);
  if (q.stage) parts.push(sql`r.stage = ${q.stage}`);
  parts.push(...dayBetween(sql`r.requested_at`, q.from, q.to));
  const w = where(parts);
  const [rows, total] = await Promise.all([
    db.execute(sql`
      SELECT r.id, r.member_id, mb.username, r.order_no, r.match_id, m.match_no, h.name AS home, a.name AS away,
        m.kickoff_at, r.play_type, r.option_key, r.stage, r.reason, r.message, r.feed_event_at, r.requested_at,
        r.decided_at
      FROM bet_refusals r
      JOIN matches m ON m.id = r.match_id
      JOIN teams h ON h.id = m.home_team_id
      JOIN teams a ON a.id = m.away_team_id
      LEFT JOIN members mb ON mb.id = r.member_id
      ${w}
      ORDER BY r.requested_at DESC, r.id DESC LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`),
    db.execute(sql`SELECT COUNT(*) AS n FROM bet_refusals r ${w}`),
  ]);
  return {
    rows: rowsOf<RefusalListRow>(rows),
    total: Number(rowsOf<{ n: string }>(total)[0]?.n ?? 0),
  };
}
