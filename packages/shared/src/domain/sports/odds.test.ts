import { describe, expect, it } from 'vitest';
import { formatSportsOdds, parseSportsOdds } from './odds.ts';

describe('odds', () => {
  it('parses decimal odds into hundredths without floating point', () => {
    expect(parseSportsOdds('1.85')).toBe(185n);
    expect(parseSportsOdds('2')).toBe(200n);
    expect(parseSportsOdds('2.1')).toBe(210n);
    expect(parseSportsOdds('1.00')).toBe(100n);
    expect(parseSportsOdds('10000.00')).toBe(1_000_000n);
  });

  it('refuses odds below 1.00, above 10000, with three decimals or not numbers', () => {
    expect(parseSportsOdds('0.99')).toBeNull();
    expect(parseSportsOdds('10000.01')).toBeNull();
    expect(parseSportsOdds('1.855')).toBeNull();
    expect(parseSportsOdds('-1.85')).toBeNull();
    expect(parseSportsOdds('1e2')).toBeNull();
    expect(parseSportsOdds('')).toBeNull();
  });

  it('formats hundredths with two decimals', () => {
    expect(formatSportsOdds(185n)).toBe('1.85');
    expect(formatSportsOdds(1205n)).toBe('12.05');
  });
});
