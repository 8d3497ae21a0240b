import type { ChaseStatus } from '@app/shared';
import type { ApiBody } from '@app/shared/api';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api/client.ts';
import { useSubmission } from '@/lib/api/use-submission.ts';
import { toast } from '@/lib/toast.tsx';
import { useSessionStore } from '../../session/store.ts';
import { lotteryKeys, useRefreshMoney } from '../queries.ts';

/** 追号 (issue 39): create from the game page, the records, one chase period by period, cancel. */

export const chaseKeys = {
  all: [...lotteryKeys.member, 'chases'] as const,
  list: (status: ChaseStatus | 'all') => [...chaseKeys.all, 'list', status] as const,
  detail: (chaseNo: string) => [...chaseKeys.all, 'detail', chaseNo] as const,
};

/** Re-read while a chase runs: its periods move on with the draws. */
const RUNNING_POLL_MS = 10_000;

export function useChaseListQuery(status: ChaseStatus | 'all') {
  const token = useSessionStore((s) => s.token);
  return useInfiniteQuery({
    queryKey: chaseKeys.list(status),
    queryFn: ({ pageParam, signal }) =>
      api.get(
        '/v1/chase/list',
        { status: status === 'all' ? undefined : status, page: pageParam, per_page: 20 },
        { toast: false, light: true, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.list.some((c) => c.status === 'running'))
        ? RUNNING_POLL_MS
        : false,
  });
}

export function useChaseDetailQuery(chaseNo: string) {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: chaseKeys.detail(chaseNo),
    queryFn: ({ signal }) =>
      api.get('/v1/chase/detail', { chase_no: chaseNo }, { toast: false, light: true, signal }),
    enabled: Boolean(token) && chaseNo !== '',
    refetchInterval: (query) => (query.state.data?.status === 'running' ? RUNNING_POLL_MS : false),
  });
}

/** POST /v1/chase/create, one Idempotency-Key per plan confirmed. */
export function useCreateChase() {
  const refresh = useRefreshMoney();
  const queryClient = useQueryClient();
  return useSubmission({
    send: (body: ApiBody<'POST', '/v1/chase/create'>, idempotencyKey) =>
      api.post('/v1/chase/create', body, { toast: false, loading: '追号提交中…', idempotencyKey }),
    onSuccess: () => {
      refresh();
      void queryClient.invalidateQueries({ queryKey: chaseKeys.all });
    },
    onError: (err) =>
      toast.error(err instanceof Error && err.message ? `追号失败：${err.message}` : '追号失败'),
  });
}

export function useCancelChase() {
  const refresh = useRefreshMoney();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chaseNo: string) =>
      api.post('/v1/chase/cancel', { chase_no: chaseNo }, { toast: false, loading: '撤销中…' }),
    onSuccess: (data) => {
      toast.success(`追号已撤销，${data.refunded}元已退回彩票钱包`);
      refresh();
      queryClient.setQueryData(chaseKeys.detail(data.chase_no), data);
      void queryClient.invalidateQueries({ queryKey: chaseKeys.all });
    },
    onError: (err) =>
      toast.error(err instanceof Error && err.message ? `撤销失败：${err.message}` : '撤销失败'),
  });
}
