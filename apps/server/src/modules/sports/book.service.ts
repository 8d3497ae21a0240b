import {
  betPrize,
  formatFen,
  optionName,
  parseSportsOdds,
  PLAY_TYPES,
  SPORTS_BET_UNIT_FEN,
  type BetSelection,
  type PlayTypeId,
} from '@app/shared';
import type { Tx } from '../../db/client.ts';
import { unprocessable } from '../../lib/errors.ts';
import * as book from './book.repo.ts';

/** Cap per outcome when no book_limits row applies: 500,000元 of liability. */
export const BOOK_DEFAULT_CAP_FEN = 50_000_000n;

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

/** 123456n -> "1,234.56" (元, grouped) for messages. */
export function groupedYuan(fen: bigint): string {
  const [whole = '0', frac = '00'] = formatFen(fen).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
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

/**
 * Books an order's liability inside the submit transaction, or refuses the whole order. Each
 * outcome's row is incremented and locked and the order's shares recorded, with the caps read, in
 * one statement (book.repo bookOrderShares); over any cap the call throws
 * (the transaction rolls back, nothing is kept) with the largest stake of this same slip, at a
 * lower multiple, that every outcome still has room for: `本场最高可投 X 元`.
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
): Promise<book.OutcomeShare[]> {
  const shares = outcomeShares(slip);
  if (!shares.length) return shares;
  const capKeys: Array<{ scope: book.BookScope; key: string }> = [
    { scope: 'sport', key: sport },
    ...[...new Set(shares.map((s) => s.playType))].map((key) => ({ scope: 'play_type' as const, key })),
    ...[...new Set(shares.map((s) => s.matchId))].map((id) => ({ scope: 'match' as const, key: String(id) })),
  ];
  const { totals, caps } = await book.bookOrderShares(tx, orderId, shares, capKeys, now);
  const over = shares.findIndex((s, i) => (totals[i] ?? 0n) > capOf(caps, s));
  if (over < 0) return shares;

  // Liability before this order, per outcome; the largest multiple that fits them all.
  const room = new Map(shares.map((s, i) => [keyOf(s), capOf(caps, s) - ((totals[i] ?? 0n) - s.liability)]));
  const best = largestStake(slip.multiple, slipAt, (candidate) =>
    outcomeShares(candidate).every((s) => s.liability <= (room.get(keyOf(s)) ?? 0n)),
  );
  const s = shares[over]!;
  throw unprocessable(
    `${matchNo.get(s.matchId) ?? s.matchId} ${PLAY_TYPES[s.playType as PlayTypeId].name} ${optionName(s.playType as PlayTypeId, s.optionKey)} 已接近投注上限，本场最高可投 ${groupedYuan(best)} 元`,
    { max_stake: formatFen(best) },
  );
}
