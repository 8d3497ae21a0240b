/**
 * The shape of a play (玩法): how its codes are picked (input), what one item (注) pays
 * (odds lines) and how items are counted and matched against a draw. Family files build
 * their plays with the three builders below, one per input kind.
 */
import type { FamilyCode } from './families.ts';
import { DEFAULT_RETURN_BP, type Fraction, oddsFromProbability } from './math.ts';
import type { Zodiac } from './lhc-attributes.ts';

/** One pickable option: a number ("03", value 3) or a named option ("大"). */
export interface PlayOption {
  readonly key: string;
  readonly label: string;
  /** The number it stands for (a ball, a sum, a dice face); the option's index for named options. */
  readonly value: number;
}

/** One pick field of the client's number picker. */
export interface PickField {
  readonly label: string;
  readonly options: readonly PlayOption[];
  /** Options are numbers: "3" and "03" name the same option. */
  readonly numeric: boolean;
  readonly minPicks: number;
  readonly maxPicks: number;
  /** Options that may not be picked together in one bet (大/小, 单/双, 龙/虎). */
  readonly exclusive: ReadonlyArray<readonly [string, string]>;
}

export interface PositionSpec {
  /** 1-based position in the draw. */
  readonly position: number;
  readonly label: string;
}

export type PlayInput =
  | { readonly kind: 'picks'; readonly field: PickField }
  /** Any subset of the positions, each with its own picks from the same field. */
  | { readonly kind: 'positions'; readonly positions: readonly PositionSpec[]; readonly field: PickField }
  /** Every group filled, in order (直选 positions, 二同号单选 同号|不同号). */
  | { readonly kind: 'groups'; readonly groups: readonly PickField[] };

export type InputKind = PlayInput['kind'];

/** A parsed, valid bet: option keys in the field's canonical order. */
export type LotterySelection =
  | { readonly kind: 'picks'; readonly picks: readonly string[] }
  | {
      readonly kind: 'positions';
      readonly positions: ReadonlyArray<{ readonly position: number; readonly picks: readonly string[] }>;
    }
  | { readonly kind: 'groups'; readonly groups: ReadonlyArray<readonly string[]> };

/** What one item of a kind pays. Uniform plays have a single line keyed "*". */
export interface OddsLine {
  readonly key: string;
  readonly label: string;
  /** Exact probability that one item of this line wins. */
  readonly probability: Fraction;
  /** Published odds in hundredths, stake included (194 = 1.94). */
  readonly oddsX100: number;
}

/** Winning items of a bet on one odds line. */
export interface WinLine {
  readonly key: string;
  readonly count: number;
}

export interface LotteryPlay {
  /** Unique across families, e.g. "k3_hz". */
  readonly code: string;
  readonly family: FamilyCode;
  /** Tab the play sits under (玩法分组). */
  readonly group: string;
  readonly name: string;
  /** The rule in one Chinese sentence. */
  readonly rule: string;
  /** A valid bet code text. */
  readonly example: string;
  readonly input: PlayInput;
  readonly odds: readonly OddsLine[];
  /** A rule the input shape cannot express; a Chinese message, or null when fine. */
  readonly check: (selection: LotterySelection) => string | null;
  /** Items (注数) of a selection that passed the input rules. */
  readonly countItems: (selection: LotterySelection) => number;
  /** Winning items per odds line against a valid draw. */
  readonly winningItems: (selection: LotterySelection, draw: readonly number[]) => WinLine[];
}

/** Settings every play is built with. */
export interface PlayContext {
  /** Return to player in basis points used to derive all odds. */
  readonly returnBp: number;
  /** 六合彩: the zodiac of number 01 for the period (see zodiacYearAt). */
  readonly zodiacOfOne: Zodiac;
}

export const DEFAULT_PLAY_CONTEXT: PlayContext = { returnBp: DEFAULT_RETURN_BP, zodiacOfOne: '马' };

export const SINGLE_LINE = '*';

export function oddsLine(key: string, label: string, probability: Fraction, ctx: PlayContext): OddsLine {
  return { key, label, probability, oddsX100: oddsFromProbability(probability, ctx.returnBp) };
}

/** Number options min..max written with `width` digits. */
export function numberOptions(min: number, max: number, width = 1): PlayOption[] {
  return Array.from({ length: max - min + 1 }, (_, i) => {
    const key = String(min + i).padStart(width, '0');
    return { key, label: key, value: min + i };
  });
}

/** Named options; value is the index. */
export function namedOptions(labels: readonly string[]): PlayOption[] {
  return labels.map((label, value) => ({ key: label, label, value }));
}

export function field(
  label: string,
  options: readonly PlayOption[],
  limits: {
    min?: number;
    max?: number;
    exclusive?: ReadonlyArray<readonly [string, string]>;
    /** Treat the keys as numbers ("3" = "03"); defaults to whether every key is all digits. */
    numeric?: boolean;
  } = {},
): PickField {
  return {
    label,
    options,
    numeric: limits.numeric ?? options.every((o) => /^\d+$/.test(o.key)),
    minPicks: limits.min ?? 1,
    maxPicks: limits.max ?? options.length,
    exclusive: limits.exclusive ?? [],
  };
}

/** 大小单双 options and their exclusive pairs. */
export const TWO_SIDED = ['大', '小', '单', '双'] as const;
export const TWO_SIDED_EXCLUSIVE: ReadonlyArray<readonly [string, string]> = [
  ['大', '小'],
  ['单', '双'],
];

type PlayHeader = Pick<LotteryPlay, 'code' | 'family' | 'group' | 'name' | 'rule' | 'example' | 'odds'>;

function optionLookup(fields: readonly PickField[]) {
  const maps = fields.map((f) => new Map(f.options.map((o) => [o.key, o])));
  return (fieldIndex: number, keys: readonly string[]): PlayOption[] =>
    keys.map((key) => {
      const option = maps[fieldIndex]?.get(key);
      if (!option) throw new Error(`unknown option ${key}`);
      return option;
    });
}

function wrongKind(play: string, kind: string): never {
  throw new Error(`play ${play} does not take a ${kind} selection`);
}

export function picksPlay(
  header: PlayHeader,
  pickField: PickField,
  rules: {
    count: (picks: PlayOption[]) => number;
    win: (picks: PlayOption[], draw: readonly number[]) => WinLine[];
    check?: (picks: PlayOption[]) => string | null;
  },
): LotteryPlay {
  const lookup = optionLookup([pickField]);
  const picksOf = (s: LotterySelection) =>
    s.kind === 'picks' ? lookup(0, s.picks) : wrongKind(header.code, s.kind);
  return {
    ...header,
    input: { kind: 'picks', field: pickField },
    check: (s) => rules.check?.(picksOf(s)) ?? null,
    countItems: (s) => rules.count(picksOf(s)),
    winningItems: (s, draw) => rules.win(picksOf(s), draw),
  };
}

/** A play where each picked option at each position is one item (定位胆, 两面 per position, 龙虎). */
export function positionsPlay(
  header: PlayHeader,
  positions: readonly PositionSpec[],
  pickField: PickField,
  rules: { win: (position: number, picks: PlayOption[], draw: readonly number[]) => WinLine[] },
): LotteryPlay {
  const lookup = optionLookup([pickField]);
  const entriesOf = (s: LotterySelection) =>
    s.kind === 'positions'
      ? s.positions.map((p) => ({ position: p.position, picks: lookup(0, p.picks) }))
      : wrongKind(header.code, s.kind);
  return {
    ...header,
    input: { kind: 'positions', positions, field: pickField },
    check: (s) => (entriesOf(s).length > 0 ? null : '请至少选择一个位置'),
    countItems: (s) => entriesOf(s).reduce((sum, p) => sum + p.picks.length, 0),
    winningItems: (s, draw) => mergeLines(entriesOf(s).flatMap((p) => rules.win(p.position, p.picks, draw))),
  };
}

export function groupsPlay(
  header: PlayHeader,
  groups: readonly PickField[],
  rules: {
    count: (groups: PlayOption[][]) => number;
    win: (groups: PlayOption[][], draw: readonly number[]) => WinLine[];
    check?: (groups: PlayOption[][]) => string | null;
  },
): LotteryPlay {
  const lookup = optionLookup(groups);
  const groupsOf = (s: LotterySelection) => {
    if (s.kind !== 'groups') return wrongKind(header.code, s.kind);
    if (s.groups.length !== groups.length)
      throw new Error(`play ${header.code} needs ${groups.length} groups`);
    return s.groups.map((keys, i) => lookup(i, keys));
  };
  return {
    ...header,
    input: { kind: 'groups', groups },
    check: (s) => rules.check?.(groupsOf(s)) ?? null,
    countItems: (s) => rules.count(groupsOf(s)),
    winningItems: (s, draw) => rules.win(groupsOf(s), draw),
  };
}

/** Sums win counts per line key, dropping zero counts. */
export function mergeLines(lines: readonly WinLine[]): WinLine[] {
  const totals = new Map<string, number>();
  for (const line of lines)
    if (line.count > 0) totals.set(line.key, (totals.get(line.key) ?? 0) + line.count);
  return [...totals].map(([key, count]) => ({ key, count }));
}

/** One winning item on the single line when `won`, else none. */
export const singleWin = (won: boolean, count = 1): WinLine[] =>
  won && count > 0 ? [{ key: SINGLE_LINE, count }] : [];

/** Each picked option whose key is among `winners` wins one item on its own line. */
export const pickedWinners = (picks: readonly PlayOption[], winners: ReadonlySet<string>): WinLine[] =>
  picks.filter((p) => winners.has(p.key)).map((p) => ({ key: p.key, count: 1 }));

/** Winning 大小单双 keys of a value: 大 from `bigFrom` up, 单 for odd; none at all when `void`. */
export function twoSidedWinners(value: number, bigFrom: number, isVoid = false): Set<string> {
  if (isVoid) return new Set();
  return new Set([value >= bigFrom ? '大' : '小', value % 2 === 1 ? '单' : '双']);
}
