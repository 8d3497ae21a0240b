import { sql } from './sql.ts';
import type { Tx } from './client.ts';

/**
 * Every PostgreSQL advisory lock the server takes, in one place so no two uses share a key by
 * accident. Keys are the first int4 of the two-key form `pg_advisory_*(class, id)`; a lock
 * with one bigint key (`hashtextextended(...)`) lives in another key space and cannot collide.
 */
export const LOCKS = {
  /** Session lock of the process that runs the background jobs (one leader per deployment). */
  jobsLeader: 727_274,
  /** Per lottery period: bets take it shared, the draw takes it exclusively. */
  lotteryPeriod: 727_275,
  /** Per game provider: one reconciliation pass at a time. */
  gameReconcile: 727_276,
  /** Per invitee: invite rewards decided one at a time. */
  inviteRewards: 727_301,
  /** The demo content seed, once per database. */
  contentSeed: 727_302,
  /** Schema migrations: one process migrates, the others wait. */
  migrations: 727_303,
  /** The demo seed: processes booting together on an empty database seed it once. */
  demoSeed: 727_304,
  /** Per member: one rebate application at a time. */
  rebateApply: 727_305,
  /** Per (member, Idempotency-Key): a repeated request waits for the first one's answer. */
  idempotencyKey: 727_306,
  /** Per member: money operators move alone is counted against the approval threshold in turn. */
  soloMoney: 727_307,
  /** Per member: one open USDT deposit order at a time (payments). */
  usdtOrder: 727_308,
  /** Per phone number: SMS codes to one number are counted and sent one at a time. */
  smsPhone: 727_309,
} as const;

export type LockName = keyof typeof LOCKS;

/**
 * Takes an advisory lock until the transaction ends. With an id, the two-key form
 * `(class, id)`; a text id is hashed to int4 (`hashtext`: a collision only makes two callers
 * wait for each other). Without one, the class alone as a one-key lock.
 */
export async function lockForTransaction(
  tx: Tx,
  lock: LockName,
  id?: number | string,
  mode: 'exclusive' | 'shared' = 'exclusive',
): Promise<void> {
  const take = mode === 'shared' ? sql`pg_advisory_xact_lock_shared` : sql`pg_advisory_xact_lock`;
  if (id === undefined) {
    await tx.execute(sql`SELECT ${take}(${LOCKS[lock]})`);
    return;
  }
  const key = typeof id === 'number' ? sql`${id}::int` : sql`hashtext(${id})`;
  await tx.execute(sql`SELECT ${take}(${LOCKS[lock]}::int, ${key})`);
}
