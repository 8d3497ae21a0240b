import { randomInt } from 'node:crypto';

/** A business order number: prefix, UTC time to the second, 6 random digits ("D20261121172301123456"). */
export function newOrderNo(prefix: string, now: Date): string {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${prefix}${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** Midnight of the current day in China time (UTC+8), where daily limits reset. */
export function startOfChinaDay(now: Date): Date {
  const shifted = new Date(now.getTime() + 8 * 3_600_000);
  shifted.setUTCHours(0, 0, 0, 0);
  return new Date(shifted.getTime() - 8 * 3_600_000);
}
