import { describe, expect, it } from 'vitest';
import { calculateItemCount, validateBetCodes } from '../bet-codes.ts';
import { settleBet } from '../settle.ts';
import { findPlay } from './index.ts';
import { pk10SumWays } from './pk10.ts';

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
const odds = (code: string, key: string) => play(code).odds.find((l) => l.key === key)?.oddsX100;

const DRAW = '03,05,01,02,04,06,07,08,09,10';

describe('PK10 定位胆', () => {
  it('counts every picked car at every position and wins where the car finished there', () => {
    expect(items('pk10_dwd', '1:03,07|2:05')).toBe(3);
    expect(wins('pk10_dwd', '1:03,07|2:05', DRAW)).toBe(2);
    expect(wins('pk10_dwd', '1:07|10:01', DRAW)).toBe(0);
    expect(wins('pk10_dwd', '10:10', DRAW)).toBe(1);
    expect(odds('pk10_dwd', '*')).toBe(970);
  });

  it('rejects bad positions, duplicates, out-of-range cars and all ten cars at one position', () => {
    expect(items('pk10_dwd', '11:01')).toBe('位置「11」无效');
    expect(items('pk10_dwd', '1:01|1:02')).toBe('位置「1」重复');
    expect(items('pk10_dwd', '1:11')).toBe('冠军：号码「11」超出范围（01-10）');
    expect(items('pk10_dwd', '2:3,03')).toBe('亚军：号码「03」重复');
    expect(items('pk10_dwd', '1:01,02,03,04,05,06,07,08,09,10')).toBe('冠军：最多选择9个号码');
    expect(items('pk10_dwd', '1:')).toBe('冠军：请选择号码');
    expect(items('pk10_dwd', '03,07')).toBe('位置格式不正确：「03,07」，应为「位置:号码」，如「1:3,5」');
  });
});

describe('PK10 冠亚和', () => {
  it('knows the ways of each sum from 3 to 19', () => {
    const ways = Array.from({ length: 17 }, (_, i) => pk10SumWays(i + 3));
    expect(ways).toEqual([2, 2, 4, 4, 6, 6, 8, 8, 10, 8, 8, 6, 6, 4, 4, 2, 2]);
    expect(ways.reduce((a, b) => a + b, 0)).toBe(90);
    expect(pk10SumWays(2)).toBe(0);
    expect(pk10SumWays(20)).toBe(0);
  });

  it('pays the drawn sum of the first two cars at its own odds', () => {
    expect(items('pk10_gyh', '3,11,19')).toBe(3);
    expect(wins('pk10_gyh', '3,11,19', '01,02,03,04,05,06,07,08,09,10')).toBe(1);
    expect(wins('pk10_gyh', '3,11,19', '10,09,01,02,03,04,05,06,07,08')).toBe(1);
    expect(wins('pk10_gyh', '3,11,19', DRAW)).toBe(0);
    expect(odds('pk10_gyh', '3')).toBe(4_365);
    expect(odds('pk10_gyh', '11')).toBe(873);
  });

  it('keeps sums within 3–19 and refuses every sum at once', () => {
    expect(items('pk10_gyh', '2')).toBe('号码「2」超出范围（3-19）');
    expect(items('pk10_gyh', '20')).toBe('号码「20」超出范围（3-19）');
    expect(items('pk10_gyh', Array.from({ length: 17 }, (_, i) => i + 3).join(','))).toBe('最多选择16个号码');
  });

  it('冠亚和大小单双: 大 12–19, 小 3–11, with odds from the uneven split', () => {
    expect(wins('pk10_gyhlm', '大,双', '10,09,01,02,03,04,05,06,07,08')).toBe(1); // 19
    expect(wins('pk10_gyhlm', '小,双', '05,07,01,02,03,04,06,08,09,10')).toBe(1); // 12: 大 双
    expect(wins('pk10_gyhlm', '小,单', '05,06,01,02,03,04,07,08,09,10')).toBe(2); // 11
    expect(odds('pk10_gyhlm', '大')).toBe(218);
    expect(odds('pk10_gyhlm', '小')).toBe(174);
    expect(odds('pk10_gyhlm', '单')).toBe(174);
    expect(odds('pk10_gyhlm', '双')).toBe(218);
  });
});

describe('PK10 两面 and 龙虎', () => {
  it('大小单双 per position: 06–10 大, odd 单', () => {
    const draw = '07,01,02,03,04,05,06,08,09,10';
    expect(items('pk10_lm', '1:大,单|10:小')).toBe(3);
    expect(wins('pk10_lm', '1:大,单|10:小', draw)).toBe(2); // 10 is 大 双
    expect(wins('pk10_lm', '2:小,单', draw)).toBe(2);
    expect(items('pk10_lm', '3:大,小')).toBe('第三名：「大」与「小」不能同时投注');
  });

  it('龙虎 compares position i with position 11 − i', () => {
    const draw = '10,01,02,03,04,05,06,07,08,09';
    expect(wins('pk10_lh', '1:龙|2:虎', draw)).toBe(2); // 10 > 09, 01 < 08
    expect(wins('pk10_lh', '1:虎|2:龙', draw)).toBe(0);
    expect(items('pk10_lh', '1:龙,虎')).toBe('冠军（对第十名）：「龙」与「虎」不能同时投注');
    expect(items('pk10_lh', '6:龙')).toBe('位置「6」无效');
  });

  it('writes positions in order with two-digit cars', () => {
    const result = validateBetCodes(play('pk10_dwd'), '2:5 | 1:3,1');
    expect(result.ok && result.codes).toBe('1:01,03|2:05');
  });
});
