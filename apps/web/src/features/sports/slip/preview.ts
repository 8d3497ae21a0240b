import {
  countMatches,
  formatFen,
  maxPassesFor,
  passTypesFor,
  playTypeOf,
  SINGLE_PASS,
  SPORT_TYPE_IDS,
  validateBetSlip,
  type BetSelection,
  type BetSlipState,
  type OrderSubmitBody,
  type PassType,
  type PlayTypeId,
  type SlipValidation,
  type ValidSlip,
} from '@app/shared';

/** What the slip needs besides the engine's state: the chosen pass type and multiple. */
export interface SlipChoices {
  slip: BetSlipState;
  /** Pass type code the member picked in mixed mode ('3x4'); null until they pick one. */
  passType: string | null;
  multiple: number;
  /** 免费投注券 staking the whole slip (its value is the stake); none by default. */
  freeBet?: { id: number } | null;
  /** The picked matches: which of their play types take no singles (单关), by match id. */
  matches?: Readonly<Record<string, { singleOff?: readonly string[] }>>;
}

function playTypesOf(selections: readonly BetSelection[]): PlayTypeId[] {
  return selections.flatMap((s) => {
    const def = playTypeOf(s.sport, s.betType);
    return def ? [def.id] : [];
  });
}

/**
 * 混合过关最多N关 for the slip: the smallest max-passes among the play types selected, or the
 * bet type on screen while nothing is selected.
 */
export function slipMaxPasses(slip: BetSlipState): number {
  const chosen = playTypesOf(slip.selectedBets);
  const current = playTypeOf(slip.currentSport, slip.currentBetType);
  return maxPassesFor(chosen.length > 0 ? chosen : current ? [current.id] : []);
}

/** The M串N types the engine offers for the selected matches and play types (mixed mode). */
export function offeredPassTypes(slip: BetSlipState): PassType[] {
  if (slip.betMode === 'single') return [];
  return passTypesFor(countMatches(slip.selectedBets), playTypesOf(slip.selectedBets));
}

/**
 * The pass type the order will use: 单关 in single mode; in mixed mode the member's choice when
 * it is still offered, else the first offered type (M串1), else none.
 */
export function effectivePassType(choices: SlipChoices): PassType | null {
  if (choices.slip.betMode === 'single') return SINGLE_PASS;
  const offered = offeredPassTypes(choices.slip);
  return offered.find((t) => t.code === choices.passType) ?? offered[0] ?? null;
}

/**
 * The engine's verdict on the slip as it stands: bets, stake and max prize, or the message. With
 * a 奖金优化 plan (one multiple per bet), the plan's stake and best outcome instead.
 */
export function previewSlip(choices: SlipChoices, plan?: readonly number[] | null): SlipValidation {
  const pass = effectivePassType(choices);
  return validateBetSlip({
    sport: choices.slip.currentSport,
    mode: choices.slip.betMode,
    selections: choices.slip.selectedBets,
    passType: pass?.code ?? null,
    multiple: plan ? 1 : choices.multiple,
    multiples: plan ?? null,
    // 单关 only on pools that take singles: the engine refuses the rest as the server does.
    singleAllowed: (s) => {
      const off = choices.matches?.[s.matchId]?.singleOff;
      const def = playTypeOf(s.sport, s.betType);
      return !off || !def || !off.includes(def.id);
    },
  });
}

/**
 * The POST /v1/order/submit body for a slip the engine accepted; total_amount is what was shown
 * (with a 免费投注券, the ticket's value: the member pays nothing).
 */
export function buildSubmitBody(choices: SlipChoices, valid: ValidSlip): OrderSubmitBody {
  return {
    sport_type: SPORT_TYPE_IDS[choices.slip.currentSport],
    bet_mode: choices.slip.betMode,
    pass_type: valid.passType.code,
    // An optimised plan carries each bet's multiple; the order's own is then 1.
    multiple: valid.multiples ? 1 : choices.multiple,
    ...(valid.multiples ? { multiples: valid.multiples } : {}),
    // A ticket stakes a plain slip only (never a 奖金优化 plan): the server refuses it with a plan.
    ...(choices.freeBet && !valid.multiples ? { free_bet_id: choices.freeBet.id } : {}),
    total_amount: formatFen(valid.totalStake),
    selections: choices.slip.selectedBets.map((s) => ({
      match_id: Number(s.matchId),
      bet_type: s.betType,
      option: s.option,
      odds: s.odds,
      // The line the member saw: a moved handicap or total is refused like moved odds.
      ...(s.line != null ? { line: s.line } : {}),
    })),
  };
}

/** Selections grouped by match, in the order the matches were first picked. */
export function groupByMatch(selections: readonly BetSelection[]): Array<{
  matchId: string;
  selections: BetSelection[];
}> {
  const groups = new Map<string, BetSelection[]>();
  for (const s of selections) {
    const list = groups.get(s.matchId);
    if (list) list.push(s);
    else groups.set(s.matchId, [s]);
  }
  return [...groups.entries()].map(([matchId, list]) => ({ matchId, selections: list }));
}
