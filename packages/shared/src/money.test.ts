import { describe, expect, it } from 'vitest';
import { fenFromDecimal, formatFen, formatYuan, groupYuan, parseYuan } from './money.ts';

describe('parseYuan', () => {
  it.each([
    ['12', 1200n],
    ['12.5', 1250n],
    ['12.50', 1250n],
    ['0.01', 1n],
    [' 3 ', 300n],
    [100, 10000n],
    [0.1, 10n],
    [19.99, 1999n],
    ['1000000000', 100_000_000_000n],
  ])('reads %s as %s fen', (input, fen) => {
    expect(parseYuan(input)).toEqual({ ok: true, fen });
  });

  it.each([
    ['-1', 'negative'],
    [-5, 'negative'],
    ['1.234', 'precision'],
    [12.345, 'precision'],
    ['1000000000.01', 'too_large'],
    ['99999999999999', 'too_large'],
    [1e30, 'too_large'],
    ['abc', 'format'],
    ['', 'format'],
    ['1,000', 'format'],
    ['01', 'format'],
    [Number.NaN, 'format'],
    [Number.POSITIVE_INFINITY, 'format'],
  ])('refuses %s (%s)', (input, reason) => {
    expect(parseYuan(input)).toEqual({ ok: false, reason });
  });
});

describe('formatFen', () => {
  it('prints two decimals and a sign', () => {
    expect(formatFen(0n)).toBe('0.00');
    expect(formatFen(5n)).toBe('0.05');
    expect(formatFen(1250n)).toBe('12.50');
    expect(formatFen(-1250n)).toBe('-12.50');
    expect(formatFen(123456789012n)).toBe('1234567890.12');
  });

  it('round-trips through fenFromDecimal', () => {
    for (const fen of [0n, 1n, 99n, 100n, -7n, 987654321n]) {
      expect(fenFromDecimal(formatFen(fen))).toBe(fen);
    }
  });
});

describe('formatYuan and groupYuan: money as people read it', () => {
  it('groups thousands and always shows two decimals', () => {
    expect(formatYuan(1_234_567n)).toBe('12,345.67');
    expect(formatYuan(100_000_000_000n)).toBe('1,000,000,000.00');
    expect(formatYuan(99_999n)).toBe('999.99');
    expect(formatYuan(-5n)).toBe('-0.05');
    expect(formatYuan(0n)).toBe('0.00');
  });
  it('reads the decimal strings the server sends, signs included', () => {
    expect(groupYuan('10000.00')).toBe('10,000.00');
    expect(groupYuan('-1234567.5')).toBe('-1,234,567.50');
    expect(groupYuan('+50000')).toBe('+50,000.00');
    expect(groupYuan('0.10')).toBe('0.10');
  });
  it('leaves what is not an amount alone', () => {
    expect(groupYuan('--')).toBe('--');
    expect(groupYuan('abc')).toBe('abc');
    expect(groupYuan('1.234')).toBe('1.234');
  });
});
