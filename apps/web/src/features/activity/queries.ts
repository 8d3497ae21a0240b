import type { ActivityCategory, ApplicationStatus } from '@app/shared';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client.ts';
import { useSubmission } from '@/lib/api/use-submission.ts';
import { mineKeys } from '../mine/queries.ts';
import { MEMBER_SCOPE, selectLoggedIn, useSessionStore } from '../session/store.ts';

const PAGE_SIZE = 10;
const quiet = { toast: false, light: true } as const;

export type ActivityTab = 'all' | ActivityCategory;
export type RecordFilter = 'all' | ApplicationStatus;

export const activityKeys = {
  all: ['activity'] as const,
  types: () => [...activityKeys.all, 'types'] as const,
  list: (tab: ActivityTab) => [...activityKeys.all, 'list', tab] as const,
  detail: (id: number) => [...activityKeys.all, 'detail', id] as const,
  /** The member's own: dropped at logout with the member scope. */
  mine: [MEMBER_SCOPE, 'activity'] as const,
  status: (id: number) => [...activityKeys.mine, 'status', id] as const,
  records: (filter: RecordFilter) => [...activityKeys.mine, 'records', filter] as const,
};

export function useActivityTypesQuery() {
  return useQuery({
    queryKey: activityKeys.types(),
    queryFn: ({ signal }) => api.get('/v1/activity/types', undefined, { ...quiet, signal }),
    staleTime: 10 * 60_000,
  });
}

export function useActivitiesQuery(tab: ActivityTab) {
  return useInfiniteQuery({
    queryKey: activityKeys.list(tab),
    queryFn: ({ pageParam, signal }) =>
      api.get(
        '/v1/activity/list',
        { category: tab === 'all' ? undefined : tab, page: pageParam, per_page: PAGE_SIZE },
        { ...quiet, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });
}

export function useActivityQuery(id: number) {
  return useQuery({
    queryKey: activityKeys.detail(id),
    queryFn: ({ signal }) => api.get('/v1/activity/detail/:id', { id }, { signal }),
    enabled: id > 0,
  });
}

/** Whether the member may apply now, and why not (members only). */
export function useApplicationStatusQuery(id: number) {
  const loggedIn = useSessionStore(selectLoggedIn);
  return useQuery({
    queryKey: activityKeys.status(id),
    queryFn: ({ signal }) => api.get('/v1/activity/:id/application-status', { id }, { ...quiet, signal }),
    enabled: loggedIn && id > 0,
  });
}

export function useMyApplicationsQuery(filter: RecordFilter) {
  const loggedIn = useSessionStore(selectLoggedIn);
  return useInfiniteQuery({
    queryKey: activityKeys.records(filter),
    queryFn: ({ pageParam, signal }) =>
      api.get(
        '/v1/activity/my-applications',
        { status: filter === 'all' ? undefined : filter, page: pageParam, per_page: 20 },
        { ...quiet, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: loggedIn,
  });
}

/** POST /v1/activity/apply with an Idempotency-Key (a bonus may be paid at once). */
export function useApply() {
  const queryClient = useQueryClient();
  return useSubmission({
    send: (activityId: number, idempotencyKey) =>
      api.post('/v1/activity/apply', { activity_id: activityId }, { idempotencyKey, loading: '提交中…' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: activityKeys.mine });
      void queryClient.invalidateQueries({ queryKey: mineKeys.balance() });
    },
  });
}
