import { and, eq, gt } from 'drizzle-orm';
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

export async function clearCounter(db: Db, key: string): Promise<void> {
  await db.delete(rateCounters).where(eq(rateCounters.key, key));
}
