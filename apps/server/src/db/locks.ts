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
} as const;
