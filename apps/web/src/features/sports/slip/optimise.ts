/**
 * 奖金优化 in the slip: the bets of the slip as the plan lists them (betsOf order, the order the
 * server reads `multiples` in), the engine's plan for a total and a method, and the plan after the
 * member edits a bet's multiple. The server decides again from the same engine.
 */
import {
  betPrize,
  betsOf,
  OPTIMISE_MESSAGES,
  optimiseProblem,
  optimisePrize,
  SPORTS_BET_UNIT_FEN,
  type BetSelection,
  type PrizeOptimiseMethod,
  type ValidSlip,
} from '@app/shared';
import { previewSlip, type SlipChoices } from './preview.ts';

/** One bet of the plan: its legs (one option per match) and their odds in hundredths. */
export interface PlanBet {
  legs: BetSelection[];
  odds: bigint[];
}

export type PlanSlip = { ok: true; valid: ValidSlip; bets: PlanBet[] } | { ok: false; message: string };

/** The slip at multiple 1 and its bets, or why it cannot be optimised. */
export function planSlip(choices: SlipChoices): PlanSlip {
  const valid = previewSlip({ ...choices, multiple: 1 });
  if (!valid.ok) return valid;
  const problem = optimiseProblem(valid.picks, valid.passType, valid.betCount);
  if (problem !== null) return { ok: false, message: problem };
  const selections = choices.slip.selectedBets;
  const bets = [...betsOf(valid.picks, valid.passType)].map((bet) => {
    const options = bet.options.map((index, j) => {
      const option = valid.picks[bet.picks[j] ?? -1]?.options.find((o) => o.index === index);
      return { selection: selections[index], odds: option?.odds ?? 0n };
    });
    return {
      legs: options.flatMap((o) => (o.selection ? [o.selection] : [])),
      odds: options.map((o) => o.odds),
    };
  });
  return { ok: true, valid, bets };
}

/** The total a plan starts from: the slip's stake at its multiple, and at least 2元 a bet more than one unit each. */
export function defaultPlanTotal(betCount: number, multiple: number): bigint {
  const units = Math.max(betCount * multiple, betCount * 2);
  return BigInt(units) * SPORTS_BET_UNIT_FEN;
}

export type PlanResult =
  { ok: true; multiples: number[]; fellBack: boolean } | { ok: false; message: string };

/** The engine's plan of `totalFen` over the bets. */
export function planFor(bets: readonly PlanBet[], totalFen: bigint, method: PrizeOptimiseMethod): PlanResult {
  const plan = optimisePrize(bets, totalFen, method);
  if (!plan.ok) return { ok: false, message: OPTIMISE_MESSAGES[plan.reason] };
  return { ok: true, multiples: plan.multiples, fellBack: plan.fellBack };
}

/** What each bet returns at its multiple, in 分. */
export function planReturns(bets: readonly PlanBet[], multiples: readonly number[]): bigint[] {
  return bets.map((bet, i) => betPrize(bet.odds, multiples[i] ?? 0));
}

/** Combined odds of a bet, for the table (Π odds, two decimals, rounded down like a prize). */
export function combinedOdds(bet: PlanBet): string {
  const k = bet.odds.length;
  const product = bet.odds.reduce((p, o) => p * o, 1n);
  const hundredths = product / 100n ** BigInt(Math.max(0, k - 1));
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
}
