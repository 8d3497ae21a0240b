import { and, asc, count, desc, eq, isNull, lte, notInArray } from 'drizzle-orm';
import { sql } from '../../db/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { LegRow, MarketRow, MatchRow, OrderRow } from './sports.repo.ts';
import { isSuspended } from './suspensions.repo.ts';
import { matches, orderLegs, orders } from './sports.table.ts';
import { pgArray, rowsOf } from '../../db/rows.ts';

export type NewOrder = typeof orders.$inferInsert;
export type NewLeg = Omit<typeof orderLegs.$inferInsert, 'orderId' | 'createdAt'>;
export type OrderStatus = OrderRow['status'];

// ---- placing and reading orders ----------------------------------------------------------------

/** What submit checks of a slip's match before its transaction. */
export type SlipMatch = Pick<
  MatchRow,
  | 'id'
  | 'matchNo'
  | 'sport'
  | 'status'
  | 'bettingOpen'
  | 'kickoffAt'
  | 'liveOpen'
  | 'liveSuspended'
  | 'liveSuspendReason'
  | 'liveSuspendedAt'
>;
/** A market of a slip's match, and whether an operator suspended it (or its whole match). */
export type SlipMarket = Pick<MarketRow, 'playType' | 'line' | 'odds' | 'single'> & { suspended: boolean };
type BetLimits = { maxStake: bigint | null; maxPayoutPerMatch: bigint | null };

/**
 * Everything submit checks before its transaction, in one statement: the slip's matches, their
 * markets of the slip's bet types (each marked suspended by an operator or not; a match's other
 * markets, the 比分 one alone some thirty odds, are not read), the member's own bet limits
 * (undefined without a row) and the book-wide member defaults (book_limits scope member_default).
 *
 * The lists are bound as sub-selects, `(SELECT $1::int[])`, like the batch lists of settlement:
 * PostgreSQL then keeps one generic plan for the prepared statement. Given the array itself it
 * plans every call again (its custom plan for 2 ids looks cheaper than the generic one), a third
 * of a millisecond of the database's CPU per bet (submit-plans.pg.test.ts).
 */
export async function slipReads(
  db: Db,
  memberId: number,
  matchIds: readonly number[],
  betTypes: readonly string[],
): Promise<{
  matches: SlipMatch[];
  markets: Map<number, SlipMarket[]>;
  limit: BetLimits | undefined;
  defaults: BetLimits;
}> {
  const ids = pgArray(matchIds);
  const [row] = rowsOf<{
    matches: Array<{
      id: number;
      match_no: string;
      sport: MatchRow['sport'];
      status: MatchRow['status'];
      betting_open: boolean;
      kickoff_at: string;
      live_open: boolean;
      live_suspended: boolean;
      live_suspend_reason: string | null;
      live_suspended_at: string | null;
    }>;
    markets: Array<{
      match_id: number;
      play_type: string;
      line: string | null;
      odds: Record<string, string>;
      single: boolean;
    }>;
    suspensions: Array<{ match_id: number; play_type: string }>;
    own: { max_stake: string | null; max_payout_per_match: string | null } | null;
    default_max_stake: string | null;
    default_max_payout: string | null;
  }>(
    await db.execute(sql`
      SELECT
        (SELECT coalesce(json_agg(json_build_object(
           'id', m.id, 'match_no', m.match_no, 'sport', m.sport, 'status', m.status,
           'betting_open', m.betting_open, 'kickoff_at', m.kickoff_at, 'live_open', m.live_open,
           'live_suspended', m.live_suspended, 'live_suspend_reason', m.live_suspend_reason,
           'live_suspended_at', m.live_suspended_at)), '[]'::json)
         FROM matches m WHERE m.id = ANY((SELECT ${ids}::int[])::int[])) AS matches,
        (SELECT coalesce(json_agg(json_build_object(
           'match_id', k.match_id, 'play_type', k.play_type, 'line', k.line, 'odds', k.odds,
           'single', k.single)), '[]'::json)
         FROM match_markets k WHERE k.match_id = ANY((SELECT ${ids}::int[])::int[])
           AND split_part(k.play_type, '.', 2) = ANY((SELECT ${pgArray(betTypes)}::text[])::text[])) AS markets,
        (SELECT coalesce(json_agg(json_build_object('match_id', s.match_id, 'play_type', s.play_type)), '[]'::json)
         FROM market_suspensions s WHERE s.match_id = ANY((SELECT ${ids}::int[])::int[])) AS suspensions,
        (SELECT json_build_object('max_stake', b.max_stake::text, 'max_payout_per_match', b.max_payout_per_match::text)
         FROM member_bet_limits b WHERE b.member_id = ${memberId}) AS own,
        (SELECT max_liability::text FROM book_limits
         WHERE scope = 'member_default' AND key = 'max_stake') AS default_max_stake,
        (SELECT max_liability::text FROM book_limits
         WHERE scope = 'member_default' AND key = 'max_payout_per_match') AS default_max_payout`),
  );
  if (!row) throw new Error('submit reads returned no row');
  const fen = (v: string | null) => (v === null ? null : BigInt(v));
  const suspended = new Map<number, Set<string>>();
  for (const s of row.suspensions) {
    let set = suspended.get(s.match_id);
    if (!set) suspended.set(s.match_id, (set = new Set()));
    set.add(s.play_type);
  }
  const markets = new Map<number, SlipMarket[]>();
  for (const k of row.markets) {
    let list = markets.get(k.match_id);
    if (!list) markets.set(k.match_id, (list = []));
    list.push({
      playType: k.play_type,
      line: k.line,
      odds: k.odds,
      single: k.single,
      suspended: isSuspended(suspended, k.match_id, k.play_type),
    });
  }
  return {
    matches: row.matches.map((m) => ({
      id: m.id,
      matchNo: m.match_no,
      sport: m.sport,
      status: m.status,
      bettingOpen: m.betting_open,
      kickoffAt: new Date(m.kickoff_at),
      liveOpen: m.live_open,
      liveSuspended: m.live_suspended,
      liveSuspendReason: m.live_suspend_reason,
      liveSuspendedAt: m.live_suspended_at === null ? null : new Date(m.live_suspended_at),
    })),
    markets,
    limit: row.own
      ? { maxStake: fen(row.own.max_stake), maxPayoutPerMatch: fen(row.own.max_payout_per_match) }
      : undefined,
    defaults: { maxStake: fen(row.default_max_stake), maxPayoutPerMatch: fen(row.default_max_payout) },
  };
}

/** What submit needs of a slip's match under its share lock. */
export type SubmitMatch = Pick<
  MatchRow,
  'id' | 'matchNo' | 'status' | 'bettingOpen' | 'kickoffAt' | 'liveOpen' | 'liveSuspended' | 'liveSuspendedAt'
>;

const dateOf = (v: Date | string | null): Date | null => (v === null ? null : new Date(v));

/**
 * The matches of a slip, share-locked until commit so none closes under a bet being placed. The
 * ids as a sub-select, for one generic plan (slipReads).
 */
export async function lockSubmitMatches(tx: Tx, ids: readonly number[]): Promise<SubmitMatch[]> {
  if (!ids.length) return [];
  const rows = rowsOf<{
    id: number;
    match_no: string;
    status: MatchRow['status'];
    betting_open: boolean;
    kickoff_at: Date | string;
    live_open: boolean;
    live_suspended: boolean;
    live_suspended_at: Date | string | null;
  }>(
    await tx.execute(sql`
      SELECT id, match_no, status, betting_open, kickoff_at, live_open, live_suspended, live_suspended_at
      FROM matches WHERE id = ANY((SELECT ${pgArray(ids)}::int[])::int[])
      FOR SHARE`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    matchNo: r.match_no,
    status: r.status,
    bettingOpen: r.betting_open,
    kickoffAt: new Date(r.kickoff_at),
    liveOpen: r.live_open,
    liveSuspended: r.live_suspended,
    liveSuspendedAt: dateOf(r.live_suspended_at),
  }));
}

/**
 * Inserts a submitted order and its legs in one statement, and reads in it the operators'
 * suspensions of `matchIds` (play type per match; `*` for a whole match). The caller holds the
 * matches' share locks, and a suspension takes the match row FOR UPDATE: this statement, begun
 * after the locks were granted, sees every suspension committed before them. A suspended leg
 * throws and rolls the insert back with everything else. Undefined (nothing written) when the
 * order number is taken: the caller draws another.
 */
export async function insertOrderReadingSuspensions(
  tx: Tx,
  order: Omit<NewOrder, 'id' | 'payout' | 'settledAt' | 'rejectReason' | 'confirmDueAt'> & {
    createdAt: Date;
    acceptAt: Date | null;
    oddsPolicy: OrderRow['oddsPolicy'];
  },
  legs: readonly NewLeg[],
  matchIds: readonly number[],
): Promise<{ id: number; orderNo: string; suspended: Map<number, Set<string>> } | undefined> {
  const column = <T extends string | number | bigint | null>(pick: (leg: NewLeg) => T) =>
    pgArray(legs.map(pick));
  const stamp = order.createdAt.toISOString();
  const rows = rowsOf<{ id: number; match_id: number | null; play_type: string | null }>(
    await tx.execute(sql`
      -- A number is unique across every month in order_numbers, not in orders (decision 042): the
      -- order is inserted only with the number it claimed.
      WITH n AS (
        INSERT INTO order_numbers (order_no, order_id, created_at)
        VALUES (${order.orderNo}, nextval('order_ids')::int, ${stamp}::timestamptz)
        ON CONFLICT (order_no) DO NOTHING
        RETURNING order_id
      ), o AS (
        INSERT INTO orders (id, order_no, member_id, sport, bet_mode, pass_type, multiple, multiples, match_count,
                            bet_count, total_amount, max_prize, created_at, status, accept_at, confirm_due_at, odds_policy,
                            free_bet_id, follow_post_id, syndicate_id)
        SELECT n.order_id, ${order.orderNo}, ${order.memberId}::int, ${order.sport}, ${order.betMode}, ${order.passType},
                ${order.multiple}::int, ${order.multiples ? pgArray(order.multiples) : null}::int[],
                ${order.matchCount}::int, ${order.betCount}::int,
                ${order.totalAmount}::bigint, ${order.maxPrize}::bigint, ${stamp}::timestamptz,
                ${order.status ?? 'pending'}, ${order.acceptAt?.toISOString() ?? null}::timestamptz,
                ${order.status === 'confirming' ? (order.acceptAt?.toISOString() ?? null) : null}::timestamptz,
                ${order.oddsPolicy}, ${order.freeBetId ?? null}::int, ${order.followPostId ?? null}::int,
                ${order.syndicateId ?? null}::int
        FROM n
        RETURNING id
      ), l AS (
        INSERT INTO order_legs (order_id, created_at, position, match_id, play_type, option_key, odds, line, in_play,
                                live_suspended_seen_at)
        SELECT o.id, ${stamp}::timestamptz, v.position, v.match_id, v.play_type, v.option_key, v.odds, v.line, v.in_play, v.seen_at
        FROM o, unnest(
          ${column((l) => l.position)}::int[], ${column((l) => l.matchId)}::int[],
          ${column((l) => l.playType)}::text[], ${column((l) => l.optionKey)}::text[],
          ${column((l) => l.odds)}::text[], ${column((l) => l.line ?? null)}::text[],
          ${column((l) => String(l.inPlay ?? false))}::boolean[],
          ${column((l) => l.liveSuspendedSeenAt?.toISOString() ?? null)}::timestamptz[]
        ) WITH ORDINALITY AS v(position, match_id, play_type, option_key, odds, line, in_play, seen_at, n)
        ORDER BY v.n
      )
      SELECT o.id, s.match_id, s.play_type
      FROM o LEFT JOIN market_suspensions s ON s.match_id = ANY(${pgArray(matchIds)}::int[])`),
  );
  const id = rows[0]?.id;
  if (id === undefined) return undefined;
  const suspended = new Map<number, Set<string>>();
  for (const r of rows) {
    if (r.match_id === null || r.play_type === null) continue;
    const matchId = Number(r.match_id);
    let set = suspended.get(matchId);
    if (!set) suspended.set(matchId, (set = new Set()));
    set.add(r.play_type);
  }
  return { id: Number(id), orderNo: order.orderNo, suspended };
}

export interface OrderFilter {
  memberId: number;
  /** 'settled' = decided: every status but pending and confirming. */
  status?: OrderStatus | 'settled' | undefined;
  sport?: 'football' | 'basketball' | null | undefined;
}

export async function listOrders(
  db: Db,
  filter: OrderFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  const condition = and(
    eq(orders.memberId, filter.memberId),
    filter.status === 'settled'
      ? notInArray(orders.status, ['pending', 'confirming'])
      : filter.status
        ? eq(orders.status, filter.status)
        : undefined,
    filter.sport ? eq(orders.sport, filter.sport) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(orders).where(condition).orderBy(desc(orders.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(orders).where(condition),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The member's own order by id or number (another member's is not found). */
export async function findMemberOrder(
  db: Db,
  memberId: number,
  by: { id: number } | { orderNo: string },
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(eq(orders.memberId, memberId), 'id' in by ? eq(orders.id, by.id) : eq(orders.orderNo, by.orderNo)),
    );
  return row;
}

export async function legsOfOrder(db: Db, orderId: number): Promise<LegRow[]> {
  return db.select().from(orderLegs).where(eq(orderLegs.orderId, orderId)).orderBy(orderLegs.position);
}

// ---- in play: deciding confirming orders -------------------------------------------------------

/** Confirming orders whose bet delay has passed by `now`, oldest first. */
export async function dueConfirmingOrderIds(db: Db, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(lte(orders.confirmDueAt, now))
    .orderBy(asc(orders.confirmDueAt), asc(orders.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * The order, locked until commit, while it is still confirming and due; undefined when another
 * decider holds it (SKIP LOCKED) or has already decided it.
 */
export async function lockDueConfirmingOrder(tx: Tx, id: number, now: Date): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.status, 'confirming'), lte(orders.acceptAt, now)))
    .for('update', { skipLocked: true });
  return row;
}

/** Accepted: the order joins the pending ones (settled like any other), at its final maximum prize. */
export async function acceptConfirmingOrder(tx: Tx, id: number, maxPrize: bigint): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ status: 'pending', maxPrize, confirmDueAt: null })
    .where(and(eq(orders.id, id), eq(orders.status, 'confirming')))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/**
 * Refused: the order is final as rejected (decided at `now`), its legs void, its payout the stake
 * it gets back (as a refunded order's is, so records show no profit or loss on it).
 */
export async function rejectConfirmingOrder(tx: Tx, id: number, reason: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({
      status: 'rejected',
      rejectReason: reason,
      settledAt: now,
      payout: sql`${orders.totalAmount}`,
      confirmDueAt: null,
    })
    .where(and(eq(orders.id, id), eq(orders.status, 'confirming')))
    .returning({ id: orders.id });
  if (rows.length === 0) return false;
  await tx.update(orderLegs).set({ status: 'void', settledAt: now }).where(eq(orderLegs.orderId, id));
  return true;
}

/** In-play legs taken at the current odds when their order is accepted. */
export async function repriceLegs(tx: Tx, legs: ReadonlyArray<{ id: number; odds: string }>): Promise<void> {
  for (const leg of legs) await tx.update(orderLegs).set({ odds: leg.odds }).where(eq(orderLegs.id, leg.id));
}

// ---- settlement ---------------------------------------------------------------------------------

/** The distinct (play type, line, option) of a match's pending legs: what settlement must decide. */
export async function pendingLegOptions(db: Db, matchId: number) {
  return db
    .selectDistinct({ playType: orderLegs.playType, line: orderLegs.line, optionKey: orderLegs.optionKey })
    .from(orderLegs)
    .where(and(eq(orderLegs.matchId, matchId), eq(orderLegs.status, 'pending')));
}

/** Decides a market's pending legs of a match in one UPDATE (`CASE option_key`); returns how many (not which). */
export async function decideLegs(
  db: Db,
  matchId: number,
  market: { playType: string; line: string | null; statuses: ReadonlyMap<string, string> },
  now: Date,
): Promise<number> {
  const cases = sql.join(
    [...market.statuses].map(([option, status]) => sql`WHEN ${option} THEN ${status}`),
    sql` `,
  );
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      WITH decided AS (
        UPDATE order_legs SET status = CASE option_key ${cases} END, settled_at = ${now.toISOString()}::timestamptz
        WHERE match_id = ${matchId} AND play_type = ${market.playType}
          AND ${market.line === null ? sql`line IS NULL` : sql`line = ${market.line}`}
          AND status = 'pending' AND option_key = ANY(${pgArray([...market.statuses.keys()])}::text[])
        RETURNING 1
      )
      SELECT count(*)::int AS n FROM decided`),
  );
  return Number(row?.n ?? 0);
}

/** Marks the match settled once none of its legs is pending. */
export async function markMatchSettled(db: Db, matchId: number, now: Date): Promise<void> {
  await db
    .update(matches)
    .set({ settledAt: now })
    .where(
      and(
        eq(matches.id, matchId),
        isNull(matches.settledAt),
        sql`NOT EXISTS (SELECT 1 FROM order_legs l WHERE l.match_id = ${matchId} AND l.status = 'pending')`,
      ),
    );
}

/**
 * Pending orders holding a leg of `matchId` whose legs are all decided, by ascending id. Found
 * through the match's legs (no index on orders holds status, so settling an order stays a HOT
 * update).
 */
export async function readyOrderIds(db: Db, matchId: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      SELECT o.id FROM orders o
      WHERE o.id IN (SELECT order_id FROM order_legs WHERE match_id = ${matchId})
        AND o.status = 'pending'
        AND NOT EXISTS (SELECT 1 FROM order_legs l WHERE l.order_id = o.id AND l.status = 'pending')
      ORDER BY o.id`),
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Every order holding a leg of these matches, once each, by ascending id (settlement takes them in
 * batches). The database sends the legs' order ids as they come, one text; they are made unique
 * and sorted here (a DISTINCT and an ordered aggregate over 100,000 legs took 400 ms, spilling to
 * disk at the default work_mem, against 60 ms for the bare read).
 */
export async function orderIdsOfMatches(db: Db, matchIds: readonly number[]): Promise<number[]> {
  if (matchIds.length === 0) return [];
  const [row] = rowsOf<{ ids: string | null }>(
    await db.execute(sql`
      SELECT string_agg(order_id::text, ',') AS ids
      FROM order_legs WHERE match_id = ANY(${pgArray(matchIds)}::int[])`),
  );
  if (!row?.ids) return [];
  return Array.from(new Int32Array(new Set(row.ids.split(',').map(Number))).sort());
}

/** The member's main balance, read in the order's transaction (an order staked by a ticket moves none). */
export async function mainBalance(tx: Tx, memberId: number): Promise<bigint> {
  const [row] = rowsOf<{ balance: string }>(
    await tx.execute(
      sql`SELECT balance::text AS balance FROM wallets WHERE member_id = ${memberId} AND kind = 'main'`,
    ),
  );
  return BigInt(row?.balance ?? '0');
}
