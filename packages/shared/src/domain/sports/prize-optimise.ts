/**
 * 奖金优化 (prize optimisation) of an M串N slip: the member gives a total stake and the engine
 * spreads it over the slip's single bets (each one option per match of one sub-bet, as `betsOf`
 * lists them) in whole 2元 units, each bet carrying its own multiple. The member app previews
 * the plan and the server recomputes it from the same inputs before accepting the order.
 *
 * - 平均优化 (`average`): the bets return as nearly the same as whole units allow — the lowest
 *   return is as high as it can be (water filling: each unit goes to the bet returning least).
 * - 博热 (`hot`): every bet returns at least the total stake (保本), and the rest goes to the
 *   likeliest bet (lowest combined odds).
 * - 博冷 (`cold`): every bet returns at least the total stake, and the rest goes to the longest
 *   bet (highest combined odds).
 *
 * When 保本 cannot be reached with the stake (too few units for every bet to return the total),
 * `hot` and `cold` fall back to `average` and say so (`fellBack`), as the app must tell the member.
 *
 * Limits (BETTING-RULES "Stake per bet"): a bet's multiple is 1–99; the total stake is a whole
 * number of 2元 units, at least one unit per bet, within 2–20,000元. A bet's return is `betPrize`
 * at its multiple: floored to the 分 and capped by its number of matches.
 */
import { cartesian } from './combinations.ts';
import { EVEN_ODDS } from './odds.ts';
import type { PassType } from './pass-types.ts';
import type { MatchPick } from './picks.ts';
import {
  betPrize,
  betsOf,
  SPORTS_BET_UNIT_FEN,
  SPORTS_MAX_MULTIPLE,
  SPORTS_MAX_STAKE_FEN,
  SPORTS_MIN_MULTIPLE,
} from './prize.ts';
import type { LegStatus } from './results.ts';

export const PRIZE_OPTIMISE_METHODS = ['average', 'hot', 'cold'] as const;
export type PrizeOptimiseMethod = (typeof PRIZE_OPTIMISE_METHODS)[number];

/** The names members see. */
export const PRIZE_OPTIMISE_LABELS: Record<PrizeOptimiseMethod, string> = {
  average: '平均优化',
  hot: '博热优化',
  cold: '博冷优化',
};

/**
 * The largest slip an optimised plan is offered for: its bets (each carries its own multiple and
 * is listed combination by combination) and its outcomes (one standing option per match: the
 * plan's maximum prize is the best of them, so they are counted one by one).
 */
export const PRIZE_OPTIMISE_MAX_BETS = 200;
export const PRIZE_OPTIMISE_MAX_OUTCOMES = 10_000;

/** Why a slip cannot be optimised (the message members see), or null when it can. */
export function optimiseProblem(
  picks: readonly MatchPick[],
  passType: PassType,
  betCount: number,
): string | null {
  if (passType.code === 'single' || picks.length < 2) return OPTIMISE_MESSAGES.mixedOnly;
  if (betCount < 2) return OPTIMISE_MESSAGES.oneBet;
  if (betCount > PRIZE_OPTIMISE_MAX_BETS) return OPTIMISE_MESSAGES.tooManyBets;
  const outcomes = picks.reduce((n, p) => n * p.options.length, 1);
  if (outcomes > PRIZE_OPTIMISE_MAX_OUTCOMES) return OPTIMISE_MESSAGES.tooManyOutcomes;
  return null;
}

export const OPTIMISE_MESSAGES = {
  mixedOnly: '奖金优化仅适用于过关投注',
  oneBet: '只有1注，无需奖金优化',
  tooManyBets: `奖金优化最多支持${PRIZE_OPTIMISE_MAX_BETS}注`,
  tooManyOutcomes: '选项过多，无法奖金优化',
  planMismatch: '奖金优化方案已变化，请重新优化',
  stake_not_whole_units: '优化金额须为2元的整数倍',
  stake_too_small: '优化金额不足，每注至少2元',
  stake_too_large: '优化金额过大，每注最多99倍且总额不超过20000元',
  no_bets: '请选择投注选项',
} as const;

/** The slip's bets in `betsOf` order, with their odds: what optimisePrize plans over. */
export function slipBets(picks: readonly MatchPick[], passType: PassType): OptimisedBetInput[] {
  return [...betsOf(picks, passType)].map((bet) => ({
    odds: bet.picks.map((p, j) => picks[p]?.options.find((o) => o.index === bet.options[j])?.odds ?? 0n),
  }));
}

/**
 * The most a plan (one multiple per bet, in `betsOf` order) can pay: the best outcome, one
 * standing option winning in each match. Once legs are decided (`legs`, by selection index) a
 * lost option pays nothing, a won one is fixed at its odds and a void one pays at 1.00 — every
 * option of a void match at once. Unlike a plain slip, the best outcome is not always the
 * highest odds everywhere (a low-odds bet may carry more units), so outcomes are counted one by
 * one: optimiseProblem keeps them to PRIZE_OPTIMISE_MAX_OUTCOMES.
 */
export function planMaxPrize(
  picks: readonly MatchPick[],
  passType: PassType,
  multiples: readonly number[],
  legs: readonly LegStatus[] = [],
): bigint {
  const bets = [...betsOf(picks, passType)];
  const states = picks.map((pick) => {
    const decided = new Map<number, bigint>();
    const open: { index: number; odds: bigint }[] = [];
    for (const o of pick.options) {
      const status = legs[o.index] ?? 'pending';
      if (status === 'won') decided.set(o.index, o.odds);
      else if (status === 'void') decided.set(o.index, EVEN_ODDS);
      else if (status === 'pending') open.push(o);
    }
    if (open.length === 0) return [decided];
    return open.map((o) => new Map([...decided, [o.index, o.odds]]));
  });
  let best = 0n;
  for (const outcome of cartesian(states)) {
    let sum = 0n;
    bets.forEach((bet, b) => {
      const odds: bigint[] = [];
      for (const [j, p] of bet.picks.entries()) {
        const factor = outcome[p]?.get(bet.options[j] ?? -1);
        if (factor === undefined) return;
        odds.push(factor);
      }
      sum += betPrize(odds, multiples[b] ?? 0);
    });
    if (sum > best) best = sum;
  }
  return best;
}

/** One single bet of the slip: its odds in hundredths, one per match (a void leg is EVEN_ODDS). */
export interface OptimisedBetInput {
  odds: readonly bigint[];
}

export type PrizeOptimiseResult =
  | {
      ok: true;
      method: PrizeOptimiseMethod;
      /** hot/cold could not keep every bet at the total stake: the plan is `average`'s. */
      fellBack: boolean;
      /** One multiple per bet, in the input's order. */
      multiples: number[];
      /** Each bet's return if it wins, in 分. */
      returns: bigint[];
      totalStakeFen: bigint;
    }
  | { ok: false; reason: 'stake_not_whole_units' | 'stake_too_small' | 'stake_too_large' | 'no_bets' };

/** Combined odds of a bet as one comparable number (Π hundredths; bigint, exact). */
function combined(bet: OptimisedBetInput): bigint {
  return bet.odds.reduce((p, o) => p * o, 1n);
}

/**
 * Plans `totalStakeFen` over `bets` by `method`. Deterministic: equal bets are served in input
 * order, so the app's preview and the server's check agree to the unit.
 */
export function optimisePrize(
  bets: readonly OptimisedBetInput[],
  totalStakeFen: bigint,
  method: PrizeOptimiseMethod,
): PrizeOptimiseResult {
  const n = bets.length;
  if (n === 0) return { ok: false, reason: 'no_bets' };
  if (totalStakeFen % SPORTS_BET_UNIT_FEN !== 0n) return { ok: false, reason: 'stake_not_whole_units' };
  if (totalStakeFen > SPORTS_MAX_STAKE_FEN) return { ok: false, reason: 'stake_too_large' };
  const units = Number(totalStakeFen / SPORTS_BET_UNIT_FEN);
  if (units < n * SPORTS_MIN_MULTIPLE) return { ok: false, reason: 'stake_too_small' };
  if (units > n * SPORTS_MAX_MULTIPLE) return { ok: false, reason: 'stake_too_large' };

  let multiples: number[] | null = null;
  if (method !== 'average') multiples = favour(bets, units, totalStakeFen, method);
  const fellBack = method !== 'average' && multiples === null;
  multiples ??= level(bets, units);
  return {
    ok: true,
    method,
    fellBack,
    multiples,
    returns: bets.map((bet, i) => betPrize(bet.odds, multiples[i] ?? 0)),
    totalStakeFen,
  };
}

/** 平均优化: every bet starts at one unit; each further unit goes to the bet returning least. */
function level(bets: readonly OptimisedBetInput[], units: number): number[] {
  const multiples = bets.map(() => SPORTS_MIN_MULTIPLE);
  const heap = new MinHeap(bets.map((bet, i) => ({ i, value: betPrize(bet.odds, SPORTS_MIN_MULTIPLE) })));
  for (let left = units - bets.length; left > 0; left--) {
    const top = heap.pop();
    // units ≤ bets × 99, so a bet below 99 is always there while units are left.
    if (!top) break;
    const m = (multiples[top.i] ?? 0) + 1;
    multiples[top.i] = m;
    if (m < SPORTS_MAX_MULTIPLE) heap.push({ i: top.i, value: betPrize(bets[top.i]?.odds ?? [], m) });
  }
  return multiples;
}

/**
 * 博热 / 博冷: each bet gets the fewest units that return the total stake; what is left goes to
 * the favoured bets in turn (likeliest first for hot, longest first for cold), up to 99 each.
 * Null when 保本 does not fit in the stake.
 */
function favour(
  bets: readonly OptimisedBetInput[],
  units: number,
  totalStakeFen: bigint,
  method: 'hot' | 'cold',
): number[] | null {
  const multiples: number[] = [];
  for (const bet of bets) {
    const m = unitsToReturn(bet, totalStakeFen);
    if (m === null) return null;
    multiples.push(m);
  }
  let left = units - multiples.reduce((a, b) => a + b, 0);
  if (left < 0) return null;
  const order = bets
    .map((bet, i) => ({ i, odds: combined(bet) }))
    .sort((a, b) => {
      if (a.odds === b.odds) return a.i - b.i;
      const likelierFirst = a.odds < b.odds ? -1 : 1;
      return method === 'hot' ? likelierFirst : -likelierFirst;
    });
  for (const { i } of order) {
    if (left === 0) break;
    const m = multiples[i] ?? 0;
    const add = Math.min(left, SPORTS_MAX_MULTIPLE - m);
    multiples[i] = m + add;
    left -= add;
  }
  return left === 0 ? multiples : null;
}

/** Fewest units (1–99) whose return reaches `target`, or null when 99 do not (or the cap stops it). */
function unitsToReturn(bet: OptimisedBetInput, target: bigint): number | null {
  const perUnit = betPrize(bet.odds, 1);
  if (perUnit <= 0n) return null;
  // A first guess from one unit's return, then exact steps: flooring makes m units return at
  // least m × one unit's return, so the guess is never too low by more than the flooring.
  let m = Math.max(SPORTS_MIN_MULTIPLE, Number((target + perUnit - 1n) / perUnit) - 1);
  while (m <= SPORTS_MAX_MULTIPLE && betPrize(bet.odds, m) < target) m++;
  while (m > SPORTS_MIN_MULTIPLE && betPrize(bet.odds, m - 1) >= target) m--;
  return m <= SPORTS_MAX_MULTIPLE ? m : null;
}

/** A binary heap of bets by return, ties by input order. */
class MinHeap {
  private readonly items: Array<{ i: number; value: bigint }>;
  constructor(items: Array<{ i: number; value: bigint }>) {
    this.items = [];
    for (const item of items) this.push(item);
  }
  private less(a: { i: number; value: bigint }, b: { i: number; value: bigint }): boolean {
    return a.value < b.value || (a.value === b.value && a.i < b.i);
  }
  push(item: { i: number; value: bigint }): void {
    const items = this.items;
    items.push(item);
    let c = items.length - 1;
    while (c > 0) {
      const p = (c - 1) >> 1;
      const parent = items[p];
      const child = items[c];
      if (!parent || !child || !this.less(child, parent)) break;
      items[p] = child;
      items[c] = parent;
      c = p;
    }
  }
  pop(): { i: number; value: bigint } | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || !last) return top;
    items[0] = last;
    let p = 0;
    for (;;) {
      const l = 2 * p + 1;
      const r = l + 1;
      let best = p;
      const at = (k: number) => items[k] as { i: number; value: bigint };
      if (l < items.length && this.less(at(l), at(best))) best = l;
      if (r < items.length && this.less(at(r), at(best))) best = r;
      if (best === p) break;
      const swap = at(best);
      items[best] = at(p);
      items[p] = swap;
      p = best;
    }
    return top;
  }
}
