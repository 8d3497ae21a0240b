import type { Page, PaymentOrderStatus } from '@app/shared';
import type { ApiBody, ApiResponse } from '@app/shared/api';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api/client.ts';
import { useSubmission } from '@/lib/api/use-submission.ts';
import { mineKeys } from '../mine/queries.ts';
import { MEMBER_SCOPE, useSessionStore } from '../session/store.ts';

/** A saved wallet as the edit form sends it (POST/PUT /v1/user-wallets). */
export type UserWalletInput = ApiBody<'POST', '/v1/user-wallets'>;

type OpenUsdtOrder = ApiResponse<'GET', '/v1/payment-orders/open-usdt'>;

export const financeKeys = {
  all: [MEMBER_SCOPE, 'finance'] as const,
  methods: () => [...financeKeys.all, 'methods'] as const,
  usdtRate: () => [...financeKeys.all, 'usdt-rate'] as const,
  deposits: () => [...financeKeys.all, 'deposits'] as const,
  deposit: (id: number) => [...financeKeys.all, 'deposit', id] as const,
  openUsdt: () => [...financeKeys.all, 'open-usdt'] as const,
  withdrawConfig: () => [...financeKeys.all, 'withdraw-config'] as const,
  withdrawBalance: () => [...financeKeys.all, 'withdraw-balance'] as const,
  withdrawals: () => [...financeKeys.all, 'withdrawals'] as const,
  wallets: () => [...financeKeys.all, 'wallets'] as const,
  wallet: (id: number) => [...financeKeys.all, 'wallet', id] as const,
  banks: () => [...financeKeys.all, 'banks'] as const,
};

/** Limits and rates change rarely; lists are re-read on pull-to-refresh and after each action. */
const STALE_MS = { settings: 60_000, lists: 0 } as const;

function useMember() {
  return Boolean(useSessionStore((s) => s.token));
}

const light = { light: true, toast: false } as const;

export function usePaymentMethodsQuery() {
  const enabled = useMember();
  return useQuery({
    queryKey: financeKeys.methods(),
    queryFn: ({ signal }) => api.get('/v1/payment-orders/methods', undefined, { ...light, signal }),
    enabled,
    staleTime: STALE_MS.settings,
  });
}

export function useUsdtRateQuery() {
  const enabled = useMember();
  return useQuery({
    queryKey: financeKeys.usdtRate(),
    queryFn: ({ signal }) => api.get('/v1/payment-orders/usdt-rate', undefined, { ...light, signal }),
    enabled,
    staleTime: STALE_MS.settings,
  });
}

function usePagedQuery<T>(
  key: readonly unknown[],
  fetchPage: (page: number, perPage: number, signal: AbortSignal) => Promise<Page<T>>,
  perPage = 15,
) {
  const enabled = useMember();
  return useInfiniteQuery({
    queryKey: [...key, perPage],
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, perPage, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: STALE_MS.lists,
  });
}

export const useDepositListQuery = () =>
  usePagedQuery(financeKeys.deposits(), (page, per_page, signal) =>
    api.get('/v1/payment-orders', { page, per_page }, { ...light, signal }),
  );
export const useWithdrawListQuery = () =>
  usePagedQuery(financeKeys.withdrawals(), (page, per_page, signal) =>
    api.get('/v1/withdraws', { page, per_page }, { ...light, signal }),
  );

/** Statuses a deposit leaves no more by itself (a pending one may still be paid or fail). */
const SETTLED_DEPOSIT: ReadonlySet<PaymentOrderStatus> = new Set(['paid', 'failed', 'cancelled', 'rejected']);

const isDepositSettled = (status: PaymentOrderStatus) => SETTLED_DEPOSIT.has(status);

/** One deposit; with `poll`, re-read every `pollMs` until it is settled (the gateway's answer). */
export function useDepositQuery(id: number, poll: boolean, pollMs = 2_000) {
  const enabled = useMember() && id > 0;
  return useQuery({
    queryKey: financeKeys.deposit(id),
    queryFn: ({ signal }) => api.get('/v1/payment-orders/:id', { id }, { ...light, signal }),
    enabled,
    refetchInterval: (q) =>
      poll && !(q.state.data && isDepositSettled(q.state.data.status)) ? pollMs : false,
  });
}

/**
 * The member's USDT order still waiting for its transfer (issue 44, point 9): the 充值 page shows
 * it again rather than an empty form. Read afresh whenever the page opens.
 */
export function useOpenUsdtOrderQuery() {
  const enabled = useMember();
  return useQuery({
    queryKey: financeKeys.openUsdt(),
    queryFn: ({ signal }) => api.get('/v1/payment-orders/open-usdt', undefined, { ...light, signal }),
    enabled,
    staleTime: STALE_MS.lists,
  });
}

export function useWithdrawConfigQuery() {
  const enabled = useMember();
  return useQuery({
    queryKey: financeKeys.withdrawConfig(),
    queryFn: ({ signal }) => api.get('/v1/withdraws/config', undefined, { ...light, signal }),
    enabled,
  });
}

export function useWithdrawBalanceQuery() {
  const enabled = useMember();
  return useQuery({
    queryKey: financeKeys.withdrawBalance(),
    queryFn: ({ signal }) => api.get('/v1/withdraws/balance', undefined, { ...light, signal }),
    enabled,
  });
}

export function useWalletsQuery() {
  const enabled = useMember();
  return useQuery({
    queryKey: financeKeys.wallets(),
    queryFn: ({ signal }) => api.get('/v1/user-wallets', undefined, { ...light, signal }),
    enabled,
  });
}

export function useWalletQuery(id: number) {
  const enabled = useMember() && id > 0;
  return useQuery({
    queryKey: financeKeys.wallet(id),
    queryFn: ({ signal }) => api.get('/v1/user-wallets/:id', { id }, { ...light, signal }),
    enabled,
  });
}

export function useBanksQuery() {
  const enabled = useMember();
  return useQuery({
    queryKey: financeKeys.banks(),
    queryFn: ({ signal }) => api.get('/v1/withdraws/banks', undefined, { ...light, signal }),
    enabled,
    staleTime: Infinity,
  });
}

/** After any money action: the finance lists and every balance on screen. */
export function useRefreshFinance() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: financeKeys.all });
    void queryClient.invalidateQueries({ queryKey: mineKeys.balance() });
  };
}

export function useCreateDepositMutation() {
  const refresh = useRefreshFinance();
  const queryClient = useQueryClient();
  return useSubmission({
    send: (body: ApiBody<'POST', '/v1/payment-orders'>, idempotencyKey) =>
      api.post('/v1/payment-orders', body, { loading: '正在创建订单…', idempotencyKey }),
    onSuccess: (created) => {
      // A USDT order is the open one now: the 充值 page shows its transfer panel at once.
      if (created.order.network)
        queryClient.setQueryData<OpenUsdtOrder>(financeKeys.openUsdt(), { order: created.order });
      refresh();
    },
  });
}

export function usePaymentInfoMutation() {
  return useMutation({
    mutationFn: (orderId: number) => api.post('/v1/payment-orders/payment-info', { order_id: orderId }),
  });
}

export function useSubmitTransferMutation() {
  const refresh = useRefreshFinance();
  const queryClient = useQueryClient();
  return useSubmission({
    send: (body: ApiBody<'POST', '/v1/payment-orders/submit-transfer'>) =>
      api.post('/v1/payment-orders/submit-transfer', body, { loading: '提交中…' }),
    onSuccess: (declared) => {
      queryClient.setQueryData<OpenUsdtOrder>(financeKeys.openUsdt(), (open) =>
        open?.order?.id === declared.id ? { order: null } : open,
      );
      refresh();
    },
  });
}

export function useCancelDepositMutation() {
  const refresh = useRefreshFinance();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post('/v1/payment-orders/:id/cancel', undefined, { params: { id } }),
    onSuccess: (cancelled) => {
      // Off the 充值 page at once: the form shows without waiting for the open order to be read again.
      queryClient.setQueryData<OpenUsdtOrder>(financeKeys.openUsdt(), (open) =>
        open?.order?.id === cancelled.id ? { order: null } : open,
      );
      refresh();
    },
  });
}

export function useCreateWithdrawMutation() {
  const refresh = useRefreshFinance();
  return useSubmission({
    send: (body: ApiBody<'POST', '/v1/withdraws'>, idempotencyKey) =>
      api.post('/v1/withdraws', body, { loading: '提交中…', idempotencyKey }),
    onSuccess: refresh,
  });
}

export function useCancelWithdrawMutation() {
  const refresh = useRefreshFinance();
  return useSubmission({
    send: (id: number, idempotencyKey) =>
      api.post('/v1/withdraws/:id/cancel', undefined, { params: { id }, idempotencyKey }),
    onSuccess: refresh,
  });
}

export function useSaveWalletMutation() {
  const refresh = useRefreshFinance();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: UserWalletInput }) =>
      id ? api.put('/v1/user-wallets/:id', body, { params: { id } }) : api.post('/v1/user-wallets', body),
    onSuccess: refresh,
  });
}

export function useWalletActionMutation() {
  const refresh = useRefreshFinance();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'toggle' | 'delete' }) =>
      action === 'delete'
        ? api.delete('/v1/user-wallets/:id', undefined, { params: { id } })
        : api.post('/v1/user-wallets/:id/toggle-status', undefined, { params: { id } }),
    onSuccess: refresh,
  });
}
