import type { ApiBody } from '@app/shared/api';
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client.ts';
import { useSubmission } from '@/lib/api/use-submission.ts';
import { toast } from '@/lib/toast.tsx';
import { mineKeys } from '../mine/queries.ts';
import { orderKeys } from '../orders/queries.ts';
import { MEMBER_SCOPE, useSessionStore } from '../session/store.ts';

/** 跟单 (issue 39, point 3): the hall, one 晒单, publishing an order and copying one. */

export type HallTab = 'newest' | 'hot' | 'mine';

export const followKeys = {
  all: [MEMBER_SCOPE, 'follow'] as const,
  hall: (tab: HallTab) => [...followKeys.all, 'hall', tab] as const,
  post: (id: number) => [...followKeys.all, 'post', id] as const,
};

export function useFollowHallQuery(tab: HallTab) {
  const token = useSessionStore((s) => s.token);
  return useInfiniteQuery({
    queryKey: followKeys.hall(tab),
    queryFn: ({ pageParam, signal }) =>
      api.get(
        '/v1/follow/posts',
        {
          sort: tab === 'hot' ? 'hot' : 'newest',
          mine: tab === 'mine' ? '1' : undefined,
          page: pageParam,
          per_page: 10,
        },
        { toast: false, light: true, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

export function useFollowPostQuery(id: number) {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: followKeys.post(id),
    queryFn: ({ signal }) => api.get('/v1/follow/posts/:id', { id }, { toast: false, light: true, signal }),
    enabled: Boolean(token) && id > 0,
  });
}

const failed = (what: string) => (err: unknown) =>
  toast.error(err instanceof Error && err.message ? `${what}：${err.message}` : what);

export function usePublishPost() {
  const queryClient = useQueryClient();
  return useSubmission({
    send: (body: ApiBody<'POST', '/v1/follow/posts'>) =>
      api.post('/v1/follow/posts', body, { toast: false, loading: '晒单中…' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: followKeys.all });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
    onError: failed('晒单失败'),
  });
}

/** POST /v1/follow/posts/:id/copy, one Idempotency-Key per copy confirmed. */
export function useCopyPost() {
  const queryClient = useQueryClient();
  return useSubmission({
    send: ({ id, multiple, total }: { id: number; multiple: number; total: string }, idempotencyKey) =>
      api.post(
        '/v1/follow/posts/:id/copy',
        { multiple, total_amount: total },
        { params: { id }, toast: false, loading: '跟单中…', idempotencyKey },
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: followKeys.all });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: mineKeys.balance() });
    },
    onError: failed('跟单失败'),
  });
}

// ---- 定制跟单 ----

export const subscriptionKeys = {
  all: [MEMBER_SCOPE, 'follow-subscriptions'] as const,
};

export function useSubscriptionsQuery() {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: subscriptionKeys.all,
    queryFn: ({ signal }) =>
      api.get('/v1/follow/subscriptions', undefined, { toast: false, light: true, signal }),
    enabled: Boolean(token),
  });
}

export function useSubscribe() {
  const queryClient = useQueryClient();
  return useSubmission({
    send: (body: ApiBody<'POST', '/v1/follow/subscriptions'>) =>
      api.post('/v1/follow/subscriptions', body, { toast: false, loading: '提交中…' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
    onError: failed('定制失败'),
  });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useSubmission({
    send: (id: number) =>
      api.post('/v1/follow/subscriptions/:id/cancel', undefined, {
        params: { id },
        toast: false,
        loading: '取消中…',
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
    onError: failed('取消失败'),
  });
}
