import {
  PLAY_TYPE_IDS,
  PLAY_TYPES,
  playTypeOf,
  sportFromTypeId,
  SPORT_TYPE_IDS,
  type BetType,
  type Sport,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import { refuse } from '../../lib/errors.ts';
import { marketsShown, toMatchSummary } from './sports.mapper.ts';
import * as repo from './sports.repo.ts';
import type { MatchStatus } from './sports.table.ts';
import { pageOf, slicePage } from '../../lib/paging.ts';
import type { Clock } from '../../lib/clock.ts';

const DAY_MS = 86_400_000;
const BEIJING_MS = 8 * 3_600_000;

/** The Beijing calendar day of `date` as [start, end). */
export function beijingDay(date: string): { from: Date; to: Date } {
  const from = new Date(`${date}T00:00:00+08:00`);
  return { from, to: new Date(from.getTime() + DAY_MS) };
}

export function beijingDate(at: Date): string {
  return new Date(at.getTime() + BEIJING_MS).toISOString().slice(0, 10);
}

export interface ListQuery {
  sport_type: number;
  date?: string | undefined;
  league_id?: number | undefined;
  status?: MatchStatus | undefined;
  page: number;
  per_page: number;
}

/** SPEC.md §3: unknown sport types count as football; tennis and volleyball have no matches here. */
export function sportOf(sportType: number): Sport | null {
  if (sportType === 3 || sportType === 4) return null;
  return sportFromTypeId(sportType) ?? 'football';
}

export class MatchesService {
  constructor(
    private readonly db: Db,
    /**
     * Lists, counts, leagues and the form guide (Core.reads); one match's detail and plays, which
     * a bet slip takes its odds from, read the primary.
     */
    private readonly reads: Db,
    private readonly clock: Clock,
  ) {}

  async list(
    query: ListQuery,
    scope: { statuses?: MatchStatus[]; order?: 'asc' | 'desc'; betType?: BetType | undefined; from?: Date },
  ) {
    const sport = sportOf(query.sport_type);
    // One instant for the whole answer: `betting_open` and `server_time` agree.
    const now = this.clock.now();
    if (!sport) return { ...pageOf([], 0, query), server_time: now.getTime() };
    const day = query.date ? beijingDay(query.date) : undefined;
    const statuses = query.status ? [query.status] : scope.statuses;
    const { rows, total } = await repo.findMatches(
      this.reads,
      {
        sport,
        ...(day ? { from: day.from, to: day.to } : scope.from ? { from: scope.from } : {}),
        ...(query.league_id ? { leagueId: query.league_id } : {}),
        ...(statuses ? { statuses } : {}),
      },
      { limit: query.per_page, offset: (query.page - 1) * query.per_page },
      scope.order,
    );
    const playTypes = scope.betType ? [playTypeOf(sport, scope.betType)?.id ?? 'none'] : undefined;
    const markets = await repo.marketsOf(
      this.reads,
      rows.map((r) => r.match.id),
      playTypes,
    );
    return {
      ...pageOf(
        rows.map((r) => toMatchSummary(r.match, r.names, markets.get(r.match.id) ?? [], now)),
        total,
        query,
      ),
      server_time: now.getTime(),
    };
  }

  async detail(id: number, betType?: BetType) {
    const found = await repo.findMatch(this.db, id);
    if (!found) throw refuse('sports.match_not_found');
    const playTypes = betType ? [playTypeOf(found.match.sport, betType)?.id ?? 'none'] : undefined;
    const markets = (await repo.marketsOf(this.db, [id], playTypes)).get(id) ?? [];
    const { match } = found;
    return {
      ...toMatchSummary(match, found.names, sortMarkets(markets), this.clock.now()),
      periods: match.periods as Array<{ home: number; away: number }>,
      events: match.events as Array<{
        minute: number;
        type: string;
        side: 'home' | 'away' | null;
        text: string;
      }>,
      stats: match.stats as Record<string, [number, number]>,
      settled: match.settledAt !== null,
    };
  }

  async plays(id: number) {
    const found = await repo.findMatch(this.db, id);
    if (!found) throw refuse('sports.match_not_found');
    const markets = (await repo.marketsOf(this.db, [id])).get(id) ?? [];
    return marketsShown(found.match, sortMarkets(markets));
  }

  async statistics(sportType: number, date: string | undefined, scope: { statuses?: MatchStatus[] } = {}) {
    const sport = sportOf(sportType);
    const day = date ? beijingDay(date) : undefined;
    const filter = {
      ...(sport ? { sport } : { ids: [] }),
      ...(day ? { from: day.from, to: day.to } : {}),
      ...(scope.statuses ? { statuses: scope.statuses } : {}),
    };
    const [byStatus, byLeague, dates] = await Promise.all([
      repo.countByStatus(this.reads, filter),
      repo.countByLeague(this.reads, filter),
      repo.countByDay(this.reads, filter),
    ]);
    return {
      sport_type: sportType,
      date: date ?? null,
      total: Object.values(byStatus).reduce((a, b) => a + b, 0),
      by_status: byStatus,
      by_league: byLeague,
      dates,
    };
  }

  async leagues(sportType: number) {
    const sport = sportOf(sportType);
    if (!sport) return [];
    const rows = await repo.listLeagues(this.reads, sport, this.clock.now());
    return rows.map(({ league, open }) => ({
      id: league.id,
      code: league.code,
      name: league.name,
      short_name: league.shortName,
      color: league.color,
      sport_type: SPORT_TYPE_IDS[league.sport],
      country: league.country,
      open_matches: open,
    }));
  }

  plays_catalog(sportType: number, page: number, perPage: number) {
    const sport = sportOf(sportType);
    const all = PLAY_TYPE_IDS.filter((id) => PLAY_TYPES[id].sport === sport).map((id) => {
      const def = PLAY_TYPES[id];
      return {
        play_type: def.id,
        bet_type: def.betType,
        sport_type: SPORT_TYPE_IDS[def.sport],
        name: def.name,
        max_passes: def.maxPasses,
        has_line: def.line !== 'none',
        options: def.options.map((o) => ({ key: o.key, name: o.name })),
      };
    });
    return slicePage(all, { page, per_page: perPage });
  }

  /** Form, head-to-head and scoring averages from the finished matches we hold. */
  async intelligence(id: number) {
    const found = await repo.findMatch(this.reads, id);
    if (!found) throw refuse('sports.match_not_found');
    const { match, names } = found;
    const form = async (teamId: number) => {
      const rows = await repo.recentResults(this.reads, teamId, match.kickoffAt, 5);
      let scored = 0;
      const letters = rows.map((r) => {
        const own = r.homeTeamId === teamId ? r.homeScore : r.awayScore;
        const other = r.homeTeamId === teamId ? r.awayScore : r.homeScore;
        scored += own;
        return own > other ? ('W' as const) : own === other ? ('D' as const) : ('L' as const);
      });
      // Goals per match with one decimal, rounded half up, in integer tenths.
      const tenths = rows.length ? Math.round((scored * 10) / rows.length) : 0;
      return { letters, avg: `${Math.trunc(tenths / 10)}.${tenths % 10}` };
    };
    const [home, away, h2h] = await Promise.all([
      form(match.homeTeamId),
      form(match.awayTeamId),
      repo.headToHead(this.reads, match.homeTeamId, match.awayTeamId, match.kickoffAt, 5),
    ]);
    const wins = (letters: string[]) => letters.filter((l) => l === 'W').length;
    const notes: string[] = [];
    if (home.letters.length)
      notes.push(`${names.home.name}近${home.letters.length}场${wins(home.letters)}胜`);
    if (away.letters.length)
      notes.push(`${names.away.name}近${away.letters.length}场${wins(away.letters)}胜`);
    if (!h2h.length) notes.push('两队近期没有交锋记录');
    return {
      match_id: id,
      home_form: home.letters,
      away_form: away.letters,
      head_to_head: h2h.map((r) => ({
        date: r.match.kickoffAt.toISOString(),
        home_team: r.home.name,
        away_team: r.away.name,
        score: `${r.match.homeScore}:${r.match.awayScore}`,
      })),
      home_goals_avg: home.avg,
      away_goals_avg: away.avg,
      notes,
    };
  }

  /** Who misses the match: players sent off in their side's previous match serve a ban. */
  async missing(id: number) {
    const found = await repo.findMatch(this.reads, id);
    if (!found) throw refuse('sports.match_not_found');
    const { match } = found;
    const bans = async (teamId: number) => {
      const [last] = await repo.recentResults(this.reads, teamId, match.kickoffAt, 1);
      if (!last) return [];
      const side = last.homeTeamId === teamId ? 'home' : 'away';
      const reds = (last.events as Array<{ type: string; side: string; minute: number }>).filter(
        (e) => e.type === 'red' && e.side === side,
      );
      return reds.map((e) => ({ reason: '停赛', detail: `上一场比赛第${e.minute}分钟被罚下` }));
    };
    return { match_id: id, home: await bans(match.homeTeamId), away: await bans(match.awayTeamId) };
  }
}

const ORDER = new Map<string, number>(PLAY_TYPE_IDS.map((id, i) => [id, i]));
function sortMarkets<T extends { playType: string }>(markets: T[]): T[] {
  return [...markets].sort((a, b) => (ORDER.get(a.playType) ?? 99) - (ORDER.get(b.playType) ?? 99));
}
