/**
 * 提前结算 (cash-out): what the book offers now for an open order, from the current odds of its
 * open legs and the book's cash-out margin. Each bet is worth its prize (accepted odds, a void leg
 * at 1.00, capped as at settlement) times the chance the current odds give each open leg
 * (100 / current odds in hundredths) — the current odds carry the book's own margin already —
 * and nothing when a leg lost. The offer is that sum less the cash-out margin, rounded down:
 *
 *   value(bet) = prize(bet) × Π_open 100 / current_i          (exact rational, kept to 10⁻⁶ 分)
 *   offer      = ⌊ Σ value × (10,000 − margin_bp) / 10,000 ⌋
 *
 * No offer while an open leg has no price (its market suspended or closed), once the order can
 * no longer win, or when nothing is open (it is settling).
 */
import { EVEN_ODDS } from './odds.ts';
import { betPrize } from './prize.ts';
import type { LegStatus } from './results.ts';
import { orderBets, type PlacedOrder } from './settlement.ts';

/** Sub-分 precision each bet's value is kept to before the sum is rounded down. */
const MICRO = 1_000_000n;
/** Most margin a book may take on a cash-out: 50 %. */
export const CASH_OUT_MAX_MARGIN_BP = 5_000;

export type CashOutQuote =
  | { ok: true; offerFen: bigint; fairFen: bigint }
  | { ok: false; reason: 'decided' | 'lost' | 'no_price'; message: string };

export const CASH_OUT_MESSAGES = {
  decided: '注单赛果已出，正在结算，无需提前结算',
  lost: '注单已无中奖可能，不能提前结算',
  no_price: '注单中有赛事暂停交易，暂不能提前结算',
} as const;

/**
 * The offer for an order: `legs` are its selections' statuses, `current` each selection's current
 * odds in hundredths (null: no price now), by selection index.
 */
export function cashOutQuote(
  order: PlacedOrder,
  legs: readonly LegStatus[],
  current: readonly (bigint | null)[],
  marginBp: number,
): CashOutQuote {
  if (!Number.isInteger(marginBp) || marginBp < 0 || marginBp > CASH_OUT_MAX_MARGIN_BP)
    throw new RangeError(`bad cash-out margin ${marginBp}`);
  if (!legs.includes('pending')) return refusal('decided');
  let total = 0n;
  let alive = false;
  for (const bet of orderBets(order)) {
    const statuses = bet.legs.map((l) => legs[l.index] ?? 'pending');
    if (statuses.includes('lost')) continue;
    alive = true;
    const prize = betPrize(
      bet.legs.map((l, i) => (statuses[i] === 'void' ? EVEN_ODDS : l.odds)),
      bet.multiple,
    );
    let numerator = prize * MICRO;
    let denominator = 1n;
    for (const [i, leg] of bet.legs.entries()) {
      if (statuses[i] !== 'pending') continue;
      const odds = current[leg.index];
      if (odds === null || odds === undefined || odds < EVEN_ODDS) return refusal('no_price');
      numerator *= EVEN_ODDS;
      denominator *= odds;
    }
    total += numerator / denominator;
  }
  if (!alive) return refusal('lost');
  return {
    ok: true,
    fairFen: total / MICRO,
    offerFen: (total * BigInt(10_000 - marginBp)) / 10_000n / MICRO,
  };
}

function refusal(reason: 'decided' | 'lost' | 'no_price'): CashOutQuote {
  return { ok: false, reason, message: CASH_OUT_MESSAGES[reason] };
}

/**
 * 部分提前结算: an order is cashed out in equal shares of every bet. Its shares are the greatest
 * common divisor of its bets' multiples (a plain order of ×10: ten shares of ×1; a 奖金优化 order
 * of ×3/×6/×9: three shares of ×1/×2/×3), so a part and the rest are each an order of whole 2元
 * units, settled like every other. An order of one share is cashed out whole only.
 */
export function cashOutShares(order: Pick<PlacedOrder, 'multiple' | 'multiples'>): number {
  const multiples = order.multiples?.length ? order.multiples : [order.multiple];
  let g = 0;
  for (const m of multiples) {
    let [a, b] = [g, m];
    while (b !== 0) [a, b] = [b, a % b];
    g = a;
  }
  return g;
}

/** `shares` of the order's cash-out shares as an order of their own (its multiples scaled). */
export function orderShares<T extends Pick<PlacedOrder, 'multiple' | 'multiples'>>(
  order: T,
  shares: number,
): T {
  const of = cashOutShares(order);
  if (!Number.isInteger(shares) || shares < 1 || shares > of)
    throw new RangeError(`bad cash-out shares ${shares} of ${of}`);
  if (order.multiples?.length) return { ...order, multiples: order.multiples.map((m) => (m / of) * shares) };
  return { ...order, multiple: (order.multiple / of) * shares };
}
