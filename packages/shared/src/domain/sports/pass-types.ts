/**
 * Pass types (过关方式): singles and the M串N parlay table of BETTING-RULES.md. A type of size
 * set S over M matches holds, for each k in S, every k-match subset (C(M,k) sub-bets of k串1).
 */
import { PLAY_TYPES, type PlayTypeId } from './play-types.ts';

/** Most different matches one slip may carry (SPEC.md §5). */
export const MAX_MATCHES = 8;

const ROWS = [
  ['2x1', [2]],
  ['3x1', [3]],
  ['3x3', [2]],
  ['3x4', [2, 3]],
  ['4x1', [4]],
  ['4x4', [3]],
  ['4x5', [3, 4]],
  ['4x6', [2]],
  ['4x11', [2, 3, 4]],
  ['5x1', [5]],
  ['5x5', [4]],
  ['5x6', [4, 5]],
  ['5x10', [2]],
  ['5x16', [3, 4, 5]],
  ['5x20', [2, 3]],
  ['5x26', [2, 3, 4, 5]],
  ['6x1', [6]],
  ['6x6', [5]],
  ['6x7', [5, 6]],
  ['6x15', [2]],
  ['6x20', [3]],
  ['6x22', [4, 5, 6]],
  ['6x35', [2, 3]],
  ['6x42', [3, 4, 5, 6]],
  ['6x50', [2, 3, 4]],
  ['6x57', [2, 3, 4, 5, 6]],
  ['7x1', [7]],
  ['7x7', [6]],
  ['7x8', [6, 7]],
  ['7x21', [5]],
  ['7x35', [4]],
  ['7x120', [2, 3, 4, 5, 6, 7]],
  ['8x1', [8]],
  ['8x8', [7]],
  ['8x9', [7, 8]],
  ['8x28', [6]],
  ['8x56', [5]],
  ['8x70', [4]],
  ['8x247', [2, 3, 4, 5, 6, 7, 8]],
] as const;

export type ParlayCode = (typeof ROWS)[number][0];
/** `single` or an M串N code written `MxN`: '2x1', '3x4', '8x247'. */
export type PassTypeCode = 'single' | ParlayCode;

export interface PassType {
  code: PassTypeCode;
  /** Display name: '单关', '3串4'. */
  name: string;
  /** Enum-like name as older clients send it: 'SINGLE', 'TRIPLE_4', 'SEXTUPLE_57'. */
  enumName: string;
  /** M, the matches the type is built on; null for singles (any number of matches). */
  matchCount: number | null;
  /** Sub-bet sizes k; singles are [1]. */
  sizes: readonly number[];
  /** N, the sub-bets with one option per match; null for singles (one per match). */
  subBets: number | null;
}

const ENUM_PREFIX: Record<number, string> = {
  2: 'DOUBLE',
  3: 'TRIPLE',
  4: 'QUADRUPLE',
  5: 'QUINTUPLE',
  6: 'SEXTUPLE',
  7: 'SEPTUPLE',
  8: 'OCTUPLE',
};

export const SINGLE_PASS: PassType = {
  code: 'single',
  name: '单关',
  enumName: 'SINGLE',
  matchCount: null,
  sizes: [1],
  subBets: null,
};

/** Every M串N type, in the table's order (by M, then as BETTING-RULES.md lists them). */
export const PARLAY_TYPES: readonly PassType[] = ROWS.map(([code, sizes]) => {
  const [m = 0, n = 0] = code.split('x').map(Number);
  return {
    code,
    name: `${m}串${n}`,
    enumName: `${ENUM_PREFIX[m] ?? `M${m}`}_${n}`,
    matchCount: m,
    sizes,
    subBets: n,
  };
});

const BY_CODE = new Map<string, PassType>([SINGLE_PASS, ...PARLAY_TYPES].map((t) => [t.code, t]));
const BY_NAME = new Map<string, PassType>(
  [SINGLE_PASS, ...PARLAY_TYPES].flatMap((t) => [
    [t.name, t],
    [t.enumName, t],
  ]),
);

export function isPassTypeCode(value: string): value is PassTypeCode {
  return BY_CODE.has(value);
}

export function passTypeOf(code: PassTypeCode): PassType {
  const type = BY_CODE.get(code);
  if (!type) throw new RangeError(`unknown pass type ${code}`);
  return type;
}

/** Looks a pass type up by code ('3x4'), display name ('3串4') or enum name ('TRIPLE_4'). */
export function findPassType(text: string): PassType | null {
  return BY_CODE.get(text) ?? BY_NAME.get(text) ?? null;
}

/** The smallest max-passes of the play types (8 when there are none): the parlay's 关 limit. */
export function maxPassesFor(playTypes: Iterable<PlayTypeId>): number {
  let limit = MAX_MATCHES;
  for (const id of playTypes) limit = Math.min(limit, PLAY_TYPES[id].maxPasses);
  return limit;
}

/**
 * Parlay types offered for a slip of `matchCount` matches: those built on exactly that many
 * matches whose every size is ≤ the smallest max-passes of the play types. A slip with more
 * matches than that limit is refused (混合过关最多N关), so it is offered nothing.
 */
export function passTypesFor(matchCount: number, playTypes: Iterable<PlayTypeId>): PassType[] {
  const limit = maxPassesFor(playTypes);
  if (matchCount > limit) return [];
  return PARLAY_TYPES.filter((t) => t.matchCount === matchCount && t.sizes.every((k) => k <= limit));
}
