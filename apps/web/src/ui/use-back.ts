import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../lib/navigation.ts';

/**
 * Back navigation within the app: to the page before, or to `fallback` (home, SPEC.md §2) when
 * the page was opened directly. The router's own index says so; the browser's history may hold
 * pages of another site or an earlier visit.
 */
export function useBack(fallback: string = HOME_PATH): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}
