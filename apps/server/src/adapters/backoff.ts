/**
 * The wait before try `attempt` (1-based: the wait before the second try is attempt 1):
 * exponential from `baseMs`, capped at `maxMs`, with equal jitter (half fixed, half random) so
 * that many callers retrying at once spread out. `random` is in [0, 1).
 */
export function backoffDelayMs(attempt: number, random: () => number, baseMs: number, maxMs: number): number {
  const step = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(step / 2 + (step / 2) * random());
}

/** Whether an HTTP status is worth another try of an idempotent read: 5xx, 429, 408. */
export function retryableStatus(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}
