import { aliasedTable, and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { MatchNames } from './sports.mapper.ts';
import type { orderLegs, orders } from './sports.table.ts';
import { leagues, matches, matchMarkets, teams, type MatchStatus } from './sports.table.ts';

export type MatchRow = typeof matches.$inferSelect;
export type MarketRow = typeof matchMarkets.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type LegRow = typeof orderLegs.$inferSelect;

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
  db: Db,
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
  for (const row of rows) {
    let list = out.get(row.matchId);
    if (!list) out.set(row.matchId, (list = []));
    list.push(row);
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
