/**
 * From one match of the 竞彩 calculator answer to our fixture, teams and markets: each pool
 * (HAD, HHAD, CRS, TTG, HAFU; MNL, HDC, WNM, HILO) maps one to one onto a play type, its outcome
 * keys onto our option keys, its prices onto two-decimal odds strings and its goalLine onto our
 * line text. Prices and lines are read as decimal text, never through floating point.
 */
import {
  formatLine,
  formatSportsOdds,
  parseLine,
  parseSportsOdds,
  PLAY_TYPES,
  SCORE_DIFF_BUCKETS,
  SCORE_OTHER_KEYS,
  type PlayTypeId,
  type Sport,
} from '@app/shared';
import type { SportsFeed } from '../../modules/sports/index.ts';
import type { CalculatorMatch } from './answers.ts';

export type FeedMatchState = NonNullable<ReturnType<SportsFeed['state']>>;
export type Market = FeedMatchState['markets'][number];
export type FeedFixture = ReturnType<SportsFeed['fixtures']>[number];
export type FeedLeague = ReturnType<SportsFeed['leagues']>[number];
export type FeedTeam = ReturnType<SportsFeed['teams']>[number];

export type PoolCode = 'HAD' | 'HHAD' | 'CRS' | 'TTG' | 'HAFU' | 'MNL' | 'HDC' | 'WNM' | 'HILO';
type PoolField = 'had' | 'hhad' | 'crs' | 'ttg' | 'hafu' | 'mnl' | 'hdc' | 'wnm' | 'hilo';

interface PoolSpec {
  code: PoolCode;
  field: PoolField;
  sport: Sport;
  playType: PlayTypeId;
  /** Our option key → the provider's outcome key(s), first one present wins. */
  options: ReadonlyArray<readonly [string, readonly string[]]>;
}

const two = (n: number) => String(n).padStart(2, '0');
/** 比分: "2:1" is `s02s01`; the 其他 buckets are `s1sh`/`s1sd`/`s1sa` in the calculator answers, `s-1sh`… in odds histories. */
const scoreKeys = (key: string): readonly string[] => {
  if (key === SCORE_OTHER_KEYS.h) return ['s1sh', 's-1sh'];
  if (key === SCORE_OTHER_KEYS.d) return ['s1sd', 's-1sd'];
  if (key === SCORE_OTHER_KEYS.a) return ['s1sa', 's-1sa'];
  const [h = '', a = ''] = key.split(':');
  return [`s${two(Number(h))}s${two(Number(a))}`];
};
const same = (playType: PlayTypeId) => PLAY_TYPES[playType].options.map((o) => [o.key, [o.key]] as const);

/** The pools in display order, sport by sport. */
export const POOLS: readonly PoolSpec[] = [
  {
    code: 'HAD',
    field: 'had',
    sport: 'football',
    playType: 'football.winDrawLose',
    options: same('football.winDrawLose'),
  },
  {
    code: 'HHAD',
    field: 'hhad',
    sport: 'football',
    playType: 'football.handicap',
    options: same('football.handicap'),
  },
  {
    code: 'TTG',
    field: 'ttg',
    sport: 'football',
    playType: 'football.totalGoals',
    options: PLAY_TYPES['football.totalGoals'].options.map(
      (o) => [o.key, [`s${o.key === '7+' ? '7' : o.key}`]] as const,
    ),
  },
  {
    code: 'CRS',
    field: 'crs',
    sport: 'football',
    playType: 'football.score',
    options: PLAY_TYPES['football.score'].options.map((o) => [o.key, scoreKeys(o.key)] as const),
  },
  {
    code: 'HAFU',
    field: 'hafu',
    sport: 'football',
    playType: 'football.halfFullTime',
    options: same('football.halfFullTime'),
  },
  {
    code: 'MNL',
    field: 'mnl',
    sport: 'basketball',
    playType: 'basketball.win-lose',
    options: same('basketball.win-lose'),
  },
  {
    code: 'HDC',
    field: 'hdc',
    sport: 'basketball',
    playType: 'basketball.handicap',
    options: same('basketball.handicap'),
  },
  {
    code: 'WNM',
    field: 'wnm',
    sport: 'basketball',
    playType: 'basketball.score-diff',
    // w1…w6: home wins by 1-5 … 26+; l1…l6: away wins by the same.
    options: SCORE_DIFF_BUCKETS.flatMap((b, i) => [
      [`h${b.label}`, [`w${i + 1}`]] as const,
      [`a${b.label}`, [`l${i + 1}`]] as const,
    ]),
  },
  {
    code: 'HILO',
    field: 'hilo',
    sport: 'basketball',
    playType: 'basketball.total-score',
    options: [
      ['over', ['h']],
      ['under', ['l']],
    ],
  },
];

export const POOL_BY_CODE: ReadonlyMap<string, PoolSpec> = new Map(POOLS.map((p) => [p.code, p]));

/** "1.44" / "120.0" / "2.370" in thousandths (1440, 120000, 2370); null unless plain decimal text. */
export function decimalThousandths(text: string): number | null {
  const match = /^(\d{1,6})(?:\.(\d{1,3}))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', frac = ''] = match;
  return Number(whole) * 1000 + Number(frac.padEnd(3, '0'));
}

/** Provider odds as our two-decimal text ("120.0" → "120.00"); null when not exactly that (1.235, 0.90). */
export function oddsText(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const thousandths = decimalThousandths(raw);
  if (thousandths === null || thousandths % 10 !== 0) return null;
  const text = formatSportsOdds(BigInt(thousandths / 10));
  return parseSportsOdds(text) === null ? null : text;
}

/** "-1" / "-1.00" / "+221.5" / "-4.50" in half points (-2, -2, 443, -9); null unless a whole or half number. */
export function lineHalfPoints(text: string): number | null {
  const match = /^([+-])?(\d{1,4})(?:\.(\d{1,3}))?$/.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '0', frac = ''] = match;
  const half = /^0*$/.test(frac) ? 0 : /^50*$/.test(frac) ? 1 : null;
  if (half === null) return null;
  const magnitude = Number(whole) * 2 + half;
  return sign === '-' ? -magnitude : magnitude;
}

/** Our line text for a pool's goalLine, or null when the play type cannot carry it. */
export function lineText(playType: PlayTypeId, raw: string): string | null {
  const halfPoints = lineHalfPoints(raw);
  if (halfPoints === null) return null;
  // A total is unsigned text: a negative one would lose its sign in formatLine.
  if (PLAY_TYPES[playType].line === 'total' && halfPoints <= 0) return null;
  const text = formatLine(playType, halfPoints);
  return parseLine(playType, text) === null ? null : text;
}

export interface RejectedPool {
  pool: PoolCode;
  reason: string;
}

/** A match of the calculator answer as we use it. */
export interface ParsedMatch {
  externalId: string;
  sport: Sport;
  matchNo: string;
  league: FeedLeague;
  home: FeedTeam;
  away: FeedTeam;
  /** Kick-off as the provider gives it now (Beijing matchDate + matchTime). */
  kickoffAt: Date;
  /** matchStatus is "Selling". */
  selling: boolean;
  /** The pools on sale with complete prices. */
  markets: Market[];
  /** 单关 per play type, for the pools on sale. */
  singles: Partial<Record<PlayTypeId, boolean>>;
  /** Pools on sale whose prices or line could not be read exactly (left out of `markets`). */
  rejected: RejectedPool[];
}

const SPORT_PREFIX: Record<Sport, string> = { football: 'jczq', basketball: 'jclq' };

/** Our external id of a provider match: matchIds of the two sports are kept apart. */
export const externalIdOf = (sport: Sport, matchId: string) => `${SPORT_PREFIX[sport]}-${matchId}`;

/** Beijing wall-clock date and time to an instant. */
export function beijingInstant(date: string, time: string): Date {
  return new Date(`${date}T${time.length === 5 ? `${time}:00` : time}+08:00`);
}

const DEFAULT_COLOR = '#666666';

/** A provider value as text for a report. */
const shown = (value: unknown) =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');

function marketOf(
  spec: PoolSpec,
  raw: Record<string, unknown> | undefined,
): Omit<Market, 'single'> | RejectedPool {
  const reject = (reason: string): RejectedPool => ({ pool: spec.code, reason });
  if (!raw) return reject('没有赔率');
  const odds: Record<string, string> = {};
  for (const [key, sources] of spec.options) {
    const value = sources.map((s) => raw[s]).find((v) => v !== undefined);
    const text = oddsText(value);
    if (text === null) return reject(`赔率无法读取：${key}=${shown(value)}`);
    odds[key] = text;
  }
  let line: string | null = null;
  if (PLAY_TYPES[spec.playType].line !== 'none') {
    const rawLine = [raw.goalLine, raw.goalLineValue].find((v) => typeof v === 'string' && v.trim() !== '');
    line = typeof rawLine === 'string' ? lineText(spec.playType, rawLine) : null;
    if (line === null) return reject(`盘口无法读取：${shown(rawLine)}`);
  }
  return { playType: spec.playType, line, odds };
}

/** One calculator match of `sport` in our terms. */
export function parseCalculatorMatch(sport: Sport, m: CalculatorMatch): ParsedMatch {
  const prefix = SPORT_PREFIX[sport];
  const leagueCode = `${prefix}.${m.leagueId}`;
  const league: FeedLeague = {
    code: leagueCode,
    sport,
    name: m.leagueAllName?.trim() || m.leagueAbbName,
    shortName: m.leagueAbbName,
    country: '',
    color:
      m.backColor && /^[0-9a-fA-F]{6}$/.test(m.backColor) ? `#${m.backColor.toLowerCase()}` : DEFAULT_COLOR,
    sort: 100,
  };
  // Teams are per league, as the simulator's are: a club in two competitions is two teams.
  const team = (id: string, name: string): FeedTeam => ({ code: `${leagueCode}.${id}`, leagueCode, name });
  const markets: Market[] = [];
  const singles: Partial<Record<PlayTypeId, boolean>> = {};
  const rejected: RejectedPool[] = [];
  for (const spec of POOLS) {
    if (spec.sport !== sport) continue;
    const entry = m.poolList.find((p) => p.poolCode.toUpperCase() === spec.code);
    if (!entry || entry.poolStatus !== 'Selling') continue;
    const market = marketOf(spec, m[spec.field]);
    if ('pool' in market) {
      rejected.push(market);
      continue;
    }
    const single = (entry.bettingSingle ?? entry.single ?? 0) === 1;
    markets.push({ ...market, single });
    singles[spec.playType] = single;
  }
  return {
    externalId: externalIdOf(sport, m.matchId),
    sport,
    matchNo: m.matchNumStr,
    league,
    home: team(m.homeTeamId, m.homeTeamAbbName),
    away: team(m.awayTeamId, m.awayTeamAbbName),
    kickoffAt: beijingInstant(m.matchDate, m.matchTime),
    selling: m.matchStatus === 'Selling',
    markets,
    singles,
    rejected,
  };
}
