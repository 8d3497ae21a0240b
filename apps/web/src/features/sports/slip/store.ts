import {
  clearSlip,
  INITIAL_BET_SLIP,
  isSelected,
  playTypeOf,
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
import type { FreeBet } from '../../free-bets/queries.ts';
import type { Match } from '../model.ts';
import type { MatchUpdate, OddsUpdate } from '../live-patch.ts';
import { pendingOddsChanges, type PendingOddsChange, type Quote } from './odds-changes.ts';
import { slipPushes } from './pushes.ts';
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
  /** Picked while the match was live (滚球): judged by its in-play state, not by the deadline. */
  inPlay: boolean;
  /** In-play markets suspended right now, and why ('进球'); kept current by lists and pushes. */
  liveSuspended: boolean;
  liveSuspendReason: string | null;
  /** Play types of the match whose pool takes no singles (单关): only in parlays; kept current. */
  singleOff: string[];
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
  /** The latest price seen for each selected option (by selection key); see odds-changes.ts. */
  quotes: Record<string, Quote>;
  /** 免费投注券 the member chose as the whole stake (the multiple follows it); see free-bet.ts. */
  freeBet: FreeBet | null;
  /** The member's own multiple before the ticket set one: given back when the ticket goes. */
  multipleBeforeFreeBet: number | null;
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
  quotes: {},
  freeBet: null,
  multipleBeforeFreeBet: null,
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
    inPlay: match.status === 'live',
    liveSuspended: match.live_suspended,
    liveSuspendReason: match.live_suspend_reason,
    singleOff: singleOffOf(match.markets),
  };
}

/** The play types among `markets` whose pool takes no singles. */
function singleOffOf(markets: ReadonlyArray<{ play_type: string; single?: boolean }>): string[] {
  return markets.filter((m) => m.single === false).map((m) => m.play_type);
}

/** The slip's note of a picked match's 单关 flags, after a list or a push said them again. */
function withSingles(
  info: SlipMatchInfo,
  markets: ReadonlyArray<{ play_type: string; single?: boolean }>,
): SlipMatchInfo {
  const known = markets.filter((m) => m.single !== undefined);
  if (known.length === 0) return info;
  const said = new Set(known.map((m) => m.play_type));
  const next = [...info.singleOff.filter((p) => !said.has(p)), ...singleOffOf(known)].sort();
  return next.join('|') === [...info.singleOff].sort().join('|') ? info : { ...info, singleOff: next };
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
    const picked = update.state.selectedBets.some((b) => selectionKey(b) === key);
    const quotes = { ...useSlipStore.getState().quotes };
    delete quotes[key];
    useSlipStore.setState((s) => ({
      slip: update.state,
      matches: { ...s.matches, [selection.matchId]: matchInfoOf(match) },
      // A fresh pick starts at the price tapped; a removed one forgets its quote.
      quotes: picked ? { ...quotes, [key]: { odds: selection.odds, line: selection.line ?? null } } : quotes,
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
  useSlipStore.setState((s) => ({
    slip: clearSlip(s.slip),
    passType: null,
    multiple: 1,
    dropped: [],
    quotes: {},
    freeBet: null,
    multipleBeforeFreeBet: null,
  }));
}

/** The member read the note about dropped legs. */
export function dismissDroppedLegs(): void {
  useSlipStore.setState((s) => (s.dropped.length === 0 ? s : { dropped: [] }));
}

/**
 * Drops the legs that can no longer be placed at `now` (server ms): their match stopped selling
 * (its deadline, or the feed says it started) or their market is suspended. `matches` is what the
 * page holds now (fresher: pushes, suspensions); a picked match it no longer lists is judged by
 * the deadline the slip kept. An in-play leg (滚球) is judged by its match's in-play state instead:
 * dropped once the match stops taking bets, kept through a passing suspension (shown 暂停), and
 * left to the server when the page does not list its match. Returns the legs dropped by this call.
 */
export function dropClosedLegs(matches: readonly Match[], now: number): DroppedLeg[] {
  const state = useSlipStore.getState();
  const byId = new Map(matches.map((m) => [String(m.id), m]));
  const closed = closedLegs(
    state.slip.selectedBets,
    (s) => {
      const listed = byId.get(s.matchId);
      const info = state.matches[s.matchId];
      const def = playTypeOf(s.sport, s.betType);
      const market = def ? listed?.markets.find((m) => m.play_type === def.id) : undefined;
      if (info?.inPlay) return { sale: undefined, market, live: listed };
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

/**
 * 免费投注券: the ticket becomes the slip's stake, at the multiple that makes the stake its value
 * (free-bet.ts decides both). null stops using it and gives back the multiple the member had
 * before, so the slip never goes on to charge the ticket's stake in money.
 */
export function chooseFreeBet(ticket: FreeBet | null, multiple?: number): void {
  useSlipStore.setState((s) => {
    if (ticket === null) {
      if (s.freeBet === null) return s;
      return { freeBet: null, multiple: s.multipleBeforeFreeBet ?? s.multiple, multipleBeforeFreeBet: null };
    }
    return {
      freeBet: ticket,
      multiple: multiple ?? s.multiple,
      multipleBeforeFreeBet: s.freeBet === null ? s.multiple : s.multipleBeforeFreeBet,
    };
  });
}

export function chooseMultiple(multiple: number): void {
  const clamped = Math.min(SPORTS_MAX_MULTIPLE, Math.max(SPORTS_MIN_MULTIPLE, Math.trunc(multiple) || 1));
  useSlipStore.setState({ multiple: clamped });
}

function setQuotes(next: Record<string, Quote>, changed: number): number {
  if (changed > 0) useSlipStore.setState((s) => ({ quotes: { ...s.quotes, ...next } }));
  return changed;
}

/**
 * Notes the prices freshly fetched matches show for the selected options (odds move: pre-match
 * with the feed's re-pricing, in play all the time), and the in-play state of their matches. The
 * slip keeps the price the member accepted; the sheet shows the new one beside it until the
 * member takes it (acceptOddsChanges). Returns how many prices differ from what was noted.
 */
export function noteSlipMatches(matches: readonly Match[]): number {
  const { slip, quotes, matches: infos } = useSlipStore.getState();
  const next: Record<string, Quote> = {};
  let changed = 0;
  for (const selected of slip.selectedBets) {
    const match = matches.find((m) => String(m.id) === selected.matchId);
    const def = playTypeOf(selected.sport, selected.betType);
    const market = def ? match?.markets.find((m) => m.play_type === def.id) : undefined;
    const option = market?.options.find((o) => o.key === selected.option);
    if (!market || !option) continue;
    const key = selectionKey(selected);
    const seen = quotes[key];
    if (seen?.odds === option.odds && (seen.line ?? null) === (market.line ?? null)) continue;
    next[key] = { odds: option.odds, line: market.line };
    changed++;
  }
  // In-play state of picked matches (suspended, why), for the tags beside their legs.
  let infoChanged = false;
  const nextInfos = { ...infos };
  for (const match of matches) {
    const known = infos[String(match.id)];
    if (!known) continue;
    // 单关 flags of picked matches: a pool that stops taking singles refuses a slip of singles.
    const info = withSingles(known, match.markets);
    if (info !== known) {
      nextInfos[String(match.id)] = info;
      infoChanged = true;
    }
    if (!info.inPlay) continue;
    if (info.liveSuspended === match.live_suspended && info.liveSuspendReason === match.live_suspend_reason)
      continue;
    nextInfos[String(match.id)] = {
      ...info,
      liveSuspended: match.live_suspended,
      liveSuspendReason: match.live_suspend_reason,
    };
    infoChanged = true;
  }
  if (infoChanged) useSlipStore.setState({ matches: nextInfos });
  return setQuotes(next, changed);
}

/** Notes an `odds.updated` push for the selected options of its match; returns how many moved. */
export function noteSlipOddsPush(update: OddsUpdate): number {
  const { slip, quotes, matches } = useSlipStore.getState();
  const info = matches[String(update.id)];
  const withFlags = info ? withSingles(info, update.markets) : info;
  if (info && withFlags && withFlags !== info)
    useSlipStore.setState((s) => ({ matches: { ...s.matches, [String(update.id)]: withFlags } }));
  const next: Record<string, Quote> = {};
  let changed = 0;
  for (const selected of slip.selectedBets) {
    if (selected.matchId !== String(update.id)) continue;
    const def = playTypeOf(selected.sport, selected.betType);
    const pushed = def ? update.markets.find((m) => m.play_type === def.id) : undefined;
    const odds = pushed?.odds[selected.option];
    if (!pushed || odds === undefined) continue;
    const key = selectionKey(selected);
    const seen = quotes[key];
    if (seen?.odds === odds && (seen.line ?? null) === (pushed.line ?? null)) continue;
    next[key] = { odds, line: pushed.line };
    changed++;
  }
  return setQuotes(next, changed);
}

/** Notes a `match.updated` push: the in-play suspension of a picked match, for its legs' tags. */
export function noteSlipMatchPush(update: MatchUpdate): void {
  const info = useSlipStore.getState().matches[String(update.id)];
  if (!info?.inPlay || update.live_suspended === undefined) return;
  const reason = update.live_suspend_reason ?? null;
  if (info.liveSuspended === update.live_suspended && info.liveSuspendReason === reason) return;
  useSlipStore.setState((s) => ({
    matches: {
      ...s.matches,
      [String(update.id)]: {
        ...info,
        liveSuspended: update.live_suspended ?? false,
        liveSuspendReason: reason,
      },
    },
  }));
}

// Live pushes reach the slip from here on (live-subscription.ts goes through slip/pushes.ts).
slipPushes.register({ match: noteSlipMatchPush, odds: noteSlipOddsPush });

/** The selected options whose latest price differs from the one the member accepted. */
export function slipOddsChanges(state: Pick<SlipStore, 'slip' | 'quotes'>): PendingOddsChange[] {
  return pendingOddsChanges(state.slip.selectedBets, state.quotes);
}

/**
 * 接受赔率变化: every selected option takes its latest price (and line); with `only`, just the
 * changes the member was shown — each applies to the price it was listed against, so one that
 * moved again since stays marked. Returns how many options changed.
 */
export function acceptOddsChanges(only?: readonly PendingOddsChange[]): number {
  const { slip, quotes } = useSlipStore.getState();
  const wanted = only ?? pendingOddsChanges(slip.selectedBets, quotes);
  const byKey = new Map(wanted.map((c) => [selectionKey(c.selection), c]));
  let changed = 0;
  const selectedBets = slip.selectedBets.map((s) => {
    const c = byKey.get(selectionKey(s));
    if (!c || c.oldOdds !== s.odds || c.oldLine !== (s.line ?? null)) return s;
    changed++;
    return { ...s, odds: c.newOdds, line: c.newLine };
  });
  if (changed > 0) setSlip({ ...slip, selectedBets });
  return changed;
}

/** One entry of a 409's `data.changes` (packages/shared `oddsChange`). */
export interface OddsChange {
  match_id: number;
  bet_type: string;
  option: string;
  old_odds: string;
  new_odds: string | null;
  old_line?: string | null | undefined;
  new_line?: string | null | undefined;
  direction?: 'up' | 'down' | 'line' | undefined;
}

/**
 * Notes the server's 409 odds changes: the new prices are marked beside the old ones (taken with
 * 接受赔率变化, or by confirming again); options no longer offered are removed.
 */
export function applyOddsChanges(changes: readonly OddsChange[]): void {
  let { slip } = useSlipStore.getState();
  const next: Record<string, Quote> = {};
  for (const change of changes) {
    const selected = slip.selectedBets.find(
      (s) =>
        s.matchId === String(change.match_id) && s.betType === change.bet_type && s.option === change.option,
    );
    if (!selected) continue;
    const key = selectionKey(selected);
    if (change.new_odds === null) {
      slip = { ...slip, selectedBets: slip.selectedBets.filter((s) => selectionKey(s) !== key) };
    } else {
      const line = change.new_line !== undefined ? change.new_line : (selected.line ?? null);
      next[key] = { odds: change.new_odds, line };
    }
  }
  setSlip(slip);
  useSlipStore.setState((s) => ({ quotes: { ...s.quotes, ...next } }));
}
