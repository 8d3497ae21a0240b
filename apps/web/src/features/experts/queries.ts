import type { ApiResponse } from '@app/shared/api';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api/client.ts';
import { selectLoggedIn, useSessionStore } from '../session/store.ts';
import { base, expertKeys, quiet, STALE_MS } from './keys.ts';

export { expertKeys } from './keys.ts';
export { usePickedExpertArticlesQuery } from './picks.ts';

const PAGE_SIZE = 20;

export type ExpertCategory = ApiResponse<'GET', '/v1/expert-categories'>[number];

export function useExpertCategoriesQuery() {
  return useQuery({
    queryKey: expertKeys.categories(),
    queryFn: ({ signal }) => api.get('/v1/expert-categories', undefined, { ...quiet, signal }),
    staleTime: STALE_MS,
  });
}

export function useExpertsQuery(categoryId: number, promo = false) {
  return useInfiniteQuery({
    queryKey: expertKeys.list(promo, categoryId),
    queryFn: ({ pageParam, signal }) =>
      api.get(
        `${base(promo)}/experts`,
        { category_id: categoryId || undefined, page: pageParam, per_page: PAGE_SIZE },
        { ...quiet, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
    staleTime: STALE_MS,
  });
}

export function useExpertQuery(id: number, promo = false) {
  return useQuery({
    queryKey: expertKeys.expert(promo, id),
    queryFn: ({ signal }) => api.get(`${base(promo)}/experts/:id`, { id }, { toast: false, signal }),
    enabled: id > 0,
    staleTime: STALE_MS,
  });
}

/** 实单: the 晒单 of the member account the expert bets with. */
export function useExpertSlipsQuery(id: number, enabled: boolean) {
  return useQuery({
    queryKey: expertKeys.slips(id),
    queryFn: ({ signal }) =>
      api.get('/v1/experts/:id/slips', { id, page: 1, per_page: 10 }, { toast: false, signal }),
    enabled: enabled && id > 0,
    staleTime: STALE_MS,
  });
}

export function useExpertArticlesQuery(filter: { expertId?: number; categoryId?: number }, promo = false) {
  return useInfiniteQuery({
    queryKey: expertKeys.articles(promo, filter.expertId ?? 0, filter.categoryId ?? 0),
    queryFn: ({ pageParam, signal }) =>
      api.get(
        `${base(promo)}/expert-articles`,
        {
          expert_id: filter.expertId || undefined,
          category_id: filter.categoryId || undefined,
          page: pageParam,
          per_page: PAGE_SIZE,
        },
        { ...quiet, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
    staleTime: STALE_MS,
  });
}

export function useExpertArticleQuery(id: number, promo = false) {
  return useQuery({
    queryKey: expertKeys.article(promo, id),
    queryFn: ({ signal }) => api.get(`${base(promo)}/expert-articles/:id`, { id }, { toast: false, signal }),
    enabled: id > 0,
    staleTime: STALE_MS,
  });
}

export function useLotteryCategoriesQuery() {
  return useQuery({
    queryKey: expertKeys.lotteryCategories(),
    queryFn: ({ signal }) => api.get('/v1/lottery-categories', undefined, { ...quiet, signal }),
    staleTime: STALE_MS,
  });
}

/** Lottery articles of a category (0 = all), or a search when a keyword is given. */
export function useLotteryArticlesQuery(categoryId: number, keyword: string, promo = false) {
  return useInfiniteQuery({
    queryKey: expertKeys.lotteryArticles(promo, categoryId, keyword),
    queryFn: ({ pageParam, signal }) =>
      keyword
        ? api.get(
            `${base(promo)}/lottery-articles/search`,
            { keyword, page: pageParam, per_page: PAGE_SIZE },
            { signal },
          )
        : categoryId
          ? api.get(
              `${base(promo)}/lottery-categories/:id/articles`,
              { id: categoryId, page: pageParam, per_page: PAGE_SIZE },
              { ...quiet, signal },
            )
          : api.get(
              `${base(promo)}/lottery-articles`,
              { page: pageParam, per_page: PAGE_SIZE },
              { ...quiet, signal },
            ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
    staleTime: STALE_MS,
  });
}

export function usePickedLotteryArticlesQuery(kind: 'hot' | 'recommended', limit = 5, promo = false) {
  return useQuery({
    queryKey: expertKeys.lotteryPicked(promo, kind, limit),
    queryFn: ({ signal }) =>
      api.get(`${base(promo)}/lottery-articles/${kind}`, { limit }, { ...quiet, signal }),
    staleTime: STALE_MS,
  });
}

export function useLotteryArticleQuery(id: number, promo = false) {
  return useQuery({
    queryKey: expertKeys.lotteryArticle(promo, id),
    queryFn: ({ signal }) => api.get(`${base(promo)}/lottery-articles/:id`, { id }, { toast: false, signal }),
    enabled: id > 0,
    staleTime: STALE_MS,
  });
}

/** Counts a reading once per page visit (POST increment-views); failures are not worth a toast. */
export function countView(kind: 'expert' | 'lottery', id: number) {
  return api.post(`/v1/${kind}-articles/:id/increment-views`, undefined, {
    params: { id },
    toast: false,
    light: true,
  });
}

export function useLikeStatusQuery(id: number) {
  const loggedIn = useSessionStore(selectLoggedIn);
  return useQuery({
    queryKey: expertKeys.like(id),
    queryFn: ({ signal }) => api.get('/v1/expert-articles/:id/like-status', { id }, { ...quiet, signal }),
    enabled: loggedIn && id > 0,
  });
}

export function useFavoriteStatusQuery(id: number) {
  const loggedIn = useSessionStore(selectLoggedIn);
  return useQuery({
    queryKey: expertKeys.favorite(id),
    queryFn: ({ signal }) => api.get('/v1/expert-articles/:id/favorite-status', { id }, { ...quiet, signal }),
    enabled: loggedIn && id > 0,
  });
}

/** Like or unlike (POST/DELETE …/like); the answer is the new state and count. */
export function useLikeMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (like: boolean) =>
      like
        ? api.post('/v1/expert-articles/:id/like', undefined, { params: { id } })
        : api.delete('/v1/expert-articles/:id/like', undefined, { params: { id } }),
    onSuccess: (status) => {
      queryClient.setQueryData(expertKeys.like(id), status);
      void queryClient.invalidateQueries({ queryKey: expertKeys.all });
    },
  });
}

export function useFavoriteMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (favorite: boolean) =>
      favorite
        ? api.post('/v1/expert-articles/:id/favorite', undefined, { params: { id } })
        : api.delete('/v1/expert-articles/:id/favorite', undefined, { params: { id } }),
    onSuccess: (status) => {
      queryClient.setQueryData(expertKeys.favorite(id), status);
      void queryClient.invalidateQueries({ queryKey: expertKeys.all });
    },
  });
}
