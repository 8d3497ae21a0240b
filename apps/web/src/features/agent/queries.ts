import { reasonMessage, type AgentRecordCategory } from '@app/shared';
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

/** Not an agent, or not this agent's member: answers, not hiccups. */
const isAgentRefusal = (error: Error | null): error is ApiError =>
  error instanceof ApiError && error.is('agents.not_an_agent', 'agents.member_not_found');

/** A refusal is not retried. */
const retry = (count: number, error: Error) => !isAgentRefusal(error) && count < 2;

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

/** What a page shows instead of itself: the server's words, and whether the member is no agent (who may apply). */
export interface AgentRefusal {
  message: string;
  notAgent: boolean;
}

/** The refusal to show instead of a page, or null: not an agent, or not this agent's member. */
export function refusal(error: Error | null): AgentRefusal | null {
  return isAgentRefusal(error) ? { message: error.message, notAgent: error.is('agents.not_an_agent') } : null;
}

/** A member page opened without a member id: refused as the server would refuse another agent's member. */
export const NO_SUCH_MEMBER: AgentRefusal = {
  message: reasonMessage('agents.member_not_found'),
  notAgent: false,
};
