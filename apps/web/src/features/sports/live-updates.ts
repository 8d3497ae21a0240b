import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { logger } from '@/lib/logger.ts';

/**
 * Keeps every cached sports query current from the public `matches.live` pushes
 * (`live-subscription.ts`). The subscription, the patching and the slip it notes load on demand:
 * the home page uses this hook and its first load stays small; pushes are listened to from the
 * moment that chunk arrives.
 */
export function useLiveMatchUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | null = null;
    let unmounted = false;
    import('./live-subscription.ts').then(
      ({ subscribeLiveMatches }) => {
        if (!unmounted) stop = subscribeLiveMatches(queryClient);
      },
      (err: unknown) => logger.error('sports', '实时比分模块加载失败', err),
    );
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [queryClient]);
}
