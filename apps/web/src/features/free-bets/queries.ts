import type { ApiResponse } from '@app/shared/api';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client.ts';
import { MEMBER_SCOPE, selectLoggedIn, useSessionStore } from '../session/store.ts';

/** One 免费投注券 of the member (GET /v1/free-bets). */
export type FreeBet = ApiResponse<'GET', '/v1/free-bets'>['list'][number];
export type FreeBetTab = 'available' | 'history';

/** The slip reads every ticket the member may use in one page. */
const AVAILABLE_PER_PAGE = 50;
const PAGE_SIZE = 20;
const AVAILABLE_STALE_MS = 30_000;

const quiet = { toast: false, light: true } as const;

export const freeBetKeys = {
  /** The member's own: dropped at logout with the member scope (orders refresh them too). */
  all: [MEMBER_SCOPE, 'free-bets'] as const,
  available: () => [...freeBetKeys.all, 'available'] as const,
  list: (tab: FreeBetTab) => [...freeBetKeys.all, 'list', tab] as const,
};

/** The tickets the member can use now (members only), for the slip's 免费投注券 line. */
export function useAvailableFreeBetsQuery() {
  const loggedIn = useSessionStore(selectLoggedIn);
  return useQuery({
    queryKey: freeBetKeys.available(),
    queryFn: ({ signal }) =>
      api.get(
        '/v1/free-bets',
        { status: 'available', page: 1, per_page: AVAILABLE_PER_PAGE },
        { ...quiet, signal },
      ),
    enabled: loggedIn,
    staleTime: AVAILABLE_STALE_MS,
    select: (page) => page.list,
  });
}

/** 免费投注券 page: 可使用 or 历史记录 (used, expired, revoked), page by page. */
export function useFreeBetsQuery(tab: FreeBetTab) {
  const loggedIn = useSessionStore(selectLoggedIn);
  return useInfiniteQuery({
    queryKey: freeBetKeys.list(tab),
    queryFn: ({ pageParam, signal }) =>
      api.get('/v1/free-bets', { status: tab, page: pageParam, per_page: PAGE_SIZE }, { ...quiet, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: loggedIn,
  });
}
