import type { OrderSubmitBody } from '@app/shared';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '@/lib/api/client.ts';
import { ApiError } from '@/lib/api/errors.ts';
import { useSubmission } from '@/lib/api/use-submission.ts';
import { freeBetKeys } from '../free-bets/queries.ts';
import { mineKeys, type BalanceInfo } from '../mine/queries.ts';
import { MEMBER_SCOPE, patchUserInfo, useSessionStore } from '../session/store.ts';
import { CASH_OUT_REFETCH_MS } from './cash-out.ts';
import { COMBO_FILTERS, type ComboFilter, type OrderFilter } from './model.ts';

/** Pending orders are re-read this often in case the `order.settled` push is missed. */
export const PENDING_REFETCH_MS = 15_000;
/** An in-play order in its bet delay is re-read this often when the push is missed. */
export const CONFIRMING_REFETCH_MS = 3_000;
const PAGE_SIZE = 20;

export const orderKeys = {
  all: [MEMBER_SCOPE, 'orders'] as const,
  history: (filter: OrderFilter, sportType: number) =>
    [...orderKeys.all, 'history', filter, sportType] as const,
  detail: (orderNo: string) => [...orderKeys.all, 'detail', orderNo] as const,
  combos: (orderNo: string, filter: ComboFilter) => [...orderKeys.all, 'combos', orderNo, filter] as const,
  comboStats: (orderNo: string) => [...orderKeys.all, 'combo-stats', orderNo] as const,
  cashOut: (orderNo: string) => [...orderKeys.all, 'cash-out', orderNo] as const,
};

const quiet = { toast: false, light: true } as const;

/** The member's orders, newest first: GET /v1/order/history (0 = both sports). */
export function useOrderHistoryQuery(filter: OrderFilter, sportType = 0, perPage = PAGE_SIZE) {
  const token = useSessionStore((s) => s.token);
  return useInfiniteQuery({
    queryKey: [...orderKeys.history(filter, sportType), perPage],
    queryFn: ({ pageParam, signal }) =>
      api.get(
        '/v1/order/history',
        {
          status: filter === 'all' ? undefined : filter,
          sport_type: sportType || undefined,
          page: pageParam,
          per_page: perPage,
        },
        { ...quiet, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) =>
        p.list.some((o) => o.status === 'pending' || o.status === 'confirming'),
      )
        ? PENDING_REFETCH_MS
        : false,
  });
}

/** GET /v1/order/by-no/{orderNo}/detail; re-read while it waits for results. */
export function useOrderDetailQuery(orderNo: string) {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: orderKeys.detail(orderNo),
    queryFn: ({ signal }) => api.get('/v1/order/by-no/:orderNo/detail', { orderNo }, { ...quiet, signal }),
    enabled: Boolean(token) && orderNo !== '',
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      // A confirming order is decided within seconds of its accept_at (order.confirmed is the fast path).
      if (status === 'confirming') return CONFIRMING_REFETCH_MS;
      return status === 'pending' ? PENDING_REFETCH_MS : false;
    },
  });
}

export function useComboStatsQuery(orderNo: string, pending: boolean) {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: orderKeys.comboStats(orderNo),
    queryFn: ({ signal }) =>
      api.get('/v1/order/by-no/:orderNo/combo-stats', { orderNo }, { ...quiet, signal }),
    enabled: Boolean(token) && orderNo !== '',
    refetchInterval: pending ? PENDING_REFETCH_MS : false,
  });
}

/** The order's bets page by page, filtered by SPEC.md §3's combo status (0 pending, 1 won, 2 lost). */
export function useCombosQuery(orderNo: string, filter: ComboFilter) {
  const token = useSessionStore((s) => s.token);
  const status = COMBO_FILTERS.find((f) => f.key === filter)?.status;
  return useInfiniteQuery({
    queryKey: orderKeys.combos(orderNo, filter),
    queryFn: ({ pageParam, signal }) =>
      api.get(
        '/v1/order/by-no/:orderNo/combo-details',
        { orderNo, page: pageParam, per_page: PAGE_SIZE, status },
        { ...quiet, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: Boolean(token) && orderNo !== '',
    placeholderData: keepPreviousData,
  });
}

/** Shows a balance the server reported (after a stake or a payout) without another request. */
export function useSetBalance() {
  const queryClient = useQueryClient();
  return useCallback(
    (balance: string) => {
      queryClient.setQueryData<BalanceInfo>(mineKeys.balance(), (old) => (old ? { ...old, balance } : old));
      patchUserInfo({ balance });
    },
    [queryClient],
  );
}

/**
 * POST /v1/order/submit. The key is made once per confirmation by the caller, so the client's
 * automatic retries reuse it and the server places the order at most once. An order placed with a
 * 免费投注券 (or one the server refused for its ticket) refreshes the member's tickets.
 */
export function useSubmitOrderMutation() {
  const queryClient = useQueryClient();
  const setBalance = useSetBalance();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: OrderSubmitBody; idempotencyKey: string }) =>
      api.post('/v1/order/submit', body, {
        idempotencyKey,
        toast: false,
        loading: '投注提交中…',
      }),
    onSuccess: (result) => {
      // In play nothing is paid yet: cash_out.decided says when the bet delay ends.
      if (result.balance !== null) setBalance(result.balance);
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: mineKeys.balance() });
      void queryClient.invalidateQueries({ queryKey: freeBetKeys.all });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.reason?.startsWith('free_bets.'))
        void queryClient.invalidateQueries({ queryKey: freeBetKeys.all });
    },
  });
}

/**
 * GET /v1/cash-out/:orderNo: what closing a pending order pays now (or why it cannot), re-asked
 * every few seconds while `open` (the order is pending and its page is showing).
 */
export function useCashOutQuery(orderNo: string, open: boolean, shares?: number) {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: [...orderKeys.cashOut(orderNo), shares ?? 'all'],
    queryFn: ({ signal }) =>
      api.get('/v1/cash-out/:orderNo', shares === undefined ? { orderNo } : { orderNo, shares }, {
        ...quiet,
        signal,
      }),
    enabled: Boolean(token) && orderNo !== '' && open,
    refetchInterval: open ? CASH_OUT_REFETCH_MS : false,
  });
}

/**
 * POST /v1/cash-out/:orderNo with the offer the member accepted, one Idempotency-Key per offer
 * (a retry of the same offer reuses it; a new offer after a change gets a new one). Once paid, the
 * balance shows the credit and the order (now 已提前结算) is read again.
 */
export function useCashOutSubmission() {
  const queryClient = useQueryClient();
  const setBalance = useSetBalance();
  return useSubmission({
    send: (
      { orderNo, offer, shares }: { orderNo: string; offer: string; shares?: number | undefined },
      idempotencyKey,
    ) =>
      api.post('/v1/cash-out/:orderNo', shares === undefined ? { offer } : { offer, shares }, {
        params: { orderNo },
        idempotencyKey,
        toast: false,
        loading: '提前结算中…',
      }),
    onSuccess: (result) => {
      // In play nothing is paid yet: cash_out.decided says when the bet delay ends.
      if (result.balance !== null) setBalance(result.balance);
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: mineKeys.balance() });
    },
    onError: (_error, { orderNo }) => {
      // The offer moved or went away: show what holds now.
      void queryClient.invalidateQueries({ queryKey: orderKeys.cashOut(orderNo) });
      void queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderNo) });
    },
  });
}
