/**
 * 追号 (chase): one slip bet on N consecutive periods, each at a multiple of its own. The slip at
 * ×1 costs `stakeFen` and, when it wins, pays at least `prizeFen` (one winning item at its lowest
 * odds line: the least a win pays). A plan is the multiple of each period; the app shows it
 * period by period (what it costs, what has gone in by then, what a win then pays and the
 * profit) and the member may edit it; the server places exactly the multiples confirmed.
 *
 * 翻倍追号 by a minimum profit rate r (利润率, whole percent): each period takes the smallest
 * multiple m ≥ the starting one whose win covers everything staked so far plus r:
 *
 *   m × prize ≥ (1 + r) × (spent before + m × stake)
 *   m ≥ (100 + r) × spent before / (100 × prize − (100 + r) × stake)
 *
 * No plan when one ×1 win cannot even return the stake plus r (the divisor is not positive), or
 * when a period would need more than the largest multiple.
 */
import { MAX_MULTIPLE } from './bet-codes.ts';

/** Most periods one chase may cover. */
export const CHASE_MAX_PERIODS = 120;

/** When a chase stops on its own: never, after any win, or after a win paying more than an amount. */
export type ChaseStopRule = 'none' | 'any_win' | 'win_over';

export interface ChasePeriodPlan {
  /** 1-based place in the chase. */
  index: number;
  multiple: number;
  /** This period's stake. */
  amountFen: bigint;
  /** Everything staked up to and including this period. */
  spentFen: bigint;
  /** What a win in this period pays (at least). */
  prizeFen: bigint;
  /** That win less everything staked so far. */
  profitFen: bigint;
}

export type ChasePlanResult = { ok: true; plan: ChasePeriodPlan[] } | { ok: false; message: string };

export const CHASE_MESSAGES = {
  periods: `追号期数须为1-${CHASE_MAX_PERIODS}期`,
  multiple: `倍数须为1-${MAX_MULTIPLE}的整数`,
  rate: '利润率须为0-1000的整数（%）',
  rateTooHigh: '该投注中奖后无法达到此利润率，请降低利润率',
  overMultiple: (index: number) => `第${index}期所需倍数超过${MAX_MULTIPLE}倍，请降低利润率或减少期数`,
} as const;

/** The rows of a plan of these multiples (the member's own, or one built below). */
export function chasePlan(
  multiples: readonly number[],
  stakeFen: bigint,
  prizeFen: bigint,
): ChasePeriodPlan[] {
  let spent = 0n;
  return multiples.map((multiple, i) => {
    const amount = stakeFen * BigInt(multiple);
    spent += amount;
    const prize = prizeFen * BigInt(multiple);
    return {
      index: i + 1,
      multiple,
      amountFen: amount,
      spentFen: spent,
      prizeFen: prize,
      profitFen: prize - spent,
    };
  });
}

/** What a plan costs in all: the amount frozen when the chase is created. */
export function chaseTotalFen(multiples: readonly number[], stakeFen: bigint): bigint {
  return multiples.reduce((sum, m) => sum + stakeFen * BigInt(m), 0n);
}

/** Why these multiples are no chase plan, or null. */
export function chaseMultiplesProblem(multiples: readonly number[]): string | null {
  if (multiples.length < 1 || multiples.length > CHASE_MAX_PERIODS) return CHASE_MESSAGES.periods;
  for (const m of multiples)
    if (!Number.isInteger(m) || m < 1 || m > MAX_MULTIPLE) return CHASE_MESSAGES.multiple;
  return null;
}

/** 同倍追号: every period at the same multiple. */
export function sameMultiplePlan(
  periods: number,
  multiple: number,
  stakeFen: bigint,
  prizeFen: bigint,
): ChasePlanResult {
  const multiples = Array.from({ length: periods }, () => multiple);
  const problem = Number.isInteger(periods) ? chaseMultiplesProblem(multiples) : CHASE_MESSAGES.periods;
  return problem
    ? { ok: false, message: problem }
    : { ok: true, plan: chasePlan(multiples, stakeFen, prizeFen) };
}

/** 翻倍追号: each period's smallest multiple (from `startMultiple`) that keeps a win's profit ≥ rate. */
export function profitRatePlan(input: {
  periods: number;
  startMultiple: number;
  /** Minimum profit rate in whole percent (30: a win returns at least 130 % of all staked). */
  minProfitPct: number;
  stakeFen: bigint;
  prizeFen: bigint;
}): ChasePlanResult {
  const { periods, startMultiple, minProfitPct, stakeFen, prizeFen } = input;
  if (!Number.isInteger(periods) || periods < 1 || periods > CHASE_MAX_PERIODS)
    return { ok: false, message: CHASE_MESSAGES.periods };
  if (!Number.isInteger(startMultiple) || startMultiple < 1 || startMultiple > MAX_MULTIPLE)
    return { ok: false, message: CHASE_MESSAGES.multiple };
  if (!Number.isInteger(minProfitPct) || minProfitPct < 0 || minProfitPct > 1000)
    return { ok: false, message: CHASE_MESSAGES.rate };
  const r = BigInt(100 + minProfitPct);
  const divisor = 100n * prizeFen - r * stakeFen;
  if (divisor <= 0n) return { ok: false, message: CHASE_MESSAGES.rateTooHigh };
  const multiples: number[] = [];
  let spent = 0n;
  for (let i = 1; i <= periods; i++) {
    const needed = (r * spent + divisor - 1n) / divisor;
    const m = needed > BigInt(startMultiple) ? needed : BigInt(startMultiple);
    if (m > BigInt(MAX_MULTIPLE)) return { ok: false, message: CHASE_MESSAGES.overMultiple(i) };
    multiples.push(Number(m));
    spent += m * stakeFen;
  }
  return { ok: true, plan: chasePlan(multiples, stakeFen, prizeFen) };
}

/** Whether a chase stops after a period that paid `payoutFen`. */
export function chaseStops(rule: ChaseStopRule, overFen: bigint | null, payoutFen: bigint): boolean {
  if (payoutFen <= 0n) return false;
  if (rule === 'any_win') return true;
  if (rule === 'win_over') return payoutFen > (overFen ?? 0n);
  return false;
}
