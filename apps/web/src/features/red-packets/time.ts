import { useEffect, useState } from 'react';

const SHANGHAI_MS = 8 * 3_600_000;

/** "20:00" (today) or "12-01 20:00" in Beijing time. */
export function clockText(iso: string, today = Date.now()): string {
  const local = new Date(Date.parse(iso) + SHANGHAI_MS).toISOString();
  const sameDay = local.slice(0, 10) === new Date(today + SHANGHAI_MS).toISOString().slice(0, 10);
  return sameDay ? local.slice(11, 16) : `${local.slice(5, 10)} ${local.slice(11, 16)}`;
}

/** "04:59" for what is left of a window (hours when over one). */
export function countdownText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/**
 * The server's now, ticking every second: the answer's `server_time` plus the time passed on
 * this device since it arrived (a device clock set wrong does not move a window).
 */
export function useServerNow(serverTime: string | undefined): number {
  const [anchor, setAnchor] = useState<{ server: number; local: number } | null>(null);
  const [, setTick] = useState(0);
  useEffect(() => {
    if (serverTime) setAnchor({ server: Date.parse(serverTime), local: Date.now() });
  }, [serverTime]);
  useEffect(() => {
    const timer = window.setInterval(() => setTick((n) => n + 1), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return anchor ? anchor.server + (Date.now() - anchor.local) : Date.now();
}

/**
 * How soon to ask again: every 15 s while a rain falls (its count of claimed packets moves), at
 * the next start when one is due within ten minutes, else every minute.
 */
export function nextPollMs(
  list: readonly { status: string; starts_at: string }[],
  serverNow: number,
): number {
  if (list.some((r) => r.status === 'running')) return 15_000;
  const starts = list
    .filter((r) => r.status === 'upcoming')
    .map((r) => Date.parse(r.starts_at) - serverNow)
    .filter((ms) => ms > 0 && ms <= 10 * 60_000);
  if (starts.length > 0) return Math.max(1_000, Math.min(...starts) + 500);
  return 60_000;
}
