/**
 * Sports play types (BETTING-RULES.md "Play types and options"): their options with stable
 * keys and Chinese names, their max passes (关), and the handicap / total lines some carry.
 */

export const SPORTS = ['football', 'basketball'] as const;
export type Sport = (typeof SPORTS)[number];

/** `sport_type` of the match API: 1 football, 2 basketball. */
export const SPORT_TYPE_IDS = { football: 1, basketball: 2 } as const satisfies Record<Sport, number>;

/** The bettable sport of a `sport_type`, or null (tennis, volleyball and unknown ids are not bettable). */
export function sportFromTypeId(typeId: number): Sport | null {
  if (typeId === SPORT_TYPE_IDS.football) return 'football';
  if (typeId === SPORT_TYPE_IDS.basketball) return 'basketball';
  return null;
}

export const FOOTBALL_BET_TYPES = ['winDrawLose', 'handicap', 'totalGoals', 'score', 'halfFullTime'] as const;
export const BASKETBALL_BET_TYPES = ['win-lose', 'handicap', 'score-diff', 'total-score'] as const;
export type FootballBetType = (typeof FOOTBALL_BET_TYPES)[number];
export type BasketballBetType = (typeof BASKETBALL_BET_TYPES)[number];
/** Bet type as the API names it; `handicap` exists in both sports, so pair it with the sport. */
export type BetType = FootballBetType | BasketballBetType;
export const BET_TYPES = [
  'winDrawLose',
  'handicap',
  'totalGoals',
  'score',
  'halfFullTime',
  'win-lose',
  'score-diff',
  'total-score',
] as const satisfies readonly BetType[];

/** A play type is a sport and one of its bet types: `football.handicap`, `basketball.total-score`. */
export type PlayTypeId =
  | 'football.winDrawLose'
  | 'football.handicap'
  | 'football.totalGoals'
  | 'football.score'
  | 'football.halfFullTime'
  | 'basketball.win-lose'
  | 'basketball.handicap'
  | 'basketball.score-diff'
  | 'basketball.total-score';

/** Which line a play type needs: none, a handicap on the home side, or a total. */
export type LineKind = 'none' | 'handicap' | 'total';

export interface SportsOption {
  /** Stable key stored with bets: 'h', '2:1', 'other_h', '7+', 'hd', 'h6-10', 'over'. */
  key: string;
  /** Chinese name shown to the member. */
  name: string;
}

export interface PlayTypeDef {
  id: PlayTypeId;
  sport: Sport;
  betType: BetType;
  name: string;
  /** Most matches a parlay containing this play type may have. */
  maxPasses: number;
  line: LineKind;
  options: readonly SportsOption[];
}

const opt = (key: string, name: string = key): SportsOption => ({ key, name });

const HOME_WIN_SCORES = ['1:0', '2:0', '2:1', '3:0', '3:1', '3:2', '4:0', '4:1', '4:2', '5:0', '5:1', '5:2'];
const DRAW_SCORES = ['0:0', '1:1', '2:2', '3:3'];
const AWAY_WIN_SCORES = ['0:1', '0:2', '1:2', '0:3', '1:3', '2:3', '0:4', '1:4', '2:4', '0:5', '1:5', '2:5'];

/** Option keys of the 比分 buckets for final scores not in the list. */
export const SCORE_OTHER_KEYS = { h: 'other_h', d: 'other_d', a: 'other_a' } as const;

/** Score-difference buckets of 胜分差, in order; the last one is open-ended. */
export const SCORE_DIFF_BUCKETS = [
  { from: 1, to: 5, label: '1-5' },
  { from: 6, to: 10, label: '6-10' },
  { from: 11, to: 15, label: '11-15' },
  { from: 16, to: 20, label: '16-20' },
  { from: 21, to: 25, label: '21-25' },
  { from: 26, to: Number.POSITIVE_INFINITY, label: '26+' },
] as const;

const OUTCOME_NAMES = { h: '胜', d: '平', a: '负' } as const;
const OUTCOMES = ['h', 'd', 'a'] as const;

export const PLAY_TYPES: Readonly<Record<PlayTypeId, PlayTypeDef>> = {
  'football.winDrawLose': {
    id: 'football.winDrawLose',
    sport: 'football',
    betType: 'winDrawLose',
    name: '胜平负',
    maxPasses: 8,
    line: 'none',
    options: [opt('h', '胜'), opt('d', '平'), opt('a', '负')],
  },
  'football.handicap': {
    id: 'football.handicap',
    sport: 'football',
    betType: 'handicap',
    name: '让球胜平负',
    maxPasses: 8,
    line: 'handicap',
    options: [opt('h', '让胜'), opt('d', '让平'), opt('a', '让负')],
  },
  'football.totalGoals': {
    id: 'football.totalGoals',
    sport: 'football',
    betType: 'totalGoals',
    name: '总进球',
    maxPasses: 6,
    line: 'none',
    options: ['0', '1', '2', '3', '4', '5', '6', '7+'].map((goals) => opt(goals, `${goals}球`)),
  },
  'football.score': {
    id: 'football.score',
    sport: 'football',
    betType: 'score',
    name: '比分',
    maxPasses: 4,
    line: 'none',
    options: [
      ...HOME_WIN_SCORES.map((s) => opt(s)),
      opt(SCORE_OTHER_KEYS.h, '胜其他'),
      ...DRAW_SCORES.map((s) => opt(s)),
      opt(SCORE_OTHER_KEYS.d, '平其他'),
      ...AWAY_WIN_SCORES.map((s) => opt(s)),
      opt(SCORE_OTHER_KEYS.a, '负其他'),
    ],
  },
  'football.halfFullTime': {
    id: 'football.halfFullTime',
    sport: 'football',
    betType: 'halfFullTime',
    name: '半全场',
    maxPasses: 4,
    line: 'none',
    options: OUTCOMES.flatMap((half) =>
      OUTCOMES.map((full) => opt(`${half}${full}`, `${OUTCOME_NAMES[half]}${OUTCOME_NAMES[full]}`)),
    ),
  },
  'basketball.win-lose': {
    id: 'basketball.win-lose',
    sport: 'basketball',
    betType: 'win-lose',
    name: '胜负',
    maxPasses: 8,
    line: 'none',
    options: [opt('h', '主胜'), opt('a', '主负')],
  },
  'basketball.handicap': {
    id: 'basketball.handicap',
    sport: 'basketball',
    betType: 'handicap',
    name: '让分胜负',
    maxPasses: 8,
    line: 'handicap',
    options: [opt('h', '让分主胜'), opt('a', '让分主负')],
  },
  'basketball.score-diff': {
    id: 'basketball.score-diff',
    sport: 'basketball',
    betType: 'score-diff',
    name: '胜分差',
    maxPasses: 4,
    line: 'none',
    options: [
      ...SCORE_DIFF_BUCKETS.map((b) => opt(`h${b.label}`, `主胜${b.label}`)),
      ...SCORE_DIFF_BUCKETS.map((b) => opt(`a${b.label}`, `客胜${b.label}`)),
    ],
  },
  'basketball.total-score': {
    id: 'basketball.total-score',
    sport: 'basketball',
    betType: 'total-score',
    name: '大小分',
    maxPasses: 8,
    line: 'total',
    options: [opt('over', '大'), opt('under', '小')],
  },
};

export const PLAY_TYPE_IDS = Object.keys(PLAY_TYPES) as PlayTypeId[];

/** The play type of a sport and bet type, or null when the sport has no such bet type. */
export function playTypeOf(sport: Sport, betType: BetType): PlayTypeDef | null {
  return (PLAY_TYPES as Record<string, PlayTypeDef | undefined>)[`${sport}.${betType}`] ?? null;
}

/** The bet type the slip starts on for a sport section. */
export const DEFAULT_BET_TYPE = { football: 'winDrawLose', basketball: 'win-lose' } as const satisfies Record<
  Sport,
  BetType
>;

export function findOption(playType: PlayTypeId, key: string): SportsOption | null {
  return PLAY_TYPES[playType].options.find((o) => o.key === key) ?? null;
}

/** Chinese name of an option (the key itself when unknown, so records stay readable). */
export function optionName(playType: PlayTypeId, key: string): string {
  return findOption(playType, key)?.name ?? key;
}

/**
 * Parses a line ("-1", "+1", "-5.5", "215.5") into integer half-points (-2, 2, -11, 431) so that
 * settlement compares integers. Football handicaps are whole goals; basketball handicaps and
 * totals end in .5, so they never push; totals are positive. Null when the line does not fit.
 */
export function parseLine(playType: PlayTypeId, text: string): number | null {
  const kind = PLAY_TYPES[playType].line;
  if (kind === 'none') return null;
  const match = /^([+-])?(\d{1,4})(?:\.(0|5))?$/.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '0', half] = match;
  const magnitude = Number(whole) * 2 + (half === '5' ? 1 : 0);
  const halfPoints = sign === '-' ? -magnitude : magnitude;
  switch (playType) {
    case 'football.handicap':
      return halfPoints % 2 === 0 ? halfPoints : null;
    case 'basketball.handicap':
      return Math.abs(halfPoints) % 2 === 1 ? halfPoints : null;
    case 'basketball.total-score':
      return sign !== '-' && halfPoints > 0 && halfPoints % 2 === 1 ? halfPoints : null;
    case 'football.winDrawLose':
    case 'football.totalGoals':
    case 'football.score':
    case 'football.halfFullTime':
    case 'basketball.win-lose':
    case 'basketball.score-diff':
      return null;
  }
}

/** Half-points back to the usual text: -2 -> "-1", 3 -> "+1.5", 431 -> "215.5" (totals unsigned). */
export function formatLine(playType: PlayTypeId, halfPoints: number): string {
  const abs = Math.abs(halfPoints);
  const text = `${Math.trunc(abs / 2)}${abs % 2 === 1 ? '.5' : ''}`;
  if (PLAY_TYPES[playType].line === 'total') return text;
  if (halfPoints < 0) return `-${text}`;
  return halfPoints > 0 ? `+${text}` : text;
}
