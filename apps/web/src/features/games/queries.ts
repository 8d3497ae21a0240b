import type { GameTypeCode, GameView } from '@app/shared';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, newIdempotencyKey } from '@/lib/api/client.ts';
import { useSubmission } from '@/lib/api/use-submission.ts';
import { mineKeys } from '../mine/queries.ts';
import { MEMBER_SCOPE, useSessionStore } from '../session/store.ts';
import { useGameDataStore } from './store.ts';

export const gameKeys = {
  all: ['games'] as const,
  platforms: () => [...gameKeys.all, 'platforms'] as const,
  types: () => [...gameKeys.all, 'types'] as const,
  list: () => [...gameKeys.all, 'list'] as const,
  member: [MEMBER_SCOPE, 'games'] as const,
  balance: () => [...gameKeys.member, 'balance'] as const,
  records: (start: string, end: string) => [...gameKeys.member, 'records', start, end] as const,
  stats: (start: string, end: string) => [...gameKeys.member, 'stats', start, end] as const,
};

/** The catalogue changes rarely. */
const CATALOGUE_STALE_MS = 5 * 60_000;
/** The game wallet lives at the provider: no push tells us when a round changes it. */
const BALANCE_POLL_MS = 15_000;

export function usePlatformsQuery() {
  return useQuery({
    queryKey: gameKeys.platforms(),
    queryFn: ({ signal }) => api.get('/v1/game/ng/platforms', undefined, { signal }),
    staleTime: CATALOGUE_STALE_MS,
  });
}

export function useGameTypesQuery() {
  return useQuery({
    queryKey: gameKeys.types(),
    queryFn: ({ signal }) => api.get('/v1/game/ng/game-types', undefined, { signal }),
    staleTime: CATALOGUE_STALE_MS,
  });
}

/** Every game once; the page filters by platform, type and search in memory. */
export function useGamesQuery() {
  return useQuery({
    queryKey: gameKeys.list(),
    queryFn: ({ signal }) => api.get('/v1/game/ng/game-list', undefined, { signal }),
    staleTime: CATALOGUE_STALE_MS,
  });
}

export function filterGames(
  games: GameView[],
  f: { platform: string; type: GameTypeCode | 'all'; keyword: string },
): GameView[] {
  const keyword = f.keyword.trim().toLowerCase();
  return games.filter(
    (g) =>
      (f.platform === 'all' || g.platform === f.platform) &&
      (f.type === 'all' || g.game_type === f.type) &&
      (!keyword || g.name.toLowerCase().includes(keyword) || g.platform_name.includes(keyword)),
  );
}

export function useGameBalanceQuery() {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: gameKeys.balance(),
    queryFn: ({ signal }) => api.get('/v1/game/ng/balance', undefined, { toast: false, light: true, signal }),
    enabled: Boolean(token),
    refetchInterval: BALANCE_POLL_MS,
  });
}

function useRefreshMoney() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: gameKeys.member });
    void queryClient.invalidateQueries({ queryKey: mineKeys.balance() });
  };
}

/** Money into the game wallet. */
export function useTransferInMutation() {
  const refresh = useRefreshMoney();
  return useSubmission({
    send: (amount: string, idempotencyKey) =>
      api.post('/v1/game/ng/transfer', { type: 'in', amount }, { loading: '转入中…', idempotencyKey }),
    onSettled: refresh,
  });
}

/** Everything back to the main wallet (the automatic transfer-out: `out` with 0). */
export function transferAllOut() {
  return api.post(
    '/v1/game/ng/transfer',
    { type: 'out', amount: 0 },
    { toast: false, idempotencyKey: newIdempotencyKey() },
  );
}

export function useTransferAllOutMutation() {
  const refresh = useRefreshMoney();
  return useMutation({ mutationFn: transferAllOut, onSettled: refresh });
}

/** Game data for a game code (a new launch session), kept in memory for the game page. */
export function useEnterGameMutation() {
  return useMutation({
    mutationFn: (code: string) =>
      api.post('/v1/game/ng/enter-game', { game_code: code }, { loading: '正在进入游戏…' }),
    onSuccess: (data) => useGameDataStore.getState().put(data),
  });
}

export function useGameRecordsQuery(start: string, end: string, perPage = 20) {
  const token = useSessionStore((s) => s.token);
  return useInfiniteQuery({
    queryKey: [...gameKeys.records(start, end), perPage],
    queryFn: ({ pageParam, signal }) =>
      api.get(
        '/v1/game-records',
        { start_date: start, end_date: end, page: pageParam, per_page: perPage },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

export function useGameRecordStatsQuery(start: string, end: string) {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: gameKeys.stats(start, end),
    queryFn: ({ signal }) =>
      api.get('/v1/game-records/stats', { start_date: start, end_date: end }, { signal }),
    enabled: Boolean(token),
  });
}
