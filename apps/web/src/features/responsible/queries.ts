import type { ApiBody } from '@app/shared/api';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client.ts';
import { MEMBER_SCOPE, useSessionStore } from '../session/store.ts';
import { syncServerClock } from './clock.ts';
import type { PlayExclusion, PlayLimit, PlaySession, ResponsiblePlay } from './model.ts';

export type LimitChange = ApiBody<'PUT', '/v1/responsible-play/limits'>;
export type ExclusionRequest = ApiBody<'POST', '/v1/responsible-play/exclusions'>;

export const responsibleKeys = {
  all: [MEMBER_SCOPE, 'responsible'] as const,
  overview: () => [...responsibleKeys.all, 'overview'] as const,
  session: () => [...responsibleKeys.all, 'session'] as const,
};

/** The overview feeds the guards of the play screens: fresh enough, without a call per page. */
const OVERVIEW_STALE_MS = 30_000;
/** How often the reality check asks the server about the session (also on every route change). */
export const SESSION_POLL_MS = 30_000;

const light = { light: true, toast: false } as const;

function useMemberToken(): boolean {
  return Boolean(useSessionStore((s) => s.token));
}

/** GET /v1/responsible-play: limits, reality check, exclusion and this login's play. */
export function useResponsiblePlayQuery() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: responsibleKeys.overview(),
    queryFn: async ({ signal }) => {
      const data = await api.get('/v1/responsible-play', undefined, { ...light, signal });
      syncServerClock(data.session.now);
      queryClient.setQueryData(responsibleKeys.session(), data.session);
      return data;
    },
    enabled: useMemberToken(),
    staleTime: OVERVIEW_STALE_MS,
  });
}

/** GET /v1/responsible-play/session, every 30 s while a member is logged in. */
export function usePlaySessionQuery(enabled: boolean) {
  return useQuery({
    queryKey: responsibleKeys.session(),
    queryFn: async ({ signal }) => {
      const session = await api.get('/v1/responsible-play/session', undefined, { ...light, signal });
      syncServerClock(session.now);
      return session;
    },
    enabled,
    refetchInterval: SESSION_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

function patchOverview(queryClient: QueryClient, patch: (data: ResponsiblePlay) => ResponsiblePlay): void {
  queryClient.setQueryData<ResponsiblePlay>(responsibleKeys.overview(), (data) =>
    data ? patch(data) : data,
  );
}

function takeSession(queryClient: QueryClient, session: PlaySession): void {
  syncServerClock(session.now);
  queryClient.setQueryData(responsibleKeys.session(), session);
  patchOverview(queryClient, (data) => ({
    ...data,
    session,
    reality_check_minutes: session.interval_minutes,
  }));
}

/** PUT /v1/responsible-play/limits: the answer says whether it applies now or after the cooling-off. */
export function useSetLimitMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: LimitChange) =>
      api.put('/v1/responsible-play/limits', change, { toast: false, loading: '保存中…' }),
    onSuccess: (limit: PlayLimit) => {
      patchOverview(queryClient, (data) => ({
        ...data,
        limits: data.limits.map((l) => (l.kind === limit.kind && l.period === limit.period ? limit : l)),
      }));
      void queryClient.invalidateQueries({ queryKey: responsibleKeys.overview() });
    },
  });
}

export function useRealityCheckMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (minutes: ApiBody<'PUT', '/v1/responsible-play/reality-check'>['minutes']) =>
      api.put('/v1/responsible-play/reality-check', { minutes }, { loading: '保存中…' }),
    onSuccess: (session) => takeSession(queryClient, session),
  });
}

/** POST session/continue: the member saw the reality check; the next one is an interval later. */
export function useContinueSessionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/v1/responsible-play/session/continue', undefined, { light: true }),
    onSuccess: (session) => takeSession(queryClient, session),
  });
}

function useExclusionAnswer() {
  const queryClient = useQueryClient();
  return (exclusion: PlayExclusion) => {
    patchOverview(queryClient, (data) => ({ ...data, exclusion }));
    void queryClient.invalidateQueries({ queryKey: responsibleKeys.all });
  };
}

/** POST exclusions: a time-out or self-exclusion, confirmed with the login password. */
export function useStartExclusionMutation() {
  const onSuccess = useExclusionAnswer();
  return useMutation({
    mutationFn: (body: ExclusionRequest) =>
      api.post('/v1/responsible-play/exclusions', body, { toast: false, loading: '提交中…' }),
    onSuccess,
  });
}

/** POST exclusions/return: a self-exclusion past its end; play resumes 24 h later. */
export function useRequestReturnMutation() {
  const onSuccess = useExclusionAnswer();
  return useMutation({
    mutationFn: () => api.post('/v1/responsible-play/exclusions/return', undefined, { loading: '提交中…' }),
    onSuccess,
  });
}
