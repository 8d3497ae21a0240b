import type { ApiBody, ApiResponse } from '@app/shared/api';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';
import { setSession } from '../session/store.ts';

export type SmartRegisterResult = ApiResponse<'POST', '/v1/smart/register'>;
export type SmartRegisterBody = ApiBody<'POST', '/v1/smart/register'>;

/** What every registration variant sends besides its code: the account and the consent to the terms. */
export type Credentials = Pick<
  ApiBody<'POST', '/v1/register'>,
  'username' | 'password' | 'password_confirmation' | 'mobile' | 'sms_code' | 'accept_terms' | 'terms_version'
>;

export type RegisterVariant =
  | { kind: 'plain'; invite_code?: string }
  | { kind: 'invite'; invite_code: string }
  | { kind: 'agent'; agent_code: string }
  | { kind: 'domain' };

/** Codes are 4–16 letters or digits (shared contract); anything else is not worth asking about. */
export const CODE_PATTERN = /^[A-Za-z0-9]{4,16}$/;

export const authKeys = {
  all: ['auth'] as const,
  inviteCode: (code: string) => [...authKeys.all, 'invite-code', code] as const,
  agentCode: (code: string) => [...authKeys.all, 'agent-code', code] as const,
  domain: () => [...authKeys.all, 'domain'] as const,
};

export function useLoginMutation() {
  return useMutation({
    mutationFn: (body: { username: string; password: string }) =>
      api.post('/v1/login', body, { toast: false, loading: '登录中…' }),
    onSuccess: (result) => setSession(result.token, result.userinfo),
  });
}

function register(credentials: Credentials, variant: RegisterVariant) {
  const options = { toast: false, loading: '注册中…' } as const;
  switch (variant.kind) {
    case 'plain':
      return api.post('/v1/register', { ...credentials, invite_code: variant.invite_code }, options);
    case 'invite':
      return api.post('/v1/invite/register', { ...credentials, invite_code: variant.invite_code }, options);
    case 'agent':
      return api.post('/v1/agent/register', { ...credentials, agent_code: variant.agent_code }, options);
    case 'domain':
      return api.post('/v1/agent/register-by-domain', credentials, options);
  }
}

export function useRegisterMutation() {
  return useMutation({
    mutationFn: ({ credentials, variant }: { credentials: Credentials; variant: RegisterVariant }) =>
      register(credentials, variant),
    onSuccess: (result) => setSession(result.token, result.userinfo),
  });
}

export function useSmartRegisterMutation() {
  return useMutation({
    mutationFn: (body: SmartRegisterBody) =>
      api.post('/v1/smart/register', body, { loading: '正在生成账号…' }),
    onSuccess: (result) => setSession(result.token, result.userinfo),
  });
}

export function useInviteCodeQuery(code: string) {
  return useQuery({
    queryKey: authKeys.inviteCode(code),
    queryFn: ({ signal }) =>
      api.post('/v1/invite/validate', { invite_code: code }, { light: true, toast: false, signal }),
    enabled: CODE_PATTERN.test(code),
    staleTime: 60_000,
  });
}

export function useAgentCodeQuery(code: string) {
  return useQuery({
    queryKey: authKeys.agentCode(code),
    queryFn: ({ signal }) =>
      api.post('/v1/agent/validate', { agent_code: code }, { light: true, toast: false, signal }),
    enabled: CODE_PATTERN.test(code),
    staleTime: 60_000,
  });
}

/** Whether the domain this page was opened on is bound to an agent (registration by domain). */
export function useDomainQuery() {
  return useQuery({
    queryKey: authKeys.domain(),
    queryFn: ({ signal }) => api.post('/v1/domain/validate', {}, { light: true, toast: false, signal }),
    staleTime: 5 * 60_000,
  });
}

/** 忘记密码: a code to the number if it is a member's (the answer is the same either way). */
export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: (phone: string) => api.post('/v1/forgot-password', { phone }, { light: true }),
  });
}

export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (body: ApiBody<'POST', '/v1/reset-password'>) =>
      api.post('/v1/reset-password', body, { toast: false, loading: '正在重置…' }),
  });
}

/** A code for registering with this number (while sms_open is on). */
export function useRegisterCodeMutation() {
  return useMutation({
    mutationFn: (phone: string) => api.post('/v1/sms/send', { phone }, { light: true }),
  });
}
