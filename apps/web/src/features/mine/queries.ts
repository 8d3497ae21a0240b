import type { UserInfo } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';
import { sessionKeys } from '../session/queries.ts';
import { MEMBER_SCOPE, patchUserInfo, updateUserInfo, useSessionStore } from '../session/store.ts';

/** GET /v1/user/balance; money fields are decimal strings, shown as they are. */
export interface BalanceInfo {
  balance: string;
  frozen_balance: string;
  lottery_balance: string;
  codingvolume: string;
  paysum: string;
  totalgame: string;
  total_withdraw: string;
  updated_at: string;
}

export interface VipLevelRow {
  level: number;
  name: string;
  min_paysum: string;
  min_totalgame: string;
  upgrade_bonus: string;
  rebate_rate_sports: string;
  rebate_rate_lottery: string;
  rebate_rate_games: string;
  daily_withdraw_count: number;
}

/** GET /v1/user/viplevel. */
export interface VipLevelInfo {
  vip_level: number;
  level_name: string;
  next_level: number | null;
  next_level_name: string | null;
  paysum: string;
  totalgame: string;
  next_paysum: string | null;
  next_totalgame: string | null;
  progress: number;
  levels: VipLevelRow[];
}

export interface ProfileChanges {
  nickname?: string;
  mobile?: string;
  email?: string;
  real_name?: string;
}

export interface PasswordChange {
  old_password: string;
  password: string;
  password_confirmation: string;
}

export interface PaymentPasswordChange {
  payment_password: string;
  payment_password_confirmation: string;
  login_password?: string;
  old_payment_password?: string;
}

export const mineKeys = {
  all: [MEMBER_SCOPE, 'mine'] as const,
  balance: () => [...mineKeys.all, 'balance'] as const,
  vip: () => [...mineKeys.all, 'vip'] as const,
};

export function useBalanceQuery() {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: mineKeys.balance(),
    queryFn: async ({ signal }) => {
      const info = await api.get<BalanceInfo>('/v1/user/balance', undefined, {
        light: true,
        toast: false,
        signal,
      });
      patchUserInfo({
        balance: info.balance,
        frozen_balance: info.frozen_balance,
        lottery_balance: info.lottery_balance,
        codingvolume: info.codingvolume,
      });
      return info;
    },
    enabled: Boolean(token),
    staleTime: 10_000,
  });
}

export function useVipQuery() {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: mineKeys.vip(),
    queryFn: ({ signal }) =>
      api.get<VipLevelInfo>('/v1/user/viplevel', undefined, { light: true, toast: false, signal }),
    enabled: Boolean(token),
    staleTime: 60_000,
  });
}

export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileChanges) =>
      api.post<UserInfo>('/v1/user/update', changes, { toast: false, loading: '保存中…' }),
    onSuccess: (userinfo) => {
      updateUserInfo(userinfo);
      queryClient.setQueryData(sessionKeys.me(), userinfo);
    },
  });
}

/** POST /v1/user/profile: other sessions end, this one stays. */
export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (body: PasswordChange) =>
      api.post<{ revoked_sessions: number }>('/v1/user/profile', body, { toast: false, loading: '提交中…' }),
  });
}

export function useSetPaymentPasswordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentPasswordChange) =>
      api.post<{ has_payment_password: true }>('/v1/user/set-payment-password', body, {
        toast: false,
        loading: '提交中…',
      }),
    onSuccess: () => {
      patchUserInfo({ has_payment_password: true });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.me() });
    },
  });
}
