import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  lt,
  lte,
  or,
  type SQL,
} from 'drizzle-orm';
import { sql } from '../../db/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isSuspended, suspensionsOf } from './suspensions.repo.ts';
import type { MatchNames } from './sports.mapper.ts';
import type { orderLegs, orders } from './sports.table.ts';
import { leagues, matches, matchMarkets, teams, type MatchStatus } from './sports.table.ts';
import { pgArray, rowsOf } from '../../db/rows.ts';

export type MatchRow = typeof matches.$inferSelect;
/** A market's odds, and whether an operator suspended it (or its whole match). */
export type MarketRow = typeof matchMarkets.$inferSelect & { suspended?: boolean };
export type OrderRow = typeof orders.$inferSelect;
export type LegRow = typeof orderLegs.$inferSelect;
export type NewMatch = typeof matches.$inferInsert;
export type NewLeague = typeof leagues.$inferInsert;
export type NewTeam = typeof teams.$inferInsert;

const home = aliasedTable(teams, 'home');
const away = aliasedTable(teams, 'away');

export interface MatchFilter {
  sport?: 'football' | 'basketball';
  from?: Date;
  to?: Date;
  leagueId?: number;
  statuses?: MatchStatus[];
  ids?: number[];
}

function where(filter: MatchFilter): SQL | undefined {
  return and(
    filter.sport ? eq(matches.sport, filter.sport) : undefined,
    filter.from ? gte(matches.kickoffAt, filter.from) : undefined,
    filter.to ? lt(matches.kickoffAt, filter.to) : undefined,
    filter.leagueId ? eq(matches.leagueId, filter.leagueId) : undefined,
    filter.statuses?.length ? inArray(matches.status, filter.statuses) : undefined,
    filter.ids ? inArray(matches.id, filter.ids.length ? filter.ids : [-1]) : undefined,
  );
}

export interface MatchWithNames {
  match: MatchRow;
  names: MatchNames;
}

export async function findMatches(
  db: Db,
  filter: MatchFilter,
  page: { limit: number; offset: number },
  order: 'asc' | 'desc' = 'asc',
): Promise<{ rows: MatchWithNames[]; total: number }> {
  const condition = where(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        match: matches,
        league: {
          id: leagues.id,
          code: leagues.code,
          name: leagues.name,
          shortName: leagues.shortName,
          color: leagues.color,
        },
        home: { id: home.id, name: home.name },
        away: { id: away.id, name: away.name },
      })
      .from(matches)
      .innerJoin(leagues, eq(leagues.id, matches.leagueId))
      .innerJoin(home, eq(home.id, matches.homeTeamId))
      .innerJoin(away, eq(away.id, matches.awayTeamId))
      .where(condition)
      .orderBy(order === 'asc' ? asc(matches.kickoffAt) : desc(matches.kickoffAt), asc(matches.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(matches).where(condition),
  ]);
  return {
    rows: rows.map((r) => ({ match: r.match, names: { league: r.league, home: r.home, away: r.away } })),
    total: total?.n ?? 0,
  };
}

export async function findMatch(db: Db, id: number): Promise<MatchWithNames | undefined> {
  const { rows } = await findMatches(db, { ids: [id] }, { limit: 1, offset: 0 });
  return rows[0];
}

export async function marketsOf(
  db: Db | Tx,
  matchIds: number[],
  playTypes?: string[],
): Promise<Map<number, MarketRow[]>> {
  const out = new Map<number, MarketRow[]>();
  if (matchIds.length === 0) return out;
  const rows = await db
    .select()
    .from(matchMarkets)
    .where(
      and(
        inArray(matchMarkets.matchId, matchIds),
        playTypes ? inArray(matchMarkets.playType, playTypes) : undefined,
      ),
    );
  const closed = await suspensionsOf(db, matchIds);
  for (const row of rows) {
    let list = out.get(row.matchId);
    if (!list) out.set(row.matchId, (list = []));
    list.push({ ...row, suspended: isSuspended(closed, row.matchId, row.playType) });
  }
  return out;
}

export async function countByStatus(db: Db, filter: MatchFilter): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: matches.status, n: count() })
    .from(matches)
    .where(where(filter))
    .groupBy(matches.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

export async function countByLeague(db: Db, filter: MatchFilter) {
  return db
    .select({ league_id: leagues.id, name: leagues.shortName, count: count() })
    .from(matches)
    .innerJoin(leagues, eq(leagues.id, matches.leagueId))
    .where(where(filter))
    .groupBy(leagues.id, leagues.shortName, leagues.sort)
    .orderBy(asc(leagues.sort));
}

/** Matches per Beijing calendar day. */
export async function countByDay(db: Db, filter: MatchFilter) {
  const day = sql<string>`to_char(${matches.kickoffAt} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')`;
  return db
    .select({ date: day, count: count() })
    .from(matches)
    .where(where(filter))
    .groupBy(day)
    .orderBy(day);
}

export async function listLeagues(db: Db, sport: 'football' | 'basketball', openSince: Date) {
  return db
    .select({
      league: leagues,
      open: sql<number>`count(${matches.id}) FILTER (WHERE ${matches.status} = 'scheduled' AND ${matches.kickoffAt} > ${openSince})`.mapWith(
        Number,
      ),
    })
    .from(leagues)
    .leftJoin(matches, eq(matches.leagueId, leagues.id))
    .where(eq(leagues.sport, sport))
    .groupBy(leagues.id)
    .orderBy(asc(leagues.sort));
}

/** A team's finished matches, newest first. */
export async function recentResults(db: Db, teamId: number, before: Date, limit: number) {
  return db
    .select()
    .from(matches)
    .where(
      and(
        eq(matches.status, 'finished'),
        lt(matches.kickoffAt, before),
        sql`(${matches.homeTeamId} = ${teamId} OR ${matches.awayTeamId} = ${teamId})`,
      ),
    )
    .orderBy(desc(matches.kickoffAt))
    .limit(limit);
}

export async function headToHead(db: Db, a: number, b: number, before: Date, limit: number) {
  return db
    .select({ match: matches, home: { name: home.name }, away: { name: away.name } })
    .from(matches)
    .innerJoin(home, eq(home.id, matches.homeTeamId))
    .innerJoin(away, eq(away.id, matches.awayTeamId))
    .where(
      and(
        eq(matches.status, 'finished'),
        lt(matches.kickoffAt, before),
        sql`((${matches.homeTeamId} = ${a} AND ${matches.awayTeamId} = ${b}) OR (${matches.homeTeamId} = ${b} AND ${matches.awayTeamId} = ${a}))`,
      ),
    )
    .orderBy(desc(matches.kickoffAt))
    .limit(limit);
}

// ---- by id, for bets and settlement -------------------------------------------------------------

export async function matchesByIds(db: Db, ids: number[]): Promise<MatchRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(matches).where(inArray(matches.id, ids));
}

/** The matches of a slip, share-locked until commit so none closes under a bet being placed. */
export async function lockMatchesForShare(tx: Tx, ids: number[]): Promise<MatchRow[]> {
  return tx.select().from(matches).where(inArray(matches.id, ids)).for('share');
}

export async function matchById(db: Db, id: number): Promise<MatchRow | undefined> {
  const [row] = await db.select().from(matches).where(eq(matches.id, id));
  return row;
}

export async function matchResults(db: Db, ids: number[]): Promise<Array<{ id: number; result: unknown }>> {
  if (ids.length === 0) return [];
  return db.select({ id: matches.id, result: matches.result }).from(matches).where(inArray(matches.id, ids));
}

// ---- the feed's copy: leagues, teams, fixtures, live state, markets -------------------------------

export async function insertLeagues(db: Db, rows: NewLeague[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(leagues).values(rows).onConflictDoNothing();
}

/** Inserts teams not known yet, 500 rows per statement. */
export async function insertTeams(db: Db, rows: NewTeam[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insert(teams)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
  }
}

export async function leagueIdsByCode(db: Db): Promise<Map<string, number>> {
  const rows = await db.select({ id: leagues.id, code: leagues.code }).from(leagues);
  return new Map(rows.map((r) => [r.code, r.id]));
}

export async function teamIdsByCode(db: Db): Promise<Map<string, number>> {
  const rows = await db.select({ id: teams.id, code: teams.code }).from(teams);
  return new Map(rows.map((r) => [r.code, r.id]));
}

/** Inserts fixtures not known yet, 200 rows per statement; returns how many were new. */
export async function insertFixtures(db: Db, rows: NewMatch[]): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += 200) {
    const done = await db
      .insert(matches)
      .values(rows.slice(i, i + 200))
      .onConflictDoNothing()
      .returning({ id: matches.id });
    inserted += done.length;
  }
  return inserted;
}

/**
 * The feed's matches a sync pass looks at: live and postponed ones, scheduled ones without odds
 * yet, and the other scheduled ones either all (`preMatch`) or only those kicking off by `soon`.
 */
export async function matchesToSync(
  db: Db,
  feed: string,
  soon: Date,
  preMatch: boolean,
): Promise<MatchRow[]> {
  return db
    .select()
    .from(matches)
    .where(
      and(
        eq(matches.feed, feed),
        or(
          inArray(matches.status, ['live', 'postponed']),
          and(eq(matches.status, 'scheduled'), preMatch ? undefined : lte(matches.kickoffAt, soon)),
          and(eq(matches.status, 'scheduled'), sql`${matches.oddsUpdatedAt} IS NULL`),
        ),
      ),
    );
}

/** A match's live state as the feed gives it: every field, each saved as given. */
export type MatchState = Required<
  Pick<
    NewMatch,
    | 'status'
    | 'bettingOpen'
    | 'period'
    | 'minute'
    | 'clock'
    | 'homeScore'
    | 'awayScore'
    | 'htHome'
    | 'htAway'
    | 'periods'
    | 'events'
    | 'stats'
    | 'result'
    | 'liveOpen'
    | 'liveSuspended'
    | 'liveSuspendReason'
    | 'liveSuspendedAt'
  >
>;

/**
 * Copies the live states of a feed pass in one UPDATE; a match that is over keeps the first time
 * it was seen over. A match already over (finished, or cancelled by the feed or by our 36 h
 * check) is never changed again: it is left out of the ids returned, so a sync pass that read the
 * match before it was voided cannot re-open it or give it a result after its legs were settled
 * void. One statement for the pass: saved one by one, a pass that finished a day of matches spent
 * about 160 ms in round trips.
 */
export async function saveMatchStates(
  db: Db,
  rows: ReadonlyArray<{ id: number; state: MatchState; over: boolean }>,
  now: Date,
): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const values = rows.map(({ id, state, over }) => ({
    id,
    over,
    status: state.status,
    betting_open: state.bettingOpen,
    period: state.period,
    minute: state.minute,
    clock: state.clock,
    home_score: state.homeScore,
    away_score: state.awayScore,
    ht_home: state.htHome,
    ht_away: state.htAway,
    periods: state.periods,
    events: state.events,
    stats: state.stats,
    result: state.result,
    live_open: state.liveOpen,
    live_suspended: state.liveSuspended,
    live_suspend_reason: state.liveSuspendReason,
    live_suspended_at: state.liveSuspendedAt,
  }));
  const saved = rowsOf<{ id: number }>(
    await db.execute(sql`
      UPDATE matches m SET
        status = v.status, betting_open = v.betting_open, period = v.period, minute = v.minute,
        clock = v.clock, home_score = v.home_score, away_score = v.away_score, ht_home = v.ht_home,
        ht_away = v.ht_away, periods = v.periods, events = v.events, stats = v.stats, result = v.result,
        live_open = v.live_open, live_suspended = v.live_suspended,
        live_suspend_reason = v.live_suspend_reason, live_suspended_at = v.live_suspended_at,
        finished_at = CASE WHEN v.over THEN COALESCE(m.finished_at, ${now.toISOString()}::timestamptz) END,
        updated_at = ${now.toISOString()}::timestamptz
      FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS v(
        id int, over boolean, status text, betting_open boolean, period text, minute smallint,
        clock text, home_score smallint, away_score smallint, ht_home smallint, ht_away smallint,
        periods jsonb, events jsonb, stats jsonb, result jsonb, live_open boolean,
        live_suspended boolean, live_suspend_reason text, live_suspended_at timestamptz)
      WHERE m.id = v.id AND m.status NOT IN ('finished', 'cancelled')
      RETURNING m.id`),
  );
  return new Set(saved.map((r) => Number(r.id)));
}

/** Statuses of a match not completed: what the 36 h rule voids once kick-off + 36 h has passed. */
export const MATCH_UNCOMPLETED: MatchStatus[] = ['scheduled', 'live', 'postponed'];

/** Matches not completed that kicked off at or before `kickedOffBy`, oldest first. */
export async function overdueMatchIds(db: Db, kickedOffBy: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: matches.id })
    .from(matches)
    .where(and(inArray(matches.status, MATCH_UNCOMPLETED), lte(matches.kickoffAt, kickedOffBy)))
    .orderBy(asc(matches.kickoffAt), asc(matches.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Calls the match off with `result` (a cancelled result), only while it is still not completed
 * and kicked off at or before `kickedOffBy`: of concurrent callers exactly one flips it.
 */
export async function voidOverdueMatch(
  db: Db,
  id: number,
  kickedOffBy: Date,
  result: Record<string, unknown>,
  now: Date,
): Promise<MatchRow | undefined> {
  const [row] = await db
    .update(matches)
    .set({
      status: 'cancelled',
      bettingOpen: false,
      liveOpen: false,
      liveSuspended: false,
      liveSuspendReason: null,
      period: 'CANCELLED',
      clock: '取消',
      result,
      finishedAt: sql`COALESCE(${matches.finishedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(
      and(
        eq(matches.id, id),
        inArray(matches.status, MATCH_UNCOMPLETED),
        lte(matches.kickoffAt, kickedOffBy),
      ),
    )
    .returning();
  return row;
}

/**
 * Upserts the markets of many matches (a feed pass), raising `version` only where odds or line
 * changed, and stamps `odds_updated_at` on the matches whose prices moved. One upsert for the
 * whole pass, its rows sent as five arrays (one bind value each; building a statement of one
 * parameter per value cost 170 ms of CPU for a day's 770 matches), then one UPDATE of the
 * matches that moved. Returns their ids.
 */
export async function upsertMarketsOf(
  db: Db,
  entries: ReadonlyArray<{
    matchId: number;
    markets: ReadonlyArray<{
      playType: string;
      line: string | null;
      odds: Record<string, string>;
      single: boolean;
    }>;
  }>,
  now: Date,
): Promise<Set<number>> {
  const matchIds: number[] = [];
  const playTypes: string[] = [];
  const lines: Array<string | null> = [];
  const odds: string[] = [];
  const singles: string[] = [];
  for (const { matchId, markets } of entries)
    // One row per market of a match (an upsert may touch a row once).
    for (const m of new Map(markets.map((m) => [m.playType, m])).values()) {
      matchIds.push(matchId);
      playTypes.push(m.playType);
      lines.push(m.line);
      odds.push(JSON.stringify(m.odds));
      singles.push(String(m.single));
    }
  const moved = new Set<number>();
  if (matchIds.length === 0) return moved;
  // A 单关 flip alone is no new price: the row's version and time stay, but the match comes back
  // as changed so the flag is pushed and the public lists rebuilt.
  const changed = rowsOf<{ match_id: number; priced: boolean }>(
    await db.execute(sql`
      INSERT INTO match_markets AS mm (match_id, play_type, line, odds, single, updated_at)
      SELECT v.match_id, v.play_type, v.line, v.odds, v.single, ${now.toISOString()}::timestamptz
      FROM unnest(${pgArray(matchIds)}::int[], ${pgArray(playTypes)}::text[], ${pgArray(lines)}::text[],
                  ${pgArray(odds)}::jsonb[], ${pgArray(singles)}::boolean[])
        AS v(match_id, play_type, line, odds, single)
      ON CONFLICT (match_id, play_type) DO UPDATE
        SET line = excluded.line, odds = excluded.odds, single = excluded.single,
            version = mm.version + CASE WHEN mm.odds IS DISTINCT FROM excluded.odds
                                          OR mm.line IS DISTINCT FROM excluded.line THEN 1 ELSE 0 END,
            updated_at = CASE WHEN mm.odds IS DISTINCT FROM excluded.odds
                                OR mm.line IS DISTINCT FROM excluded.line
                              THEN excluded.updated_at ELSE mm.updated_at END
        WHERE mm.odds IS DISTINCT FROM excluded.odds OR mm.line IS DISTINCT FROM excluded.line
           OR mm.single IS DISTINCT FROM excluded.single
      RETURNING mm.match_id, mm.updated_at = ${now.toISOString()}::timestamptz AS priced`),
  );
  const priced = new Set<number>();
  for (const r of changed) {
    moved.add(Number(r.match_id));
    if (r.priced) priced.add(Number(r.match_id));
  }
  if (priced.size > 0)
    await db
      .update(matches)
      .set({ oddsUpdatedAt: now })
      .where(inArray(matches.id, [...priced]));
  return moved;
}

/** Finished or cancelled matches since `since` still unsettled (a crash's leftovers). */
export async function unsettledOverMatches(db: Db, since: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: matches.id })
    .from(matches)
    .where(
      and(
        inArray(matches.status, ['finished', 'cancelled']),
        sql`${matches.settledAt} IS NULL`,
        gt(matches.kickoffAt, since),
      ),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}
