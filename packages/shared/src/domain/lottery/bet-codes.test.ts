import { describe, expect, it } from 'vitest';
import {
  betAmountFen,
  betSizeProblem,
  calculateItemCount,
  formatSelection,
  MAX_BET_CODES_LENGTH,
  validateBetCodes,
} from './bet-codes.ts';
import { findPlay } from './plays/index.ts';
import { lotterySelectionSchema } from './schemas.ts';

const play = (code: string) => {
  const found = findPlay(code);
  if (!found) throw new Error(`no play ${code}`);
  return found;
};

describe('bet codes', () => {
  it('parses picks into the canonical selection, whatever the order, spacing and separators', () => {
    const result = validateBetCodes(play('k3_hz'), ' 17，4、 10 ');
    expect(result).toEqual({
      ok: true,
      selection: { kind: 'picks', picks: ['4', '10', '17'] },
      codes: '4,10,17',
      itemCount: 3,
    });
  });

  it('accepts numbers without the leading zero and writes them with it', () => {
    const result = validateBetCodes(play('11x5_rx2'), '5,1');
    expect(result.ok && result.codes).toBe('01,05');
  });

  it('parses positions and groups', () => {
    const positions = validateBetCodes(play('ssc_dwd'), '5：0｜1:7,3');
    expect(positions.ok && positions.selection).toEqual({
      kind: 'positions',
      positions: [
        { position: 1, picks: ['3', '7'] },
        { position: 5, picks: ['0'] },
      ],
    });
    const groups = validateBetCodes(play('11x5_q3zx'), '1|2,3|4');
    expect(groups.ok && groups.selection).toEqual({ kind: 'groups', groups: [['01'], ['02', '03'], ['04']] });
    expect(groups.ok && groups.codes).toBe('01|02,03|04');
  });

  it('names the bad code in a Chinese message', () => {
    const cases: Array<[string, string, string]> = [
      ['k3_hz', '', '请选择投注号码'],
      ['k3_hz', '   ', '请选择投注号码'],
      ['k3_hz', '3,,4', '投注号码格式不正确：有空的号码'],
      ['k3_hz', '3,x', '号码「x」无效'],
      ['k3_hz', '3,-4', '号码「-4」无效'],
      ['k3_hz', '3.5', '号码「3.5」无效'],
      ['k3_hz', '3|4', '号码「3|4」无效'],
      ['k3_dxds', '大,大', '选项「大」重复'],
      ['ssc_dwd', '1:3|x:4', '位置格式不正确：「x:4」，应为「位置:号码」，如「1:3,5」'],
      ['ssc_dwd', '0:1', '位置「0」无效'],
      ['ssc_q3zx', '1|2|3|4', '须填写3组号码（万位|千位|百位），以「|」分隔'],
    ];
    for (const [code, codes, message] of cases) {
      const result = validateBetCodes(play(code), codes);
      expect(result.ok ? 'ok' : result.message).toBe(message);
    }
  });

  it('reports the offending token beside the message', () => {
    const result = validateBetCodes(play('k3_hz'), '4,19');
    expect(result).toEqual({ ok: false, message: '号码「19」超出范围（3-18）', code: '19' });
  });

  it('refuses very long input before parsing it', () => {
    const result = validateBetCodes(play('lhc_tm'), '1,'.repeat(MAX_BET_CODES_LENGTH));
    expect(result.ok ? 'ok' : result.message).toBe('投注号码过长');
  });

  it('formats a selection back to the text it came from', () => {
    for (const [code, codes] of [
      ['pk10_dwd', '1:01,03|10:05'],
      ['k3_ethdx', '11,22|3,4'],
      ['lhc_tx', '鼠,马'],
    ] as const) {
      const result = validateBetCodes(play(code), codes);
      if (!result.ok) throw new Error(result.message);
      expect(formatSelection(result.selection)).toBe(codes);
      expect(lotterySelectionSchema.parse(JSON.parse(JSON.stringify(result.selection)))).toEqual(
        result.selection,
      );
    }
  });

  it('calculates the item count or explains why there is none', () => {
    expect(calculateItemCount(play('11x5_rx3'), '01,02,03,04,05')).toEqual({ ok: true, itemCount: 10 });
    expect(calculateItemCount(play('ssc_h3zx'), '1,2|3,4|5,6')).toEqual({ ok: true, itemCount: 8 });
    expect(calculateItemCount(play('k3_hz'), '3,4,5,6')).toEqual({ ok: true, itemCount: 4 });
    expect(calculateItemCount(play('11x5_rx3'), '01,02')).toEqual({ ok: false, message: '至少选择3个号码' });
  });
});

describe('bet amount', () => {
  it('is items × unit × multiple in 分', () => {
    expect(betAmountFen(10, 3)).toBe(6_000n);
    expect(betAmountFen(10, 3, 20n)).toBe(600n);
    expect(betAmountFen(1, 1, 2n)).toBe(2n);
    expect(() => betAmountFen(1.5, 1)).toThrow();
    expect(() => betAmountFen(1, 0)).toThrow();
  });

  it('allows multiples 1–9999 and the 元, 角 and 分 units only', () => {
    expect(betSizeProblem(1)).toBeNull();
    expect(betSizeProblem(9_999, 2n)).toBeNull();
    expect(betSizeProblem(0)).toBe('倍数须为1-9999的整数');
    expect(betSizeProblem(10_000)).toBe('倍数须为1-9999的整数');
    expect(betSizeProblem(1.5)).toBe('倍数须为1-9999的整数');
    expect(betSizeProblem(1, 50n)).toBe('投注单位不正确');
  });
});
