import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client.ts';
import { noticeKeys, quiet, STALE_MS } from './hot.ts';

export { noticeKeys, useHotNoticesQuery } from './hot.ts';

const PAGE_SIZE = 20;

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
