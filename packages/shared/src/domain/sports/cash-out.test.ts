import { describe, expect, it } from 'vitest';
import { cashOutQuote, cashOutShares, orderShares } from './cash-out.ts';
import type { BetSelection } from './picks.ts';

const pick = (matchId: string, odds: string, option = 'h'): BetSelection => ({
  matchId,
  sport: 'football',
  betType: 'winDrawLose',
  option,
  odds,
});

describe('cashOutQuote', () => {
  it('a 10元 single at 2.00, still 2.00 now, is worth 10.00; at a 5 % margin the offer is 9.50', () => {
    const order = { passType: 'single', multiple: 5, selections: [pick('1', '2.00')] };
    expect(cashOutQuote(order, ['pending'], [200n], 500)).toEqual({
      ok: true,
      fairFen: 1_000n,
      offerFen: 950n,
    });
  });

  it('follows the price: shortened to 1.50 the single is worth 13.33 and offers 12.66; drifted to 4.00, 5.00 and 4.75', () => {
    const order = { passType: 'single', multiple: 5, selections: [pick('1', '2.00')] };
    expect(cashOutQuote(order, ['pending'], [150n], 500)).toEqual({
      ok: true,
      fairFen: 1_333n,
      offerFen: 1_266n,
    });
    expect(cashOutQuote(order, ['pending'], [400n], 500)).toEqual({
      ok: true,
      fairFen: 500n,
      offerFen: 475n,
    });
  });

  it('a 2串1 of 2.00 × 3.00 (prize 12.00) with its first leg won and the second at 2.50 now is worth 4.80', () => {
    const order = { passType: '2x1', multiple: 1, selections: [pick('1', '2.00'), pick('2', '3.00')] };
    expect(cashOutQuote(order, ['won', 'pending'], [null, 250n], 0)).toEqual({
      ok: true,
      fairFen: 480n,
      offerFen: 480n,
    });
    // A void first leg counts 1.00: prize 6.00, worth 2.40.
    expect(cashOutQuote(order, ['void', 'pending'], [null, 250n], 0)).toMatchObject({ fairFen: 240n });
  });

  it('a 3串4 with one leg lost keeps only the 2串1 of the other two', () => {
    const order = {
      passType: '3x4',
      multiple: 1,
      selections: [pick('1', '2.00'), pick('2', '2.00'), pick('3', '2.00')],
    };
    // Bets: 1-2, 1-3, 2-3 (2串1, prize 8.00 each) and 1-2-3 (3串1, 16.00). Leg 1 lost: only 2-3
    // stands, both open at 2.00 now: 8.00 × 1/2 × 1/2 = 2.00.
    expect(cashOutQuote(order, ['lost', 'pending', 'pending'], [null, 200n, 200n], 0)).toMatchObject({
      ok: true,
      fairFen: 200n,
    });
  });

  it('takes a 复式 pick option by option: both outcomes of one match open cover each other', () => {
    const order = {
      passType: 'single',
      multiple: 1,
      selections: [pick('1', '2.00', 'h'), pick('1', '3.00', 'd')],
    };
    // 4.00 × 100/200 + 6.00 × 100/300 = 2.00 + 2.00.
    expect(cashOutQuote(order, ['pending', 'pending'], [200n, 300n], 0)).toMatchObject({ fairFen: 400n });
  });

  it('offers nothing while a leg has no price, once the order cannot win, or when it is settling', () => {
    const order = { passType: '2x1', multiple: 1, selections: [pick('1', '2.00'), pick('2', '3.00')] };
    expect(cashOutQuote(order, ['pending', 'pending'], [200n, null], 500)).toMatchObject({
      ok: false,
      reason: 'no_price',
    });
    expect(cashOutQuote(order, ['lost', 'pending'], [null, 300n], 500)).toMatchObject({
      ok: false,
      reason: 'lost',
    });
    expect(cashOutQuote(order, ['won', 'won'], [null, null], 500)).toMatchObject({
      ok: false,
      reason: 'decided',
    });
    expect(() => cashOutQuote(order, ['pending', 'pending'], [200n, 300n], 5_001)).toThrow();
  });

  it('caps a bet as settlement does before it discounts it', () => {
    // 50.00 × 50.00 × 2元 × 99 = 495,000元, capped at 200,000元 for a 2串1.
    const order = { passType: '2x1', multiple: 99, selections: [pick('1', '50.00'), pick('2', '50.00')] };
    expect(cashOutQuote(order, ['won', 'pending'], [null, 200n], 0)).toMatchObject({ fairFen: 10_000_000n });
  });
});

describe('cash-out shares (部分提前结算)', () => {
  it('a plain ×10 order has ten shares; four of them are a ×4 order, the rest ×6', () => {
    const order = { passType: 'single', multiple: 10, multiples: null, selections: [pick('1', '2.00')] };
    expect(cashOutShares(order)).toBe(10);
    expect(orderShares(order, 4).multiple).toBe(4);
    expect(orderShares(order, 6).multiple).toBe(6);
    // A part's offer plus the rest's equals the whole's when no cap bites (the sum is linear).
    const whole = cashOutQuote(order, ['pending'], [200n], 0);
    const part = cashOutQuote(orderShares(order, 4), ['pending'], [200n], 0);
    expect(whole).toMatchObject({ ok: true, fairFen: 2_000n });
    expect(part).toMatchObject({ ok: true, fairFen: 800n });
  });

  it('a 奖金优化 order of ×3/×6/×9 has three shares of ×1/×2/×3; one of ×2/×3 has one', () => {
    const order = { multiple: 1, multiples: [3, 6, 9] };
    expect(cashOutShares(order)).toBe(3);
    expect(orderShares(order, 2).multiples).toEqual([2, 4, 6]);
    expect(cashOutShares({ multiple: 1, multiples: [2, 3] })).toBe(1);
  });

  it('refuses no share, a fraction or more shares than the order has', () => {
    const order = { multiple: 6, multiples: null };
    for (const bad of [0, 7, 1.5, -1]) expect(() => orderShares(order, bad)).toThrow(RangeError);
  });
});
