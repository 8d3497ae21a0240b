import { describe, expect, it } from 'vitest';
import {
  formatDrawNumber,
  formatOpenCode,
  isFamilyCode,
  openCodeNumbers,
  parseOpenCode,
} from './families.ts';

describe('open codes', () => {
  it('formats each family canonically', () => {
    expect(formatOpenCode('k3', [1, 3, 6])).toBe('1,3,6');
    expect(formatOpenCode('11x5', [1, 5, 7, 9, 11])).toBe('01,05,07,09,11');
    expect(formatOpenCode('ssc', [0, 9, 0, 1, 1])).toBe('0,9,0,1,1');
    expect(formatOpenCode('lhc', [1, 2, 3, 4, 5, 6, 49])).toBe('01,02,03,04,05,06,49');
    expect(formatDrawNumber('pk10', 7)).toBe('07');
  });

  it('parses text back to numbers, single digits accepted', () => {
    expect(parseOpenCode('11x5', '1,5,7,9,11')).toEqual({ ok: true, numbers: [1, 5, 7, 9, 11] });
    expect(parseOpenCode('pk10', ' 03,05,01,02,04,06,07,08,09,10 ')).toEqual({
      ok: true,
      numbers: [3, 5, 1, 2, 4, 6, 7, 8, 9, 10],
    });
    expect(openCodeNumbers('k3', [2, 2, 5])).toEqual([2, 2, 5]);
  });

  it('refuses draws the family cannot produce', () => {
    const message = (family: Parameters<typeof parseOpenCode>[0], text: string) => {
      const parsed = parseOpenCode(family, text);
      return parsed.ok ? 'ok' : parsed.message;
    };
    expect(message('k3', '1,2')).toBe('快3开奖号码须为3个号码');
    expect(message('k3', '0,2,3')).toBe('开奖号码「0」超出范围');
    expect(message('k3', '3,2,1')).toBe('快3开奖号码须从小到大排列');
    expect(message('11x5', '01,01,02,03,04')).toBe('11选5开奖号码不能重复');
    expect(message('pk10', '01,02,03,04,05,06,07,08,09,11')).toBe('开奖号码「11」超出范围');
    expect(message('lhc', '01,02,03,04,05,06,x')).toBe('开奖号码格式不正确：「x」');
    expect(message('ssc', '1,2,3,4,5,6')).toBe('时时彩开奖号码须为5个号码');
    expect(() => formatOpenCode('ssc', [1, 2, 3, 4, 10])).toThrow();
    expect(() => openCodeNumbers('lhc', '01,02')).toThrow();
  });

  it('knows its family codes', () => {
    expect(isFamilyCode('pk10')).toBe(true);
    expect(isFamilyCode('pk11')).toBe(false);
  });
});
