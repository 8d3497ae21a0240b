/**
 * Stakes and prizes in 分 (bigint). A bet costs 2元 × multiple; a winning k串1 bet pays
 * min(product of odds × 2元 × multiple, cap(k)), rounded down to the 分.
 */
import { cartesian, countBets, subBetsOf, subsetsOfSize } from './combinations.ts';
import { EVEN_ODDS } from './odds.ts';
import type { PassType } from './pass-types.ts';
import type { MatchPick } from './picks.ts';

/** One bet (注) at multiple 1: 2元. */
export const SPORTS_BET_UNIT_FEN = 200n;
export const SPORTS_MIN_MULTIPLE = 1;
export const SPORTS_MAX_MULTIPLE = 99;
/** Total stake limits of one order (SPEC.md §9 amount 2–20000元). */
export const SPORTS_MIN_STAKE_FEN = 200n;
export const SPORTS_MAX_STAKE_FEN = 2_000_000n;

/** Prize caps by the number of matches in a sub-bet, in 分. */
export const PRIZE_CAPS_FEN = {
  single: 10_000_000n, // 100,000元
  twoToThree: 20_000_000n, // 200,000元
  fourToFive: 50_000_000n, // 500,000元
  sixOrMore: 100_000_000n, // 1,000,000元
} as const;

/** Prize cap of a k串1 bet in 分: 1 → 100,000元; 2–3 → 200,000; 4–5 → 500,000; 6+ → 1,000,000. */
export function prizeCap(k: number): bigint {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`sub-bet size must be ≥ 1, got ${k}`);
  if (k === 1) return PRIZE_CAPS_FEN.single;
  if (k <= 3) return PRIZE_CAPS_FEN.twoToThree;
  if (k <= 5) return PRIZE_CAPS_FEN.fourToFive;
  return PRIZE_CAPS_FEN.sixOrMore;
}

/**
 * Prize of one winning bet: odds in hundredths (a void leg passes EVEN_ODDS), one per match.
 * floor(Π odds × 200 × multiple / 100^k), then capped by prizeCap(k).
 */
export function betPrize(odds: readonly bigint[], multiple: number): bigint {
  const k = odds.length;
  let numerator = SPORTS_BET_UNIT_FEN * BigInt(multiple);
  let denominator = 1n;
  for (const o of odds) {
    numerator *= o;
    denominator *= EVEN_ODDS;
  }
  const prize = numerator / denominator; // bigint division truncates: rounds down for positives
  const cap = prizeCap(k);
  return prize < cap ? prize : cap;
}

/** Total stake in 分: bets × 2元 × multiple. */
export function totalStake(betCount: number, multiple: number): bigint {
  return BigInt(betCount) * SPORTS_BET_UNIT_FEN * BigInt(multiple);
}

/** Number of bets of a slip: options summed for singles, Σ_k e_k(option counts) for parlays. */
export function betCountOf(picks: readonly MatchPick[], passType: PassType): number {
  return countBets(
    picks.map((p) => p.options.length),
    passType.sizes,
  );
}

/**
 * Highest prize the slip can pay: in every match the option with the highest odds wins (the
 * options of one match exclude each other), summed over the sub-bets, each capped.
 */
export function maxPrize(picks: readonly MatchPick[], passType: PassType, multiple: number): bigint {
  const best = picks.map((p) => p.options.reduce((m, o) => (o.odds > m ? o.odds : m), 0n));
  let total = 0n;
  for (const subset of subBetsOf(picks.length, passType.sizes)) {
    total += betPrize(
      subset.map((i) => best[i] ?? 0n),
      multiple,
    );
  }
  return total;
}

/**
 * Smallest non-zero prize: the cheapest single bet of the smallest sub-bet size, with the
 * lowest odds of each match. Only a guide for the slip (void legs can pay less).
 */
export function minPrize(picks: readonly MatchPick[], passType: PassType, multiple: number): bigint {
  const lowest = picks.map((p) => p.options.reduce((m, o) => (m === 0n || o.odds < m ? o.odds : m), 0n));
  const k = Math.min(...passType.sizes);
  let min: bigint | null = null;
  for (const subset of subsetsOfSize(picks.length, k)) {
    const prize = betPrize(
      subset.map((i) => lowest[i] ?? 0n),
      multiple,
    );
    if (min === null || prize < min) min = prize;
  }
  return min ?? 0n;
}

/** Every bet of a slip as option choices, for listing; use betCountOf to count. */
export function* betsOf(
  picks: readonly MatchPick[],
  passType: PassType,
): Generator<{ size: number; picks: number[]; options: number[] }> {
  for (const subset of subBetsOf(picks.length, passType.sizes)) {
    const lists = subset.map((i) => picks[i]?.options.map((o) => o.index) ?? []);
    for (const options of cartesian(lists)) yield { size: subset.length, picks: subset, options };
  }
}
