import { describe, expect, it } from 'vitest';
import { calculateItemCount } from '../bet-codes.ts';
import { choose } from '../math.ts';
import { settleBet } from '../settle.ts';
import { findPlay } from './index.ts';
import { distinctTupleCount } from './x115.ts';

const play = (code: string) => {
  const found = findPlay(code);
  if (!found) throw new Error(`no play ${code}`);
  return found;
};
const items = (code: string, codes: string) => {
  const result = calculateItemCount(play(code), codes);
  return result.ok ? result.itemCount : result.message;
};
const wins = (code: string, codes: string, openCode: string) =>
  settleBet(play(code), codes, openCode, 1).winningItems;
const odds = (code: string) => play(code).odds[0]?.oddsX100;
const balls = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1).padStart(2, '0')).join(',');

describe('11选5 任选', () => {
  it('counts C(picks, k) items for every k', () => {
    for (let k = 1; k <= 8; k++) {
      for (let n = k; n <= 11; n++) expect(items(`11x5_rx${k}`, balls(n))).toBe(choose(n, k));
    }
    expect(items('11x5_rx3', '01,02,03,04,05')).toBe(10);
  });

  it('任选一 to 任选五 win every k-subset of the picked numbers that was drawn', () => {
    const picks = '01,02,03,04,05';
    expect(wins('11x5_rx1', '01,05', '05,07,08,09,10')).toBe(1);
    expect(wins('11x5_rx3', picks, '01,02,03,09,10')).toBe(1);
    expect(wins('11x5_rx3', picks, '01,02,03,04,10')).toBe(4);
    expect(wins('11x5_rx3', picks, '01,02,09,10,11')).toBe(0);
    expect(wins('11x5_rx5', '01,02,03,04,05,06', '05,04,03,02,01')).toBe(1);
    expect(wins('11x5_rx5', '01,02,03,04,05,06', '05,04,03,02,11')).toBe(0);
  });

  it('任选五 and up need all five drawn numbers among the picks', () => {
    expect(wins('11x5_rx6', '01,02,03,04,05,06', '06,01,02,03,04')).toBe(1);
    expect(wins('11x5_rx6', '01,02,03,04,05,06', '06,01,02,03,11')).toBe(0);
    expect(wins('11x5_rx6', balls(8), '01,02,03,04,05')).toBe(3); // C(3,1)
    expect(wins('11x5_rx7', balls(7), '07,01,02,03,04')).toBe(1);
    expect(wins('11x5_rx7', balls(10), '07,01,02,03,11')).toBe(0);
    expect(wins('11x5_rx8', balls(8), '08,06,01,02,03')).toBe(1);
    expect(wins('11x5_rx8', balls(11), '08,06,01,02,03')).toBe(20); // C(6,3)
  });

  it('rejects too few picks, out-of-range numbers and duplicates', () => {
    expect(items('11x5_rx5', '01,02,03,04')).toBe('至少选择5个号码');
    expect(items('11x5_rx8', balls(7))).toBe('至少选择8个号码');
    expect(items('11x5_rx2', '01,12')).toBe('号码「12」超出范围（01-11）');
    expect(items('11x5_rx2', '00,01')).toBe('号码「00」超出范围（01-11）');
    expect(items('11x5_rx2', '01,1')).toBe('号码「1」重复');
    expect(items('11x5_rx2', '01,02,03,04,05,06,07,08,09,10,11,12')).toBe('号码「12」超出范围（01-11）');
  });

  it('publishes odds from the exact chance of each k', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((k) => odds(`11x5_rx${k}`))).toEqual([
      213, 533, 1_600, 6_402, 44_814, 7_469, 2_134, 800,
    ]);
  });
});

describe('11选5 前二 and 前三', () => {
  it('直选 items are the ordered tuples without a repeated number', () => {
    expect(items('11x5_q2zx', '01,02|01,03')).toBe(3);
    expect(items('11x5_q3zx', '01,02|02,03|01,03')).toBe(2);
    expect(
      distinctTupleCount([
        [1, 2],
        [2, 3],
        [1, 3],
      ]),
    ).toBe(2);
    expect(
      distinctTupleCount([
        [1, 2, 3],
        [1, 2, 3],
        [1, 2, 3],
      ]),
    ).toBe(6);
    expect(items('11x5_q2zx', '01|01')).toBe('所选号码组成不了有效注数（各位号码不能相同）');
  });

  it('直选 wins only in draw order', () => {
    expect(wins('11x5_q2zx', '01,02|01,03', '02,01,05,06,07')).toBe(1);
    expect(wins('11x5_q2zx', '01,02|01,03', '03,01,05,06,07')).toBe(0);
    expect(wins('11x5_q3zx', '01,02|02,03|01,03', '02,03,01,05,06')).toBe(1);
    expect(wins('11x5_q3zx', '01,02|02,03|01,03', '01,03,02,05,06')).toBe(0);
  });

  it('组选 wins in any order of the first two or three', () => {
    expect(items('11x5_q2zux', '01,02,03')).toBe(3);
    expect(wins('11x5_q2zux', '01,02,03', '03,01,05,06,07')).toBe(1);
    expect(wins('11x5_q2zux', '01,02,03', '03,05,01,06,07')).toBe(0);
    expect(items('11x5_q3zux', '01,02,03,04')).toBe(4);
    expect(items('11x5_q3zux', '01,02')).toBe('至少选择3个号码');
    expect(wins('11x5_q3zux', '01,02,03,04', '04,02,01,09,10')).toBe(1);
    expect(wins('11x5_q3zux', '01,02,03,04', '04,02,09,01,10')).toBe(0);
  });
});
