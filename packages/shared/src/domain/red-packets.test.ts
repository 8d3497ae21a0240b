import { describe, expect, it } from 'vitest';
import { formatFen } from '../money.ts';
import { commitment } from './lottery/fair-draw.ts';
import { splitProblem, splitRedPacket, verifyRedPacket } from './red-packets.ts';

const SEED = 'a'.repeat(64);
const OTHER = 'b'.repeat(64);

describe('splitRedPacket', () => {
  it('splits the whole budget, each packet at least the minimum and at most twice the mean left', () => {
    for (const [budgetFen, count, minFen] of [
      [10_000, 10, 1],
      [100, 100, 1],
      [88_800, 7, 500],
      [1, 1, 1],
      [5_000_000, 1_000, 100],
    ] as const) {
      const amounts = splitRedPacket(SEED, { id: 3, budgetFen, count, minFen });
      expect(amounts).toHaveLength(count);
      expect(amounts.reduce((a, b) => a + b, 0)).toBe(budgetFen);
      for (const a of amounts) {
        expect(Number.isInteger(a)).toBe(true);
        expect(a).toBeGreaterThanOrEqual(minFen);
      }
    }
  });

  it('is the same for the same seed, id and terms, and different for another seed or id', () => {
    const terms = { id: 7, budgetFen: 10_000, count: 20, minFen: 10 };
    expect(splitRedPacket(SEED, terms)).toEqual(splitRedPacket(SEED, terms));
    expect(splitRedPacket(OTHER, terms)).not.toEqual(splitRedPacket(SEED, terms));
    expect(splitRedPacket(SEED, { ...terms, id: 8 })).not.toEqual(splitRedPacket(SEED, terms));
  });

  it('gives every place the same expected amount (the shuffle): over 2,000 seeds each place averages the mean', () => {
    const count = 5;
    const sums = new Array<number>(count).fill(0);
    const runs = 2_000;
    for (let s = 0; s < runs; s++) {
      const seed = commitment(s.toString(16).padStart(64, '0'));
      splitRedPacket(seed, { id: 1, budgetFen: 1_000, count, minFen: 1 }).forEach((a, i) => (sums[i]! += a));
    }
    // Mean 200 分 per place; the standard error of a place's mean over 2,000 runs is about 3 分.
    for (const sum of sums) expect(Math.abs(sum / runs - 200)).toBeLessThan(15);
  });

  it('with the budget exactly count × min every packet is the minimum', () => {
    expect(splitRedPacket(SEED, { id: 1, budgetFen: 500, count: 5, minFen: 100 })).toEqual([
      100, 100, 100, 100, 100,
    ]);
  });

  it('refuses terms that cannot be split', () => {
    expect(splitProblem({ budgetFen: 99, count: 100, minFen: 1 })).toBe(
      '红包总额不足以让每个红包达到最低金额',
    );
    expect(splitProblem({ budgetFen: 100, count: 0, minFen: 1 })).toMatch(/红包个数/);
    expect(splitProblem({ budgetFen: 100, count: 1, minFen: 0 })).toMatch(/最低金额/);
    expect(splitProblem({ budgetFen: 100_000_001, count: 1, minFen: 1 })).toMatch(/红包总额/);
    expect(() => splitRedPacket(SEED, { id: 1, budgetFen: 99, count: 100, minFen: 1 })).toThrow();
  });
});

describe('verifyRedPacket', () => {
  const terms = { id: 42, budgetFen: 20_000, count: 50, minFen: 20 };
  const amounts = splitRedPacket(SEED, terms);

  it('accepts the revealed seed and a claim with the amount the seed gives its place', () => {
    const result = verifyRedPacket(SEED, commitment(SEED), terms, { index: 9, amountFen: amounts[9]! });
    expect(result).toEqual({ ok: true, amounts });
  });

  it('refuses a seed that is not the committed one, and a claim paid another amount', () => {
    expect(verifyRedPacket(OTHER, commitment(SEED), terms)).toMatchObject({
      ok: false,
      reason: 'commitment',
    });
    expect(verifyRedPacket('xyz', commitment(SEED), terms)).toMatchObject({ ok: false, reason: 'seed' });
    const wrong = verifyRedPacket(SEED, commitment(SEED), terms, { index: 9, amountFen: amounts[9]! + 1 });
    expect(wrong).toMatchObject({ ok: false, reason: 'amount' });
    if (!wrong.ok) expect(wrong.message).toBe(`第10个红包应为${formatFen(BigInt(amounts[9]!))}元`);
  });
});
