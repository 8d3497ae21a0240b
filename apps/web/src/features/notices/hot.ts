import { HOT_NOTICE_DEFAULT_LIMIT } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client.ts';

// The notices' keys and the notice bar's query, in a module of their own (as banners.ts): the
// notice bar is on the home page, the lists page by page (queries.ts) are not.
export const STALE_MS = 60_000;
export const quiet = { toast: false, light: true } as const;

export const noticeKeys = {
  all: ['notices'] as const,
  hot: (category: number, limit: number) => [...noticeKeys.all, 'hot', category, limit] as const,
  list: (category: number, keyword: string) => [...noticeKeys.all, 'list', category, keyword] as const,
  detail: (id: number) => [...noticeKeys.all, 'detail', id] as const,
  categories: () => [...noticeKeys.all, 'categories'] as const,
};

/** Pinned and latest notices of a category (GET /v1/notices/hot). */
export function useHotNoticesQuery(category: number, limit = HOT_NOTICE_DEFAULT_LIMIT, enabled = true) {
  return useQuery({
    queryKey: noticeKeys.hot(category, limit),
    queryFn: ({ signal }) =>
      api.get('/v1/notices/hot', { category_id: category, limit }, { ...quiet, signal }),
    staleTime: STALE_MS,
    enabled,
  });
}
