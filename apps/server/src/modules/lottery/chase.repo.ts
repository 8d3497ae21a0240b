import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { sql } from '../../db/sql.ts';
import { lotteryChasePeriods, lotteryChases } from './chase.table.ts';

type Handle = Db | Tx;
export type ChaseRow = typeof lotteryChases.$inferSelect;
export type ChasePeriodRow = typeof lotteryChasePeriods.$inferSelect;

export async function insertChase(tx: Tx, row: typeof lotteryChases.$inferInsert): Promise<ChaseRow> {
  const [inserted] = await tx.insert(lotteryChases).values(row).onConflictDoNothing().returning();
  return inserted!;
}

export async function insertPeriods(
  tx: Tx,
  rows: Array<typeof lotteryChasePeriods.$inferInsert>,
): Promise<void> {
  await tx.insert(lotteryChasePeriods).values(rows);
}

export async function memberChase(
  db: Handle,
  memberId: number,
  chaseNo: string,
): Promise<ChaseRow | undefined> {
  const [row] = await db
    .select()
    .from(lotteryChases)
    .where(and(eq(lotteryChases.memberId, memberId), eq(lotteryChases.chaseNo, chaseNo)));
  return row;
}

export async function chaseById(db: Handle, id: number): Promise<ChaseRow | undefined> {
  const [row] = await db.select().from(lotteryChases).where(eq(lotteryChases.id, id));
  return row;
}

/** The chase's row, locked: placing a period, deciding one, stopping and cancelling take it first. */
export async function lockChase(tx: Tx, id: number): Promise<ChaseRow | undefined> {
  const [row] = await tx.select().from(lotteryChases).where(eq(lotteryChases.id, id)).for('update');
  return row;
}

export async function periodsOf(db: Handle, chaseIds: readonly number[]): Promise<ChasePeriodRow[]> {
  if (!chaseIds.length) return [];
  return db
    .select()
    .from(lotteryChasePeriods)
    .where(inArray(lotteryChasePeriods.chaseId, [...chaseIds]))
    .orderBy(lotteryChasePeriods.chaseId, lotteryChasePeriods.seq);
}

/** A member's chases, newest first. */
export async function memberChases(
  db: Handle,
  memberId: number,
  status: ChaseRow['status'] | undefined,
  page: { page: number; per_page: number },
): Promise<{ rows: ChaseRow[]; total: number }> {
  const where = and(
    eq(lotteryChases.memberId, memberId),
    status ? eq(lotteryChases.status, status) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(lotteryChases)
      .where(where)
      .orderBy(desc(lotteryChases.id))
      .limit(page.per_page)
      .offset((page.page - 1) * page.per_page),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(lotteryChases)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/**
 * Waiting periods whose lottery period has opened by `now` (or is past): what the job places, or
 * refunds when it can no longer be bet on. Oldest period first.
 */
export async function dueWaiting(
  db: Handle,
  now: Date,
  limit: number,
): Promise<Array<{ id: number; chaseId: number }>> {
  const rows = rowsOf<{ id: number; chase_id: number }>(
    await db.execute(sql`
      SELECT cp.id, cp.chase_id FROM lottery_chase_periods cp
      JOIN lottery_periods p ON p.lottery_code = cp.lottery_code AND p.number = cp.period_number
      WHERE cp.status = 'waiting' AND (p.status <> 'pending' OR p.open_at <= ${now.toISOString()}::timestamptz)
      ORDER BY p.open_at, cp.id
      LIMIT ${limit}::int`),
  );
  return rows.map((r) => ({ id: r.id, chaseId: r.chase_id }));
}

/** A period of a chase, locked (the chase's row is taken before it). */
export async function lockPeriod(tx: Tx, id: number): Promise<ChasePeriodRow | undefined> {
  const [row] = await tx
    .select()
    .from(lotteryChasePeriods)
    .where(eq(lotteryChasePeriods.id, id))
    .for('update');
  return row;
}

export async function markPlaced(tx: Tx, id: number, betIds: readonly number[], at: Date): Promise<void> {
  await tx
    .update(lotteryChasePeriods)
    .set({ status: 'placed', betIds: [...betIds], placedAt: at })
    .where(and(eq(lotteryChasePeriods.id, id), eq(lotteryChasePeriods.status, 'waiting')));
}

export async function markSkipped(tx: Tx, id: number, message: string, at: Date): Promise<void> {
  await tx
    .update(lotteryChasePeriods)
    .set({ status: 'skipped', message, decidedAt: at })
    .where(and(eq(lotteryChasePeriods.id, id), eq(lotteryChasePeriods.status, 'waiting')));
}

/** Placed periods whose every bet is decided (won, lost, refunded or cancelled), with what they paid. */
export async function decidedPlaced(
  db: Handle,
  limit: number,
): Promise<Array<{ id: number; chaseId: number; payout: bigint; refundedOnly: boolean }>> {
  const rows = rowsOf<{ id: number; chase_id: number; payout: string; refunded_only: boolean }>(
    await db.execute(sql`
      SELECT cp.id, cp.chase_id, COALESCE(SUM(b.payout), 0)::text AS payout,
             bool_and(b.status IN ('refunded', 'cancelled')) AS refunded_only
      FROM lottery_chase_periods cp
      JOIN lottery_bets b ON b.id = ANY(cp.bet_ids)
      WHERE cp.status = 'placed'
      GROUP BY cp.id, cp.chase_id
      HAVING bool_and(b.status <> 'pending')
      ORDER BY cp.id
      LIMIT ${limit}::int`),
  );
  return rows.map((r) => ({
    id: r.id,
    chaseId: r.chase_id,
    payout: BigInt(r.payout),
    refundedOnly: r.refunded_only,
  }));
}

export async function markDecided(
  tx: Tx,
  id: number,
  status: 'won' | 'lost' | 'refunded',
  payout: bigint,
  at: Date,
): Promise<boolean> {
  const rows = await tx
    .update(lotteryChasePeriods)
    .set({ status, payout, decidedAt: at })
    .where(and(eq(lotteryChasePeriods.id, id), eq(lotteryChasePeriods.status, 'placed')))
    .returning({ id: lotteryChasePeriods.id });
  return rows.length === 1;
}

/** Cancels the chase's waiting periods; what they held (to return from the frozen wallet). */
export async function cancelWaiting(tx: Tx, chaseId: number, message: string, at: Date): Promise<bigint> {
  const rows = await tx
    .update(lotteryChasePeriods)
    .set({ status: 'cancelled', message, decidedAt: at })
    .where(and(eq(lotteryChasePeriods.chaseId, chaseId), eq(lotteryChasePeriods.status, 'waiting')))
    .returning({ amount: lotteryChasePeriods.amount });
  return rows.reduce((sum, r) => sum + r.amount, 0n);
}

/** Ends a running chase: done, stopped after a win, or cancelled. */
export async function endChase(
  tx: Tx,
  id: number,
  status: 'done' | 'stopped' | 'cancelled',
  reason: string | null,
  at: Date,
): Promise<void> {
  await tx
    .update(lotteryChases)
    .set({ status, stopReason: reason, endedAt: at })
    .where(and(eq(lotteryChases.id, id), eq(lotteryChases.status, 'running')));
}

/** Periods of the chase still waiting or placed (undecided). */
export async function openPeriods(tx: Tx, chaseId: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      SELECT count(*)::int AS n FROM lottery_chase_periods
      WHERE chase_id = ${chaseId}::int AND status IN ('waiting', 'placed')`),
  );
  return row?.n ?? 0;
}

/** The console's list: every member's chases, newest first, with the member's name. */
export async function adminChases(
  db: Handle,
  filter: { status?: string | undefined; username?: string | undefined; lotteryCode?: string | undefined },
  page: { page: number; per_page: number },
): Promise<{ rows: Array<ChaseRow & { username: string }>; total: number }> {
  const where = sql`WHERE (${filter.status ?? null}::text IS NULL OR c.status = ${filter.status ?? null})
      AND (${filter.username ?? null}::text IS NULL OR m.username = ${filter.username ?? null})
      AND (${filter.lotteryCode ?? null}::text IS NULL OR c.lottery_code = ${filter.lotteryCode ?? null})`;
  const [ids, [count]] = await Promise.all([
    db.execute(sql`
      SELECT c.id, m.username FROM lottery_chases c JOIN members m ON m.id = c.member_id ${where}
      ORDER BY c.id DESC LIMIT ${page.per_page}::int OFFSET ${(page.page - 1) * page.per_page}::int`),
    db.execute(
      sql`SELECT count(*)::int AS n FROM lottery_chases c JOIN members m ON m.id = c.member_id ${where}`,
    ),
  ]).then(([a, b]) => [rowsOf<{ id: number; username: string }>(a), rowsOf<{ n: number }>(b)] as const);
  const names = new Map(ids.map((r) => [r.id, r.username]));
  const rows = ids.length
    ? await db
        .select()
        .from(lotteryChases)
        .where(inArray(lotteryChases.id, [...names.keys()]))
        .orderBy(desc(lotteryChases.id))
    : [];
  return { rows: rows.map((r) => ({ ...r, username: names.get(r.id) ?? '' })), total: count?.n ?? 0 };
}

/** Whether the member may bet at all now (the accounts module's flags, by their SQL names). */
export async function memberFlags(
  tx: Tx,
  memberId: number,
): Promise<{ isBlack: boolean; disableGame: boolean }> {
  const [row] = rowsOf<{ is_black: number | boolean; disable_game: number | boolean }>(
    await tx.execute(sql`SELECT is_black, disable_game FROM members WHERE id = ${memberId}::int`),
  );
  return { isBlack: Boolean(row?.is_black), disableGame: Boolean(row?.disable_game) };
}
