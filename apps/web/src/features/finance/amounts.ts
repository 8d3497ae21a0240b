import { formatYuan, RATE_SCALE } from '@app/shared';
import { checkAmount, type AmountCheck, type AmountRule } from '@/ui/amount.ts';

/** Smallest and largest amount in USDT cents. */
export interface UsdtRange {
  min: bigint;
  max: bigint;
}

/**
 * USDT amounts are typed in USDT (two decimals, counted in USDT cents) while a method's limits are
 * in 元: the server credits ⌊USDT cents × rate⌋ 分 and refuses what falls outside the 元 limits.
 * These are the USDT cents that pass, exactly: the smallest whose credit reaches the minimum and
 * the largest whose credit stays within the maximum (`fenFromUsdt` of each is inside the limits).
 */
export function usdtRange(minFen: bigint, maxFen: bigint, rateUnits: bigint): UsdtRange {
  return {
    min: (minFen * RATE_SCALE + rateUnits - 1n) / rateUnits,
    max: ((maxFen + 1n) * RATE_SCALE - 1n) / rateUnits,
  };
}

/** A USDT range in words: `13.89 – 13,888.89 U`. */
export function usdtRangeWords(range: UsdtRange): string {
  return `${formatYuan(range.min)} – ${formatYuan(range.max)} U`;
}

/**
 * A USDT amount as typed: the format by the app's one amount rule (`checkAmount`, money in cents
 * of USDT), then the range in USDT. The amount field itself shows the format problems (its rule
 * has no range, since its range words are in 元); the caller shows this one's range problem.
 * Without a range (the rate not loaded yet) only the format is checked; the server still checks.
 */
export function checkUsdt(text: string, rule: AmountRule, range: UsdtRange | null): AmountCheck {
  const check = checkAmount(text, rule);
  if (check.state !== 'ok' || !range) return check;
  if (check.value < range.min || check.value > range.max)
    return {
      state: 'invalid',
      message: `${rule.label ?? '金额'}须在 ${usdtRangeWords(range)} 之间`,
    };
  return check;
}
