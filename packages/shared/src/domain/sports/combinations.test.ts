import { describe, expect, it } from 'vitest';
import { cartesian, countBets, elementarySymmetric, subsetsOfSize } from './combinations.ts';
import { PARLAY_TYPES, passTypeOf } from './pass-types.ts';

describe('bet count', () => {
  it('equals N for every M串N with one option per match', () => {
    for (const type of PARLAY_TYPES) {
      const ones = new Array<number>(type.matchCount ?? 0).fill(1);
      expect(countBets(ones, type.sizes), type.name).toBe(type.subBets);
    }
  });

  it('sums the products of option counts over the sub-bets (复式)', () => {
    // 3串4 over option counts 2, 3, 1: pairs 2·3 + 2·1 + 3·1 = 11, triple 2·3·1 = 6.
    expect(countBets([2, 3, 1], passTypeOf('3x4').sizes)).toBe(17);
    expect(countBets([2, 3, 1], passTypeOf('3x1').sizes)).toBe(6);
    expect(countBets([2, 3, 1], passTypeOf('3x3').sizes)).toBe(11);
    expect(countBets([2, 2], passTypeOf('2x1').sizes)).toBe(4);
    // 4串11 with two options everywhere: 6·4 + 4·8 + 16.
    expect(countBets([2, 2, 2, 2], passTypeOf('4x11').sizes)).toBe(72);
  });

  it('counts singles as the total number of options', () => {
    expect(countBets([3, 1, 2], [1])).toBe(6);
    expect(countBets([31], [1])).toBe(31);
  });

  it('counts huge slips exactly without listing them', () => {
    // 8串247 with 31 options in each match: (1+31)^8 − 1 − 8·31.
    expect(countBets(new Array<number>(8).fill(31), passTypeOf('8x247').sizes)).toBe(32 ** 8 - 1 - 8 * 31);
    expect(countBets(new Array<number>(8).fill(3), passTypeOf('8x247').sizes)).toBe(4 ** 8 - 1 - 8 * 3);
  });

  it('builds elementary symmetric sums', () => {
    expect(elementarySymmetric([1, 2, 3])).toEqual([1, 6, 11, 6]);
    expect(elementarySymmetric([])).toEqual([1]);
  });
});

describe('enumeration', () => {
  it('lists k-subsets in lexicographic order and C(n,k) of them', () => {
    expect([...subsetsOfSize(4, 2)]).toEqual([
      [0, 1],
      [0, 2],
      [0, 3],
      [1, 2],
      [1, 3],
      [2, 3],
    ]);
    expect([...subsetsOfSize(8, 4)]).toHaveLength(70);
    expect([...subsetsOfSize(3, 0)]).toEqual([[]]);
    expect([...subsetsOfSize(2, 3)]).toEqual([]);
  });

  it('takes one item from each list, last list fastest', () => {
    expect([...cartesian<string | number>([['a', 'b'], ['x'], [1, 2]])]).toEqual([
      ['a', 'x', 1],
      ['a', 'x', 2],
      ['b', 'x', 1],
      ['b', 'x', 2],
    ]);
    expect([...cartesian([['a'], []])]).toEqual([]);
  });

  it('is lazy: the first bet of a huge product comes without listing the rest', () => {
    const lists = new Array<number[]>(8).fill(Array.from({ length: 31 }, (_, i) => i));
    const first = cartesian(lists).next();
    expect(first.value).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });
});
