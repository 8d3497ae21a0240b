import type { BonusType, LedgerType, Page, RebateStatus } from '@app/shared';
import { useInfiniteQuery, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api/client.ts';
import { useSubmission } from '@/lib/api/use-submission.ts';
import type { DayRange } from '@/ui/day-range.ts';
import type { InfiniteSource } from '@/ui/InfiniteList.tsx';
import { mineKeys } from '../mine/queries.ts';
import { MEMBER_SCOPE } from '../session/store.ts';

const PER_PAGE = 20;

export const recordKeys = {
  all: [MEMBER_SCOPE, 'records'] as const,
  bills: (type: string, range: DayRange) => [...recordKeys.all, 'bills', type, range] as const,
  billTypes: () => [...recordKeys.all, 'bill-types'] as const,
  bonus: (type: string, range: DayRange) => [...recordKeys.all, 'bonus', type, range] as const,
  bonusStats: (range: DayRange) => [...recordKeys.all, 'bonus-stats', range] as const,
  rebates: (status: string, range: DayRange) => [...recordKeys.all, 'rebates', status, range] as const,
  rebate: (id: number) => [...recordKeys.all, 'rebate', id] as const,
  claimable: () => [...recordKeys.all, 'rebate-claimable'] as const,
  comprehensive: (range: DayRange) => [...recordKeys.all, 'comprehensive', range] as const,
};

/** An infinite list over a paginated GET, flattened for InfiniteList. */
function usePagedQuery<R extends Page<unknown>>(
  key: readonly unknown[],
  fetchPage: (paging: { page: number; per_page: number }, signal: AbortSignal) => Promise<R>,
) {
  const query = useInfiniteQuery<R, Error, InfiniteData<R>, readonly unknown[], number>({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => fetchPage({ page: pageParam, per_page: PER_PAGE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });
  const source: InfiniteSource<R['list'][number]> = {
    items: query.data?.pages.flatMap((p) => p.list) ?? [],
    isPending: query.isPending,
    isError: query.isError,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: () => query.fetchNextPage(),
  };
  return { query, source, first: query.data?.pages[0] };
}

/** A filter of every kind ('all') or one. */
const only = <T extends string>(value: 'all' | T): T | undefined => (value === 'all' ? undefined : value);

const quiet = { toast: false } as const;

export function useBillsQuery(type: 'all' | LedgerType, range: DayRange) {
  return usePagedQuery(recordKeys.bills(type, range), (paging, signal) =>
    api.get('/v1/bills', { type: only(type), ...range, ...paging }, { ...quiet, signal }),
  );
}

export function useBillTypesQuery() {
  return useQuery({
    queryKey: recordKeys.billTypes(),
    queryFn: ({ signal }) => api.get('/v1/bills/types', undefined, { toast: false, light: true, signal }),
    staleTime: Infinity,
  });
}

export function useBonusLogsQuery(type: 'all' | BonusType, range: DayRange) {
  return usePagedQuery(recordKeys.bonus(type, range), (paging, signal) =>
    api.get('/v1/bonus-logs', { type: only(type), ...range, ...paging }, { ...quiet, signal }),
  );
}

export function useBonusStatsQuery(range: DayRange) {
  return useQuery({
    queryKey: recordKeys.bonusStats(range),
    queryFn: ({ signal }) =>
      api.get('/v1/bonus-logs/statistics', { ...range }, { toast: false, light: true, signal }),
  });
}

export function useRebateRecordsQuery(status: 'all' | RebateStatus, range: DayRange) {
  return usePagedQuery(recordKeys.rebates(status, range), (paging, signal) =>
    api.get('/v1/rebate/records', { status: only(status), ...range, ...paging }, { ...quiet, signal }),
  );
}

export function useRebateDetailQuery(id: number) {
  return useQuery({
    queryKey: recordKeys.rebate(id),
    queryFn: ({ signal }) => api.get('/v1/rebate/detail/:id', { id }, { toast: false, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useClaimableQuery() {
  return useQuery({
    queryKey: recordKeys.claimable(),
    queryFn: ({ signal }) =>
      api.get('/v1/rebate/claimable-stats', undefined, {
        toast: false,
        light: true,
        signal,
      }),
  });
}

export function useComprehensiveQuery(range: DayRange) {
  return useQuery({
    queryKey: recordKeys.comprehensive(range),
    queryFn: ({ signal }) => api.get('/v1/reports/comprehensive', { ...range }, { toast: false, signal }),
  });
}

/** After money moved: the records, the balance and the VIP figures are stale. */
function useRefreshAfterClaim() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: recordKeys.all }),
      queryClient.invalidateQueries({ queryKey: mineKeys.all }),
    ]);
}

export function useApplyRebateMutation() {
  const refresh = useRefreshAfterClaim();
  return useSubmission({
    send: (_: void, idempotencyKey) =>
      api.post('/v1/rebate/apply', undefined, { loading: '申请中…', idempotencyKey }),
    onSuccess: refresh,
  });
}

/** Claims one record, some, or all of them (`ids` undefined). */
export function useClaimRebateMutation() {
  const refresh = useRefreshAfterClaim();
  return useSubmission({
    send: (ids: number[] | undefined, idempotencyKey) => {
      const options = { loading: '领取中…', idempotencyKey };
      if (!ids) return api.post('/v1/rebate/claim-all', undefined, options);
      const [only] = ids;
      if (ids.length === 1 && only !== undefined)
        return api.post('/v1/rebate/claim/:id', undefined, { ...options, params: { id: only } });
      return api.post('/v1/rebate/claim-multiple', { record_ids: ids }, options);
    },
    onSettled: refresh,
  });
}
