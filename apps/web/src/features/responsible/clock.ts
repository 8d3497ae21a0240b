/**
 * The server's clock as seen from here. The reality check is due by the server's time (its
 * `next_check_at`), so a phone whose clock is off, or a test that moves the server's clock,
 * still sees the check when the server says it is due.
 */
let offsetMs = 0;

/** Records the server's `now` from an answer that just arrived. */
export function syncServerClock(serverNowIso: string): void {
  const at = Date.parse(serverNowIso);
  if (!Number.isNaN(at)) offsetMs = at - Date.now();
}

export const serverNow = (): number => Date.now() + offsetMs;
