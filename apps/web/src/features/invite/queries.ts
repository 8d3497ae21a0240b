import type { ApplyAgentBody } from '@app/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client.ts';
import { pagedQueryOptions } from '@/ui/PagedList.tsx';
import { MEMBER_SCOPE, useSessionStore } from '../session/store.ts';

const PAGE_SIZE = 20;
const quiet = { toast: false, light: true } as const;

export type RewardFilter = 'all' | 'deposit_milestone' | 'bet_commission';
export type RankingPeriod = 'all' | 'month' | 'week';
export type RankingBy = 'count' | 'reward';

export const inviteKeys = {
  all: [MEMBER_SCOPE, 'invite'] as const,
  info: () => [...inviteKeys.all, 'info'] as const,
  url: () => [...inviteKeys.all, 'url'] as const,
  statistics: () => [...inviteKeys.all, 'statistics'] as const,
  referrals: () => [...inviteKeys.all, 'referrals'] as const,
  rewards: (filter: RewardFilter) => [...inviteKeys.all, 'rewards', filter] as const,
  agentStatus: () => [...inviteKeys.all, 'agent-status'] as const,
  applications: () => [...inviteKeys.all, 'applications'] as const,
  applicationStats: () => [...inviteKeys.all, 'application-stats'] as const,
  /** Rankings are public; the key carries the member id so "mine" never leaks across logins. */
  ranking: (period: RankingPeriod, by: RankingBy, memberId: number | null) =>
    ['invite-ranking', period, by, memberId] as const,
  rules: () => ['invite-rules'] as const,
};

function useToken() {
  return useSessionStore((s) => s.token);
}

export function useInviteInfoQuery() {
  const token = useToken();
  return useQuery({
    queryKey: inviteKeys.info(),
    queryFn: ({ signal }) => api.get('/v1/invite/info', undefined, { ...quiet, signal }),
    enabled: Boolean(token),
  });
}

export function useInviteUrlQuery() {
  const token = useToken();
  return useQuery({
    queryKey: inviteKeys.url(),
    queryFn: ({ signal }) => api.get('/v1/invite/url', undefined, { ...quiet, signal }),
    enabled: Boolean(token),
  });
}

export function useInviteStatisticsQuery() {
  const token = useToken();
  return useQuery({
    queryKey: inviteKeys.statistics(),
    queryFn: ({ signal }) => api.get('/v1/invite/statistics', undefined, { ...quiet, signal }),
    enabled: Boolean(token),
  });
}

export function useReferralsQuery() {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: inviteKeys.referrals(),
    queryFn: ({ pageParam, signal }) =>
      api.get('/v1/invite/referrals', { page: pageParam, per_page: PAGE_SIZE }, { ...quiet, signal }),
    ...pagedQueryOptions,
    enabled: Boolean(token),
  });
}

export function useRewardsQuery(filter: RewardFilter) {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: inviteKeys.rewards(filter),
    queryFn: ({ pageParam, signal }) =>
      api.get(
        '/v1/invite/rewards',
        { page: pageParam, per_page: PAGE_SIZE, rule: filter === 'all' ? undefined : filter },
        { ...quiet, signal },
      ),
    ...pagedQueryOptions,
    enabled: Boolean(token),
  });
}

export function useInviteRulesQuery() {
  return useQuery({
    queryKey: inviteKeys.rules(),
    queryFn: ({ signal }) => api.get('/v1/invite/rules', undefined, { ...quiet, signal }),
    staleTime: 10 * 60_000,
  });
}

export function useRankingQuery(period: RankingPeriod, by: RankingBy, limit = 50) {
  const memberId = useSessionStore((s) => s.userinfo?.id ?? null);
  return useQuery({
    queryKey: inviteKeys.ranking(period, by, memberId),
    queryFn: ({ signal }) => api.get('/v1/invite/ranking', { period, by, limit }, { ...quiet, signal }),
  });
}

export function useGenerateCodeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/v1/invite/generate-code', undefined, { loading: '正在生成…' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inviteKeys.all }),
  });
}

// ---- agent applications ---------------------------------------------------------------------

export function useAgentStatusQuery() {
  const token = useToken();
  return useQuery({
    queryKey: inviteKeys.agentStatus(),
    queryFn: ({ signal }) => api.get('/v1/invite/agent-status', undefined, { ...quiet, signal }),
    enabled: Boolean(token),
  });
}

export function useApplicationStatsQuery() {
  const token = useToken();
  return useQuery({
    queryKey: inviteKeys.applicationStats(),
    queryFn: ({ signal }) => api.get('/v1/agent/application-stats', undefined, { ...quiet, signal }),
    enabled: Boolean(token),
  });
}

export function useApplicationHistoryQuery() {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: inviteKeys.applications(),
    queryFn: ({ pageParam, signal }) =>
      api.get(
        '/v1/agent/my-application-history',
        { page: pageParam, per_page: PAGE_SIZE },
        { ...quiet, signal },
      ),
    ...pagedQueryOptions,
    enabled: Boolean(token),
  });
}

function useRefreshApplications() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: inviteKeys.agentStatus() }),
      queryClient.invalidateQueries({ queryKey: inviteKeys.applications() }),
      queryClient.invalidateQueries({ queryKey: inviteKeys.applicationStats() }),
    ]);
}

export function useApplyAgentMutation() {
  const refresh = useRefreshApplications();
  return useMutation({
    mutationFn: (body: ApplyAgentBody) =>
      api.post('/v1/invite/apply-agent', body, { toast: false, loading: '提交中…' }),
    onSuccess: refresh,
  });
}

export function useCancelApplicationMutation() {
  const refresh = useRefreshApplications();
  return useMutation({
    mutationFn: (applicationId: number) =>
      api.post('/v1/agent/cancel-application', { application_id: applicationId }, { loading: '撤销中…' }),
    onSuccess: refresh,
  });
}
