/**
 * Match results and how each option settles against them (BETTING-RULES.md "Settlement").
 * Football counts 90 minutes plus stoppage time; basketball includes overtime.
 */
import {
  findOption,
  PLAY_TYPES,
  SCORE_DIFF_BUCKETS,
  SCORE_OTHER_KEYS,
  type PlayTypeId,
  type Sport,
} from './play-types.ts';

export interface MatchScore {
  home: number;
  away: number;
}

export type FinishedFootball = {
  status: 'finished';
  sport: 'football';
  fullTime: MatchScore;
  halfTime: MatchScore;
};
/** `final` includes overtime. */
export type FinishedBasketball = { status: 'finished'; sport: 'basketball'; final: MatchScore };

/** A match's result as settlement sees it; `cancelled` and `void` (not completed within 36 h) settle alike. */
export type MatchResult =
  | { status: 'pending' }
  | { status: 'cancelled' }
  | { status: 'void' }
  | FinishedFootball
  | FinishedBasketball;

export type LegStatus = 'pending' | 'won' | 'lost' | 'void';

const isGoals = (n: number) => Number.isSafeInteger(n) && n >= 0;

/** Why a result cannot be settled (message for the operator), or null when it is sound. */
export function matchResultProblem(result: MatchResult): string | null {
  if (result.status !== 'finished') return null;
  if (result.sport === 'football') {
    const { fullTime: ft, halfTime: ht } = result;
    if (![ft.home, ft.away, ht.home, ht.away].every(isGoals)) return '比分须为非负整数';
    if (ht.home > ft.home || ht.away > ft.away) return '半场比分不能大于全场比分';
    return null;
  }
  if (!isGoals(result.final.home) || !isGoals(result.final.away)) return '比分须为非负整数';
  if (result.final.home === result.final.away) return '篮球比赛须决出胜负（含加时）';
  return null;
}

const outcome = (home: number, away: number): 'h' | 'd' | 'a' =>
  home > away ? 'h' : home === away ? 'd' : 'a';

/**
 * The option key that wins for a finished match, or null when a line lands exactly on the
 * result (a push: only possible with whole-number basketball lines, which parseLine refuses).
 * `line` is in half-points. Throws on a result of the wrong sport or an unsound result.
 */
export function winningOption(
  playType: PlayTypeId,
  line: number | null,
  result: FinishedFootball | FinishedBasketball,
): string | null {
  const sport: Sport = PLAY_TYPES[playType].sport;
  if (result.sport !== sport) throw new TypeError(`${playType} cannot settle on a ${result.sport} result`);
  const problem = matchResultProblem(result);
  if (problem !== null) throw new RangeError(`unsound result: ${problem}`);
  const needsLine = PLAY_TYPES[playType].line !== 'none';
  if (needsLine && (line === null || !Number.isInteger(line)))
    throw new RangeError(`${playType} needs a line`);
  const lineHalves = line ?? 0;
  const { home, away } = result.sport === 'football' ? result.fullTime : result.final;

  switch (playType) {
    case 'football.winDrawLose':
      return outcome(home, away);
    case 'football.handicap':
      return outcome(2 * home + lineHalves, 2 * away);
    case 'football.totalGoals':
      return home + away >= 7 ? '7+' : String(home + away);
    case 'football.score': {
      const exact = `${home}:${away}`;
      return findOption(playType, exact) ? exact : SCORE_OTHER_KEYS[outcome(home, away)];
    }
    case 'football.halfFullTime': {
      const half = result.sport === 'football' ? result.halfTime : result.final;
      return `${outcome(half.home, half.away)}${outcome(home, away)}`;
    }
    case 'basketball.win-lose':
      return home > away ? 'h' : 'a';
    case 'basketball.handicap': {
      const adjusted = 2 * home + lineHalves;
      return adjusted === 2 * away ? null : adjusted > 2 * away ? 'h' : 'a';
    }
    case 'basketball.score-diff': {
      const diff = Math.abs(home - away);
      const bucket = SCORE_DIFF_BUCKETS.find((b) => diff >= b.from && diff <= b.to);
      return `${home > away ? 'h' : 'a'}${bucket?.label ?? ''}`;
    }
    case 'basketball.total-score': {
      const total = 2 * (home + away);
      return total === lineHalves ? null : total > lineHalves ? 'over' : 'under';
    }
  }
}

/** Status of one option (a leg) against its match's result; a missing result is pending. */
export function settleOption(
  playType: PlayTypeId,
  option: string,
  line: number | null,
  result: MatchResult | undefined,
): LegStatus {
  if (!findOption(playType, option)) throw new RangeError(`unknown option ${option} of ${playType}`);
  if (result === undefined) return 'pending';
  switch (result.status) {
    case 'pending':
      return 'pending';
    case 'cancelled':
    case 'void':
      return 'void';
    case 'finished': {
      const winner = winningOption(playType, line, result);
      if (winner === null) return 'void';
      return winner === option ? 'won' : 'lost';
    }
  }
}
