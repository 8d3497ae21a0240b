import type {
  BillEntryView,
  BillListView,
  BonusLogView,
  BonusStatsView,
  ComprehensiveReport,
  OptionItem,
  RebateApplyResult,
  RebateClaimableStatsView,
  RebateClaimResult,
  RebateDetailView,
  RebateRecordView,
} from '@app/shared';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { api, newIdempotencyKey } from '@/lib/api/client.ts';
import type { DayRange } from '@/ui/day-range.ts';
import type { InfiniteSource } from '@/ui/InfiniteList.tsx';
import { mineKeys } from '../mine/queries.ts';
import { MEMBER_SCOPE } from '../session/store.ts';

export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  per_page: number;
  has_more: boolean;
}

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
function usePagedQuery<T, X extends object = object>(
  key: readonly unknown[],
  path: string,
  params: Record<string, string | number | undefined>,
) {
  const query = useInfiniteQuery<Paged<T> & X, Error, InfiniteData<Paged<T> & X>, readonly unknown[], number>(
    {
      queryKey: key,
      queryFn: ({ pageParam, signal }) =>
        api.get<Paged<T> & X>(
          path,
          { ...params, page: pageParam, per_page: PER_PAGE },
          { toast: false, signal },
        ),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    },
  );
  const source: InfiniteSource<T> = {
    items: query.data?.pages.flatMap((p) => p.list) ?? [],
    isPending: query.isPending,
    isError: query.isError,
    hasNextPage: query.hasNextPage,
    fetchNextPage: () => query.fetchNextPage(),
  };
  return { query, source, first: query.data?.pages[0] };
}

const typeParam = (type: string) => (type === 'all' ? undefined : type);

export function useBillsQuery(type: string, range: DayRange) {
  return usePagedQuery<BillEntryView, Pick<BillListView, 'income' | 'expense'>>(
    recordKeys.bills(type, range),
    '/v1/bills',
    { type: typeParam(type), ...range },
  );
}

export function useBillTypesQuery() {
  return useQuery({
    queryKey: recordKeys.billTypes(),
    queryFn: ({ signal }) =>
      api.get<OptionItem[]>('/v1/bills/types', undefined, { toast: false, light: true, signal }),
    staleTime: Infinity,
  });
}

export function useBonusLogsQuery(type: string, range: DayRange) {
  return usePagedQuery<BonusLogView>(recordKeys.bonus(type, range), '/v1/bonus-logs', {
    type: typeParam(type),
    ...range,
  });
}

export function useBonusStatsQuery(range: DayRange) {
  return useQuery({
    queryKey: recordKeys.bonusStats(range),
    queryFn: ({ signal }) =>
      api.get<BonusStatsView>(
        '/v1/bonus-logs/statistics',
        { ...range },
        { toast: false, light: true, signal },
      ),
  });
}

export function useRebateRecordsQuery(status: string, range: DayRange) {
  return usePagedQuery<RebateRecordView>(recordKeys.rebates(status, range), '/v1/rebate/records', {
    status: typeParam(status),
    ...range,
  });
}

export function useRebateDetailQuery(id: number) {
  return useQuery({
    queryKey: recordKeys.rebate(id),
    queryFn: ({ signal }) =>
      api.get<RebateDetailView>(`/v1/rebate/detail/${id}`, undefined, { toast: false, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useClaimableQuery() {
  return useQuery({
    queryKey: recordKeys.claimable(),
    queryFn: ({ signal }) =>
      api.get<RebateClaimableStatsView>('/v1/rebate/claimable-stats', undefined, {
        toast: false,
        light: true,
        signal,
      }),
  });
}

export function useComprehensiveQuery(range: DayRange) {
  return useQuery({
    queryKey: recordKeys.comprehensive(range),
    queryFn: ({ signal }) =>
      api.get<ComprehensiveReport>('/v1/reports/comprehensive', { ...range }, { toast: false, signal }),
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
  return useMutation({
    mutationFn: () =>
      api.post<RebateApplyResult>('/v1/rebate/apply', undefined, {
        loading: '申请中…',
        idempotencyKey: newIdempotencyKey(),
      }),
    onSuccess: refresh,
  });
}

/** Claims one record, some, or all of them (`ids` undefined). */
export function useClaimRebateMutation() {
  const refresh = useRefreshAfterClaim();
  return useMutation({
    mutationFn: (ids?: number[]) => {
      const options = { loading: '领取中…', idempotencyKey: newIdempotencyKey() };
      if (!ids) return api.post<RebateClaimResult>('/v1/rebate/claim-all', undefined, options);
      if (ids.length === 1)
        return api.post<RebateClaimResult>(`/v1/rebate/claim/${ids[0]}`, undefined, options);
      return api.post<RebateClaimResult>('/v1/rebate/claim-multiple', { record_ids: ids }, options);
    },
    onSettled: refresh,
  });
}
