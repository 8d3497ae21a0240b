import type { FamilyCode } from '@app/shared';
import type { ApiBody } from '@app/shared/api';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api/client.ts';
import { useSubmission } from '@/lib/api/use-submission.ts';
import { ApiError } from '@/lib/api/errors.ts';
import { useRealtimeStatus } from '@/lib/realtime/index.ts';
import { toast } from '@/lib/toast.tsx';
import { mineKeys } from '../mine/queries.ts';
import { MEMBER_SCOPE, useSessionStore } from '../session/store.ts';
import { syncServerTime } from './clock.ts';
import { FAILURES } from './model.ts';
import { yuan } from '@/ui/Money.tsx';

export type BetFilter = 'all' | 'pending' | 'won' | 'lost' | 'cancelled';

export const lotteryKeys = {
  all: ['lottery'] as const,
  list: (type: FamilyCode | 'all') => [...lotteryKeys.all, 'list', type] as const,
  detail: (code: string) => [...lotteryKeys.all, 'detail', code] as const,
  expect: (code: string) => [...lotteryKeys.all, 'expect', code] as const,
  history: (code: string) => [...lotteryKeys.all, 'history', code] as const,
  trend: (code: string, limit: number) => [...lotteryKeys.all, 'trend', code, limit] as const,
  plays: (code: string) => [...lotteryKeys.all, 'plays', code] as const,
  verify: (code: string, expect: string) => [...lotteryKeys.all, 'verify', code, expect] as const,
  member: [MEMBER_SCOPE, 'lottery'] as const,
  wallet: () => [...lotteryKeys.member, 'wallet'] as const,
  bets: (filter: BetFilter, code: string) => [...lotteryKeys.member, 'bets', filter, code] as const,
  bet: (id: number) => [...lotteryKeys.member, 'bet', id] as const,
  stats: (code: string) => [...lotteryKeys.member, 'stats', code] as const,
};

/** Fallback polling: often while the socket is down, rarely while pushes arrive. */
export const POLL_MS = { live: 30_000, fallback: 5_000 } as const;

/** Options of every read: quiet and light, cancelled with the query. */
const read = (signal: AbortSignal) => ({ toast: false, light: true, signal }) as const;

/** Puts the §8 failure message in front of the server's reason. */
async function failingAs<T>(failure: string, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof ApiError && err.kind !== 'aborted')
      throw new ApiError(`${failure}：${err.message}`, err.kind, err.code, err.status, err.data);
    throw err;
  }
}

function usePollInterval(): number {
  return useRealtimeStatus().state === 'connected' ? POLL_MS.live : POLL_MS.fallback;
}

export function useLotteryListQuery(type: FamilyCode | 'all') {
  const interval = usePollInterval();
  return useQuery({
    queryKey: lotteryKeys.list(type),
    queryFn: async ({ signal }) => {
      const data = await failingAs(
        FAILURES.list,
        api.get('/v1/liujiu/lottery/list', { type: type === 'all' ? undefined : type }, read(signal)),
      );
      syncServerTime(data.server_time);
      return data;
    },
    placeholderData: keepPreviousData,
    refetchInterval: interval,
  });
}

export function useLotteryDetailQuery(code: string) {
  return useQuery({
    queryKey: lotteryKeys.detail(code),
    queryFn: async ({ signal }) => {
      const data = await failingAs(
        FAILURES.detail,
        api.get('/v1/liujiu/lottery/detail', { code }, read(signal)),
      );
      syncServerTime(data.server_time);
      return data;
    },
    enabled: code !== '',
    staleTime: 60_000,
  });
}

export function useCurrentExpectQuery(code: string) {
  const interval = usePollInterval();
  return useQuery({
    queryKey: lotteryKeys.expect(code),
    queryFn: async ({ signal }) => {
      const data = await failingAs(
        FAILURES.expect,
        api.get('/v1/liujiu/lottery/current-expect', { code }, read(signal)),
      );
      syncServerTime(data.server_time);
      return data;
    },
    enabled: code !== '',
    refetchInterval: interval,
  });
}

export function useHistoryQuery(code: string, perPage = 20) {
  return useInfiniteQuery({
    queryKey: [...lotteryKeys.history(code), perPage],
    queryFn: ({ pageParam, signal }) =>
      failingAs(
        FAILURES.history,
        api.get(
          '/v1/liujiu/lottery/history-open-codes',
          { code, page: pageParam, per_page: perPage },
          read(signal),
        ),
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: code !== '',
  });
}

export function useTrendQuery(code: string, limit: number) {
  return useQuery({
    queryKey: lotteryKeys.trend(code, limit),
    queryFn: ({ signal }) =>
      failingAs(FAILURES.openCode, api.get('/v1/liujiu/bet/trend', { code, limit }, read(signal))),
    enabled: code !== '',
    placeholderData: keepPreviousData,
  });
}

export function usePlayGroupsQuery(code: string) {
  return useQuery({
    queryKey: lotteryKeys.plays(code),
    queryFn: ({ signal }) =>
      failingAs(FAILURES.plays, api.get('/v1/liujiu/play/list', { code }, read(signal))),
    enabled: code !== '',
    staleTime: 10 * 60_000,
  });
}

export function useVerifyQuery(code: string, expect: string) {
  return useQuery({
    queryKey: lotteryKeys.verify(code, expect),
    queryFn: ({ signal }) =>
      failingAs(FAILURES.openCode, api.get('/v1/liujiu/lottery/verify', { code, expect }, read(signal))),
    enabled: code !== '' && expect !== '',
  });
}

// ---- member --------------------------------------------------------------------------------

export function useLotteryWalletQuery() {
  const token = useSessionStore((s) => s.token);
  const interval = usePollInterval();
  return useQuery({
    queryKey: lotteryKeys.wallet(),
    queryFn: ({ signal }) => api.get('/v1/game/lottery/balance', undefined, read(signal)),
    enabled: Boolean(token),
    refetchInterval: interval,
  });
}

const BET_STATUS: Record<BetFilter, 'pending' | 'won' | 'lost' | 'cancelled' | undefined> = {
  all: undefined,
  pending: 'pending',
  won: 'won',
  lost: 'lost',
  cancelled: 'cancelled',
};

export function useBetListQuery(filter: BetFilter, code: string, perPage = 20) {
  const token = useSessionStore((s) => s.token);
  const interval = usePollInterval();
  return useInfiniteQuery({
    queryKey: [...lotteryKeys.bets(filter, code), perPage],
    queryFn: ({ pageParam, signal }) =>
      failingAs(
        FAILURES.bets,
        api.get(
          '/v1/liujiu/bet/list',
          { code: code || undefined, status: BET_STATUS[filter], page: pageParam, per_page: perPage },
          read(signal),
        ),
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.list.some((b) => b.status === 'pending')) ? interval : false,
  });
}

export function useBetDetailQuery(id: number | null) {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: lotteryKeys.bet(id ?? 0),
    queryFn: ({ signal }) =>
      failingAs(FAILURES.bets, api.get('/v1/liujiu/bet/detail', { bet_id: id ?? 0 }, read(signal))),
    enabled: Boolean(token) && id !== null,
  });
}

export function useBetStatsQuery(code: string) {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: lotteryKeys.stats(code),
    queryFn: ({ signal }) =>
      failingAs(FAILURES.stats, api.get('/v1/liujiu/bet/stats', { code: code || undefined }, read(signal))),
    enabled: Boolean(token),
  });
}

/** After money moved: the lottery wallet, the main balance and the member's bets. */
export function useRefreshMoney() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: lotteryKeys.member });
    void queryClient.invalidateQueries({ queryKey: mineKeys.balance() });
  };
}

const failed = (failure: string) => (err: unknown) => {
  const message = err instanceof Error ? err.message : '';
  toast.error(message ? `${failure}：${message}` : failure);
};

export function usePlaceBetMutation() {
  const refresh = useRefreshMoney();
  return useSubmission({
    send: (body: ApiBody<'POST', '/v1/liujiu/bet/create'>, idempotencyKey) =>
      api.post('/v1/liujiu/bet/create', body, { toast: false, loading: '投注中…', idempotencyKey }),
    onSuccess: refresh,
    onError: failed(FAILURES.bet),
  });
}

export function useCancelBetMutation() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: (betId: number) =>
      api.post('/v1/liujiu/bet/cancel', { bet_id: betId }, { toast: false, loading: '撤单中…' }),
    onSuccess: () => {
      toast.success('撤单成功');
      refresh();
    },
    onError: failed(FAILURES.cancel),
  });
}

export function useBatchCancelMutation() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: (betIds: number[]) =>
      api.post(
        '/v1/liujiu/bet/batch-cancel',
        { bet_ids: betIds },
        {
          toast: false,
          loading: '撤单中…',
        },
      ),
    onSuccess: (result) => {
      const refused = result.results.filter((r) => !r.ok);
      if (refused.length === 0)
        toast.success(`已撤销${result.cancelled}注，退回 ${yuan(result.refunded)} 元`);
      else toast.warning(`已撤销${result.cancelled}注，${refused.length}注未能撤单：${refused[0]!.message}`);
      refresh();
    },
    onError: failed(FAILURES.batchCancel),
  });
}

/** In: the amount from the main wallet. Out: the amount, or "0" for everything. */
/** 自动转入 on or off. */
export function useAutoTransferMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      api.put('/v1/game/lottery/auto-transfer', { enabled }, { toast: false }),
    onSuccess: (result) => {
      toast.success(result.auto_transfer ? '已开启自动转入：投注直接从主钱包扣款' : '已关闭自动转入');
      void queryClient.invalidateQueries({ queryKey: lotteryKeys.wallet() });
    },
    onError: (err) => toast.error(err instanceof Error ? err.message : '设置失败'),
  });
}

export function useTransferMutation() {
  const refresh = useRefreshMoney();
  return useSubmission({
    send: ({ direction, amount }: { direction: 'in' | 'out'; amount: string }, idempotencyKey) =>
      api.post(
        direction === 'in' ? '/v1/game/lottery/transfer-in' : '/v1/game/lottery/transfer-out',
        { amount },
        { toast: false, loading: direction === 'in' ? '转入中…' : '转出中…', idempotencyKey },
      ),
    onSuccess: (result) => {
      toast.success(
        result.direction === 'in'
          ? `已转入 ${yuan(result.amount)} 元到彩票钱包`
          : `已转出 ${yuan(result.amount)} 元到主钱包`,
      );
      refresh();
    },
    onError: (err) => toast.error(err instanceof Error ? err.message : '转账失败'),
  });
}
