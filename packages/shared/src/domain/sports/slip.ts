/**
 * Bet slip state (SPEC.md §3, §4) as pure functions: each returns a new state and never
 * mutates its input, so a store (zustand, useReducer) can hold it as is.
 */
import { BET_MESSAGES } from './messages.ts';
import { selectionKey, type BetSelection } from './picks.ts';
import { DEFAULT_BET_TYPE, playTypeOf, type BetType, type Sport } from './play-types.ts';
import { slipRuleProblem, type BetMode } from './validation.ts';

export interface BetSlipState {
  selectedBets: readonly BetSelection[];
  currentBetType: BetType;
  currentSport: Sport;
  betMode: BetMode;
}

/** Defaults: basketball section, win-lose, single mode, nothing selected. */
export const INITIAL_BET_SLIP: BetSlipState = Object.freeze({
  selectedBets: Object.freeze([]),
  currentBetType: DEFAULT_BET_TYPE.basketball,
  currentSport: 'basketball',
  betMode: 'single',
});

/** The result of tapping an option: refused taps keep the state and carry the message to show. */
export type SlipUpdate =
  { ok: true; state: BetSlipState } | { ok: false; message: string; state: BetSlipState };

export function isSelected(
  state: BetSlipState,
  selection: Pick<BetSelection, 'matchId' | 'sport' | 'betType' | 'option'>,
): boolean {
  const key = selectionKey(selection);
  return state.selectedBets.some((s) => selectionKey(s) === key);
}

/**
 * Tapping an option: a selected option is removed; otherwise it is added unless the slip would
 * break a rule (8 matches; in mixed mode one sport, one play type per match, 混合过关最多N关).
 */
export function toggleSelection(state: BetSlipState, selection: BetSelection): SlipUpdate {
  const key = selectionKey(selection);
  if (state.selectedBets.some((s) => selectionKey(s) === key)) {
    return {
      ok: true,
      state: { ...state, selectedBets: state.selectedBets.filter((s) => selectionKey(s) !== key) },
    };
  }
  if (!playTypeOf(selection.sport, selection.betType)) {
    return { ok: false, message: BET_MESSAGES.invalidPlay, state };
  }
  const selectedBets = [...state.selectedBets, selection];
  const problem = slipRuleProblem({
    sport: state.currentSport,
    mode: state.betMode,
    selections: selectedBets,
  });
  if (problem !== null) return { ok: false, message: problem, state };
  return { ok: true, state: { ...state, selectedBets } };
}

/** Replaces a selected option's odds or line after an odds refresh; no-op when it is not selected. */
export function refreshSelection(state: BetSlipState, selection: BetSelection): BetSlipState {
  const key = selectionKey(selection);
  if (!state.selectedBets.some((s) => selectionKey(s) === key)) return state;
  return { ...state, selectedBets: state.selectedBets.map((s) => (selectionKey(s) === key ? selection : s)) };
}

/** Removes every option of one match. */
export function removeMatch(state: BetSlipState, matchId: string): BetSlipState {
  return { ...state, selectedBets: state.selectedBets.filter((s) => s.matchId !== matchId) };
}

export function clearSlip(state: BetSlipState): BetSlipState {
  return state.selectedBets.length === 0 ? state : { ...state, selectedBets: [] };
}

/**
 * Changing the bet type shows another play type's options. In single mode it clears the slip
 * (SPEC.md §4); in 混合过关 the slip is kept, so one parlay can mix play types across matches
 * (each match still one play type; the smallest max-passes limits the 关). A bet type the
 * current sport lacks is ignored.
 */
export function setBetType(state: BetSlipState, betType: BetType): BetSlipState {
  if (betType === state.currentBetType || !playTypeOf(state.currentSport, betType)) return state;
  return {
    ...state,
    currentBetType: betType,
    selectedBets: state.betMode === 'mixed' ? state.selectedBets : [],
  };
}

/** Switching to mixed mode clears the slip; back to single keeps it (every option is a valid single). */
export function setBetMode(state: BetSlipState, betMode: BetMode): BetSlipState {
  if (betMode === state.betMode) return state;
  return { ...state, betMode, selectedBets: betMode === 'mixed' ? [] : state.selectedBets };
}

/** Changing the sport section clears the slip and starts on the sport's first bet type. */
export function setSport(state: BetSlipState, sport: Sport): BetSlipState {
  if (sport === state.currentSport) return state;
  return { ...state, currentSport: sport, currentBetType: DEFAULT_BET_TYPE[sport], selectedBets: [] };
}
