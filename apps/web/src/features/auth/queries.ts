import type { UserInfo } from '@app/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';
import { setSession } from '../session/store.ts';

export interface AuthResult {
  token: string;
  token_type: 'Bearer';
  expires_at: string;
  userinfo: UserInfo;
}

export interface SmartRegisterResult extends AuthResult {
  username: string;
  password: string;
}

export interface CodeValidation {
  valid: boolean;
  inviter: string | null;
  agent_id: number | null;
}

export interface DomainValidation {
  domain: string;
  valid: boolean;
  bound: boolean;
  agent_id: number | null;
  agent_code: string | null;
}

export interface Credentials {
  username: string;
  password: string;
  password_confirmation?: string;
}

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
      api.post<AuthResult>('/v1/login', body, { toast: false, loading: '登录中…' }),
    onSuccess: (result) => setSession(result.token, result.userinfo),
  });
}

const REGISTER_PATHS: Record<RegisterVariant['kind'], string> = {
  plain: '/v1/register',
  invite: '/v1/invite/register',
  agent: '/v1/agent/register',
  domain: '/v1/agent/register-by-domain',
};

export function useRegisterMutation() {
  return useMutation({
    mutationFn: ({ credentials, variant }: { credentials: Credentials; variant: RegisterVariant }) => {
      const { kind, ...codes } = variant;
      return api.post<AuthResult>(
        REGISTER_PATHS[kind],
        { ...credentials, ...codes },
        { toast: false, loading: '注册中…' },
      );
    },
    onSuccess: (result) => setSession(result.token, result.userinfo),
  });
}

export function useSmartRegisterMutation() {
  return useMutation({
    mutationFn: (codes: { invite_code?: string; agent_code?: string }) =>
      api.post<SmartRegisterResult>('/v1/smart/register', codes, { loading: '正在生成账号…' }),
    onSuccess: (result) => setSession(result.token, result.userinfo),
  });
}

export function useInviteCodeQuery(code: string) {
  return useQuery({
    queryKey: authKeys.inviteCode(code),
    queryFn: ({ signal }) =>
      api.post<CodeValidation>(
        '/v1/invite/validate',
        { invite_code: code },
        { light: true, toast: false, signal },
      ),
    enabled: CODE_PATTERN.test(code),
    staleTime: 60_000,
  });
}

export function useAgentCodeQuery(code: string) {
  return useQuery({
    queryKey: authKeys.agentCode(code),
    queryFn: ({ signal }) =>
      api.post<CodeValidation>(
        '/v1/agent/validate',
        { agent_code: code },
        { light: true, toast: false, signal },
      ),
    enabled: CODE_PATTERN.test(code),
    staleTime: 60_000,
  });
}

/** Whether the domain this page was opened on is bound to an agent (registration by domain). */
export function useDomainQuery() {
  return useQuery({
    queryKey: authKeys.domain(),
    queryFn: ({ signal }) =>
      api.post<DomainValidation>('/v1/domain/validate', {}, { light: true, toast: false, signal }),
    staleTime: 5 * 60_000,
  });
}
