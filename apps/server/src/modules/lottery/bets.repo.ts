import { and, count, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import { MEMBER_ACTOR } from '@app/shared';
import { sql } from '../../db/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { LOCKS } from '../../db/locks.ts';
import type { BetRow, NewBet, NoticeRow, PeriodRow } from './lottery.repo.ts';
import { lotteryBets, lotteryNotices, lotteryPeriods } from './lottery.table.ts';
import { pgArray, rowsOf } from '../../db/rows.ts';

export type BetStatus = BetRow['status'];

// ---- a member's bets ----------------------------------------------------------------------------

/** A period row as raw SQL returns it (timestamps as Date on node-postgres and PGlite, text in JSON). */
type RawPeriod = {
  id: number;
  lottery_code: string;
  number: string;
  open_at: Date | string;
  close_at: Date | string;
  draw_at: Date | string;
  seed: string | null;
  commitment: string;
  status: PeriodRow['status'];
  open_code: string | null;
  drawn_at: Date | string | null;
  cancel_reason: string | null;
  settled_at: Date | string | null;
  created_at: Date | string;
};

const PERIOD_COLUMNS = sql.raw(
  'p.id, p.lottery_code, p.number, p.open_at, p.close_at, p.draw_at, p.seed, p.commitment, p.status, ' +
    'p.open_code, p.drawn_at, p.cancel_reason, p.settled_at, p.created_at',
);

const dateOf = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));
const maybeDate = (v: Date | string | null): Date | null => (v === null ? null : dateOf(v));

function toPeriodRow(r: RawPeriod): PeriodRow {
  return {
    id: Number(r.id),
    lotteryCode: r.lottery_code,
    number: r.number,
    openAt: dateOf(r.open_at),
    closeAt: dateOf(r.close_at),
    drawAt: dateOf(r.draw_at),
    seed: r.seed,
    commitment: r.commitment,
    status: r.status,
    openCode: r.open_code,
    drawnAt: maybeDate(r.drawn_at),
    cancelReason: r.cancel_reason,
    settledAt: maybeDate(r.settled_at),
    createdAt: dateOf(r.created_at),
  };
}

/**
 * A bet create's first statement in its transaction: the period by number with its lock taken
 * shared (`sharePeriodLock`) until the transaction ends, and whether an operator took the lottery
 * off sale (a lottery without a games row is on sale). The period's status here may predate the
 * lock (the statement began before it waited); only what never changes (id, number, times) is to
 * be used from it — `insertBetsIfOpen`, the next statement, reads it again.
 */
export async function lockBetTarget(
  tx: Tx,
  code: string,
  number: string,
): Promise<{ onSale: boolean; period: PeriodRow | undefined }> {
  const [row] = rowsOf<{ enabled: boolean | null } & { [K in keyof RawPeriod]: RawPeriod[K] | null }>(
    await tx.execute(sql`
      SELECT (SELECT g.enabled FROM lottery_games g WHERE g.code = ${code}) AS enabled, ${PERIOD_COLUMNS},
             CASE WHEN p.id IS NOT NULL
                  THEN pg_advisory_xact_lock_shared(${LOCKS.lotteryPeriod}::int, p.id) END AS locked
      FROM (SELECT 1) one
      LEFT JOIN lottery_periods p ON p.lottery_code = ${code} AND p.number = ${number}`),
  );
  return {
    onSale: row?.enabled !== false,
    period: row && row.id !== null ? toPeriodRow(row as RawPeriod) : undefined,
  };
}

/** A bet to place: its row less what the database fills in. */
export type PlacedBet = Omit<
  NewBet,
  'id' | 'status' | 'payout' | 'winningItems' | 'cancelReason' | 'cancelledBy' | 'settledAt'
> & {
  createdAt: Date;
};

/**
 * Reads the period and inserts the bets in one statement, the bets only if the period takes bets
 * at `at` (as `acceptsBets`: pending or open, open_at <= at < close_at). The caller holds the
 * period's shared lock, taken in a statement before this one, so what this reads is the period as
 * the draw (which takes the lock exclusively) left it. Returns the period and, for each bet in
 * input order, the bet as stored: undefined for all when the period refused them, and for a bet
 * whose number another bet already has (the caller draws it a new number).
 */
export async function insertBetsIfOpen(
  tx: Tx,
  periodId: number,
  at: Date,
  bets: readonly PlacedBet[],
  /** 合买: the plan every bet of this slip is placed for. */
  syndicateId: number | null = null,
): Promise<{ period: PeriodRow | undefined; bets: Array<BetRow | undefined> }> {
  const column = <T extends string | number | bigint>(pick: (bet: PlacedBet) => T) => pgArray(bets.map(pick));
  const stamp = at.toISOString();
  const rows = rowsOf<RawPeriod & { bet_id: number | null; bet_no: string | null }>(
    await tx.execute(sql`
      WITH p AS (SELECT * FROM lottery_periods WHERE id = ${periodId}::int),
      v AS (
        SELECT nextval('lottery_bet_ids')::int AS id, u.*
        FROM unnest(
          ${column((b) => b.betNo)}::text[], ${column((b) => b.memberId)}::int[],
          ${column((b) => b.lotteryCode)}::text[], ${column((b) => b.playCode)}::text[],
          ${column((b) => b.codes)}::text[], ${column((b) => b.itemCount)}::int[],
          ${column((b) => b.multiple)}::int[], ${column((b) => b.unitFen)}::bigint[],
          ${column((b) => b.amount)}::bigint[], ${column((b) => JSON.stringify(b.odds))}::jsonb[],
          ${column((b) => b.createdAt.toISOString())}::timestamptz[]
        ) WITH ORDINALITY AS u(bet_no, member_id, lottery_code, play_code, codes, item_count, multiple,
                                unit_fen, amount, odds, created_at, n)
        WHERE EXISTS (SELECT 1 FROM p WHERE p.status IN ('pending', 'open')
                        AND p.open_at <= ${stamp}::timestamptz AND p.close_at > ${stamp}::timestamptz)
      ),
      -- A number is unique across every month here, not in lottery_bets (decision 042): a bet is
      -- inserted only with the number it claimed.
      numbers AS (
        INSERT INTO lottery_bet_numbers (bet_no, bet_id, created_at)
        SELECT v.bet_no, v.id, v.created_at FROM v ORDER BY v.n
        ON CONFLICT (bet_no) DO NOTHING
        RETURNING bet_id
      ),
      b AS (
        INSERT INTO lottery_bets (id, bet_no, member_id, lottery_code, period_id, play_code, codes, item_count,
                                  multiple, unit_fen, amount, odds, created_at, syndicate_id)
        SELECT v.id, v.bet_no, v.member_id, v.lottery_code, ${periodId}::int, v.play_code, v.codes, v.item_count,
               v.multiple, v.unit_fen, v.amount, v.odds, v.created_at, ${syndicateId}::int
        FROM v JOIN numbers ON numbers.bet_id = v.id
        ORDER BY v.n
        RETURNING id, bet_no
      )
      SELECT ${PERIOD_COLUMNS}, b.id AS bet_id, b.bet_no
      FROM p LEFT JOIN b ON true`),
  );
  const first = rows[0];
  if (!first) return { period: undefined, bets: [] };
  const ids = new Map<string, number>();
  for (const r of rows) if (r.bet_no !== null && r.bet_id !== null) ids.set(r.bet_no, Number(r.bet_id));
  if (ids.size === 0) return { period: toPeriodRow(first), bets: bets.map(() => undefined) };
  return {
    period: toPeriodRow(first),
    bets: bets.map((b) => {
      const id = ids.get(b.betNo);
      if (id === undefined) return undefined;
      // Two of these with one number: the first was stored (ORDER BY v.n), the other not.
      ids.delete(b.betNo);
      return {
        ...b,
        id,
        status: 'pending',
        payout: 0n,
        winningItems: 0,
        cancelReason: null,
        cancelledBy: null,
        settledAt: null,
        syndicateId,
      };
    }),
  };
}

/** A 合买 plan's bets, in order. */
export async function betsOfSyndicate(db: Db, syndicateId: number): Promise<BetRow[]> {
  return db
    .select()
    .from(lotteryBets)
    .where(eq(lotteryBets.syndicateId, syndicateId))
    .orderBy(lotteryBets.id);
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
    .set({ status: 'cancelled', cancelReason: '会员撤单', cancelledBy: MEMBER_ACTOR, settledAt: now })
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

/**
 * The span a period's bets were created in: a bet is inserted only while its period takes bets
 * (`insertBetsIfOpen`: open_at <= created_at < close_at, and a period's times never change), given
 * a day's slack either side. Settlement's reads and writes carry it so PostgreSQL looks in that
 * month's partition of lottery_bets (or two, at a month's edge) rather than in every month.
 */
export interface BetWindow {
  from: Date;
  to: Date;
}

const DAY_MS = 86_400_000;

export function betWindowOf(period: Pick<PeriodRow, 'openAt' | 'closeAt'>): BetWindow {
  return {
    from: new Date(period.openAt.getTime() - DAY_MS),
    to: new Date(period.closeAt.getTime() + DAY_MS),
  };
}

const inWindow = (w: BetWindow) =>
  sql`created_at >= ${w.from.toISOString()}::timestamptz AND created_at < ${w.to.toISOString()}::timestamptz`;
const inWindowOf = (w: BetWindow) => and(gte(lotteryBets.createdAt, w.from), lt(lotteryBets.createdAt, w.to));

/*
 * A batch's ids are bound as `(SELECT $1::int[])`: the planner cannot count a sub-select's array,
 * so it reaches the bets by their primary key, one lookup per id. Given the array itself, it
 * counted 2,500 ids and scanned the whole table instead, once per batch: reading and flipping a
 * batch then cost about 120 ms each, and a 100,000-bet period paid that forty times over.
 */
const batchIds = (ids: readonly number[]) => sql`(SELECT ${pgArray(ids)}::int[])::int[]`;

/** What settling a bet reads of it; its odds as the stored JSON text (bets share few snapshots). */
export interface BetToSettle {
  id: number;
  memberId: number;
  playCode: string;
  codes: string;
  multiple: number;
  unitFen: bigint;
  amount: bigint;
  oddsJson: string;
  /** 合买: the plan the bet was placed for (its turnover is its holders', added at placement). */
  syndicateId: number | null;
}

/**
 * A period's pending bets in (member, id) order: the order settlement takes them in. One read of
 * the period, sorted here: asked for in order page by page, a period whose bets came in since the
 * last ANALYZE was planned as a scan of all its bets and a sort, once per page (55–95 ms per
 * 10,000 bets of a 100,000-bet period, against one read of 60 ms).
 */
export async function pendingBetKeys(
  db: Db,
  periodId: number,
  window: BetWindow,
): Promise<Array<{ memberId: number; id: number }>> {
  const keys = rowsOf<{ member_id: number; id: number }>(
    await db.execute(
      sql`SELECT member_id, id FROM lottery_bets
          WHERE period_id = ${periodId} AND status = 'pending' AND ${inWindow(window)}`,
    ),
  ).map((r) => ({ memberId: Number(r.member_id), id: Number(r.id) }));
  return keys.sort((x, y) => x.memberId - y.memberId || x.id - y.id);
}

/**
 * The bets among `ids` still pending, in (member, id) order, with what settling them needs (rows
 * as the driver gives them: a third of the read's time went to mapping them through the query
 * builder). Read outside the batches' transactions: each flip is guarded by `status = 'pending'`,
 * and only the bets a batch flipped are paid, so a bet cancelled or settled since is left alone.
 */
export async function betsToSettle(
  db: Db,
  ids: readonly number[],
  window: BetWindow,
): Promise<BetToSettle[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf<{
    id: number;
    member_id: number;
    play_code: string;
    codes: string;
    multiple: number;
    unit_fen: string;
    amount: string;
    odds: string;
    syndicate_id: number | null;
  }>(
    await db.execute(sql`
      SELECT id, member_id, play_code, codes, multiple, unit_fen::text AS unit_fen, amount::text AS amount,
             odds::text AS odds, syndicate_id
      FROM lottery_bets WHERE id = ANY(${batchIds(ids)}) AND status = 'pending' AND ${inWindow(window)}`),
  );
  return rows
    .map((r) => ({
      id: Number(r.id),
      memberId: Number(r.member_id),
      playCode: r.play_code,
      codes: r.codes,
      multiple: Number(r.multiple),
      unitFen: BigInt(r.unit_fen),
      amount: BigInt(r.amount),
      oddsJson: r.odds,
      syndicateId: r.syndicate_id === null ? null : Number(r.syndicate_id),
    }))
    .sort((x, y) => x.memberId - y.memberId || x.id - y.id);
}

/** Losing bets in one UPDATE (still pending only); returns the ids it flipped. */
export async function markBetsLost(db: Db, ids: number[], window: BetWindow, now: Date): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(lotteryBets)
    .set({ status: 'lost', settledAt: now })
    .where(
      and(
        sql`${lotteryBets.id} = ANY(${batchIds(ids)})`,
        eq(lotteryBets.status, 'pending'),
        inWindowOf(window),
      ),
    )
    .returning({ id: lotteryBets.id });
  return rows.map((r) => r.id);
}

/** Winning bets in one UPDATE … FROM unnest(…), each with its payout and winning items; returns the ids it flipped. */
export async function markBetsWon(
  db: Db,
  winners: ReadonlyArray<{ id: number; payout: bigint; items: number }>,
  window: BetWindow,
  now: Date,
): Promise<number[]> {
  if (winners.length === 0) return [];
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      UPDATE lottery_bets SET status = 'won', payout = v.payout, winning_items = v.items,
                              settled_at = ${now.toISOString()}::timestamptz
      FROM unnest(
        ${batchIds(winners.map((d) => d.id))},
        (SELECT ${pgArray(winners.map((d) => d.payout))}::bigint[]),
        (SELECT ${pgArray(winners.map((d) => d.items))}::int[])
      ) AS v(id, payout, items)
      WHERE lottery_bets.id = v.id AND lottery_bets.status = 'pending' 
        AND lottery_bets.created_at >= ${window.from.toISOString()}::timestamptz
        AND lottery_bets.created_at < ${window.to.toISOString()}::timestamptz
      RETURNING lottery_bets.id`),
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Refunds still-pending bets of a cancelled period in one UPDATE, recording why and by which
 * process (`by`, e.g. `job:lottery-scheduler`); returns the bets it flipped.
 */
export async function markBetsRefunded(
  db: Db,
  ids: number[],
  window: BetWindow,
  refund: { reason: string; by: string },
  now: Date,
): Promise<BetRow[]> {
  const { reason, by } = refund;
  return db
    .update(lotteryBets)
    .set({ status: 'refunded', cancelReason: reason, cancelledBy: by, settledAt: now })
    .where(
      and(
        sql`${lotteryBets.id} = ANY(${batchIds(ids)})`,
        eq(lotteryBets.status, 'pending'),
        inWindowOf(window),
      ),
    )
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

/** Bet numbers by bet id. */
export async function betNosByIds(db: Db | Tx, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: lotteryBets.id, betNo: lotteryBets.betNo })
    .from(lotteryBets)
    .where(inArray(lotteryBets.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.betNo]));
}
