/**
 * The server's clock as seen from here. 竞彩 stops selling at each match's `sales_close_at` by
 * the server's time, so a phone whose clock is off (or a test that moves the server's clock)
 * still greys a match out when the server stops taking it. Every answer carries `x-server-time`
 * (the server's time as it left, even for a list kept in memory); the API client re-measures the
 * offset from each one (app/boot.ts).
 */
let offsetMs = 0;

/** Records the server time of an answer that just arrived (ms since the epoch). */
export function syncServerTime(serverTime: number | undefined, receivedAt: number = Date.now()): void {
  if (typeof serverTime === 'number' && Number.isFinite(serverTime)) offsetMs = serverTime - receivedAt;
}

/** Now by the server's clock, in ms since the epoch. */
export function serverNow(deviceNow: number = Date.now()): number {
  return deviceNow + offsetMs;
}

/** How far the server's clock is ahead of this device's (negative when behind). */
export function serverOffset(): number {
  return offsetMs;
}
