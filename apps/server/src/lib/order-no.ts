import { randomInt } from 'node:crypto';

/** A business order number: prefix, UTC time to the second, 6 random digits ("D20261121172301123456"). */
export function newOrderNo(prefix: string, now: Date): string {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${prefix}${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** Numbers drawn for one row before giving up (each a one-in-a-million collision). */
export const ORDER_NO_ATTEMPTS = 5;

/**
 * Inserts a row under a freshly drawn number, drawing again while another row holds it (`insert`
 * answers undefined then: `ON CONFLICT DO NOTHING`). Numbers drawn in the same second collide: at
 * 100 orders a second, about once every 200 s with a million numbers, which without a second
 * draw failed the member's request.
 */
export async function insertUnderFreshNumber<T>(
  draw: () => string,
  insert: (orderNo: string) => Promise<T | undefined>,
): Promise<T> {
  for (let attempt = 0; attempt < ORDER_NO_ATTEMPTS; attempt++) {
    const row = await insert(draw());
    if (row !== undefined) return row;
  }
  throw new Error('no free order number');
}

/** Midnight of the current day in China time (UTC+8), where daily limits reset. */
export function startOfChinaDay(now: Date): Date {
  const shifted = new Date(now.getTime() + 8 * 3_600_000);
  shifted.setUTCHours(0, 0, 0, 0);
  return new Date(shifted.getTime() - 8 * 3_600_000);
}
