import type { ApiResponse } from '@app/shared/api';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client.ts';
import { useSubmission } from '@/lib/api/use-submission.ts';
import { mineKeys } from '../mine/queries.ts';
import { MEMBER_SCOPE, selectLoggedIn, useSessionStore } from '../session/store.ts';
import { useAppInfo } from '../site/queries.ts';
import { nextPollMs } from './time.ts';

export type RedPacket = ApiResponse<'GET', '/v1/red-packets/:id'>;
export type RedPacketClaim = ApiResponse<'POST', '/v1/red-packets/code'>['claim'];

const quiet = { toast: false, light: true } as const;

export const redPacketKeys = {
  /** The member's own (claims differ per member): dropped at logout with the member scope. */
  all: [MEMBER_SCOPE, 'red-packets'] as const,
  rains: () => [...redPacketKeys.all, 'rains'] as const,
  one: (id: number) => [...redPacketKeys.all, 'one', id] as const,
  claims: () => [...redPacketKeys.all, 'claims'] as const,
};

/** Whether the operator has 红包 switched on (app info's `redpacket_switch`). */
export function useRedPacketsOn(): boolean {
  return useAppInfo().redpacket_switch === 1;
}

/** GET /v1/red-packets: the rains of the day around now, with the member's claims (members, switch on). */
export function useRainsQuery() {
  const loggedIn = useSessionStore(selectLoggedIn);
  const on = useRedPacketsOn();
  return useQuery({
    queryKey: redPacketKeys.rains(),
    queryFn: ({ signal }) => api.get('/v1/red-packets', undefined, { ...quiet, signal }),
    enabled: loggedIn && on,
    // Statuses move with time: a page opened again asks afresh after a few seconds.
    staleTime: 5_000,
    refetchInterval: (query) => {
      const data = query.state.data;
      return data ? nextPollMs(data.list, Date.parse(data.server_time)) : 60_000;
    },
  });
}

export function useRedPacketQuery(id: number) {
  return useQuery({
    queryKey: redPacketKeys.one(id),
    queryFn: ({ signal }) => api.get('/v1/red-packets/:id', { id }, { signal }),
    enabled: id > 0,
  });
}

export function useClaimsQuery(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: redPacketKeys.claims(),
    queryFn: ({ pageParam, signal }) =>
      api.get('/v1/red-packets/claims', { page: pageParam, per_page: 20 }, { ...quiet, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled,
  });
}

function useAfterClaim() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: redPacketKeys.all });
    void queryClient.invalidateQueries({ queryKey: mineKeys.balance() });
  };
}

/** POST /v1/red-packets/:id/claim, one Idempotency-Key per tap (a second tap in flight sends nothing). */
export function useClaimRain() {
  const settled = useAfterClaim();
  return useSubmission({
    send: (id: number, idempotencyKey) =>
      api.post('/v1/red-packets/:id/claim', undefined, {
        params: { id },
        idempotencyKey,
        toast: false,
        loading: '抢红包中…',
      }),
    onSettled: settled,
  });
}

/** POST /v1/red-packets/code with its Idempotency-Key. */
export function useClaimCode() {
  const settled = useAfterClaim();
  return useSubmission({
    send: (code: string, idempotencyKey) =>
      api.post('/v1/red-packets/code', { code }, { idempotencyKey, toast: false, loading: '领取中…' }),
    onSettled: settled,
  });
}
