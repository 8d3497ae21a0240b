import { eq, type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { matches, orderLegs, orders, type OrderStatus } from './sports.table.ts';
import { matchCorrections } from './corrections.table.ts';
import { rowsOf } from '../../db/rows.ts';
import { dayBetween, type Paging } from '../../db/filters.ts';

export interface AdminMatchRow {
  id: number;
  sport: string;
  match_no: string;
  league: string;
  home: string;
  away: string;
  kickoff_at: Date | string;
  status: string;
  clock: string;
  home_score: number;
  away_score: number;
  suspended: string[] | null;
  open_orders: string | number;
  open_stake: string | null;
  corrected: string | null;
  settled_at: Date | string | null;
  result: unknown;
}

const select = sql`
  SELECT m.id, m.sport, m.match_no, l.name AS league, h.name AS home, a.name AS away, m.kickoff_at, m.status, m.clock,
    m.home_score, m.away_score, m.settled_at, m.result,
    (SELECT array_agg(s.play_type) FROM market_suspensions s WHERE s.match_id = m.id) AS suspended,
    (SELECT COUNT(DISTINCT o.id) FROM orders o JOIN order_legs g ON g.order_id = o.id WHERE g.match_id = m.id AND o.status = 'pending') AS open_orders,
    (SELECT SUM(o.total_amount) FROM orders o WHERE o.status = 'pending' AND o.id IN (SELECT order_id FROM order_legs WHERE match_id = m.id)) AS open_stake,
    (SELECT c.kind FROM match_corrections c WHERE c.match_id = m.id) AS corrected
  FROM matches m
  JOIN leagues l ON l.id = m.league_id
  JOIN teams h ON h.id = m.home_team_id
  JOIN teams a ON a.id = m.away_team_id`;

export async function pageMatches(
  db: Db,
  q: Paging & {
    sport?: string | undefined;
    status?: string | undefined;
    keyword?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
) {
  const parts: SQL[] = [];
  if (q.sport) parts.push(sql`m.sport = ${q.sport}`);
  if (q.status) parts.push(sql`m.status = ${q.status}`);
  if (q.keyword) {
    const k = `%${q.keyword.replace(/[%_\\]/g, '')}%`;
    parts.push(sql`(m.match_no ILIKE ${k} OR h.name ILIKE ${k} OR a.name ILIKE ${k} OR l.name ILIKE ${k})`);
  }
  parts.push(...dayBetween(sql`m.kickoff_at`, q.from, q.to));
  const w = parts.length ? sql`WHERE ${sql.join(parts, sql` AND `)}` : sql``;
  const [rows, total] = await Promise.all([
    db.execute(
      sql`${select} ${w} ORDER BY m.kickoff_at DESC, m.id DESC LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`,
    ),
    db.execute(
      sql`SELECT COUNT(*) AS n FROM matches m JOIN leagues l ON l.id = m.league_id JOIN teams h ON h.id = m.home_team_id JOIN teams a ON a.id = m.away_team_id ${w}`,
    ),
  ]);
  return { rows: rowsOf<AdminMatchRow>(rows), total: Number(rowsOf<{ n: string }>(total)[0]?.n ?? 0) };
}

export async function findAdminMatch(db: Db | Tx, id: number): Promise<AdminMatchRow | undefined> {
  return rowsOf<AdminMatchRow>(await db.execute(sql`${select} WHERE m.id = ${id}`))[0];
}

/**
 * Open legs per option of the match: count, stake of their orders, what its singles pay if it
 * wins, and the most its open parlays can then pay (each at its max prize: the worst case, as the
 * other matches of a parlay may all still win).
 */
export async function openLegsByOption(db: Db, matchId: number) {
  const rows = await db.execute(sql`
    SELECT g.play_type, g.option_key, COUNT(*) AS legs, SUM(o.total_amount) AS stake,
      SUM(CASE WHEN o.match_count = 1 THEN LEAST(o.max_prize, o.total_amount * CAST(g.odds AS numeric))::bigint ELSE 0 END) AS payout_if_won,
      COUNT(*) FILTER (WHERE o.match_count > 1) AS parlay_legs,
      COALESCE(SUM(o.max_prize) FILTER (WHERE o.match_count > 1), 0) AS parlay_payout_if_won
    FROM order_legs g JOIN orders o ON o.id = g.order_id
    WHERE g.match_id = ${matchId} AND o.status = 'pending'
    GROUP BY 1, 2`);
  return rowsOf<{
    play_type: string;
    option_key: string;
    legs: string;
    stake: string;
    payout_if_won: string;
    parlay_legs: string;
    parlay_payout_if_won: string;
  }>(rows);
}

export async function pageMatchOrders(db: Db, matchId: number, q: Paging & { status?: string | undefined }) {
  const w = q.status ? sql`AND o.status = ${q.status}` : sql``;
  const [rows, total] = await Promise.all([
    db.execute(sql`
      SELECT o.id, o.order_no, o.member_id, mb.username, o.pass_type, g.play_type, g.option_key, g.odds, g.status AS leg_status,
        o.total_amount, o.max_prize, o.payout, o.status, o.created_at
      FROM order_legs g JOIN orders o ON o.id = g.order_id JOIN members mb ON mb.id = o.member_id
      WHERE g.match_id = ${matchId} ${w}
      ORDER BY o.id DESC LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`),
    db.execute(
      sql`SELECT COUNT(*) AS n FROM order_legs g JOIN orders o ON o.id = g.order_id WHERE g.match_id = ${matchId} ${w}`,
    ),
  ]);
  return {
    rows: rowsOf<Record<string, unknown>>(rows),
    total: Number(rowsOf<{ n: string }>(total)[0]?.n ?? 0),
  };
}

export async function lockMatch(tx: Tx, id: number) {
  const [row] = await tx.select().from(matches).where(eq(matches.id, id)).for('update');
  return row;
}

/**
 * Every order with a leg on the match, with all its legs (the correction recomputes each whole).
 * In-play orders still confirming or refused (rejected, refunded) were never bets on the result.
 */
export async function ordersOnMatch(db: Db | Tx, matchId: number) {
  const orderRows = await db
    .select()
    .from(orders)
    .where(
      sql`${orders.id} IN (SELECT order_id FROM order_legs WHERE match_id = ${matchId}) AND ${orders.status} NOT IN ('confirming', 'rejected')`,
    )
    .orderBy(orders.id);
  const legs = orderRows.length
    ? await db
        .select()
        .from(orderLegs)
        .where(sql`${orderLegs.orderId} IN (SELECT order_id FROM order_legs WHERE match_id = ${matchId})`)
    : [];
  const kept = new Set(orderRows.map((o) => o.id));
  return { orders: orderRows, legs: legs.filter((l) => kept.has(l.orderId)) };
}

export async function resultsOf(db: Db | Tx, matchIds: number[]) {
  if (!matchIds.length) return [];
  return db
    .select({ id: matches.id, result: matches.result })
    .from(matches)
    .where(
      sql`${matches.id} IN (${sql.join(
        matchIds.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
}

export async function setLegStatus(tx: Tx, legIds: number[], status: 'won' | 'lost' | 'void', now: Date) {
  if (!legIds.length) return;
  await tx
    .update(orderLegs)
    .set({ status, settledAt: now })
    .where(
      sql`${orderLegs.id} IN (${sql.join(
        legIds.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
}

export async function setOrderOutcome(tx: Tx, id: number, status: OrderStatus, payout: bigint, now: Date) {
  await tx.update(orders).set({ status, payout, settledAt: now }).where(eq(orders.id, id));
}

export async function setMatchResult(tx: Tx, id: number, result: unknown, cancelled: boolean) {
  await tx
    .update(matches)
    .set({ result, ...(cancelled ? { status: 'cancelled' as const, bettingOpen: false } : {}) })
    .where(eq(matches.id, id));
}

export async function insertCorrection(
  tx: Tx,
  values: typeof matchCorrections.$inferInsert,
): Promise<number | null> {
  const rows = await tx
    .insert(matchCorrections)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: matchCorrections.id });
  return rows[0]?.id ?? null;
}
