import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client.ts';
import { MEMBER_SCOPE, selectLoggedIn, useSessionStore } from '../session/store.ts';

const BOOSTS_STALE_MS = 60_000;

/** GET /v1/sports/boosts: the 加奖 campaigns running now that cover the member (members only). */
export function useBoostsQuery() {
  const loggedIn = useSessionStore(selectLoggedIn);
  return useQuery({
    queryKey: [MEMBER_SCOPE, 'sports-boosts'] as const,
    queryFn: ({ signal }) => api.get('/v1/sports/boosts', undefined, { toast: false, light: true, signal }),
    enabled: loggedIn,
    staleTime: BOOSTS_STALE_MS,
  });
}
