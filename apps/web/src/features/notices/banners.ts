import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client.ts';
import { useSessionStore } from '../session/store.ts';

/*
 * The banners, apart from the notices (queries.ts): the app asks for the home page's at launch
 * (app/boot.ts), so this module is in the first load, and the notice lists are not.
 */

const STALE_MS = 60_000;
const quiet = { toast: false, light: true } as const;

/** The home page's banners (`page_type` 1). */
export const HOME_BANNER_PAGE = 1;

export const bannerKeys = {
  page: (pageType: number, memberId: number | null) => ['banners', pageType, memberId] as const,
};

/** Banners of a page (GET /v1/banners/page-type): a member of an agent sees that agent's where set. */
export function bannersQuery(pageType: number, memberId: number | null) {
  return {
    queryKey: bannerKeys.page(pageType, memberId),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.get('/v1/banners/page-type', { page_type: pageType }, { ...quiet, signal }),
    staleTime: STALE_MS,
  };
}

export function useBannersQuery(pageType: number, enabled = true) {
  const memberId = useSessionStore((s) => s.userinfo?.id ?? null);
  return useQuery({ ...bannersQuery(pageType, memberId), enabled });
}

/**
 * Launched on the home page: asks for its banners (the largest thing it paints) while the page's
 * code is still on its way, rather than after it arrives — one round trip less before they show.
 */
export function prefetchHomeBanners(client: QueryClient, memberId: number | null): void {
  void client.prefetchQuery(bannersQuery(HOME_BANNER_PAGE, memberId));
}
