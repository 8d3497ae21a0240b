import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useStore } from 'zustand';
import { api } from '@/lib/api/client.ts';
import { logStore } from '@/lib/logger.ts';
import { MEMBER_SCOPE, selectLoggedIn, useSessionStore } from '../session/store.ts';
import { pendingEntries } from './upload-batches.ts';
import { uploadLogs, uploadStore } from './uploader.ts';

export const serverLogKeys = {
  all: [MEMBER_SCOPE, 'client-logs'] as const,
  stats: () => [...serverLogKeys.all, 'stats'] as const,
};

export function useServerLogStatsQuery() {
  const loggedIn = useSessionStore(selectLoggedIn);
  return useQuery({
    queryKey: serverLogKeys.stats(),
    queryFn: ({ signal }) => api.get('/v1/logs/stats', undefined, { toast: false, light: true, signal }),
    enabled: loggedIn,
  });
}

export const useUploadState = () => useStore(uploadStore);

/** How many buffered entries the server does not have yet. */
export function usePendingUploadCount(): number {
  const entries = useStore(logStore, (s) => s.entries);
  const cursor = useStore(uploadStore, (s) => s.cursor);
  return pendingEntries(entries, cursor).length;
}

export function useUploadLogsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => uploadLogs(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: serverLogKeys.all }),
  });
}

export function useClearServerLogsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete('/v1/logs'),
    onSuccess: () => {
      // Everything is gone on the server: the whole buffer is pending again.
      uploadStore.setState({ cursor: null });
      return queryClient.invalidateQueries({ queryKey: serverLogKeys.all });
    },
  });
}

export function exportServerLogs() {
  return api.get('/v1/logs/export');
}
