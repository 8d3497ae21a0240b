import { describe, expect, it } from 'vitest';
import { bpToPercent, marginText, percentToBp } from './cash-out.ts';

describe('提前结算 margin: percent ↔ basis points', () => {
  it('turns a percentage into basis points', () => {
    expect(percentToBp(8)).toBe(800);
    expect(percentToBp(5)).toBe(500);
    expect(percentToBp(5.25)).toBe(525);
    expect(percentToBp('0.01')).toBe(1);
    expect(percentToBp(0.07)).toBe(7);
    expect(percentToBp(1.15)).toBe(115);
    expect(percentToBp(0)).toBe(0);
    expect(percentToBp(50)).toBe(5_000);
  });

  it('refuses what the server would: out of 0–50 %, more than two decimals, not a number', () => {
    expect(percentToBp(50.01)).toBeNull();
    expect(percentToBp(-1)).toBeNull();
    expect(percentToBp(8.005)).toBeNull();
    expect(percentToBp('abc')).toBeNull();
    expect(percentToBp('')).toBeNull();
    expect(percentToBp(null)).toBeNull();
    expect(percentToBp(undefined)).toBeNull();
  });

  it('shows basis points as a percentage', () => {
    expect(bpToPercent(800)).toBe(8);
    expect(bpToPercent(525)).toBe(5.25);
    expect(marginText(500)).toBe('5%');
    expect(marginText(525)).toBe('5.25%');
    expect(marginText(1)).toBe('0.01%');
    for (const bp of [0, 1, 7, 115, 333, 800, 4_999, 5_000]) expect(percentToBp(bpToPercent(bp))).toBe(bp);
  });
});
