import { describe, expect, it } from 'vitest';
import { calculateItemCount } from '../bet-codes.ts';
import { settleBet } from '../settle.ts';
import { findPlay } from './index.ts';

const play = (code: string, zodiacOfOne: '马' | '龙' = '马') => {
  const found = findPlay(code, { zodiacOfOne });
  if (!found) throw new Error(`no play ${code}`);
  return found;
};
const items = (code: string, codes: string) => {
  const result = calculateItemCount(play(code), codes);
  return result.ok ? result.itemCount : result.message;
};
const wins = (code: string, codes: string, openCode: string) =>
  settleBet(play(code), codes, openCode, 1).winningItems;
const odds = (code: string, key: string, zodiacOfOne: '马' | '龙' = '马') =>
  play(code, zodiacOfOne).odds.find((l) => l.key === key)?.oddsX100;

describe('六合彩 特码 and 正码', () => {
  it('特码 wins on the seventh number only', () => {
    expect(items('lhc_tm', '07,18,49')).toBe(3);
    const settled = settleBet(play('lhc_tm'), '07,18,49', '01,02,03,04,05,06,49', 1);
    expect(settled.winningItems).toBe(1);
    expect(settled.payoutFen).toBe(9_506n); // 47.53 × 2元
    expect(wins('lhc_tm', '07,18,49', '07,18,49,04,05,06,10')).toBe(0);
  });

  it('特码 rejects out-of-range numbers and all 49 at once', () => {
    expect(items('lhc_tm', '50')).toBe('号码「50」超出范围（01-49）');
    expect(items('lhc_tm', '0')).toBe('号码「0」超出范围（01-49）');
    expect(items('lhc_tm', Array.from({ length: 49 }, (_, i) => i + 1).join(','))).toBe('最多选择48个号码');
  });

  it('正码 wins each picked number among the first six, not the 特码', () => {
    expect(wins('lhc_zm', '01,25', '01,02,03,04,05,25,30')).toBe(2);
    expect(wins('lhc_zm', '01,25', '02,03,04,05,06,07,01')).toBe(0);
    expect(odds('lhc_zm', '*')).toBe(792);
  });
});

describe('六合彩 生肖', () => {
  it('特肖 follows the year: in a 马 year 01, 13, 25, 37, 49 are 马', () => {
    expect(wins('lhc_tx', '马,鼠', '02,03,04,05,06,07,13')).toBe(1);
    expect(wins('lhc_tx', '马', '02,03,04,05,06,07,14')).toBe(0); // 14 is 蛇
    expect(odds('lhc_tx', '马')).toBe(950);
    expect(odds('lhc_tx', '鼠')).toBe(1_188);
    expect(odds('lhc_tx', '龙', '龙')).toBe(950);
    expect(items('lhc_tx', '马,牛,虎,兔,龙,蛇,鼠,羊,猴,鸡,狗,猪')).toBe('最多选择11个选项');
    expect(items('lhc_tx', '猫')).toMatch(/^未知选项「猫」/);
  });

  it('一肖 wins when any of the seven numbers carries the zodiac', () => {
    // 马 year: 龙 is 03, 15, 27, 39.
    expect(wins('lhc_yx', '龙,猪', '01,02,04,05,06,07,15')).toBe(1);
    expect(wins('lhc_yx', '龙', '01,02,04,05,06,07,08')).toBe(0);
    expect(odds('lhc_yx', '马')).toBeLessThan(odds('lhc_yx', '龙')!);
  });
});

describe('六合彩 波色 and 两面', () => {
  it('波色 uses the colour of the 特码', () => {
    expect(wins('lhc_bs', '红,蓝', '03,04,05,06,09,10,01')).toBe(1);
    expect(wins('lhc_bs', '红,蓝', '01,02,03,04,07,08,49')).toBe(0);
    expect(items('lhc_bs', '红,蓝,绿')).toBe('最多选择2个选项');
    expect(odds('lhc_bs', '红')).toBe(279);
    expect(odds('lhc_bs', '绿')).toBe(297);
  });

  it('特码大小单双: 25–48 大, 49 loses every side', () => {
    expect(wins('lhc_tmlm', '大,单', '01,02,03,04,05,06,25')).toBe(2);
    expect(wins('lhc_tmlm', '小,双', '01,02,03,04,05,06,24')).toBe(2);
    expect(wins('lhc_tmlm', '大,单', '01,02,03,04,05,06,49')).toBe(0);
    expect(wins('lhc_tmlm', '小', '01,02,03,04,05,06,49')).toBe(0);
    expect(odds('lhc_tmlm', '大')).toBe(198);
  });
});
