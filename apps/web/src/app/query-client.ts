import { QueryClient } from '@tanstack/react-query';

/** One cache for the app. Retries live in the API client (SPEC.md §9), so the cache does not add its own. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
