import { describe, expect, it } from 'vitest';
import { calculateItemCount, validateBetCodes } from '../bet-codes.ts';
import { settleBet } from '../settle.ts';
import { findPlay } from './index.ts';
import { k3SumWays } from './k3.ts';

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

describe('快3 和值', () => {
  it('counts one item per sum and pays the odds of the drawn sum', () => {
    expect(items('k3_hz', '4,10,17')).toBe(3);
    expect(odds('k3_hz', '3')).toBe(20_952);
    expect(odds('k3_hz', '4')).toBe(6_984);
    expect(odds('k3_hz', '10')).toBe(776);
    expect(odds('k3_hz', '18')).toBe(odds('k3_hz', '3'));
    const settled = settleBet(play('k3_hz'), '4,10,17', '1,1,2', 2);
    expect(settled.winningItems).toBe(1);
    expect(settled.lines).toEqual([{ key: '4', count: 1, oddsX100: 6_984 }]);
    expect(settled.payoutFen).toBe(27_936n); // 69.84 × 2元 × 2
    expect(wins('k3_hz', '4,10,17', '2,3,6')).toBe(0);
  });

  it('knows how many dice outcomes make each sum', () => {
    const ways = Array.from({ length: 16 }, (_, i) => k3SumWays(i + 3));
    expect(ways).toEqual([1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1]);
    expect(ways.reduce((a, b) => a + b, 0)).toBe(216);
  });

  it('rejects sums out of range, duplicates and all sixteen sums at once', () => {
    expect(items('k3_hz', '3,19')).toBe('号码「19」超出范围（3-18）');
    expect(items('k3_hz', '2')).toBe('号码「2」超出范围（3-18）');
    expect(items('k3_hz', '4,4')).toBe('号码「4」重复');
    const all = Array.from({ length: 16 }, (_, i) => i + 3).join(',');
    expect(items('k3_hz', all)).toBe('最多选择15个号码');
  });
});

describe('快3 大小单双', () => {
  it('judges the sum: 大 11–17, 小 4–10, 单 odd, 双 even', () => {
    expect(items('k3_dxds', '大,单')).toBe(2);
    expect(wins('k3_dxds', '大,单', '2,4,5')).toBe(2); // 11
    expect(wins('k3_dxds', '小,双', '2,4,5')).toBe(0);
    expect(wins('k3_dxds', '小,双', '1,2,3')).toBe(2); // 6
    expect(wins('k3_dxds', '大', '4,6,6')).toBe(1); // 16
  });

  it('loses every side on a triple', () => {
    for (const triple of ['1,1,1', '2,2,2', '3,3,3', '4,4,4', '5,5,5', '6,6,6']) {
      expect(wins('k3_dxds', '大,单', triple)).toBe(0);
      expect(wins('k3_dxds', '小,双', triple)).toBe(0);
    }
    expect(odds('k3_dxds', '大')).toBe(199);
  });

  it('refuses opposite sides in one bet and unknown options', () => {
    expect(items('k3_dxds', '大,小')).toBe('「大」与「小」不能同时投注');
    expect(items('k3_dxds', '单,双')).toBe('「单」与「双」不能同时投注');
    expect(items('k3_dxds', '中')).toBe('未知选项「中」，可选：大、小、单、双');
  });
});

describe('快3 三同号', () => {
  it('通选 is one item winning on any triple', () => {
    expect(items('k3_sthtx', '通选')).toBe(1);
    expect(wins('k3_sthtx', '通选', '5,5,5')).toBe(1);
    expect(wins('k3_sthtx', '通选', '5,5,6')).toBe(0);
    expect(items('k3_sthtx', '通选,通选')).toBe('选项「通选」重复');
    expect(items('k3_sthtx', '全部')).toMatch(/未知选项「全部」/);
    expect(odds('k3_sthtx', '*')).toBe(3_492);
  });

  it('单选 wins only on the chosen triple', () => {
    expect(items('k3_sthdx', '111,666')).toBe(2);
    expect(wins('k3_sthdx', '111,666', '6,6,6')).toBe(1);
    expect(wins('k3_sthdx', '111,666', '3,3,3')).toBe(0);
    expect(wins('k3_sthdx', '111,666', '1,1,6')).toBe(0);
    expect(items('k3_sthdx', '112')).toMatch(/未知选项「112」/);
    expect(odds('k3_sthdx', '*')).toBe(20_952);
  });
});

describe('快3 二同号', () => {
  it('复选 wins when at least two dice show the pair, a triple included', () => {
    expect(items('k3_ethfx', '11,66')).toBe(2);
    expect(wins('k3_ethfx', '11,66', '1,1,5')).toBe(1);
    expect(wins('k3_ethfx', '11,66', '1,1,1')).toBe(1);
    expect(wins('k3_ethfx', '11,66', '1,2,6')).toBe(0);
  });

  it('单选 multiplies pairs by singles and needs the exact pattern', () => {
    expect(items('k3_ethdx', '11,22|3,4')).toBe(4);
    expect(wins('k3_ethdx', '11,22|3,4', '2,2,3')).toBe(1);
    expect(wins('k3_ethdx', '11,22|3,4', '2,3,3')).toBe(0);
    expect(wins('k3_ethdx', '11,22|3,4', '2,2,2')).toBe(0);
    expect(wins('k3_ethdx', '11,22|3,4', '1,3,4')).toBe(0);
  });

  it('单选 refuses the same face as pair and single, and a missing group', () => {
    expect(items('k3_ethdx', '11|1')).toBe('同号「11」与不同号「1」不能选同一数字');
    expect(items('k3_ethdx', '11,22')).toBe('须填写2组号码（同号|不同号），以「|」分隔');
    expect(items('k3_ethdx', '11|')).toBe('不同号：请选择号码');
  });
});

describe('快3 不同号 and 三连号', () => {
  it('三不同号 counts C(n,3) and wins when three different faces are all picked', () => {
    expect(items('k3_sbth', '1,2,3,4')).toBe(4);
    expect(items('k3_sbth', '1,2,3,4,5,6')).toBe(20);
    expect(items('k3_sbth', '1,2')).toBe('至少选择3个号码');
    expect(items('k3_sbth', '1,2,7')).toBe('号码「7」超出范围（1-6）');
    expect(wins('k3_sbth', '1,2,3,4', '2,3,4')).toBe(1);
    expect(wins('k3_sbth', '1,2,3,4', '2,2,4')).toBe(0);
    expect(wins('k3_sbth', '1,2,3,4', '1,5,6')).toBe(0);
  });

  it('二不同号 counts C(n,2) and wins every picked pair shown', () => {
    expect(items('k3_ebth', '1,2,5')).toBe(3);
    expect(items('k3_ebth', '1')).toBe('至少选择2个号码');
    expect(wins('k3_ebth', '1,2,5', '1,2,5')).toBe(3);
    expect(wins('k3_ebth', '1,2,5', '1,1,2')).toBe(1);
    expect(wins('k3_ebth', '1,2,5', '1,1,1')).toBe(0);
    expect(wins('k3_ebth', '1,2,5', '3,4,6')).toBe(0);
  });

  it('三连号通选 wins on 123, 234, 345 and 456 only', () => {
    expect(wins('k3_slhtx', '通选', '2,3,4')).toBe(1);
    expect(wins('k3_slhtx', '通选', '4,5,6')).toBe(1);
    expect(wins('k3_slhtx', '通选', '1,3,5')).toBe(0);
    expect(wins('k3_slhtx', '通选', '1,2,2')).toBe(0);
  });

  it('writes the canonical codes in option order', () => {
    const result = validateBetCodes(play('k3_sbth'), '4, 1，3');
    expect(result.ok && result.codes).toBe('1,3,4');
  });
});
