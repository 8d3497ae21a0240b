import { describe, expect, it } from 'vitest';
import {
  binomialFit,
  chiSquareGoodnessOfFit,
  chiSquareUpperTail,
  familyWise,
  gapProbabilities,
  gapTest,
  newGap,
  newRuns,
  newSerial,
  normalTwoSided,
  poolSmallCategories,
  pushGap,
  pushRun,
  pushSerial,
  runsTest,
  serialCorrelation,
} from './stats.ts';

/** A fixed full-period generator for tests (Park–Miller), so nothing depends on chance. */
function parkMiller(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 48271) % 2147483647;
    return state / 2147483647;
  };
}

describe('chi-square distribution', () => {
  it('gives the textbook critical values of the 1 % upper tail', () => {
    expect(chiSquareUpperTail(6.634897, 1)).toBeCloseTo(0.01, 6);
    expect(chiSquareUpperTail(21.66599, 9)).toBeCloseTo(0.01, 6);
    expect(chiSquareUpperTail(0, 5)).toBe(1);
  });

  it('turns a normal z into its two-sided p-value', () => {
    expect(normalTwoSided(1.959964)).toBeCloseTo(0.05, 6);
    expect(normalTwoSided(-2.575829)).toBeCloseTo(0.01, 6);
  });
});

describe('chi-square goodness of fit', () => {
  it('passes counts equal to their expectation and fails a die loaded on six', () => {
    const fair = chiSquareGoodnessOfFit([100, 100, 100, 100, 100, 100], new Array<number>(6).fill(1 / 6));
    expect(fair).toMatchObject({ statistic: 0, df: 5, pValue: 1, pass: true });
    const loaded = chiSquareGoodnessOfFit([90, 90, 90, 90, 90, 150], new Array<number>(6).fill(1 / 6));
    // χ² = 5·(10²/100) + 50²/100 = 30 on 5 df.
    expect(loaded.statistic).toBeCloseTo(30, 9);
    expect(loaded.pValue).toBeLessThan(0.0001);
    expect(loaded.pass).toBe(false);
  });

  it('pools categories expected fewer than five times (Cochran)', () => {
    expect(poolSmallCategories([1, 2, 30, 1, 1, 10], [2, 2, 30, 2, 2, 10])).toEqual({
      observed: [33, 12],
      expected: [34, 14],
    });
    // A short remainder joins the last group.
    expect(poolSmallCategories([1, 2, 30, 1, 1], [2, 2, 30, 2, 2]).expected).toEqual([38]);
    const result = chiSquareGoodnessOfFit([0, 1, 49, 50], [0.001, 0.009, 0.49, 0.5]);
    expect(result.categories).toBe(2);
  });

  it('fails outright on a value the draw can never produce', () => {
    expect(chiSquareGoodnessOfFit([10, 10, 1], [0.5, 0.5, 0]).pass).toBe(false);
  });

  it('checks the wins of one bet line against its probability', () => {
    expect(binomialFit(500, 1000, 0.5).pValue).toBe(1);
    expect(binomialFit(560, 1000, 0.5).pass).toBe(false);
  });
});

describe('runs test', () => {
  it('fails strict alternation and long blocks, passes a fair coin', () => {
    const alternating = newRuns();
    for (let i = 0; i < 1000; i++) pushRun(alternating, i % 2 === 0);
    expect(runsTest(alternating).pass).toBe(false);
    expect(runsTest(alternating).statistic).toBeGreaterThan(0);

    const blocks = newRuns();
    for (let i = 0; i < 1000; i++) pushRun(blocks, Math.floor(i / 50) % 2 === 0);
    expect(runsTest(blocks).statistic).toBeLessThan(0);
    expect(runsTest(blocks).pass).toBe(false);

    const coin = newRuns();
    const next = parkMiller(12345);
    for (let i = 0; i < 10000; i++) pushRun(coin, next() < 0.5);
    expect(runsTest(coin).pass).toBe(true);
  });

  it('skips ties with the median', () => {
    const state = newRuns();
    [true, null, true, false, null, false].forEach((s) => pushRun(state, s));
    expect(state).toMatchObject({ n1: 2, n2: 2, runs: 2 });
  });
});

describe('serial correlation', () => {
  it('finds a sequence that follows its previous value and passes an independent one', () => {
    const walk = newSerial(0);
    const next = parkMiller(777);
    let level = 0;
    for (let i = 0; i < 5000; i++) {
      level = 0.5 * level + next();
      pushSerial(walk, level);
    }
    const correlated = serialCorrelation(walk);
    expect(correlated.r).toBeGreaterThan(0.4);
    expect(correlated.pass).toBe(false);

    const independent = newSerial(4.5);
    const digit = parkMiller(4242);
    for (let i = 0; i < 20000; i++) pushSerial(independent, Math.floor(digit() * 10));
    const result = serialCorrelation(independent);
    expect(Math.abs(result.r)).toBeLessThan(0.03);
    expect(result.pass).toBe(true);
  });
});

describe('gap test', () => {
  it('has geometric categories that sum to one', () => {
    const state = newGap(0.1);
    const total = gapProbabilities(state).reduce((s, p) => s + p, 0);
    expect(total).toBeCloseTo(1, 12);
    expect(state.longest).toBe(66);
  });

  it('counts the draws between occurrences', () => {
    const state = newGap(0.5, 0.2);
    [false, true, true, false, false, true, false].forEach((hit) => pushGap(state, hit));
    // Gaps: 0 (hit right after hit), 2 (two misses between); the longest category is ≥ 3.
    expect(state.counts).toEqual([1, 0, 1, 0]);
  });

  it('passes independent draws and fails draws that avoid repeating themselves', () => {
    const fair = newGap(0.1);
    const next = parkMiller(99);
    for (let i = 0; i < 50000; i++) pushGap(fair, next() < 0.1);
    expect(gapTest(fair).pass).toBe(true);

    // A "hot/cold balancing" generator: after a hit, no hit for at least 3 draws.
    const balanced = newGap(0.1);
    let since = 99;
    for (let i = 0; i < 50000; i++) {
      const hit = since >= 3 && next() < 0.14;
      pushGap(balanced, hit);
      since = hit ? 0 : since + 1;
    }
    expect(gapTest(balanced).pass).toBe(false);
  });
});

describe('family-wise verdict', () => {
  it('tolerates the chance failures of many tests but not a p-value below α / m', () => {
    const chance = familyWise([0.005, 0.3, 0.8, ...new Array<number>(97).fill(0.5)]);
    expect(chance).toMatchObject({ tests: 100, failedAtAlpha: 1, pass: true });
    expect(chance.threshold).toBeCloseTo(0.0001, 12);
    expect(familyWise([0.00001, 0.5]).pass).toBe(false);
  });
});
