import { describe, expect, it } from 'vitest';
import { calculateItemCount } from '../bet-codes.ts';
import { settleBet } from '../settle.ts';
import { findPlay } from './index.ts';

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

describe('时时彩 定位胆', () => {
  it('counts picks per position and wins where the digit matches', () => {
    expect(items('ssc_dwd', '1:3,7|5:0')).toBe(3);
    expect(wins('ssc_dwd', '1:3,7|5:0', '3,1,2,4,0')).toBe(2);
    expect(wins('ssc_dwd', '1:3,7|5:0', '7,1,2,4,9')).toBe(1);
    expect(items('ssc_dwd', '6:1')).toBe('位置「6」无效');
    expect(items('ssc_dwd', '1:10')).toBe('万位：号码「10」超出范围（0-9）');
  });
});

describe('时时彩 直选', () => {
  it('前三直选 items are the product of the three groups', () => {
    expect(items('ssc_q3zx', '1,2|3|4,5,6')).toBe(6);
    expect(items('ssc_q3zx', '0,1,2,3,4,5,6,7,8,9|0|0')).toBe(10);
    expect(wins('ssc_q3zx', '1,2|3|4,5,6', '2,3,5,9,9')).toBe(1);
    expect(wins('ssc_q3zx', '1,2|3|4,5,6', '2,3,7,9,9')).toBe(0);
    expect(wins('ssc_q3zx', '1,2|3|4,5,6', '9,2,3,5,5')).toBe(0);
    expect(odds('ssc_q3zx', '*')).toBe(97_000);
  });

  it('中三 and 后三 read their own three digits', () => {
    expect(wins('ssc_z3zx', '2|3|5', '9,2,3,5,0')).toBe(1);
    expect(wins('ssc_z3zx', '2|3|5', '2,3,5,0,0')).toBe(0);
    expect(wins('ssc_h3zx', '2|3|5', '0,0,2,3,5')).toBe(1);
    expect(wins('ssc_h3zx', '2|3|5', '2,3,5,0,0')).toBe(0);
  });

  it('needs all three groups filled', () => {
    expect(items('ssc_q3zx', '1,2|3')).toBe('须填写3组号码（万位|千位|百位），以「|」分隔');
    expect(items('ssc_q3zx', '1,2|3|')).toBe('百位：请选择号码');
    expect(items('ssc_h3zx', '1|1,1|2')).toBe('十位：号码「1」重复');
  });
});

describe('时时彩 两面 and 龙虎和', () => {
  it('大小单双 per position: 5–9 大, 0–4 小', () => {
    expect(items('ssc_lm', '1:大|5:单,小')).toBe(3);
    expect(wins('ssc_lm', '1:大|5:单,小', '5,0,0,0,3')).toBe(3);
    expect(wins('ssc_lm', '1:大|5:单,小', '4,0,0,0,8')).toBe(0);
  });

  it('总和: 大 23–45, 小 0–22', () => {
    expect(wins('ssc_zhlm', '大,单', '9,9,5,0,0')).toBe(2); // 23
    expect(wins('ssc_zhlm', '小,双', '4,9,9,0,0')).toBe(2); // 22
    expect(wins('ssc_zhlm', '大', '0,0,0,0,0')).toBe(0);
    expect(odds('ssc_zhlm', '大')).toBe(194);
  });

  it('龙虎和: 和 on equal ends makes 龙 and 虎 lose', () => {
    expect(wins('ssc_lhh', '龙,和', '5,1,2,3,5')).toBe(1);
    expect(settleBet(play('ssc_lhh'), '龙,和', '5,1,2,3,5', 1).lines).toEqual([
      { key: '和', count: 1, oddsX100: 970 },
    ]);
    expect(wins('ssc_lhh', '龙', '6,1,2,3,5')).toBe(1);
    expect(wins('ssc_lhh', '虎', '6,1,2,3,5')).toBe(0);
    expect(wins('ssc_lhh', '虎', '0,1,2,3,5')).toBe(1);
    expect(items('ssc_lhh', '龙,虎')).toBe('「龙」与「虎」不能同时投注');
    expect(odds('ssc_lhh', '龙')).toBe(215);
  });
});
