import {
  clearSlip,
  INITIAL_BET_SLIP,
  isSelected,
  playTypeOf,
  refreshSelection,
  removeMatch,
  selectionKey,
  setBetMode,
  setBetType,
  setSport,
  SPORTS_MAX_MULTIPLE,
  SPORTS_MIN_MULTIPLE,
  toggleSelection,
  type BetMode,
  type BetSelection,
  type BetSlipState,
  type BetType,
  type SlipUpdate,
  type Sport,
} from '@app/shared';
import { create } from 'zustand';
import { closedLegs, type ClosedReason, type SaleState } from '../deadline.ts';
import type { Match } from '../model.ts';
import type { SlipChoices } from './preview.ts';

/** What the slip shows about a picked match (selections themselves carry only its id). */
export interface SlipMatchInfo {
  id: number;
  matchNo: string;
  league: string;
  home: string;
  away: string;
  kickoffAt: string;
  /** The sales deadline (server clock): the slip drops the match's legs from then on. */
  salesCloseAt: string;
}

/** A leg the slip dropped because it can no longer be placed, shown with its reason. */
export interface DroppedLeg {
  selection: BetSelection;
  match: SlipMatchInfo | undefined;
  reason: ClosedReason;
}

interface SlipStore extends SlipChoices {
  matches: Record<string, SlipMatchInfo>;
  /** Legs dropped since the member last cleared the slip or dismissed the note. */
  dropped: DroppedLeg[];
}

/**
 * The bet slip (SPEC.md §3 bet state, §4 transitions). State changes go through the shared
 * engine's pure functions, so the rules are the server's; this store only holds the result.
 * Memory only: storage may hold nothing but userinfo, token and appinfo.
 */
export const useSlipStore = create<SlipStore>(() => ({
  slip: INITIAL_BET_SLIP,
  passType: null,
  multiple: 1,
  matches: {},
  dropped: [],
}));

export function matchInfoOf(match: Match): SlipMatchInfo {
  return {
    id: match.id,
    matchNo: match.match_no,
    league: match.league.short_name,
    home: match.home_team.name,
    away: match.away_team.name,
    kickoffAt: match.kickoff_at,
    salesCloseAt: match.sales_close_at,
  };
}

function setSlip(slip: BetSlipState): void {
  useSlipStore.setState((s) => (s.slip === slip ? s : { slip }));
}

/** A change that may empty the slip: the note about dropped legs goes with the legs. */
function setSlipForgetting(slip: BetSlipState): void {
  useSlipStore.setState((s) => {
    if (s.slip === slip) return s;
    return slip.selectedBets.length === 0 ? { slip, dropped: [] } : { slip };
  });
}

/** Opening a sport's betting page: another sport's slip is cleared (engine: setSport). */
export function enterSport(sport: Sport): void {
  setSlipForgetting(setSport(useSlipStore.getState().slip, sport));
}

/** Changing the bet type clears the slip (SPEC.md §4). */
export function chooseBetType(betType: BetType): void {
  setSlipForgetting(setBetType(useSlipStore.getState().slip, betType));
}

/** Switching to mixed clears the slip; back to single keeps it (SPEC.md §4). */
export function chooseMode(mode: BetMode): void {
  setSlipForgetting(setBetMode(useSlipStore.getState().slip, mode));
}

/** Tapping an option: selected → removed; else added unless a rule refuses it (message to show). */
export function toggleOption(selection: BetSelection, match: Match): SlipUpdate {
  const update = toggleSelection(useSlipStore.getState().slip, selection);
  if (update.ok) {
    const key = selectionKey(selection);
    useSlipStore.setState((s) => ({
      slip: update.state,
      matches: { ...s.matches, [selection.matchId]: matchInfoOf(match) },
      // Picked again (a market reopened): no longer a dropped leg.
      dropped: s.dropped.some((d) => selectionKey(d.selection) === key)
        ? s.dropped.filter((d) => selectionKey(d.selection) !== key)
        : s.dropped,
    }));
  }
  return update;
}

export function isOptionSelected(
  slip: BetSlipState,
  selection: Pick<BetSelection, 'matchId' | 'sport' | 'betType' | 'option'>,
): boolean {
  return isSelected(slip, selection);
}

export function removeSlipMatch(matchId: string): void {
  setSlip(removeMatch(useSlipStore.getState().slip, matchId));
}

export function removeSlipSelection(selection: BetSelection): void {
  const { slip } = useSlipStore.getState();
  const key = selectionKey(selection);
  setSlip({ ...slip, selectedBets: slip.selectedBets.filter((s) => selectionKey(s) !== key) });
}

export function clearSlipSelections(): void {
  useSlipStore.setState((s) => ({ slip: clearSlip(s.slip), passType: null, multiple: 1, dropped: [] }));
}

/** The member read the note about dropped legs. */
export function dismissDroppedLegs(): void {
  useSlipStore.setState((s) => (s.dropped.length === 0 ? s : { dropped: [] }));
}

/**
 * Drops the legs that can no longer be placed at `now` (server ms): their match stopped selling
 * (its deadline, or the feed says it started) or their market is suspended. `matches` is what the
 * page holds now (fresher: pushes, suspensions); a picked match it no longer lists is judged by
 * the deadline the slip kept. Returns the legs dropped by this call.
 */
export function dropClosedLegs(matches: readonly Match[], now: number): DroppedLeg[] {
  const state = useSlipStore.getState();
  const byId = new Map(matches.map((m) => [String(m.id), m]));
  const closed = closedLegs(
    state.slip.selectedBets,
    (s) => {
      const listed = byId.get(s.matchId);
      const info = state.matches[s.matchId];
      const sale: SaleState | undefined =
        listed ??
        (info
          ? {
              status: 'scheduled',
              betting_open: true,
              kickoff_at: info.kickoffAt,
              sales_close_at: info.salesCloseAt,
            }
          : undefined);
      const def = playTypeOf(s.sport, s.betType);
      const market = def ? listed?.markets.find((m) => m.play_type === def.id) : undefined;
      return { sale, market };
    },
    now,
  );
  if (closed.length === 0) return [];
  const gone = new Set(closed.map((c) => selectionKey(c.leg)));
  const dropped = closed.map((c) => ({
    selection: c.leg,
    match: state.matches[c.leg.matchId],
    reason: c.reason,
  }));
  useSlipStore.setState((s) => ({
    slip: { ...s.slip, selectedBets: s.slip.selectedBets.filter((b) => !gone.has(selectionKey(b))) },
    dropped: [...s.dropped, ...dropped],
  }));
  return dropped;
}

export function choosePassType(code: string): void {
  useSlipStore.setState({ passType: code });
}

export function chooseMultiple(multiple: number): void {
  const clamped = Math.min(SPORTS_MAX_MULTIPLE, Math.max(SPORTS_MIN_MULTIPLE, Math.trunc(multiple) || 1));
  useSlipStore.setState({ multiple: clamped });
}

/**
 * Brings the selected options' odds and lines in line with freshly fetched matches (pre-match
 * odds move). Returns how many selections changed.
 */
export function syncSlipOdds(matches: readonly Match[]): number {
  let { slip } = useSlipStore.getState();
  let changed = 0;
  for (const selected of slip.selectedBets) {
    const match = matches.find((m) => String(m.id) === selected.matchId);
    const def = playTypeOf(selected.sport, selected.betType);
    const market = def ? match?.markets.find((m) => m.play_type === def.id) : undefined;
    const option = market?.options.find((o) => o.key === selected.option);
    if (!market || !option) continue;
    if (option.odds === selected.odds && (market.line ?? null) === (selected.line ?? null)) continue;
    slip = refreshSelection(slip, { ...selected, odds: option.odds, line: market.line });
    changed++;
  }
  if (changed > 0) setSlip(slip);
  return changed;
}

export interface OddsChange {
  match_id: number;
  bet_type: string;
  option: string;
  old_odds: string;
  new_odds: string | null;
}

/** Applies the server's 409 odds changes: new odds in place, options no longer offered removed. */
export function applyOddsChanges(changes: readonly OddsChange[]): void {
  let { slip } = useSlipStore.getState();
  for (const change of changes) {
    const selected = slip.selectedBets.find(
      (s) =>
        s.matchId === String(change.match_id) && s.betType === change.bet_type && s.option === change.option,
    );
    if (!selected) continue;
    if (change.new_odds === null) {
      const key = selectionKey(selected);
      slip = { ...slip, selectedBets: slip.selectedBets.filter((s) => selectionKey(s) !== key) };
    } else {
      slip = refreshSelection(slip, { ...selected, odds: change.new_odds });
    }
  }
  setSlip(slip);
}
