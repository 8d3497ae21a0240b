import { unreadBadge, type MessageType } from '@app/shared';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client.ts';
import { MEMBER_SCOPE, selectLoggedIn, useSessionStore } from '../session/store.ts';

/*
 * The inbox's query keys and the unread count: what the app shell (the mine tab's badge) and the
 * realtime pushes need, in a module of their own. The inbox's lists (queries.ts) load with its
 * pages, not with the first page of the app.
 */

/** The badge is re-read this often in case a `notification` push was missed. */
const UNREAD_REFETCH_MS = 60_000;
const quiet = { toast: false, light: true } as const;

/** A tab of the inbox: every type, or one of MESSAGE_TYPES. */
export type MessageTab = 'all' | MessageType;

export const messageKeys = {
  all: [MEMBER_SCOPE, 'messages'] as const,
  lists: () => [...messageKeys.all, 'list'] as const,
  list: (tab: MessageTab) => [...messageKeys.lists(), tab] as const,
  detail: (id: number) => [...messageKeys.all, 'detail', id] as const,
  unread: () => [...messageKeys.all, 'unread'] as const,
  types: () => [...messageKeys.all, 'types'] as const,
};

/** GET /v1/messages/unread-count, for the badges on the mine tab, the mine page and the inbox. */
export function useUnreadCountQuery() {
  const loggedIn = useSessionStore(selectLoggedIn);
  return useQuery({
    queryKey: messageKeys.unread(),
    queryFn: ({ signal }) => api.get('/v1/messages/unread-count', undefined, { ...quiet, signal }),
    enabled: loggedIn,
    refetchInterval: UNREAD_REFETCH_MS,
    select: (data) => data.unread_count,
  });
}

/** The badge text ("3", "99+") or null when nothing is unread or nobody is logged in. */
export function useUnreadBadge(): string | null {
  const loggedIn = useSessionStore(selectLoggedIn);
  const { data } = useUnreadCountQuery();
  return loggedIn ? unreadBadge(data ?? 0) : null;
}

/** Writes an unread count the server reported (a push or a change) into the badge's cache. */
export function applyUnreadCount(queryClient: QueryClient, unread: number): void {
  queryClient.setQueryData(messageKeys.unread(), { unread_count: unread });
}

/** A `notification` push: a new message arrived; the badge takes its count, the lists reload. */
export function onMessagePushed(queryClient: QueryClient, unread: number | undefined): void {
  if (unread !== undefined) applyUnreadCount(queryClient, unread);
  void queryClient.invalidateQueries({ queryKey: messageKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: messageKeys.types() });
}
