import { lockForTransaction } from '../../db/locks.ts';
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { lotteryNotices } from './lottery.table.ts';
import { lotteryBets, lotteryGames, lotteryPeriods } from './lottery.table.ts';

export type PeriodRow = typeof lotteryPeriods.$inferSelect;
export type NewPeriod = typeof lotteryPeriods.$inferInsert;
export type BetRow = typeof lotteryBets.$inferSelect;
export type NewBet = typeof lotteryBets.$inferInsert;
export type NoticeRow = typeof lotteryNotices.$inferSelect;

/**
 * Bets and cancels hold their period's lock shared until they commit; the draw takes it
 * exclusively, so it waits for every bet in flight and no bet slips in after it. (Shared
 * advisory locks cost nothing per row, unlike FOR SHARE on one hot period row.)
 */
export async function sharePeriodLock(tx: Tx, periodId: number): Promise<void> {
  await lockForTransaction(tx, 'lotteryPeriod', periodId, 'shared');
}

export async function exclusivePeriodLock(tx: Tx, periodId: number): Promise<void> {
  await lockForTransaction(tx, 'lotteryPeriod', periodId);
}

/** Periods still waiting for bets or for their draw. */
const UNDRAWN = ['pending', 'open', 'closed'] as const;

const inScope = (codes: readonly string[] | undefined): SQL | undefined =>
  codes ? inArray(lotteryPeriods.lotteryCode, codes.length ? [...codes] : ['']) : undefined;

export async function upsertGames(
  db: Db,
  games: ReadonlyArray<{ code: string; name: string; family: string; sort: number }>,
): Promise<void> {
  await db
    .insert(lotteryGames)
    .values([...games])
    .onConflictDoUpdate({
      // The sort order, sale switch and 封盘 seconds belong to operators once the row exists.
      target: lotteryGames.code,
      set: { name: sql`excluded.name`, family: sql`excluded.family` },
    });
}

export type GameRow = typeof lotteryGames.$inferSelect;

/** Every lottery game row (sale switch, order, 封盘 override), by code. */
export async function gameRows(db: Db | Tx): Promise<Map<string, GameRow>> {
  const rows = await db.select().from(lotteryGames);
  return new Map(rows.map((r) => [r.code, r]));
}

/** The game row, locked for the change that follows in the transaction. */
export async function lockGame(tx: Tx, code: string): Promise<GameRow | undefined> {
  const [row] = await tx.select().from(lotteryGames).where(eq(lotteryGames.code, code)).for('update');
  return row;
}

export async function updateGame(
  tx: Tx,
  code: string,
  values: Partial<Pick<GameRow, 'enabled' | 'sort' | 'closeSeconds'>>,
): Promise<GameRow> {
  const [row] = await tx.update(lotteryGames).set(values).where(eq(lotteryGames.code, code)).returning();
  return row!;
}

/** Inserts periods that do not exist yet; returns the ones created. */
export async function insertPeriods(db: Db, rows: NewPeriod[]): Promise<PeriodRow[]> {
  if (rows.length === 0) return [];
  return db.insert(lotteryPeriods).values(rows).onConflictDoNothing().returning();
}

/** Numbers of a lottery's periods among the given ones that already exist. */
export async function existingNumbers(db: Db, code: string, numbers: string[]): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const rows = await db
    .select({ number: lotteryPeriods.number })
    .from(lotteryPeriods)
    .where(and(eq(lotteryPeriods.lotteryCode, code), inArray(lotteryPeriods.number, numbers)));
  return new Set(rows.map((r) => r.number));
}

/** pending → open for periods whose betting window has started (and not yet ended). */
export async function openDue(db: Db, now: Date, codes?: readonly string[]): Promise<PeriodRow[]> {
  return db
    .update(lotteryPeriods)
    .set({ status: 'open' })
    .where(
      and(
        eq(lotteryPeriods.status, 'pending'),
        lte(lotteryPeriods.openAt, now),
        gt(lotteryPeriods.closeAt, now),
        inScope(codes),
      ),
    )
    .returning();
}

/** → closed (封盘) for periods past their close time. */
export async function closeDue(db: Db, now: Date, codes?: readonly string[]): Promise<PeriodRow[]> {
  return db
    .update(lotteryPeriods)
    .set({ status: 'closed' })
    .where(
      and(
        inArray(lotteryPeriods.status, ['pending', 'open']),
        lte(lotteryPeriods.closeAt, now),
        inScope(codes),
      ),
    )
    .returning();
}

/**
 * Writes a due period's outcome once: drawn with its seed (revealed now, never before) and open
 * code, or cancelled with a reason. Only a period still waiting (pending, open or closed)
 * changes; undefined otherwise.
 */
export async function decidePeriod(
  tx: Tx,
  periodId: number,
  outcome:
    | { status: 'drawn'; seed: string; openCode: string; drawnAt: Date }
    | { status: 'cancelled'; cancelReason: string },
): Promise<PeriodRow | undefined> {
  const [row] = await tx
    .update(lotteryPeriods)
    .set(outcome)
    .where(and(eq(lotteryPeriods.id, periodId), inArray(lotteryPeriods.status, [...UNDRAWN])))
    .returning();
  return row;
}

export async function dueForDraw(db: Db, now: Date, codes?: readonly string[]): Promise<PeriodRow[]> {
  return db
    .select()
    .from(lotteryPeriods)
    .where(and(inArray(lotteryPeriods.status, [...UNDRAWN]), lte(lotteryPeriods.drawAt, now), inScope(codes)))
    .orderBy(asc(lotteryPeriods.drawAt), asc(lotteryPeriods.id))
    .limit(200);
}

export async function unsettledPeriods(db: Db, codes?: readonly string[]): Promise<PeriodRow[]> {
  return db
    .select()
    .from(lotteryPeriods)
    .where(
      and(
        inArray(lotteryPeriods.status, ['drawn', 'cancelled']),
        isNull(lotteryPeriods.settledAt),
        inScope(codes),
      ),
    )
    .orderBy(asc(lotteryPeriods.drawAt))
    .limit(200);
}

export async function findPeriodById(db: Db, id: number): Promise<PeriodRow | undefined> {
  const [row] = await db.select().from(lotteryPeriods).where(eq(lotteryPeriods.id, id));
  return row;
}

export async function findPeriod(db: Db, code: string, number: string): Promise<PeriodRow | undefined> {
  const [row] = await db
    .select()
    .from(lotteryPeriods)
    .where(and(eq(lotteryPeriods.lotteryCode, code), eq(lotteryPeriods.number, number)));
  return row;
}

/** The period whose window [open, draw) contains `now`. */
export async function periodAt(db: Db, code: string, now: Date): Promise<PeriodRow | undefined> {
  const [row] = await db
    .select()
    .from(lotteryPeriods)
    .where(
      and(
        eq(lotteryPeriods.lotteryCode, code),
        lte(lotteryPeriods.openAt, now),
        gt(lotteryPeriods.drawAt, now),
      ),
    )
    .orderBy(desc(lotteryPeriods.openAt))
    .limit(1);
  return row;
}

export async function previousPeriod(db: Db, code: string, now: Date): Promise<PeriodRow | undefined> {
  const [row] = await db
    .select()
    .from(lotteryPeriods)
    .where(and(eq(lotteryPeriods.lotteryCode, code), lte(lotteryPeriods.drawAt, now)))
    .orderBy(desc(lotteryPeriods.drawAt))
    .limit(1);
  return row;
}

export async function nextPeriod(db: Db, code: string, now: Date): Promise<PeriodRow | undefined> {
  const [row] = await db
    .select()
    .from(lotteryPeriods)
    .where(and(eq(lotteryPeriods.lotteryCode, code), gt(lotteryPeriods.openAt, now)))
    .orderBy(asc(lotteryPeriods.openAt))
    .limit(1);
  return row;
}

/** Current and latest drawn period of each lottery, in two queries. */
export async function currentAndLatest(
  db: Db,
  codes: string[],
  now: Date,
): Promise<{ current: Map<string, PeriodRow>; latest: Map<string, PeriodRow> }> {
  if (codes.length === 0) return { current: new Map(), latest: new Map() };
  const [current, latest] = await Promise.all([
    db
      .selectDistinctOn([lotteryPeriods.lotteryCode])
      .from(lotteryPeriods)
      .where(
        and(
          inArray(lotteryPeriods.lotteryCode, codes),
          lte(lotteryPeriods.openAt, now),
          gt(lotteryPeriods.drawAt, now),
        ),
      )
      .orderBy(lotteryPeriods.lotteryCode, desc(lotteryPeriods.openAt)),
    db
      .selectDistinctOn([lotteryPeriods.lotteryCode])
      .from(lotteryPeriods)
      .where(and(inArray(lotteryPeriods.lotteryCode, codes), eq(lotteryPeriods.status, 'drawn')))
      .orderBy(lotteryPeriods.lotteryCode, desc(lotteryPeriods.drawAt)),
  ]);
  return {
    current: new Map(current.map((r) => [r.lotteryCode, r])),
    latest: new Map(latest.map((r) => [r.lotteryCode, r])),
  };
}

export async function latestDrawn(db: Db, code: string): Promise<PeriodRow | undefined> {
  const [row] = await db
    .select()
    .from(lotteryPeriods)
    .where(and(eq(lotteryPeriods.lotteryCode, code), eq(lotteryPeriods.status, 'drawn')))
    .orderBy(desc(lotteryPeriods.drawAt))
    .limit(1);
  return row;
}

/** Drawn and cancelled periods, newest first. */
export async function history(
  db: Db,
  code: string,
  page: { limit: number; offset: number },
  drawnOnly = false,
): Promise<{ rows: PeriodRow[]; total: number }> {
  const condition = and(
    eq(lotteryPeriods.lotteryCode, code),
    drawnOnly ? eq(lotteryPeriods.status, 'drawn') : inArray(lotteryPeriods.status, ['drawn', 'cancelled']),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(lotteryPeriods)
      .where(condition)
      .orderBy(desc(lotteryPeriods.drawAt))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(lotteryPeriods).where(condition),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function betCountsOfPeriod(db: Db, periodId: number): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: lotteryBets.status, n: count() })
    .from(lotteryBets)
    .where(eq(lotteryBets.periodId, periodId))
    .groupBy(lotteryBets.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

export async function markSettled(db: Db, periodId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(lotteryPeriods)
    .set({ settledAt: now })
    .where(
      and(
        eq(lotteryPeriods.id, periodId),
        isNull(lotteryPeriods.settledAt),
        // Over every month, unlike settlement's reads (bets.repo betWindowOf): a bet the window
        // missed must keep its period open, never be left pending under a settled one. One probe
        // of each month's period index.
        sql`NOT EXISTS (SELECT 1 FROM lottery_bets b WHERE b.period_id = ${periodId} AND b.status = 'pending')`,
      ),
    )
    .returning({ id: lotteryPeriods.id });
  return rows.length > 0;
}

export async function periodsByIds(db: Db, ids: number[]): Promise<Map<number, PeriodRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(lotteryPeriods).where(inArray(lotteryPeriods.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}
