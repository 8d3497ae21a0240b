import {
  mergeConversation,
  type SupportConversationView,
  type SupportMessageView,
  type SupportStatus,
} from '@app/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client.ts';
import { MEMBER_SCOPE, useSessionStore } from '../session/store.ts';

/** 在线客服 (issue 40, point 5): the member's status, history, pictures and what they send. */

export const supportKeys = {
  all: [MEMBER_SCOPE, 'support'] as const,
  status: () => [...supportKeys.all, 'status'] as const,
  picture: (id: number) => [...supportKeys.all, 'picture', id] as const,
};

const quiet = { toast: false, light: true } as const;

export function useSupportStatusQuery() {
  const token = useSessionStore((s) => s.token);
  return useQuery({
    queryKey: supportKeys.status(),
    queryFn: ({ signal }) => api.get('/v1/support/status', undefined, { ...quiet, signal }),
    enabled: Boolean(token),
  });
}

/** Keeps the status' conversation in step with what realtime or an answer says. */
export function useSetConversation() {
  const queryClient = useQueryClient();
  return (
    change:
      | SupportConversationView
      | null
      | ((current: SupportConversationView | null) => SupportConversationView | null),
  ) =>
    queryClient.setQueryData(supportKeys.status(), (old: SupportStatus | undefined) => {
      if (!old) return old;
      const next = typeof change === 'function' ? change(old.conversation) : change;
      return { ...old, conversation: mergeConversation(old.conversation, next) };
    });
}

/** A page of history going back from `beforeId` (oldest first). */
export const fetchHistory = (beforeId?: number) =>
  api.get('/v1/support/messages', { before_id: beforeId, limit: 30 }, quiet);

export const sendText = (text: string) => api.post('/v1/support/messages', { text }, { toast: false });

export const sendPicture = (data: string) =>
  api.post('/v1/support/pictures', { data }, { toast: false, loading: '图片发送中…', timeoutMs: 60_000 });

export const sendTyping = (typing: boolean) =>
  api.post('/v1/support/typing', { typing }, { ...quiet, retry: false }).catch(() => null);

export const markRead = (lastId: number) =>
  api.post('/v1/support/read', { last_id: lastId }, { ...quiet, retry: false }).catch(() => null);

export const rateConversation = (id: number, rating: number, comment: string) =>
  api.post('/v1/support/conversations/:id/rating', { rating, comment }, { params: { id }, toast: false });

/** A picture as a data URL, fetched with the member's token (pictures have no public address). */
export function usePictureQuery(id: number | null) {
  return useQuery({
    queryKey: supportKeys.picture(id ?? 0),
    queryFn: async ({ signal }) => {
      const picture = await api.get('/v1/support/pictures/:id', { id: id ?? 0 }, { ...quiet, signal });
      return `data:${picture.mime};base64,${picture.data}`;
    },
    enabled: id !== null,
    staleTime: Infinity,
  });
}

/** Messages merged by id, oldest first. */
export function mergeMessages(
  current: readonly SupportMessageView[],
  incoming: readonly SupportMessageView[],
): SupportMessageView[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
