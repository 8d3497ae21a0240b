import { HOT_NOTICE_DEFAULT_LIMIT } from '@app/shared';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client.ts';

const STALE_MS = 60_000;
const PAGE_SIZE = 20;
const quiet = { toast: false, light: true } as const;

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

/** Notices page by page: a category (0 = all), or a search when a keyword is given. */
export function useNoticeListQuery(category: number, keyword: string) {
  return useInfiniteQuery({
    queryKey: noticeKeys.list(category, keyword),
    queryFn: ({ pageParam, signal }) =>
      keyword
        ? api.get(
            '/v1/notices/search',
            { keyword, category_id: category || undefined, page: pageParam, per_page: PAGE_SIZE },
            { signal },
          )
        : category
          ? api.get(
              '/v1/notices/category/:id',
              { id: category, page: pageParam, per_page: PAGE_SIZE },
              { ...quiet, signal },
            )
          : api.get('/v1/notices', { page: pageParam, per_page: PAGE_SIZE }, { ...quiet, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
    staleTime: STALE_MS,
  });
}

export function useNoticeCategoriesQuery() {
  return useQuery({
    queryKey: noticeKeys.categories(),
    queryFn: ({ signal }) => api.get('/v1/notices/categories', undefined, { ...quiet, signal }),
    staleTime: STALE_MS,
  });
}

export function useNoticeQuery(id: number) {
  return useQuery({
    queryKey: noticeKeys.detail(id),
    queryFn: ({ signal }) => api.get('/v1/notices/:id', { id }, { toast: false, signal }),
    enabled: id > 0,
    staleTime: STALE_MS,
  });
}
