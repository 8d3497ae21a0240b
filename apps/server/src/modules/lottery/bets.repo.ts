import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { pgArray, rowsOf } from '../ledger/ledger.repo.ts';
import type { BetRow, NewBet, NoticeRow } from './lottery.repo.ts';
import { lotteryBets, lotteryNotices, lotteryPeriods } from './lottery.table.ts';

export type BetStatus = BetRow['status'];

// ---- a member's bets ----------------------------------------------------------------------------

export async function insertBets(tx: Tx, rows: NewBet[]): Promise<BetRow[]> {
  return tx.insert(lotteryBets).values(rows).returning();
}

/** The member's own bet (another member's is not found), row-locked when `lock` is set. */
export async function findMemberBet(
  db: Db,
  memberId: number,
  betId: number,
  lock = false,
): Promise<BetRow | undefined> {
  const query = db
    .select()
    .from(lotteryBets)
    .where(and(eq(lotteryBets.id, betId), eq(lotteryBets.memberId, memberId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** A member's cancel of a still-pending bet; undefined when it is no longer pending. */
export async function cancelPendingBet(db: Db, betId: number, now: Date): Promise<BetRow | undefined> {
  const [row] = await db
    .update(lotteryBets)
    .set({ status: 'cancelled', cancelReason: '会员撤单', settledAt: now })
    .where(and(eq(lotteryBets.id, betId), eq(lotteryBets.status, 'pending')))
    .returning();
  return row;
}

export interface BetFilter {
  memberId: number;
  code?: string | undefined;
  /** A period number (of `code` when given). */
  expect?: string | undefined;
  /** 'settled' = won or lost. */
  status?: BetStatus | 'settled' | undefined;
}

export async function listBets(
  db: Db,
  filter: BetFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: BetRow[]; total: number }> {
  const condition = and(
    eq(lotteryBets.memberId, filter.memberId),
    filter.code ? eq(lotteryBets.lotteryCode, filter.code) : undefined,
    filter.expect
      ? inArray(
          lotteryBets.periodId,
          db
            .select({ id: lotteryPeriods.id })
            .from(lotteryPeriods)
            .where(
              and(
                eq(lotteryPeriods.number, filter.expect),
                filter.code ? eq(lotteryPeriods.lotteryCode, filter.code) : undefined,
              ),
            ),
        )
      : undefined,
    filter.status === 'settled'
      ? inArray(lotteryBets.status, ['won', 'lost'])
      : filter.status
        ? eq(lotteryBets.status, filter.status)
        : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(lotteryBets)
      .where(condition)
      .orderBy(desc(lotteryBets.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(lotteryBets).where(condition),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Counts and sums of a member's bets (of one lottery when `code` is given), amounts as text. */
export async function betStats(db: Db, memberId: number, code: string | undefined) {
  const [row] = await db
    .select({
      totalCount:
        sql<number>`COUNT(*) FILTER (WHERE ${lotteryBets.status} NOT IN ('cancelled', 'refunded'))`.mapWith(
          Number,
        ),
      totalAmount: sql<string>`COALESCE(SUM(${lotteryBets.amount}) FILTER (WHERE ${lotteryBets.status} NOT IN ('cancelled', 'refunded')), 0)::text`,
      pendingCount: sql<number>`COUNT(*) FILTER (WHERE ${lotteryBets.status} = 'pending')`.mapWith(Number),
      pendingAmount: sql<string>`COALESCE(SUM(${lotteryBets.amount}) FILTER (WHERE ${lotteryBets.status} = 'pending'), 0)::text`,
      wonCount: sql<number>`COUNT(*) FILTER (WHERE ${lotteryBets.status} = 'won')`.mapWith(Number),
      lostCount: sql<number>`COUNT(*) FILTER (WHERE ${lotteryBets.status} = 'lost')`.mapWith(Number),
      cancelledCount:
        sql<number>`COUNT(*) FILTER (WHERE ${lotteryBets.status} IN ('cancelled', 'refunded'))`.mapWith(
          Number,
        ),
      payout: sql<string>`COALESCE(SUM(${lotteryBets.payout}), 0)::text`,
      settledAmount: sql<string>`COALESCE(SUM(${lotteryBets.amount}) FILTER (WHERE ${lotteryBets.status} IN ('won', 'lost')), 0)::text`,
    })
    .from(lotteryBets)
    .where(and(eq(lotteryBets.memberId, memberId), code ? eq(lotteryBets.lotteryCode, code) : undefined));
  return row;
}

// ---- settlement ---------------------------------------------------------------------------------

/** The still-pending bets among `ids` (the list bound as one array, whatever its length). */
export async function pendingBetsByIds(db: Db, ids: number[]): Promise<BetRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(lotteryBets)
    .where(and(sql`${lotteryBets.id} = ANY(${pgArray(ids)}::int[])`, eq(lotteryBets.status, 'pending')));
}

/** Losing bets in one UPDATE (still pending only); returns the ids it flipped. */
export async function markBetsLost(db: Db, ids: number[], now: Date): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(lotteryBets)
    .set({ status: 'lost', settledAt: now })
    .where(and(sql`${lotteryBets.id} = ANY(${pgArray(ids)}::int[])`, eq(lotteryBets.status, 'pending')))
    .returning({ id: lotteryBets.id });
  return rows.map((r) => r.id);
}

/** Winning bets in one UPDATE … FROM unnest(…), each with its payout and winning items; returns the ids it flipped. */
export async function markBetsWon(
  db: Db,
  winners: ReadonlyArray<{ id: number; payout: bigint; items: number }>,
  now: Date,
): Promise<number[]> {
  if (winners.length === 0) return [];
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      UPDATE lottery_bets SET status = 'won', payout = v.payout, winning_items = v.items,
                              settled_at = ${now.toISOString()}::timestamptz
      FROM unnest(
        ${pgArray(winners.map((d) => d.id))}::int[],
        ${pgArray(winners.map((d) => d.payout))}::bigint[],
        ${pgArray(winners.map((d) => d.items))}::int[]
      ) AS v(id, payout, items)
      WHERE lottery_bets.id = v.id AND lottery_bets.status = 'pending'
      RETURNING lottery_bets.id`),
  );
  return rows.map((r) => Number(r.id));
}

/** Refunds still-pending bets of a cancelled period in one UPDATE; returns the bets it flipped. */
export async function markBetsRefunded(db: Db, ids: number[], reason: string, now: Date): Promise<BetRow[]> {
  return db
    .update(lotteryBets)
    .set({ status: 'refunded', cancelReason: reason, settledAt: now })
    .where(and(sql`${lotteryBets.id} = ANY(${pgArray(ids)}::int[])`, eq(lotteryBets.status, 'pending')))
    .returning();
}

// ---- notices of cancelled periods ---------------------------------------------------------------

/** One notice per member and period (a re-run adds none); returns those written now. */
export async function insertNotices(
  db: Db,
  rows: ReadonlyArray<{
    memberId: number;
    periodId: number;
    title: string;
    content: string;
    createdAt: Date;
  }>,
): Promise<NoticeRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(lotteryNotices)
    .values([...rows])
    .onConflictDoNothing()
    .returning();
}

export async function listNotices(db: Db, memberId: number, page: { limit: number; offset: number }) {
  const condition = eq(lotteryNotices.memberId, memberId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ notice: lotteryNotices, code: lotteryPeriods.lotteryCode, number: lotteryPeriods.number })
      .from(lotteryNotices)
      .innerJoin(lotteryPeriods, eq(lotteryPeriods.id, lotteryNotices.periodId))
      .where(condition)
      .orderBy(desc(lotteryNotices.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(lotteryNotices).where(condition),
  ]);
  return { rows, total: total?.n ?? 0 };
}
