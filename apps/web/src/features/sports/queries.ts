import type { BetType, Sport } from '@app/shared';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client.ts';
import { sportTypeOf } from './model.ts';

/** Live lists and details refetch this often when pushes are missed (the socket is the fast path). */
export const LIVE_REFETCH_MS = 15_000;
/** Pre-match odds move slowly (the feed re-prices every few minutes); lists refetch this often. */
export const ODDS_REFETCH_MS = 60_000;
const STATS_STALE_MS = 60_000;
/** Odds lists are re-read whenever a page shows them again after this long. */
const ODDS_STALE_MS = 5_000;
const BET_PAGE_SIZE = 30;
const RESULTS_PAGE_SIZE = 20;

/** Every sports query key starts with 'sports' so live pushes can patch them all in one sweep. */
export const sportsKeys = {
  all: ['sports'] as const,
  betList: (sport: Sport, betType: BetType, date: string, leagueId: number) =>
    [...sportsKeys.all, 'bet-list', sport, betType, date, leagueId] as const,
  openStats: (sport: Sport, date: string) => [...sportsKeys.all, 'open-stats', sport, date] as const,
  liveAll: () => [...sportsKeys.all, 'live'] as const,
  live: (sport: Sport | 'all') => [...sportsKeys.liveAll(), sport] as const,
  today: (sport: Sport) => [...sportsKeys.all, 'today', sport] as const,
  results: (sport: Sport) => [...sportsKeys.all, 'results', sport] as const,
  hot: (sport: Sport, count: number) => [...sportsKeys.all, 'hot', sport, count] as const,
  detail: (id: number) => [...sportsKeys.all, 'match', id] as const,
  intelligence: (id: number) => [...sportsKeys.all, 'intelligence', id] as const,
  missing: (id: number) => [...sportsKeys.all, 'missing', id] as const,
};

const quiet = { toast: false, light: true } as const;

/** Open matches of one sport with the bet type's odds: GET /v1/{sport}/matches, page by page. */
export function useBetListQuery(sport: Sport, betType: BetType, date: string, leagueId: number) {
  return useInfiniteQuery({
    queryKey: sportsKeys.betList(sport, betType, date, leagueId),
    queryFn: async ({ pageParam, signal }) => {
      const page = await api.get(
        `/v1/${sport}/matches`,
        {
          betType,
          date: date === 'all' ? undefined : date,
          league_id: leagueId || undefined,
          page: pageParam,
          per_page: BET_PAGE_SIZE,
        },
        { ...quiet, signal },
      );
      // Sales deadlines are timed by the server's clock (clock.ts), measured from each answer's
      // x-server-time by the API client (a list's own server_time is when it was built).
      return page;
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    refetchInterval: ODDS_REFETCH_MS,
    staleTime: ODDS_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

/** Open (on sale) match counts by day and league: GET /v1/matches-list/statistics. */
export function useOpenStatsQuery(sport: Sport, date = 'all') {
  return useQuery({
    queryKey: sportsKeys.openStats(sport, date),
    queryFn: ({ signal }) =>
      api.get(
        '/v1/matches-list/statistics',
        { sport_type: sportTypeOf(sport), date: date === 'all' ? undefined : date },
        { ...quiet, signal },
      ),
    staleTime: ODDS_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

/** Matches in play: GET /v1/live-matches/{football|basketball|live}. */
export function useLiveQuery(sport: Sport | 'all', options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: sportsKeys.live(sport),
    queryFn: async ({ signal }) => {
      const page = await api.get(
        `/v1/live-matches/${sport === 'all' ? 'live' : sport}`,
        { per_page: 100 },
        { ...quiet, signal },
      );
      // In-play bets count down to `accept_at` by the server's clock (clock.ts, from x-server-time).
      return page;
    },
    refetchInterval: LIVE_REFETCH_MS,
    enabled: options.enabled ?? true,
  });
}

/** Today's matches, live first, then upcoming, then finished: GET /v1/live-matches/all. */
export function useTodayQuery(sport: Sport) {
  return useQuery({
    queryKey: sportsKeys.today(sport),
    queryFn: ({ signal }) =>
      api.get(
        '/v1/live-matches/all',
        { sport_type: sportTypeOf(sport), per_page: 100 },
        { ...quiet, signal },
      ),
    refetchInterval: LIVE_REFETCH_MS * 2,
  });
}

/** Finished and called-off matches, newest first: GET /v1/matches-list/results. */
export function useResultsQuery(sport: Sport) {
  return useInfiniteQuery({
    queryKey: sportsKeys.results(sport),
    queryFn: ({ pageParam, signal }) =>
      api.get(
        '/v1/matches-list/results',
        { sport_type: sportTypeOf(sport), page: pageParam, per_page: RESULTS_PAGE_SIZE },
        { ...quiet, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    staleTime: STATS_STALE_MS,
  });
}

/** The next few open matches with their main odds (home page, gameplay hub). */
export function useHotMatchesQuery(sport: Sport, count: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: sportsKeys.hot(sport, count),
    queryFn: ({ signal }) =>
      api.get(
        `/v1/${sport}/matches`,
        { betType: sport === 'football' ? 'winDrawLose' : 'win-lose', per_page: count },
        { ...quiet, signal },
      ),
    refetchInterval: ODDS_REFETCH_MS,
    staleTime: ODDS_STALE_MS,
    enabled: options.enabled ?? true,
  });
}

/** One match with events, stats, periods and every in-play market: GET /v1/live-matches/{id}/detail. */
export function useMatchDetailQuery(id: number) {
  return useQuery({
    queryKey: sportsKeys.detail(id),
    queryFn: ({ signal }) => api.get('/v1/live-matches/:id/detail', { id }, { ...quiet, signal }),
    enabled: id > 0,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'finished' || status === 'cancelled' ? false : LIVE_REFETCH_MS;
    },
  });
}

export function useIntelligenceQuery(id: number, enabled: boolean) {
  return useQuery({
    queryKey: sportsKeys.intelligence(id),
    queryFn: ({ signal }) => api.get('/v1/live-matches/intelligence', { match_id: id }, { ...quiet, signal }),
    enabled: enabled && id > 0,
    staleTime: 5 * 60_000,
  });
}

export function useMissingQuery(id: number, enabled: boolean) {
  return useQuery({
    queryKey: sportsKeys.missing(id),
    queryFn: ({ signal }) => api.get('/v1/live-matches/missing', { match_id: id }, { ...quiet, signal }),
    enabled: enabled && id > 0,
    staleTime: 5 * 60_000,
  });
}
