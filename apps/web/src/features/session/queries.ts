import { TIMEOUTS, type UserInfo } from '@app/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api/client.ts';
import { MEMBER_SCOPE, updateUserInfo, useSessionStore } from './store.ts';

export const sessionKeys = {
  me: () => [MEMBER_SCOPE, 'me'] as const,
};

/** GET /v1/me; keeps the stored user info current. */
export async function fetchMe(signal?: AbortSignal): Promise<UserInfo> {
  const me = await api.get('/v1/me', undefined, { light: true, toast: false, signal });
  updateUserInfo(me);
  return me;
}

export function useMeQuery() {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: sessionKeys.me(),
    queryFn: ({ signal }) => fetchMe(signal),
    enabled: Boolean(token),
    staleTime: 10_000,
  });
}

/**
 * Login check (SPEC.md §4, §9): while a token is held, GET /v1/me 1 s after launch (or login)
 * and then every 30 s. A 401 there ends the session through the API client.
 */
export function useLoginCheck(): void {
  const token = useSessionStore((s) => s.token);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    const check = () => {
      queryClient
        .fetchQuery({ queryKey: sessionKeys.me(), queryFn: ({ signal }) => fetchMe(signal), staleTime: 0 })
        .catch(() => undefined);
    };
    const first = setTimeout(check, TIMEOUTS.firstLoginCheckMs);
    const every = setInterval(check, TIMEOUTS.loginCheckIntervalMs);
    return () => {
      clearTimeout(first);
      clearInterval(every);
    };
  }, [token, queryClient]);
}
