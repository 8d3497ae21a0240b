import { and, eq, gt, inArray } from 'drizzle-orm';
import { sql } from '../../db/sql.ts';
import type { Db } from '../../db/client.ts';
import { rateCounters } from './limits.table.ts';

export interface CounterHit {
  /** Hits in the current window, this one included. */
  hits: number;
  /** When the window ends and the count starts again. */
  resetAt: Date;
}

/**
 * Counts `n` hits on `key` in one statement and answers the count after them: concurrent
 * statements queue on the row, so each sees its own range of counts (a burst is counted like a
 * sequence). A window that ended starts again with these hits.
 */
export async function hitCounter(
  db: Db,
  key: string,
  windowMs: number,
  now: Date,
  n = 1,
): Promise<CounterHit> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateCounters)
    .values({ key, hits: n, resetAt: new Date(now.getTime() + windowMs) })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        hits: sql`CASE WHEN ${rateCounters.resetAt} <= ${at} THEN excluded.hits ELSE ${rateCounters.hits} + excluded.hits END`,
        resetAt: sql`CASE WHEN ${rateCounters.resetAt} <= ${at} THEN excluded.reset_at ELSE ${rateCounters.resetAt} END`,
      },
    })
    .returning({ hits: rateCounters.hits, resetAt: rateCounters.resetAt });
  return row!;
}

/** Takes back one hit of the window that `hit` counted it in (nothing once that window ended). */
export async function refundCounter(db: Db, key: string, hit: CounterHit): Promise<void> {
  await db
    .update(rateCounters)
    .set({ hits: sql`${rateCounters.hits} - 1` })
    .where(and(eq(rateCounters.key, key), eq(rateCounters.resetAt, hit.resetAt), gt(rateCounters.hits, 0)));
}

/**
 * The row that counts the checked-and-wrong answers of `key`'s window (failure limits): its
 * `reset_at` is the window's end, so a row of an earlier window counts for nothing.
 */
const failedKey = (key: string) => `failed:${key}`;

/**
 * Records one confirmed failure in the window that `hit` counted it in and answers that
 * window's failures; 0 when a later window has begun (the failure then counts for nothing).
 */
export async function failCounter(db: Db, key: string, hit: CounterHit): Promise<number> {
  const [row] = await db
    .insert(rateCounters)
    .values({ key: failedKey(key), hits: 1, resetAt: hit.resetAt })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        hits: sql`CASE WHEN ${rateCounters.resetAt} = excluded.reset_at THEN ${rateCounters.hits} + 1 ELSE 1 END`,
        resetAt: sql`excluded.reset_at`,
      },
      setWhere: sql`${rateCounters.resetAt} <= excluded.reset_at`,
    })
    .returning({ hits: rateCounters.hits });
  return row?.hits ?? 0;
}

/** The confirmed failures of `key` in the window of `hit` (0 once it ended or was cleared). */
export async function failuresOf(db: Db, key: string, hit: CounterHit): Promise<number> {
  const [row] = await db
    .select({ hits: rateCounters.hits })
    .from(rateCounters)
    .where(and(eq(rateCounters.key, failedKey(key)), eq(rateCounters.resetAt, hit.resetAt)));
  return row?.hits ?? 0;
}

/** Forgets the key: its hits and its confirmed failures. */
export async function clearCounter(db: Db, key: string): Promise<void> {
  await db.delete(rateCounters).where(inArray(rateCounters.key, [key, failedKey(key)]));
}
