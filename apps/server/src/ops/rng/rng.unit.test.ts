/**
 * The RNG battery in CI: a small sample of every family through the same tests as
 * `npm run rng:report`, and proof that the battery catches a biased mapping.
 *
 * Family-wise reasoning. Each family runs some 50–150 tests at α = 0.01, so even a perfect
 * generator fails about one of them in a hundred by chance, and "no test below 0.01" would fail
 * a fair family most of the time. A family therefore passes at 99 % when no p-value is below
 * 0.01 / m, m its number of tests (Bonferroni): the chance that a fair family fails is then at
 * most 1 %, whatever the dependence between its tests. The keys come from a fixed stream
 * (seededKeys), not the clock or Math.random, so the verdict is the same on every run; the
 * label was not chosen to pass: it is the first one written, and with the bound above a new
 * label would pass with probability ≥ 99 % per family.
 */
import { DrawByteStream, type FamilyCode, FAMILY_CODES, LOTTERY_FAMILIES } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { evaluateFamily, type FamilyResult } from './evaluate.ts';
import { familySpec } from './observations.ts';
import { type OpenNumbersMapping, sampleFamily, seededKeys } from './sampler.ts';

const CI_DRAWS = 20_000;

function run(family: FamilyCode, draws: number, mapping?: OpenNumbersMapping): FamilyResult {
  const spec = familySpec(family);
  const tally = sampleFamily(spec, {
    draws,
    keys: seededKeys(`rng-ci:${family}`),
    ...(mapping ? { mapping } : {}),
  });
  return evaluateFamily(spec, tally);
}

/**
 * The textbook mistake the production mapping avoids: a number in [0, n) as `byte mod n`
 * without rejecting the top bytes, so the first 256 mod n numbers come up more often
 * (六合彩: 01–11 with 6/256 instead of 1/49, 15 % too often). Same stream, same shuffle.
 */
const moduloBiased: OpenNumbersMapping = (family, seedHex, period) => {
  const { shape } = LOTTERY_FAMILIES[family];
  const stream = new DrawByteStream(seedHex, period);
  const biased = (n: number) => stream.nextByte() % n;
  const size = shape.max - shape.min + 1;
  if (shape.distinct) {
    const pool = Array.from({ length: size }, (_, i) => shape.min + i);
    for (let i = 0; i < shape.count; i++) {
      const j = i + biased(size - i);
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    return pool.slice(0, shape.count);
  }
  const numbers = Array.from({ length: shape.count }, () => shape.min + biased(size));
  return family === 'k3' ? numbers.sort((a, b) => a - b) : numbers;
};

describe('RNG battery on the production draw path', () => {
  it.each(FAMILY_CODES.map((f) => [f]))(
    '%s passes every test family-wise at 99 % on 20,000 draws',
    (family) => {
      const result = run(family, CI_DRAWS);
      const worst = [...result.rows].sort((a, b) => a.pValue - b.pValue).slice(0, 3);
      expect(
        result.verdict.pass,
        `${family}: lowest p-values ${worst.map((r) => `${r.name} p=${r.pValue}`).join('; ')}`,
      ).toBe(true);
      expect(result.draws).toBe(CI_DRAWS);
      // Every group of tests ran: position, attribute, runs, serial, gap and play-line checks.
      expect(new Set(result.rows.map((r) => r.group))).toEqual(
        new Set(['position', 'attribute', 'runs', 'serial', 'gap', 'play']),
      );
      // Chance failures at α = 0.01 stay near their expected number (m / 100).
      expect(result.verdict.failedAtAlpha).toBeLessThanOrEqual(
        Math.max(4, 3 * result.verdict.expectedFailures),
      );
    },
    30_000,
  );
});

/**
 * Another classic: digits read off the seed's hex text, one nibble each, as `nibble mod n`
 * (时时彩 digits 0–5 twice as likely as 6–9; 快3 faces 1–4 at 3/16 instead of 1/6).
 */
const hexNibbleModulo: OpenNumbersMapping = (family, seedHex) => {
  const { shape } = LOTTERY_FAMILIES[family];
  if (shape.distinct) throw new Error('hexNibbleModulo draws with replacement only');
  const size = shape.max - shape.min + 1;
  const numbers = Array.from(
    { length: shape.count },
    (_, i) => shape.min + (parseInt(seedHex[i]!, 16) % size),
  );
  return family === 'k3' ? numbers.sort((a, b) => a - b) : numbers;
};

const failingGroups = (result: FamilyResult): Set<string> =>
  new Set(result.rows.filter((r) => r.pValue < result.verdict.threshold).map((r) => r.group));

describe('RNG battery on biased mappings', () => {
  it('fails 时时彩 and 快3 drawn from hex digits mod n: position values, attributes and play lines', () => {
    for (const family of ['ssc', 'k3'] as const) {
      const result = run(family, CI_DRAWS, hexNibbleModulo);
      expect(result.verdict.pass, family).toBe(false);
      const groups = failingGroups(result);
      for (const group of ['position', 'attribute', 'play'])
        expect(groups.has(group), `${family} ${group}`).toBe(true);
    }
    const ssc = run('ssc', CI_DRAWS, hexNibbleModulo);
    expect(ssc.rows.find((r) => r.group === 'position')!.pValue).toBeLessThan(1e-12);
  }, 30_000);

  it('fails 六合彩 drawn with byte mod n (no rejection sampling)', () => {
    const result = run('lhc', CI_DRAWS, moduloBiased);
    expect(result.verdict.pass).toBe(false);
    // The first numbers drawn carry the bias whole (the last ones pick from a smaller, re-ordered pool).
    const positions = result.rows.filter((r) => r.group === 'position');
    expect(positions.slice(0, 4).every((r) => r.pValue < 1e-12)).toBe(true);
    expect(failingGroups(result).has('attribute')).toBe(true);
  }, 30_000);
});
