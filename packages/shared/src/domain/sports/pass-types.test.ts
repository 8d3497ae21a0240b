import { describe, expect, it } from 'vitest';
import { subBetsOf } from './combinations.ts';
import {
  findPassType,
  maxPassesFor,
  PARLAY_TYPES,
  passTypeOf,
  passTypesFor,
  SINGLE_PASS,
  type PassType,
} from './pass-types.ts';

/** BETTING-RULES.md's table, typed out again so the code cannot agree with itself by accident. */
const RULES_TABLE: Record<number, [string, number[]][]> = {
  2: [['2串1', [2]]],
  3: [
    ['3串1', [3]],
    ['3串3', [2]],
    ['3串4', [2, 3]],
  ],
  4: [
    ['4串1', [4]],
    ['4串4', [3]],
    ['4串5', [3, 4]],
    ['4串6', [2]],
    ['4串11', [2, 3, 4]],
  ],
  5: [
    ['5串1', [5]],
    ['5串5', [4]],
    ['5串6', [4, 5]],
    ['5串10', [2]],
    ['5串16', [3, 4, 5]],
    ['5串20', [2, 3]],
    ['5串26', [2, 3, 4, 5]],
  ],
  6: [
    ['6串1', [6]],
    ['6串6', [5]],
    ['6串7', [5, 6]],
    ['6串15', [2]],
    ['6串20', [3]],
    ['6串22', [4, 5, 6]],
    ['6串35', [2, 3]],
    ['6串42', [3, 4, 5, 6]],
    ['6串50', [2, 3, 4]],
    ['6串57', [2, 3, 4, 5, 6]],
  ],
  7: [
    ['7串1', [7]],
    ['7串7', [6]],
    ['7串8', [6, 7]],
    ['7串21', [5]],
    ['7串35', [4]],
    ['7串120', [2, 3, 4, 5, 6, 7]],
  ],
  8: [
    ['8串1', [8]],
    ['8串8', [7]],
    ['8串9', [7, 8]],
    ['8串28', [6]],
    ['8串56', [5]],
    ['8串70', [4]],
    ['8串247', [2, 3, 4, 5, 6, 7, 8]],
  ],
};

function choose(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

const names = (types: readonly PassType[]) => types.map((t) => t.name);
const sizesBySubBet = (type: PassType) => {
  const counts: Record<number, number> = {};
  for (const subset of subBetsOf(type.matchCount ?? 0, type.sizes))
    counts[subset.length] = (counts[subset.length] ?? 0) + 1;
  return counts;
};

describe('M串N table', () => {
  it('holds exactly the types of BETTING-RULES.md for M = 2..8, in order', () => {
    for (let m = 2; m <= 8; m++) {
      const ofM = PARLAY_TYPES.filter((t) => t.matchCount === m);
      expect(ofM.map((t) => [t.name, [...t.sizes]])).toEqual(RULES_TABLE[m]);
    }
    expect(PARLAY_TYPES).toHaveLength(Object.values(RULES_TABLE).flat().length);
    expect(PARLAY_TYPES).toHaveLength(39);
  });

  it('has N equal to Σ C(M,k) over its sizes, and the name says N', () => {
    for (const type of PARLAY_TYPES) {
      const m = type.matchCount ?? 0;
      const n = type.sizes.reduce((sum, k) => sum + choose(m, k), 0);
      expect(type.subBets, type.name).toBe(n);
      expect(type.name).toBe(`${m}串${n}`);
      expect(type.code).toBe(`${m}x${n}`);
      expect([...subBetsOf(m, type.sizes)]).toHaveLength(n);
    }
  });

  it('splits the named examples into their sub-bets', () => {
    expect(sizesBySubBet(passTypeOf('3x4'))).toEqual({ 2: 3, 3: 1 });
    expect(sizesBySubBet(passTypeOf('4x11'))).toEqual({ 2: 6, 3: 4, 4: 1 });
    expect(sizesBySubBet(passTypeOf('8x247'))).toEqual({ 2: 28, 3: 56, 4: 70, 5: 56, 6: 28, 7: 8, 8: 1 });
    expect(sizesBySubBet(passTypeOf('6x57'))).toEqual({ 2: 15, 3: 20, 4: 15, 5: 6, 6: 1 });
    expect(sizesBySubBet(passTypeOf('7x120'))).toEqual({ 2: 21, 3: 35, 4: 35, 5: 21, 6: 7, 7: 1 });
  });

  it('lists the sub-bets of 3串4 as the three pairs then the triple', () => {
    expect([...subBetsOf(3, passTypeOf('3x4').sizes)]).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
      [0, 1, 2],
    ]);
  });

  it('does not offer types that include singles (3串7, 4串15)', () => {
    expect(findPassType('3串7')).toBeNull();
    expect(findPassType('4串15')).toBeNull();
    expect(PARLAY_TYPES.some((t) => t.sizes.includes(1))).toBe(false);
  });

  it('gives enum-like names and finds a type by code, name or enum name', () => {
    expect(passTypeOf('6x57').enumName).toBe('SEXTUPLE_57');
    expect(passTypeOf('4x11').enumName).toBe('QUADRUPLE_11');
    expect(passTypeOf('2x1').enumName).toBe('DOUBLE_1');
    expect(passTypeOf('8x247').enumName).toBe('OCTUPLE_247');
    expect(findPassType('SEXTUPLE_57')?.code).toBe('6x57');
    expect(findPassType('3串4')?.code).toBe('3x4');
    expect(findPassType('3x4')?.name).toBe('3串4');
    expect(findPassType('单关')).toBe(SINGLE_PASS);
    expect(findPassType('SINGLE')).toBe(SINGLE_PASS);
    expect(findPassType('9x1')).toBeNull();
    expect(SINGLE_PASS.sizes).toEqual([1]);
  });
});

describe('offered pass types', () => {
  it('offers every type of M when the play types allow 8 passes', () => {
    expect(names(passTypesFor(2, ['football.winDrawLose']))).toEqual(['2串1']);
    expect(names(passTypesFor(3, ['basketball.win-lose', 'basketball.total-score']))).toEqual([
      '3串1',
      '3串3',
      '3串4',
    ]);
    expect(names(passTypesFor(8, ['football.handicap']))).toEqual([
      '8串1',
      '8串8',
      '8串9',
      '8串28',
      '8串56',
      '8串70',
      '8串247',
    ]);
  });

  it('limits totalGoals to 6 passes: 6串57 is its largest type', () => {
    const offered = [1, 2, 3, 4, 5, 6, 7, 8].flatMap((m) => passTypesFor(m, ['football.totalGoals']));
    expect(offered.every((t) => t.sizes.every((k) => k <= 6))).toBe(true);
    expect(offered.at(-1)?.name).toBe('6串57');
    expect(passTypesFor(6, ['football.totalGoals'])).toHaveLength(10);
    expect(passTypesFor(7, ['football.totalGoals', 'football.winDrawLose'])).toEqual([]);
  });

  it('limits score and halfFullTime to 4 passes: 4串11 is their largest type', () => {
    for (const id of ['football.score', 'football.halfFullTime', 'basketball.score-diff'] as const) {
      const offered = [1, 2, 3, 4, 5, 6, 7, 8].flatMap((m) => passTypesFor(m, [id]));
      expect(offered.at(-1)?.name).toBe('4串11');
      expect(passTypesFor(5, [id])).toEqual([]);
    }
    expect(names(passTypesFor(4, ['football.winDrawLose', 'football.score']))).toEqual([
      '4串1',
      '4串4',
      '4串5',
      '4串6',
      '4串11',
    ]);
  });

  it('offers no parlay for a single match', () => {
    expect(passTypesFor(1, ['football.winDrawLose'])).toEqual([]);
    expect(passTypesFor(0, [])).toEqual([]);
  });

  it('takes the smallest max-passes among the play types', () => {
    expect(maxPassesFor([])).toBe(8);
    expect(maxPassesFor(['football.winDrawLose', 'football.totalGoals'])).toBe(6);
    expect(maxPassesFor(['football.totalGoals', 'football.halfFullTime', 'football.handicap'])).toBe(4);
    expect(maxPassesFor(['basketball.handicap', 'basketball.total-score'])).toBe(8);
  });
});
