/**
 * Bet slip validation (SPEC.md §5). The client runs it to preview and to show the message;
 * the server runs the same function on the submitted order and refuses it with the message.
 * User errors never throw: the result is `{ ok: false, message }`.
 */
import { BET_MESSAGES } from './messages.ts';
import {
  findPassType,
  MAX_MATCHES,
  maxPassesFor,
  passTypesFor,
  SINGLE_PASS,
  type PassType,
} from './pass-types.ts';
import { countMatches, groupSelections, type BetSelection, type MatchPick } from './picks.ts';
import { playTypeOf, type PlayTypeId, type Sport } from './play-types.ts';
import { OPTIMISE_MESSAGES, optimiseProblem, planMaxPrize, slipBets } from './prize-optimise.ts';
import {
  betCountOf,
  betPrize,
  SPORTS_MAX_MULTIPLE,
  SPORTS_MAX_STAKE_FEN,
  maxPrize,
  SPORTS_MIN_MULTIPLE,
  SPORTS_MIN_STAKE_FEN,
  minPrize,
  totalStake,
} from './prize.ts';

/** 单关 (each option a separate single bet) or 混合过关 (parlays across matches). */
export type BetMode = 'single' | 'mixed';
export const BET_MODES = ['single', 'mixed'] as const satisfies readonly BetMode[];

export interface BetSlipInput {
  /** The sport section the slip belongs to (the slip's currentSport). */
  sport: Sport;
  mode: BetMode;
  selections: readonly BetSelection[];
  /** Mixed mode: an offered pass type by code ('3x4'), name ('3串4') or enum name ('TRIPLE_4'). Single mode: 'single' or nothing. */
  passType?: string | null;
  multiple: number;
  /** Total the member was shown, in 分; when given it must equal the computed stake. */
  expectedStake?: bigint | null;
  /**
   * 奖金优化: one multiple per bet in `betsOf` order, replacing `multiple` (mixed mode only, up
   * to PRIZE_OPTIMISE_MAX_BETS bets). The stake is then Σ multiples × 2元.
   */
  multiples?: readonly number[] | null;
  /**
   * 单关: whether the selection's market takes a bet on its match alone. Given, a slip of singles
   * with a selection whose market does not is refused; parlays are not affected.
   */
  singleAllowed?: ((selection: BetSelection) => boolean) | null;
}

export interface ValidSlip {
  ok: true;
  picks: MatchPick[];
  matchCount: number;
  passType: PassType;
  betCount: number;
  /** bets × 2元 × multiple, in 分. */
  totalStake: bigint;
  /** Prize if the highest-odds option wins in every match, in 分. */
  maxPrize: bigint;
  /** Smallest non-zero prize (lowest odds, smallest sub-bets), in 分. */
  minPrize: bigint;
  /** An optimised plan's multiple per bet, else null (every bet at `multiple`). */
  multiples: number[] | null;
}

export type SlipValidation = ValidSlip | { ok: false; message: string };

/** Message when the multiple is not an integer 1–99, else null. */
export function multipleProblem(multiple: unknown): string | null {
  return typeof multiple === 'number' &&
    Number.isInteger(multiple) &&
    multiple >= SPORTS_MIN_MULTIPLE &&
    multiple <= SPORTS_MAX_MULTIPLE
    ? null
    : BET_MESSAGES.multipleRange;
}

/** Message when a total stake in 分 is outside 2–20000元, else null. */
export function stakeProblem(stakeFen: bigint): string | null {
  return stakeFen >= SPORTS_MIN_STAKE_FEN && stakeFen <= SPORTS_MAX_STAKE_FEN
    ? null
    : BET_MESSAGES.amountRange;
}

/**
 * Rules that hold while the slip is being built (so an option that breaks one is refused when
 * tapped): at most 8 matches and, in mixed mode, one sport, one play type per match and no more
 * matches than the smallest max-passes. Selections are assumed well-formed here.
 */
export function slipRuleProblem(slip: {
  sport: Sport;
  mode: BetMode;
  selections: readonly BetSelection[];
}): string | null {
  const { selections } = slip;
  const matchCount = countMatches(selections);
  if (matchCount > MAX_MATCHES) return BET_MESSAGES.tooManyMatches;
  if (slip.mode === 'single') return null;

  if (slip.sport === 'basketball' && selections.some((s) => s.sport !== 'basketball')) {
    return BET_MESSAGES.mixedBasketballOnly;
  }
  if (selections.some((s) => s.sport !== slip.sport)) return BET_MESSAGES.mixedSameSport;

  const gameOfMatch = new Map<string, string>();
  for (const s of selections) {
    const game = gameOfMatch.get(s.matchId);
    if (game !== undefined && game !== s.betType) return BET_MESSAGES.sameMatchDifferentGame;
    gameOfMatch.set(s.matchId, s.betType);
  }

  const limit = maxPassesFor(selectionPlayTypes(selections));
  if (matchCount > limit) return BET_MESSAGES.mixedMaxPasses(limit);
  return null;
}

/** Checks a whole slip or submitted order and, when valid, prices it. */
export function validateBetSlip(input: BetSlipInput): SlipValidation {
  if (input.selections.length === 0) return fail(BET_MESSAGES.noSelection);
  const grouped = groupSelections(input.selections);
  if (!grouped.ok) return grouped;
  const rule = slipRuleProblem(input);
  if (rule !== null) return fail(rule);
  const { picks } = grouped;
  const matchCount = countMatches(input.selections);

  let passType: PassType;
  if (input.mode === 'single') {
    const named = input.passType == null ? SINGLE_PASS : findPassType(input.passType);
    if (named !== SINGLE_PASS) return fail(BET_MESSAGES.passTypeUnavailable);
    const allowed = input.singleAllowed;
    if (allowed && !input.selections.every((s) => allowed(s))) return fail(BET_MESSAGES.singleNotOffered);
    passType = SINGLE_PASS;
  } else {
    if (matchCount < 2) return fail(BET_MESSAGES.mixedMinMatches);
    if (input.passType == null || input.passType === '') return fail(BET_MESSAGES.passTypeRequired);
    const wanted = findPassType(input.passType);
    const offered = passTypesFor(
      matchCount,
      picks.map((p) => p.playType),
    );
    if (!wanted || !offered.includes(wanted)) return fail(BET_MESSAGES.passTypeUnavailable);
    passType = wanted;
  }

  const multipleMessage = multipleProblem(input.multiple);
  if (multipleMessage !== null) return fail(multipleMessage);

  const betCount = betCountOf(picks, passType);
  if (input.multiples != null)
    return validatePlan(input, picks, passType, matchCount, betCount, input.multiples);
  const stake = totalStake(betCount, input.multiple);
  const stakeMessage = stakeProblem(stake);
  if (stakeMessage !== null) return fail(stakeMessage);
  if (input.expectedStake != null && input.expectedStake !== stake) return fail(BET_MESSAGES.stakeMismatch);

  return {
    ok: true,
    picks,
    matchCount,
    passType,
    betCount,
    totalStake: stake,
    maxPrize: maxPrize(picks, passType, input.multiple),
    minPrize: minPrize(picks, passType, input.multiple),
    multiples: null,
  };
}

/** An optimised slip (奖金优化): each bet at its own multiple. */
function validatePlan(
  input: BetSlipInput,
  picks: MatchPick[],
  passType: PassType,
  matchCount: number,
  betCount: number,
  multiples: readonly number[],
): SlipValidation {
  const problem = optimiseProblem(picks, passType, betCount);
  if (problem !== null) return fail(problem);
  if (multiples.length !== betCount || input.multiple !== 1) return fail(OPTIMISE_MESSAGES.planMismatch);
  for (const m of multiples) if (multipleProblem(m) !== null) return fail(BET_MESSAGES.multipleRange);
  const stake = multiples.reduce((sum, m) => sum + totalStake(1, m), 0n);
  const stakeMessage = stakeProblem(stake);
  if (stakeMessage !== null) return fail(stakeMessage);
  if (input.expectedStake != null && input.expectedStake !== stake) return fail(BET_MESSAGES.stakeMismatch);
  const returns = slipBets(picks, passType).map((bet, i) => betPrize(bet.odds, multiples[i] ?? 0));
  return {
    ok: true,
    picks,
    matchCount,
    passType,
    betCount,
    totalStake: stake,
    maxPrize: planMaxPrize(picks, passType, multiples),
    minPrize: returns.reduce((min, r) => (r < min ? r : min)),
    multiples: [...multiples],
  };
}

function selectionPlayTypes(selections: readonly BetSelection[]): PlayTypeId[] {
  return selections.flatMap((s) => {
    const playType = playTypeOf(s.sport, s.betType);
    return playType ? [playType.id] : [];
  });
}

const fail = (message: string) => ({ ok: false as const, message });
