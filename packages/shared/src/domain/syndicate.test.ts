import { describe, expect, it } from 'vitest';
import {
  deadlineOutcome,
  initiatorMinShares,
  selectionsVisible,
  sharePrice,
  splitPayout,
  syndicateCommission,
  syndicateProgress,
} from './syndicate.ts';

describe('合买 share price', () => {
  it('divides the total into whole 分 of at least 1 元', () => {
    expect(sharePrice(100_00n, 100)).toEqual({ ok: true, priceFen: 100n });
    expect(sharePrice(1000_00n, 40)).toEqual({ ok: true, priceFen: 2500n });
    expect(sharePrice(100_00n, 101).ok).toBe(false); // 99.0099… 分
    expect(sharePrice(100_00n, 200).ok).toBe(false); // 0.50 元 a share
    expect(sharePrice(100_00n, 0).ok).toBe(false);
    expect(sharePrice(0n, 1).ok).toBe(false);
  });
});

describe('合买 initiator minimum', () => {
  it('is the configured part of the shares, rounded up, at least one', () => {
    expect(initiatorMinShares(100, 500)).toBe(5);
    expect(initiatorMinShares(30, 500)).toBe(2); // 1.5 → 2
    expect(initiatorMinShares(10, 500)).toBe(1); // 0.5 → 1
    expect(initiatorMinShares(10, 0)).toBe(1);
  });
});

describe('合买 commission', () => {
  it('is taken from the profit only, rounded down', () => {
    // A 1,000 元 plan paid 3,456.78 元 at 8 %: ⌊245,678 × 800 / 10,000⌋ = 19,654.24 → 19,654 分.
    expect(syndicateCommission(345_678n, 100_000n, 800)).toBe(19_654n);
    expect(syndicateCommission(100_000n, 100_000n, 1000)).toBe(0n); // break-even
    expect(syndicateCommission(50_000n, 100_000n, 1000)).toBe(0n); // a loss of money
    expect(syndicateCommission(0n, 100_000n, 1000)).toBe(0n);
    expect(() => syndicateCommission(1n, 0n, 1001)).toThrow(RangeError);
  });
});

describe('合买 payout split', () => {
  it('splits after the commission by shares, the remainder to the initiator (worked example)', () => {
    // 100 元 in 3 shares? Not whole 分 — 99 元 in 3 shares of 33 元: initiator 1 share, A 1, B 1.
    // Payout 1,000.01 元 at 5 %: profit 901.01 元 → commission ⌊90,101 × 500 / 10,000⌋ = 4,505 分.
    // To split 100,001 − 4,505 = 95,496 分: each ⌊95,496 / 3⌋ = 31,832, remainder 0.
    const split = splitPayout({
      payoutFen: 100_001n,
      totalFen: 9_900n,
      shares: 3,
      rateBp: 500,
      initiatorId: 1,
      holdings: [
        { memberId: 1, shares: 1 },
        { memberId: 2, shares: 1 },
        { memberId: 3, shares: 1 },
      ],
    });
    expect(split.commissionFen).toBe(4_505n);
    expect(split.remainderFen).toBe(0n);
    expect(split.parts.get(2)).toBe(31_832n);
    expect(split.parts.get(3)).toBe(31_832n);
    expect(split.parts.get(1)).toBe(31_832n + 4_505n);
  });

  it('gives the 分 the rounding leaves to the initiator, and adds up to the payout', () => {
    // 10 元 in 10 shares: initiator 1, A 3, B 6. Payout 10.01 元 at 0 %: 1,001 分.
    // A ⌊1,001 × 3 / 10⌋ = 300, B ⌊6,006 / 10⌋ = 600, initiator ⌊100.1⌋ = 100 + remainder 1.
    const split = splitPayout({
      payoutFen: 1_001n,
      totalFen: 1_000n,
      shares: 10,
      rateBp: 0,
      initiatorId: 7,
      holdings: [
        { memberId: 7, shares: 1 },
        { memberId: 8, shares: 3 },
        { memberId: 9, shares: 6 },
      ],
    });
    expect([split.parts.get(7), split.parts.get(8), split.parts.get(9)]).toEqual([101n, 300n, 600n]);
    expect(split.remainderFen).toBe(1n);
    let sum = 0n;
    for (const part of split.parts.values()) sum += part;
    expect(sum).toBe(1_001n);
  });

  it('refunds every holder their own stake when the plan is refunded (no commission)', () => {
    const split = splitPayout({
      payoutFen: 6_000n,
      totalFen: 6_000n,
      shares: 60,
      rateBp: 1000,
      initiatorId: 1,
      holdings: [
        { memberId: 1, shares: 3 },
        { memberId: 2, shares: 57 },
      ],
    });
    expect(split.parts.get(1)).toBe(300n);
    expect(split.parts.get(2)).toBe(5_700n);
  });

  it('adds up to the payout for many holders and odd amounts', () => {
    const holdings = Array.from({ length: 997 }, (_, i) => ({ memberId: i + 1, shares: (i % 7) + 1 }));
    const shares = holdings.reduce((n, h) => n + h.shares, 0);
    for (const payout of [0n, 1n, 12_345_679n, 99_999_999_999n]) {
      const split = splitPayout({
        payoutFen: payout,
        totalFen: BigInt(shares) * 100n,
        shares,
        rateBp: 733,
        initiatorId: 1,
        holdings,
      });
      let sum = 0n;
      for (const part of split.parts.values()) sum += part;
      expect(sum).toBe(payout);
      expect(split.remainderFen < BigInt(holdings.length)).toBe(true);
    }
  });

  it('refuses holdings that are not the plan', () => {
    expect(() =>
      splitPayout({
        payoutFen: 1n,
        totalFen: 100n,
        shares: 2,
        rateBp: 0,
        initiatorId: 1,
        holdings: [{ memberId: 1, shares: 1 }],
      }),
    ).toThrow(RangeError);
  });
});

describe('合买 at the deadline', () => {
  it('places a full plan, fills a short one from the guarantee, fails the rest', () => {
    expect(deadlineOutcome({ shares: 100, sold: 100, guaranteeShares: 0 })).toEqual({ kind: 'full' });
    expect(deadlineOutcome({ shares: 100, sold: 80, guaranteeShares: 20 })).toEqual({
      kind: 'guaranteed',
      shares: 20,
    });
    expect(deadlineOutcome({ shares: 100, sold: 80, guaranteeShares: 50 })).toEqual({
      kind: 'guaranteed',
      shares: 20,
    });
    expect(deadlineOutcome({ shares: 100, sold: 80, guaranteeShares: 19 })).toEqual({ kind: 'failed' });
  });
});

describe('合买 visibility', () => {
  const someone = { initiator: false, holder: false, pastDeadline: false };
  it('shows the initiator always, the others as the plan says', () => {
    expect(selectionsVisible('secret', { ...someone, initiator: true })).toBe(true);
    expect(selectionsVisible('public', someone)).toBe(true);
    expect(selectionsVisible('holders', someone)).toBe(false);
    expect(selectionsVisible('holders', { ...someone, holder: true })).toBe(true);
    expect(selectionsVisible('after_deadline', { ...someone, holder: true })).toBe(false);
    expect(selectionsVisible('after_deadline', { ...someone, pastDeadline: true })).toBe(true);
    expect(selectionsVisible('secret', { initiator: false, holder: true, pastDeadline: true })).toBe(false);
  });

  it('reports progress in whole percent', () => {
    expect(syndicateProgress(33, 100)).toBe(33);
    expect(syndicateProgress(2, 3)).toBe(66);
    expect(syndicateProgress(0, 0)).toBe(0);
  });
});
