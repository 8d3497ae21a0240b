import type { ApiBody, ApiResponse } from '@app/shared/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';
import { sessionKeys } from '../session/queries.ts';
import { MEMBER_SCOPE, patchUserInfo, updateUserInfo, useSessionStore } from '../session/store.ts';

/** GET /v1/user/balance; money fields are decimal strings, shown as they are. */
export type BalanceInfo = ApiResponse<'GET', '/v1/user/balance'>;
/** GET /v1/user/viplevel. */
export type VipLevelInfo = ApiResponse<'GET', '/v1/user/viplevel'>;
export type VipLevelRow = VipLevelInfo['levels'][number];
export type ProfileChanges = ApiBody<'POST', '/v1/user/update'>;
export type PasswordChange = ApiBody<'POST', '/v1/user/profile'>;
export type PaymentPasswordChange = ApiBody<'POST', '/v1/user/set-payment-password'>;

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
      const info = await api.get('/v1/user/balance', undefined, {
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
    queryFn: ({ signal }) => api.get('/v1/user/viplevel', undefined, { light: true, toast: false, signal }),
    enabled: Boolean(token),
    staleTime: 60_000,
  });
}

export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileChanges) =>
      api.post('/v1/user/update', changes, { toast: false, loading: '保存中…' }),
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
      api.post('/v1/user/profile', body, { toast: false, loading: '提交中…' }),
  });
}

export function useSetPaymentPasswordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentPasswordChange) =>
      api.post('/v1/user/set-payment-password', body, {
        toast: false,
        loading: '提交中…',
      }),
    onSuccess: () => {
      patchUserInfo({ has_payment_password: true });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.me() });
    },
  });
}

export type MemberSmsPurpose = ApiBody<'POST', '/v1/user/sms/send'>['purpose'];
export type DeviceSession = ApiResponse<'GET', '/v1/user/sessions'>[number];

/** A code to a new number (bind, change) or to the member's own (old number, payment password). */
export function useMemberCodeMutation() {
  return useMutation({
    mutationFn: (body: { purpose: MemberSmsPurpose; phone?: string }) =>
      api.post('/v1/user/sms/send', body, { light: true }),
  });
}

function useUserInfoWrite() {
  const queryClient = useQueryClient();
  return (userinfo: ApiResponse<'POST', '/v1/user/phone/bind'>) => {
    updateUserInfo(userinfo);
    queryClient.setQueryData(sessionKeys.me(), userinfo);
  };
}

export function useBindPhoneMutation() {
  const write = useUserInfoWrite();
  return useMutation({
    mutationFn: (body: ApiBody<'POST', '/v1/user/phone/bind'>) =>
      api.post('/v1/user/phone/bind', body, { toast: false, loading: '提交中…' }),
    onSuccess: write,
  });
}

export function useChangePhoneMutation() {
  const write = useUserInfoWrite();
  return useMutation({
    mutationFn: (body: ApiBody<'POST', '/v1/user/phone/change'>) =>
      api.post('/v1/user/phone/change', body, { toast: false, loading: '提交中…' }),
    onSuccess: write,
  });
}

export function useResetPaymentPasswordMutation() {
  return useMutation({
    mutationFn: (body: ApiBody<'POST', '/v1/user/payment-password/reset'>) =>
      api.post('/v1/user/payment-password/reset', body, { toast: false, loading: '提交中…' }),
    onSuccess: () => patchUserInfo({ has_payment_password: true }),
  });
}

export function useSessionsQuery() {
  return useQuery({
    queryKey: [...mineKeys.all, 'sessions'] as const,
    queryFn: ({ signal }) => api.get('/v1/user/sessions', undefined, { light: true, signal }),
  });
}

/** Signs out one other device, or every other one (no id). */
export function useRevokeSessionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number | null) =>
      id === null
        ? api.post('/v1/user/sessions/revoke-others', undefined, { loading: '正在退出…' })
        : api.post('/v1/user/sessions/:id/revoke', undefined, { params: { id }, loading: '正在退出…' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...mineKeys.all, 'sessions'] }),
  });
}
