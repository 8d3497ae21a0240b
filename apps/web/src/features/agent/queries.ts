import type { AgentRecordCategory } from '@app/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client.ts';
import { ApiError } from '@/lib/api/errors.ts';
import { pagedQueryOptions } from '@/ui/PagedList.tsx';
import { useDebounced } from '@/ui/hooks.ts';
import { MEMBER_SCOPE, useSessionStore } from '../session/store.ts';

const PAGE_SIZE = 20;
const quiet = { toast: false, light: true } as const;

export type BetKind = 'all' | 'sports' | 'lottery';

export const agentKeys = {
  all: [MEMBER_SCOPE, 'agent'] as const,
  overview: () => [...agentKeys.all, 'overview'] as const,
  members: (keyword: string) => [...agentKeys.all, 'members', keyword] as const,
  member: (id: number) => [...agentKeys.all, 'member', id] as const,
  records: (category: AgentRecordCategory, memberId: number | null) =>
    [...agentKeys.all, 'records', category, memberId] as const,
  bets: (memberId: number, kind: BetKind) => [...agentKeys.all, 'bets', memberId, kind] as const,
};

/** 403 (not an agent) and 404 (not this agent's member) are answers, not hiccups: no retries. */
const retry = (count: number, error: Error) =>
  !(error instanceof ApiError && (error.code === 403 || error.code === 404)) && count < 2;

function useToken() {
  return useSessionStore((s) => s.token);
}

export function useAgentOverviewQuery() {
  const token = useToken();
  return useQuery({
    queryKey: agentKeys.overview(),
    queryFn: ({ signal }) => api.get('/v1/agent/overview', undefined, { ...quiet, signal }),
    enabled: Boolean(token),
    retry,
  });
}

export function useAgentMembersQuery(keyword: string) {
  const token = useToken();
  const settled = useDebounced(keyword.trim(), 400);
  return useInfiniteQuery({
    queryKey: agentKeys.members(settled),
    queryFn: ({ pageParam, signal }) =>
      api.get(
        '/v1/agent/members',
        { page: pageParam, per_page: PAGE_SIZE, keyword: settled || undefined },
        { ...quiet, signal },
      ),
    ...pagedQueryOptions,
    enabled: Boolean(token),
    retry,
  });
}

export function useAgentMemberQuery(id: number) {
  const token = useToken();
  return useQuery({
    queryKey: agentKeys.member(id),
    queryFn: ({ signal }) => api.get('/v1/agent/members/:id', { id }, { ...quiet, signal }),
    enabled: Boolean(token) && id > 0,
    retry,
  });
}

export function useAgentRecordsQuery(category: AgentRecordCategory, memberId: number | null) {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: agentKeys.records(category, memberId),
    queryFn: ({ pageParam, signal }) =>
      api.get(
        '/v1/agent/records',
        { page: pageParam, per_page: PAGE_SIZE, category, member_id: memberId ?? undefined },
        { ...quiet, signal },
      ),
    ...pagedQueryOptions,
    enabled: Boolean(token),
    retry,
  });
}

export function useAgentMemberBetsQuery(memberId: number, kind: BetKind, enabled = true) {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: agentKeys.bets(memberId, kind),
    queryFn: ({ pageParam, signal }) =>
      api.get(
        '/v1/agent/members/:id/bets',
        { id: memberId, page: pageParam, per_page: PAGE_SIZE, kind },
        { ...quiet, signal },
      ),
    ...pagedQueryOptions,
    enabled: Boolean(token) && memberId > 0 && enabled,
    retry,
  });
}

/** The failure to show instead of a page: the server's 403/404 message. */
export function refusal(error: Error | null): string | null {
  return error instanceof ApiError && (error.code === 403 || error.code === 404) ? error.message : null;
}
