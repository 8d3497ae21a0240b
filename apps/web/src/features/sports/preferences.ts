import { DEFAULT_ODDS_POLICY, type OddsPolicy } from '@app/shared';
import type { ApiResponse } from '@app/shared/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client.ts';
import { MEMBER_SCOPE, selectLoggedIn, useSessionStore } from '../session/store.ts';

/** GET /v1/sports/preferences: the odds-change policy and the in-play bet delay per sport. */
export type SportsPreferences = ApiResponse<'GET', '/v1/sports/preferences'>;

export const preferenceKeys = {
  all: [MEMBER_SCOPE, 'sports-preferences'] as const,
};

/** Preferences change only when the member saves them here; no need to re-read them often. */
const PREFERENCES_STALE_MS = 5 * 60_000;

/** The member's sports preferences (members only; visitors get nothing). */
export function useSportsPreferencesQuery() {
  const loggedIn = useSessionStore(selectLoggedIn);
  return useQuery({
    queryKey: preferenceKeys.all,
    queryFn: ({ signal }) =>
      api.get('/v1/sports/preferences', undefined, { toast: false, light: true, signal }),
    enabled: loggedIn,
    staleTime: PREFERENCES_STALE_MS,
  });
}

/** The policy in force: the member's, else the server's default. */
export function useOddsPolicy(): OddsPolicy {
  return useSportsPreferencesQuery().data?.odds_policy ?? DEFAULT_ODDS_POLICY;
}

/** PUT /v1/sports/preferences: saves the odds-change policy; the answer replaces the cache. */
export function useSetOddsPolicyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (odds_policy: OddsPolicy) =>
      api.put('/v1/sports/preferences', { odds_policy }, { toast: false, loading: '保存中…' }),
    onSuccess: (saved) => queryClient.setQueryData(preferenceKeys.all, saved),
  });
}
