import {
  betPrize,
  formatFen,
  MAX_MATCHES,
  optionName,
  parseSportsOdds,
  PLAY_TYPES,
  prizeCap,
  SPORTS_BET_UNIT_FEN,
  type BetSelection,
  type PlayTypeId,
} from '@app/shared';
import type { Db, Tx } from '../../db/client.ts';
import { inTransaction } from '../../db/tx.ts';
import { refuse } from '../../lib/errors.ts';
import * as book from './book.repo.ts';

/**
 * Cap per outcome when no book_limits row applies: 1,000,000元 of liability, the most one bet can
 * pay (SPEC §9's cap of a bet of 6 or more matches). An outcome carries a slip's maximum prize
 * less its stake, so no slip paying at most that (any single, any k串1, 8串1 ×99 included) can
 * be refused on an outcome nobody else has bet on; the cap then limits what slips add up to.
 * Operators set lower or higher caps per sport, play type or match in the console.
 */
export const BOOK_DEFAULT_CAP_FEN = prizeCap(MAX_MATCHES);

/**
 * Rows per outcome in book_exposure. Orders on one outcome spread over them by order id, so that
 * many members backing the same favourite wait for one another BOOK_SHARDS times less.
 */
export const BOOK_SHARDS = 16;

/** The shard an order's shares go to. */
export const shardOf = (orderId: number) => orderId % BOOK_SHARDS;

/**
 * Thrown by reserveLiability on its fast path when a share does not fit its shard's allotment (or
 * the shard is new, or was allotted under another cap): the caller rolls the whole transaction
 * back and runs it again with `lock: true`, which decides against the outcome's whole cap.
 */
export class BookShardFull extends Error {
  constructor(
    /** The order's shares that were being booked (outcomeShares: merged, sorted). */
    readonly shares: readonly book.OutcomeShare[],
  ) {
    super('book shard allotment used up');
    this.name = 'BookShardFull';
  }
}

/**
 * Each shard's allotment after a locked booking: its liability plus an equal part of the room
 * left under the cap (the remainder of the division to the first shard), so that the allotments
 * sum to the cap exactly. When the liability already passes the cap (a lowered cap, orders booked
 * by the backfill) there is no room and every allotment is its liability.
 */
export function allot(liabilities: readonly bigint[], cap: bigint): bigint[] {
  const total = liabilities.reduce((a, b) => a + b, 0n);
  const room = cap > total ? cap - total : 0n;
  const n = BigInt(liabilities.length);
  if (n === 0n) return [];
  const part = room / n;
  return liabilities.map((l, i) => l + part + (i === 0 ? room - part * n : 0n));
}

/** An order as the book sees it, at some multiple. */
export interface BookSlip {
  mode: 'single' | 'mixed';
  multiple: number;
  selections: readonly BetSelection[];
  totalStake: bigint;
  maxPrize: bigint;
}

const keyOf = (s: book.OutcomeKey) => `${s.matchId}|${s.playType}|${s.optionKey}`;

/**
 * Each outcome's share of an order's liability (what the house pays beyond stakes if it wins).
 * A single bet on the outcome: its prize − its stake (odds × stake − stake, capped like any prize).
 * A parlay: the order's maximum prize − its total stake on every leg's outcome. Any leg may be
 * the one that completes the best combination, so each outcome carries the whole worst case;
 * that over-counts across outcomes of one parlay, never under-counts any single outcome.
 * Shares come back merged per outcome and in key order (the order rows are locked in).
 */
export function outcomeShares(slip: BookSlip): book.OutcomeShare[] {
  const merged = new Map<string, book.OutcomeShare>();
  const stakePerBet = SPORTS_BET_UNIT_FEN * BigInt(slip.multiple);
  for (const s of slip.selections) {
    const key = {
      matchId: Number(s.matchId),
      playType: `${s.sport}.${s.betType}`,
      optionKey: s.option,
    };
    let liability: bigint;
    if (slip.mode === 'single')
      liability = betPrize([parseSportsOdds(s.odds) ?? 0n], slip.multiple) - stakePerBet;
    else liability = slip.maxPrize - slip.totalStake;
    if (liability <= 0n) continue;
    const k = keyOf(key);
    const prev = merged.get(k);
    merged.set(k, { ...key, liability: (prev?.liability ?? 0n) + liability });
  }
  return [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
}

/** The cap of one outcome: the match's row, else the play type's, else the sport's, else the default. */
export function capOf(
  caps: ReadonlyArray<Pick<book.BookLimitRow, 'scope' | 'key' | 'maxLiability'>>,
  outcome: book.OutcomeKey,
): bigint {
  const sport = outcome.playType.split('.')[0] ?? '';
  for (const [scope, key] of [
    ['match', String(outcome.matchId)],
    ['play_type', outcome.playType],
    ['sport', sport],
  ] as const) {
    const row = caps.find((c) => c.scope === scope && c.key === key);
    if (row) return row.maxLiability;
  }
  return BOOK_DEFAULT_CAP_FEN;
}

/**
 * The total stake of the same slip at the largest multiple below `multiple` that `accepts`
 * (0 when none does). Acceptance only gets harder as the multiple grows, so a binary search finds it.
 */
export function largestStake(
  multiple: number,
  slipAt: (multiple: number) => BookSlip | null,
  accepts: (slip: BookSlip) => boolean,
): bigint {
  const fits = (m: number) => {
    const candidate = slipAt(m);
    return candidate && accepts(candidate) ? candidate : null;
  };
  let lo = 0;
  let hi = multiple - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo > 0 ? (fits(lo)?.totalStake ?? 0n) : 0n;
}

/** What reserveLiability is asked to do. */
export interface ReserveMode {
  /**
   * false (a submit's first try): add each share to the order's shard within its allotment, or
   * throw BookShardFull. true: lock every shard of the outcomes and decide against the whole cap.
   */
  lock: boolean;
  /** The order already holds shares (an in-play order repriced): they are replaced. Implies lock. */
  replace?: boolean;
}

/**
 * Books an order's liability inside its transaction, or refuses the whole order.
 *
 * Fast path (`lock: false`, a submit's first try): one statement adds each share to the order's
 * shard of its outcome (shardOf) while the shard stays within its allotment, and records the
 * shares (book.repo addWithinAllotment). When a shard has no room, was allotted under another cap,
 * or does not exist yet, it throws BookShardFull and the caller runs the transaction again locked.
 *
 * Locked path: every shard of each outcome is locked in key order (book.repo lockOutcomes), the
 * outcome's liability (their sum, this order's old shares taken off when replacing) is checked
 * against its cap, and the room left is allotted again over the shards (allot). Over any cap the
 * call throws (the transaction rolls back, nothing is kept) with the largest stake of this same
 * slip, at a lower multiple, that every outcome still has room for: `本场最高可投 X 元`.
 * `slipAt(m)` is the slip at multiple m (null when that multiple is not a valid slip).
 */
export async function reserveLiability(
  tx: Tx,
  orderId: number,
  slip: BookSlip,
  sport: string,
  matchNo: ReadonlyMap<number, string>,
  slipAt: (multiple: number) => BookSlip | null,
  now: Date,
  mode: ReserveMode,
): Promise<book.OutcomeShare[]> {
  const shares = outcomeShares(slip);
  const shard = shardOf(orderId);
  if (!mode.lock && !mode.replace) {
    if (
      !shares.length ||
      (await book.addWithinAllotment(tx, orderId, shard, shares, BOOK_DEFAULT_CAP_FEN, now))
    )
      return shares;
    throw new BookShardFull(shares);
  }

  const old = mode.replace ? await book.sharesOfOrder(tx, orderId) : [];
  if (!shares.length && !old.length) return shares;
  const sorted = distinctOutcomes([...shares, ...old]);
  const { rows, caps } = await book.lockOutcomes(tx, sorted, BOOK_SHARDS, capKeysOf(sorted, sport), now);
  const shardRow = (o: book.OutcomeKey, n: number) =>
    rows.find((r) => keyOf(r) === keyOf(o) && r.shard === n);
  for (const o of old) {
    const row = shardRow(o, o.shard);
    if (row) row.liability -= o.liability;
  }
  // Liability of each outcome without this order: what the cap is checked against.
  const before = new Map<string, bigint>();
  for (const r of rows) before.set(keyOf(r), (before.get(keyOf(r)) ?? 0n) + r.liability);
  const room = new Map(sorted.map((o) => [keyOf(o), capOf(caps, o) - (before.get(keyOf(o)) ?? 0n)]));
  const over = shares.find((s) => s.liability > (room.get(keyOf(s)) ?? 0n));
  if (over) {
    const best = largestStake(slip.multiple, slipAt, (candidate) =>
      outcomeShares(candidate).every((s) => s.liability <= (room.get(keyOf(s)) ?? 0n)),
    );
    throw refuse(
      'sports.book_cap_reached',
      {
        match: matchNo.get(over.matchId) ?? String(over.matchId),
        play: PLAY_TYPES[over.playType as PlayTypeId].name,
        option: optionName(over.playType as PlayTypeId, over.optionKey),
        best: formatFen(best),
      },
      { max_stake: formatFen(best) },
    );
  }
  for (const s of shares) shardRow(s, shard)!.liability += s.liability;
  reallot(rows, sorted, caps);
  await book.writeShards(tx, rows, now);
  await book.recordShares(
    tx,
    shares.map((s) => ({ ...s, shard, orderId })),
    mode.replace ? [orderId] : [],
  );
  return shares;
}

/** The distinct outcomes of these keys, in key order (the order their rows are locked in). */
function distinctOutcomes(keys: readonly book.OutcomeKey[]): book.OutcomeKey[] {
  const outcomes = new Map<string, book.OutcomeKey>();
  for (const o of keys)
    outcomes.set(keyOf(o), { matchId: o.matchId, playType: o.playType, optionKey: o.optionKey });
  return [...outcomes.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, o]) => o);
}

/** The (scope, key) pairs of every cap that could apply to these outcomes. */
function capKeysOf(
  outcomes: readonly book.OutcomeKey[],
  sport?: string,
): Array<{ scope: book.BookScope; key: string }> {
  return [
    ...[...new Set(outcomes.map((o) => o.playType.split('.')[0] ?? sport ?? ''))].map((key) => ({
      scope: 'sport' as const,
      key,
    })),
    ...[...new Set(outcomes.map((o) => o.playType))].map((key) => ({ scope: 'play_type' as const, key })),
    ...[...new Set(outcomes.map((o) => o.matchId))].map((id) => ({
      scope: 'match' as const,
      key: String(id),
    })),
  ];
}

/** Allots each outcome's room again over its shard rows (held locked), under its cap as it is now. */
function reallot(
  rows: book.ShardRow[],
  outcomes: readonly book.OutcomeKey[],
  caps: readonly book.CapRow[],
): void {
  for (const o of outcomes) {
    const own = rows.filter((r) => keyOf(r) === keyOf(o)).sort((a, b) => a.shard - b.shard);
    const cap = capOf(caps, o);
    allot(
      own.map((r) => r.liability),
      cap,
    ).forEach((allotment, i) => {
      own[i]!.allotment = allotment;
      own[i]!.cap = cap;
    });
  }
}

/**
 * After a fast path found no room in its shard (BookShardFull): allots the room of these shares'
 * outcomes again over their shards (creating missing ones) in a transaction of its own, a few
 * milliseconds long, so that many first orders on a new outcome, or orders on an outcome whose
 * shards ran unevenly low, do not each run their whole submit on the locked path one after
 * another. True when every share now fits any shard of its outcome: the submit then tries its
 * fast path again; otherwise it goes straight to the locked path, which decides against the cap.
 * Nothing here books an order, so it can never let one past a cap.
 */
export async function rebalance(db: Db, shares: readonly book.OutcomeShare[], now: Date): Promise<boolean> {
  const outcomes = distinctOutcomes(shares);
  if (!outcomes.length) return true;
  return inTransaction(db, async (work) => {
    const { rows, caps } = await book.lockOutcomes(work.tx, outcomes, BOOK_SHARDS, capKeysOf(outcomes), now);
    const fits = () =>
      shares.every((s) =>
        rows.filter((r) => keyOf(r) === keyOf(s)).every((r) => r.allotment - r.liability >= s.liability),
      );
    // Many first orders on a new outcome each miss at once and queue here one after another; all
    // but the first find the shards already allotted under the cap as it stands, and leave them
    // as they are (a write fewer for each while the rest of the queue waits on these rows).
    if (rows.every((r) => r.cap === capOf(caps, r)) && fits()) return true;
    reallot(rows, outcomes, caps);
    await book.writeShards(work.tx, rows, now);
    return fits();
  });
}
