import type { PaymentMethodView, PaymentOrderView, UserWalletView, WithdrawView } from '@app/shared';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, newIdempotencyKey } from '@/lib/api/client.ts';
import { mineKeys } from '../mine/queries.ts';
import { MEMBER_SCOPE, useSessionStore } from '../session/store.ts';

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  per_page: number;
  has_more: boolean;
}

export interface CreatedPaymentOrder {
  order: PaymentOrderView;
  pay_url: string | null;
  deposit_address: string | null;
}

export interface WithdrawConfig {
  min_amount: string;
  max_amount: string;
  fee_rate_bp: number;
  fee_min: string;
  fee_max: string;
  daily_count: number;
  used_today: number;
  remaining_today: number;
  usdt_rate: string;
}

export interface WithdrawBalance {
  balance: string;
  withdrawable: string;
  frozen: string;
  turnover_required: string;
}

export interface UserWalletInput {
  type: UserWalletView['type'];
  bank_code?: string;
  holder_name?: string;
  account: string;
  alias?: string;
}

export const financeKeys = {
  all: [MEMBER_SCOPE, 'finance'] as const,
  methods: () => [...financeKeys.all, 'methods'] as const,
  usdtRate: () => [...financeKeys.all, 'usdt-rate'] as const,
  deposits: () => [...financeKeys.all, 'deposits'] as const,
  deposit: (id: number) => [...financeKeys.all, 'deposit', id] as const,
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
    queryFn: ({ signal }) =>
      api.get<{ list: PaymentMethodView[] }>('/v1/payment-orders/methods', undefined, { ...light, signal }),
    enabled,
    staleTime: STALE_MS.settings,
  });
}

export function useUsdtRateQuery() {
  const enabled = useMember();
  return useQuery({
    queryKey: financeKeys.usdtRate(),
    queryFn: ({ signal }) =>
      api.get<{ rate: string }>('/v1/payment-orders/usdt-rate', undefined, { ...light, signal }),
    enabled,
    staleTime: STALE_MS.settings,
  });
}

function usePagedQuery<T>(key: readonly unknown[], path: string, perPage = 15) {
  const enabled = useMember();
  return useInfiniteQuery({
    queryKey: [...key, perPage],
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<T>>(path, { page: pageParam, per_page: perPage }, { ...light, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: STALE_MS.lists,
  });
}

export const useDepositListQuery = () =>
  usePagedQuery<PaymentOrderView>(financeKeys.deposits(), '/v1/payment-orders');
export const useWithdrawListQuery = () =>
  usePagedQuery<WithdrawView>(financeKeys.withdrawals(), '/v1/withdraws');

export function useDepositQuery(id: number, poll: boolean) {
  const enabled = useMember() && id > 0;
  return useQuery({
    queryKey: financeKeys.deposit(id),
    queryFn: ({ signal }) =>
      api.get<PaymentOrderView>(`/v1/payment-orders/${id}`, undefined, { ...light, signal }),
    enabled,
    refetchInterval: (q) => (poll && q.state.data && q.state.data.status !== 'paid' ? 2_000 : false),
  });
}

export function useWithdrawConfigQuery() {
  const enabled = useMember();
  return useQuery({
    queryKey: financeKeys.withdrawConfig(),
    queryFn: ({ signal }) => api.get<WithdrawConfig>('/v1/withdraws/config', undefined, { ...light, signal }),
    enabled,
  });
}

export function useWithdrawBalanceQuery() {
  const enabled = useMember();
  return useQuery({
    queryKey: financeKeys.withdrawBalance(),
    queryFn: ({ signal }) =>
      api.get<WithdrawBalance>('/v1/withdraws/balance', undefined, { ...light, signal }),
    enabled,
  });
}

export function useWalletsQuery() {
  const enabled = useMember();
  return useQuery({
    queryKey: financeKeys.wallets(),
    queryFn: ({ signal }) =>
      api.get<{ list: UserWalletView[] }>('/v1/user-wallets', undefined, { ...light, signal }),
    enabled,
  });
}

export function useWalletQuery(id: number) {
  const enabled = useMember() && id > 0;
  return useQuery({
    queryKey: financeKeys.wallet(id),
    queryFn: ({ signal }) =>
      api.get<UserWalletView>(`/v1/user-wallets/${id}`, undefined, { ...light, signal }),
    enabled,
  });
}

export function useBanksQuery() {
  const enabled = useMember();
  return useQuery({
    queryKey: financeKeys.banks(),
    queryFn: ({ signal }) =>
      api.get<{ list: Array<{ code: string; name: string }> }>('/v1/withdraws/banks', undefined, {
        ...light,
        signal,
      }),
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
  return useMutation({
    mutationFn: (body: { method: string; amount: string }) =>
      api.post<CreatedPaymentOrder>('/v1/payment-orders', body, {
        loading: '正在创建订单…',
        idempotencyKey: newIdempotencyKey(),
      }),
    onSuccess: refresh,
  });
}

export function usePaymentInfoMutation() {
  return useMutation({
    mutationFn: (orderId: number) =>
      api.post<{ pay_url: string; order_no: string; amount: string }>('/v1/payment-orders/payment-info', {
        order_id: orderId,
      }),
  });
}

export function useSubmitTransferMutation() {
  const refresh = useRefreshFinance();
  return useMutation({
    mutationFn: (body: { order_id: number; tx_hash: string; amount: string }) =>
      api.post<PaymentOrderView>('/v1/payment-orders/submit-transfer', body, { loading: '提交中…' }),
    onSuccess: refresh,
  });
}

export function useCancelDepositMutation() {
  const refresh = useRefreshFinance();
  return useMutation({
    mutationFn: (id: number) => api.post<PaymentOrderView>(`/v1/payment-orders/${id}/cancel`),
    onSuccess: refresh,
  });
}

export function useCreateWithdrawMutation() {
  const refresh = useRefreshFinance();
  return useMutation({
    mutationFn: ({
      key,
      ...body
    }: {
      wallet_id: number;
      amount: string;
      payment_password: string;
      key: string;
    }) => api.post<WithdrawView>('/v1/withdraws', body, { loading: '提交中…', idempotencyKey: key }),
    onSuccess: refresh,
  });
}

export function useCancelWithdrawMutation() {
  const refresh = useRefreshFinance();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<WithdrawView>(`/v1/withdraws/${id}/cancel`, undefined, {
        idempotencyKey: newIdempotencyKey(),
      }),
    onSuccess: refresh,
  });
}

export function useSaveWalletMutation() {
  const refresh = useRefreshFinance();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: UserWalletInput }) =>
      id
        ? api.put<UserWalletView>(`/v1/user-wallets/${id}`, body)
        : api.post<UserWalletView>('/v1/user-wallets', body),
    onSuccess: refresh,
  });
}

export function useWalletActionMutation() {
  const refresh = useRefreshFinance();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'toggle' | 'delete' }) =>
      action === 'delete'
        ? api.delete<null>(`/v1/user-wallets/${id}`)
        : api.post<UserWalletView>(`/v1/user-wallets/${id}/toggle-status`),
    onSuccess: refresh,
  });
}
