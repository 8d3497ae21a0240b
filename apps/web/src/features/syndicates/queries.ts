import type { ApiBody } from '@app/shared/api';
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client.ts';
import { useSubmission } from '@/lib/api/use-submission.ts';
import { toast } from '@/lib/toast.tsx';
import { mineKeys } from '../mine/queries.ts';
import { orderKeys } from '../orders/queries.ts';
import { MEMBER_SCOPE, useSessionStore } from '../session/store.ts';

/** 合买 (issue 39, point 2): the hall, one plan, starting a plan and buying shares. */

export type HallTab = 'hot' | 'newest' | 'progress' | 'mine';

export const syndicateKeys = {
  all: [MEMBER_SCOPE, 'syndicates'] as const,
  hall: (tab: HallTab) => [...syndicateKeys.all, 'hall', tab] as const,
  plan: (id: number) => [...syndicateKeys.all, 'plan', id] as const,
};

export function useSyndicateHallQuery(tab: HallTab) {
  const token = useSessionStore((s) => s.token);
  return useInfiniteQuery({
    queryKey: syndicateKeys.hall(tab),
    queryFn: ({ pageParam, signal }) =>
      api.get(
        '/v1/syndicates',
        {
          sort: tab === 'mine' ? 'newest' : tab,
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

export function useSyndicateQuery(id: number) {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: syndicateKeys.plan(id),
    queryFn: ({ signal }) => api.get('/v1/syndicates/:id', { id }, { toast: false, light: true, signal }),
    enabled: Boolean(token) && id > 0,
  });
}

const failed = (what: string) => (err: unknown) =>
  toast.error(err instanceof Error && err.message ? `${what}：${err.message}` : what);

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: syndicateKeys.all });
    void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    void queryClient.invalidateQueries({ queryKey: mineKeys.balance() });
  };
}

/** POST /v1/syndicates, one Idempotency-Key per plan confirmed. */
export function useStartSyndicate() {
  const refresh = useRefresh();
  return useSubmission({
    send: (body: ApiBody<'POST', '/v1/syndicates'>, idempotencyKey) =>
      api.post('/v1/syndicates', body, { toast: false, loading: '发起中…', idempotencyKey }),
    onSuccess: refresh,
    onError: failed('发起合买失败'),
  });
}

/** POST /v1/syndicates/:id/buy, one Idempotency-Key per purchase confirmed. */
export function useBuyShares() {
  const refresh = useRefresh();
  return useSubmission({
    send: ({ id, shares }: { id: number; shares: number }, idempotencyKey) =>
      api.post(
        '/v1/syndicates/:id/buy',
        { shares },
        { params: { id }, toast: false, loading: '认购中…', idempotencyKey },
      ),
    onSuccess: refresh,
    onError: failed('认购失败'),
  });
}
