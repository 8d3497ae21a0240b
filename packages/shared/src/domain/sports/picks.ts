/**
 * Bet selections as the slip and the order carry them, and their grouping into picks: one
 * pick per match and play type, holding the options chosen there (several = 复式).
 */
import { BET_MESSAGES } from './messages.ts';
import { parseSportsOdds } from './odds.ts';
import { parseLine, playTypeOf, SPORTS, type BetType, type PlayTypeId, type Sport } from './play-types.ts';

/** One chosen option of one match (SPEC.md §3 "Bet selection"). */
export interface BetSelection {
  matchId: string;
  sport: Sport;
  betType: BetType;
  /** Option key of the play type ('h', '2:1', 'other_h', '7+', 'hd', 'h6-10', 'over'). */
  option: string;
  /** Decimal odds with at most two decimals, e.g. "1.85"; for an order, the accepted (出票) odds. */
  odds: string;
  /** Handicap or total line ("-1", "-5.5", "215.5"); needed by handicap and total-score only. */
  line?: string | null;
}

export interface PickedOption {
  key: string;
  /** Odds in hundredths. */
  odds: bigint;
  /** Position of the selection in the input list, to map results back. */
  index: number;
}

/** The options chosen in one match for one play type. */
export interface MatchPick {
  matchId: string;
  sport: Sport;
  playType: PlayTypeId;
  /** Line in half-points (see parseLine), null for play types without a line. */
  line: number | null;
  options: PickedOption[];
}

export type PicksResult = { ok: true; picks: MatchPick[] } | { ok: false; message: string };

/** Identity of a selection on the slip: the same match, play type and option. */
export function selectionKey(s: Pick<BetSelection, 'matchId' | 'sport' | 'betType' | 'option'>): string {
  return `${s.matchId}|${s.sport}.${s.betType}|${s.option}`;
}

/** Number of different matches among the selections. */
export function countMatches(selections: readonly Pick<BetSelection, 'matchId'>[]): number {
  return new Set(selections.map((s) => s.matchId)).size;
}

/**
 * Checks every selection's shape (play type, option key, odds, line) and groups them by match
 * and play type, in order of first appearance. Refuses duplicates and conflicting lines.
 */
export function groupSelections(selections: readonly BetSelection[]): PicksResult {
  const picks = new Map<string, MatchPick>();
  const sportOfMatch = new Map<string, Sport>();
  for (const [index, s] of selections.entries()) {
    if (typeof s.matchId !== 'string' || s.matchId.length === 0) return fail(BET_MESSAGES.invalidMatch);
    if (!(SPORTS as readonly string[]).includes(s.sport)) return fail(BET_MESSAGES.invalidPlay);
    const playType = playTypeOf(s.sport, s.betType);
    if (!playType) return fail(BET_MESSAGES.invalidPlay);
    if (!playType.options.some((o) => o.key === s.option)) return fail(BET_MESSAGES.invalidOption);
    const odds = typeof s.odds === 'string' ? parseSportsOdds(s.odds) : null;
    if (odds === null) return fail(BET_MESSAGES.invalidOdds);
    let line: number | null = null;
    if (playType.line !== 'none') {
      line = typeof s.line === 'string' ? parseLine(playType.id, s.line) : null;
      if (line === null) return fail(BET_MESSAGES.invalidLine);
    }
    const knownSport = sportOfMatch.get(s.matchId);
    if (knownSport !== undefined && knownSport !== s.sport) return fail(BET_MESSAGES.invalidMatch);
    sportOfMatch.set(s.matchId, s.sport);

    const key = `${s.matchId}|${playType.id}`;
    let pick = picks.get(key);
    if (!pick) {
      pick = { matchId: s.matchId, sport: s.sport, playType: playType.id, line, options: [] };
      picks.set(key, pick);
    } else {
      if (pick.line !== line) return fail(BET_MESSAGES.invalidLine);
      if (pick.options.some((o) => o.key === s.option)) return fail(BET_MESSAGES.duplicateOption);
    }
    pick.options.push({ key: s.option, odds, index });
  }
  return { ok: true, picks: [...picks.values()] };
}

const fail = (message: string): PicksResult => ({ ok: false, message });
