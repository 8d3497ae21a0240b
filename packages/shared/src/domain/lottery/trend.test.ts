import { describe, expect, it } from 'vitest';
import { hotCold, missingCounts, numberMissing, positionMissing } from './trend.ts';

describe('遗漏', () => {
  it('counts periods since the last appearance and the longest gap', () => {
    const stats = missingCounts([[1], [2], [1], [3], [3]], [1, 2, 3, 4]);
    expect(stats).toEqual([
      { value: 1, current: 0, max: 2, hits: 2 },
      { value: 2, current: 1, max: 3, hits: 1 },
      { value: 3, current: 3, max: 3, hits: 2 },
      { value: 4, current: 5, max: 5, hits: 0 },
    ]);
    expect(missingCounts([], [1])).toEqual([{ value: 1, current: 0, max: 0, hits: 0 }]);
  });

  it('per position for 时时彩', () => {
    const positions = positionMissing('ssc', ['1,2,3,4,5', '1,0,0,0,0', '7,2,0,0,0']);
    expect(positions).toHaveLength(5);
    expect(positions[0]!.label).toBe('万位');
    expect(positions[0]!.stats[1]).toEqual({ value: 1, current: 0, max: 1, hits: 2 });
    expect(positions[1]!.stats[2]).toEqual({ value: 2, current: 0, max: 1, hits: 2 });
    expect(positions[4]!.stats[0]).toEqual({ value: 0, current: 1, max: 1, hits: 2 });
  });

  it('numbers anywhere in the draw for 11选5', () => {
    const stats = numberMissing('11x5', ['01,02,03,04,05', '07,08,09,10,11', '01,08,09,10,11']);
    expect(stats).toHaveLength(11);
    expect(stats[0]).toEqual({ value: 1, current: 0, max: 1, hits: 2 });
    expect(stats[5]).toEqual({ value: 6, current: 3, max: 3, hits: 0 });
    expect(stats[6]).toEqual({ value: 7, current: 1, max: 1, hits: 1 });
  });
});

describe('hot and cold numbers', () => {
  const history = ['1,1,2', '1,3,4', '2,5,6', '6,6,6'];

  it('ranks by occurrences in the window, ties to the smaller number', () => {
    const result = hotCold('k3', history, { window: 3, size: 2 });
    expect(result.draws).toBe(3);
    expect(result.counts).toEqual([
      { value: 1, count: 3 },
      { value: 2, count: 2 },
      { value: 3, count: 1 },
      { value: 4, count: 1 },
      { value: 5, count: 1 },
      { value: 6, count: 1 },
    ]);
    expect(result.hot).toEqual([1, 2]);
    expect(result.cold).toEqual([3, 4]);
    expect(hotCold('k3', history, { size: 1 }).hot).toEqual([6]);
  });

  it('counts one position when asked (PK10)', () => {
    const draws = [
      '03,01,02,04,05,06,07,08,09,10',
      '03,02,01,04,05,06,07,08,09,10',
      '05,02,01,04,03,06,07,08,09,10',
    ];
    const result = hotCold('pk10', draws, { position: 1, size: 1 });
    expect(result.hot).toEqual([3]);
    expect(result.counts.find((c) => c.value === 5)?.count).toBe(1);
    expect(result.cold).toEqual([1]);
  });
});
