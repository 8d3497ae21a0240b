import { TIMEOUTS } from '@app/shared';
import { toast } from './toast.tsx';

let active = 0;
let timer: ReturnType<typeof setTimeout> | null = null;
let close: (() => void) | null = null;

/**
 * Marks a request that wants the loading overlay as started. The overlay appears only when
 * some such request is still running after 300 ms (SPEC.md §9), so quick calls never flash it.
 * Returns the function that marks this request finished (safe to call twice).
 */
export function beginLoading(message = '加载中…'): () => void {
  active += 1;
  timer ??= setTimeout(() => {
    timer = null;
    if (active > 0) close = toast.loading(message);
  }, TIMEOUTS.loadingOverlayDelayMs);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    active -= 1;
    if (active > 0) return;
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    close?.();
    close = null;
  };
}
