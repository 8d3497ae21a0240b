import { describe, expect, it } from 'vitest';
import {
  COLOUR_NUMBERS,
  colourOf,
  numbersOfZodiac,
  ZODIACS,
  zodiacOf,
  zodiacYearAt,
} from './lhc-attributes.ts';

const bj = (local: string) => Date.parse(`${local}+08:00`);

describe('六合彩 zodiac', () => {
  it('counts backwards from the year zodiac at number 01', () => {
    expect([1, 2, 3, 12, 13, 49].map((n) => zodiacOf(n, '马'))).toEqual(['马', '蛇', '龙', '羊', '马', '马']);
    expect([1, 2, 5, 6].map((n) => zodiacOf(n, '龙'))).toEqual(['龙', '兔', '鼠', '猪']);
    expect(numbersOfZodiac('马', '马')).toEqual([1, 13, 25, 37, 49]);
    expect(numbersOfZodiac('羊', '马')).toEqual([12, 24, 36, 48]);
    const sizes = ZODIACS.map((z) => numbersOfZodiac(z, '鼠').length);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(49);
  });

  it('changes year at 00:00 Beijing time on the lunar new year', () => {
    expect(zodiacYearAt(bj('2026-02-16T23:59:59'))).toBe('蛇');
    expect(zodiacYearAt(bj('2026-02-17T00:00:00'))).toBe('马');
    expect(zodiacYearAt(bj('2026-11-21T12:00:00'))).toBe('马');
    expect(zodiacYearAt(bj('2024-02-10T00:00:00'))).toBe('龙');
    expect(() => zodiacYearAt(bj('2020-01-01T00:00:00'))).toThrow();
    expect(() => zodiacYearAt(bj('2031-06-01T00:00:00'))).toThrow();
    expect(
      zodiacYearAt(bj('2040-01-01T00:00:00'), [
        { date: '2039-01-24', zodiac: '羊' },
        { date: '2040-02-12', zodiac: '猴' },
      ]),
    ).toBe('羊');
  });
});

describe('六合彩 colours', () => {
  it('splits 1–49 into 17 red, 16 blue and 16 green with no overlap', () => {
    expect(COLOUR_NUMBERS.红.length).toBe(17);
    expect(COLOUR_NUMBERS.蓝.length).toBe(16);
    expect(COLOUR_NUMBERS.绿.length).toBe(16);
    const all = [...COLOUR_NUMBERS.红, ...COLOUR_NUMBERS.蓝, ...COLOUR_NUMBERS.绿].sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: 49 }, (_, i) => i + 1));
    expect([1, 3, 5, 49].map(colourOf)).toEqual(['红', '蓝', '绿', '绿']);
    expect(() => colourOf(50)).toThrow();
  });
});
