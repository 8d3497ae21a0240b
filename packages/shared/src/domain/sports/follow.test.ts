import { describe, expect, it } from 'vitest';
import { followCommission } from './follow.ts';

describe('跟单 commission', () => {
  it('takes the rate of the winnings only: 100元 staked, 380元 paid, 5 % → 14.00元', () => {
    expect(followCommission(38_000n, 10_000n, 500)).toBe(1_400n);
  });

  it('rounds down to the 分: 2元 staked, 5.55元 paid, 8 % of 3.55元 → 0.28元', () => {
    expect(followCommission(555n, 200n, 800)).toBe(28n);
  });

  it('nothing on a loss, a refund or a break-even, nor at 0 %', () => {
    expect(followCommission(0n, 10_000n, 500)).toBe(0n);
    expect(followCommission(10_000n, 10_000n, 500)).toBe(0n);
    expect(followCommission(9_000n, 10_000n, 500)).toBe(0n);
    expect(followCommission(38_000n, 10_000n, 0)).toBe(0n);
  });

  it('refuses a rate outside 0–8 %', () => {
    for (const bad of [-1, 801, 1.5]) expect(() => followCommission(1n, 0n, bad)).toThrow(RangeError);
  });
});
