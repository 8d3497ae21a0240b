import { useEffect, useState } from 'react';

/**
 * The server's clock as seen from here: countdowns to 封盘 and the draw run on it, so a phone
 * whose clock is off still shows the right time left.
 */
let offsetMs = 0;

/** Records the server time of an answer (its `server_time`). */
export function syncServerTime(serverTime: number): void {
  offsetMs = serverTime - Date.now();
}

export const serverNow = (): number => Date.now() + offsetMs;

/** Server time, re-rendered every `intervalMs`. */
export function useServerNow(intervalMs = 1_000): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
