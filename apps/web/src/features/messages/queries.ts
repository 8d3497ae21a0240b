import type { MessageItem, MessagePage, MessageType } from '@app/shared';
import type { ApiResponse } from '@app/shared/api';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api/client.ts';
import { selectLoggedIn, useSessionStore } from '../session/store.ts';
import { applyUnreadCount, messageKeys, type MessageTab } from './unread.ts';

const PAGE_SIZE = 20;
const quiet = { toast: false, light: true } as const;

type ChangeResult = ApiResponse<'POST', '/v1/messages/clear'>;

export function useMessageTypesQuery() {
  const loggedIn = useSessionStore(selectLoggedIn);
  return useQuery({
    queryKey: messageKeys.types(),
    queryFn: ({ signal }) => api.get('/v1/messages/types', undefined, { ...quiet, signal }),
    enabled: loggedIn,
  });
}

/** GET /v1/messages by tab, newest first, page by page. */
export function useMessagesQuery(tab: MessageTab) {
  const loggedIn = useSessionStore(selectLoggedIn);
  return useInfiniteQuery({
    queryKey: messageKeys.list(tab),
    queryFn: ({ pageParam, signal }) =>
      api.get(
        '/v1/messages',
        { type: tab === 'all' ? undefined : tab, page: pageParam, per_page: PAGE_SIZE },
        { ...quiet, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: loggedIn,
  });
}

export function useMessageQuery(id: number) {
  const loggedIn = useSessionStore(selectLoggedIn);
  return useQuery({
    queryKey: messageKeys.detail(id),
    queryFn: ({ signal }) => api.get('/v1/messages/:id', { id }, { signal }),
    enabled: loggedIn && id > 0,
  });
}

/** Patches every cached list page in place (read flags, removals) so the list does not jump. */
function patchLists(queryClient: QueryClient, change: (item: MessageItem) => MessageItem | null): void {
  queryClient.setQueriesData<InfiniteData<MessagePage>>({ queryKey: messageKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            list: page.list.map(change).filter((item): item is MessageItem => item !== null),
          })),
        }
      : data,
  );
}

function useChange<TVars>(
  call: (vars: TVars) => Promise<ChangeResult>,
  patch: (vars: TVars) => (item: MessageItem) => MessageItem | null,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (result, vars) => {
      applyUnreadCount(queryClient, result.unread_count);
      patchLists(queryClient, patch(vars));
      void queryClient.invalidateQueries({ queryKey: messageKeys.types() });
    },
  });
}

const markedRead = (item: MessageItem): MessageItem =>
  item.is_read ? item : { ...item, is_read: 1, read_at: new Date().toISOString() };

export function useMarkRead() {
  return useChange(
    (id: number) => api.post('/v1/messages/:id/read', undefined, { ...quiet, params: { id } }),
    (id) => (item) => (item.id === id ? markedRead(item) : item),
  );
}

export function useMarkAllRead() {
  return useChange(
    (type: MessageType | undefined) =>
      api.post('/v1/messages/mark-all-read', type ? { type } : {}, { loading: true }),
    (type) => (item) => (!type || item.type === type ? markedRead(item) : item),
  );
}

export function useDeleteMessage() {
  return useChange(
    (id: number) => api.post('/v1/messages/:id/delete', undefined, { params: { id }, loading: true }),
    (id) => (item) => (item.id === id ? null : item),
  );
}

export function useClearMessages() {
  return useChange(
    () => api.post('/v1/messages/clear', undefined, { loading: true }),
    () => () => null,
  );
}
