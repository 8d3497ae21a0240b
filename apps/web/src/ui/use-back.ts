import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../lib/navigation.ts';

/** Back navigation that falls back to home when there is no history to go back to (SPEC.md §2). */
export function useBack(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(HOME_PATH, { replace: true });
  }, [navigate]);
}
