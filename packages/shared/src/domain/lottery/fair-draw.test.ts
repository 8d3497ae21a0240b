import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  commitment,
  deriveOpenCode,
  deriveOpenNumbers,
  DrawByteStream,
  isSeedHex,
  verifyDraw,
} from './fair-draw.ts';
import {
  FAMILY_CODES,
  type FamilyCode,
  LOTTERY_FAMILIES,
  openCodeProblem,
  parseOpenCode,
} from './families.ts';
import { k3SumWays } from './plays/k3.ts';
import { sha256Hex } from './sha256.ts';

const SEED = sha256Hex('fixture seed');
const seedOf = (i: number) => sha256Hex(`seed-${i}`);

/** The published scheme, written again on node:crypto, as a member's own verifier would. */
function referenceDraw(family: FamilyCode, seed: string, period: string): number[] {
  let buffer = Buffer.alloc(0);
  let counter = 0;
  const next = () => {
    if (buffer.length === 0) buffer = createHmac('sha256', seed).update(`${period}:${counter++}`).digest();
    const byte = buffer[0]!;
    buffer = buffer.subarray(1);
    return byte;
  };
  const uniform = (n: number) => {
    for (;;) {
      const byte = next();
      if (byte < 256 - (256 % n)) return byte % n;
    }
  };
  const { count, min, max, distinct } = LOTTERY_FAMILIES[family].shape;
  if (distinct) {
    const pool = Array.from({ length: max - min + 1 }, (_, i) => min + i);
    for (let i = 0; i < count; i++) {
      const j = i + uniform(pool.length - i);
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    return pool.slice(0, count);
  }
  const numbers = Array.from({ length: count }, () => min + uniform(max - min + 1));
  return family === 'k3' ? numbers.sort((a, b) => a - b) : numbers;
}

describe('commitment', () => {
  it('is the SHA-256 of the seed text', () => {
    expect(commitment(SEED)).toBe(createHash('sha256').update(SEED).digest('hex'));
    expect(isSeedHex(SEED)).toBe(true);
    expect(isSeedHex(SEED.toUpperCase())).toBe(false);
    expect(isSeedHex(SEED.slice(1))).toBe(false);
    expect(() => commitment('not a seed')).toThrow();
  });
});

describe('deriveOpenCode', () => {
  it('follows the published scheme exactly', () => {
    for (const family of FAMILY_CODES) {
      for (let i = 0; i < 50; i++) {
        const period = `20260520${String(i).padStart(4, '0')}`;
        expect(deriveOpenNumbers(family, seedOf(i), period)).toEqual(
          referenceDraw(family, seedOf(i), period),
        );
      }
    }
  });

  it('is deterministic, canonical and valid for its family', () => {
    for (const family of FAMILY_CODES) {
      const code = deriveOpenCode(family, SEED, '202605200001');
      expect(deriveOpenCode(family, SEED, '202605200001')).toBe(code);
      const parsed = parseOpenCode(family, code);
      expect(parsed.ok).toBe(true);
      if (parsed.ok) expect(openCodeProblem(family, parsed.numbers)).toBeNull();
    }
    expect(deriveOpenCode('11x5', SEED, '202605200001')).toMatch(/^(0[1-9]|1[01])(,(0[1-9]|1[01])){4}$/);
    expect(deriveOpenCode('pk10', SEED, '1').split(',').sort()).toEqual([
      '01',
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      '09',
      '10',
    ]);
  });

  it('changes with the period and with the seed', () => {
    const codes = new Set<string>();
    for (let i = 0; i < 20; i++) codes.add(deriveOpenCode('lhc', SEED, `2026${String(i).padStart(3, '0')}`));
    expect(codes.size).toBe(20);
    expect(deriveOpenCode('lhc', seedOf(1), '2026001')).not.toBe(deriveOpenCode('lhc', seedOf(2), '2026001'));
  });

  it('refuses a malformed seed or an empty period', () => {
    expect(() => deriveOpenCode('k3', 'abc', '1')).toThrow();
    expect(() => deriveOpenCode('k3', SEED, '')).toThrow();
  });
});

describe('rejection sampling', () => {
  it('skips the bytes that would bias the modulo and keeps the rest', () => {
    // Replays the stream's bytes to see exactly which were skipped for n = 49 (limit 245).
    const raw = new DrawByteStream(SEED, 'bias');
    const bytes = Array.from({ length: 640 }, () => raw.nextByte());
    const sampler = new DrawByteStream(SEED, 'bias');
    const expected = bytes.filter((b) => b < 245).map((b) => b % 49);
    const drawn = Array.from({ length: expected.length }, () => sampler.uniform(49));
    expect(drawn).toEqual(expected);
    expect(bytes.some((b) => b >= 245)).toBe(true);
    expect(() => sampler.uniform(0)).toThrow();
    expect(() => sampler.uniform(257)).toThrow();
  });
});

describe('verifyDraw', () => {
  const period = '202605200042';
  const code = deriveOpenCode('pk10', SEED, period);

  it('accepts the derived open code as text or numbers', () => {
    expect(verifyDraw('pk10', SEED, commitment(SEED), period, code)).toEqual({ ok: true, openCode: code });
    expect(
      verifyDraw('pk10', SEED, commitment(SEED).toUpperCase(), period, code.split(',').map(Number)).ok,
    ).toBe(true);
  });

  it('catches a seed that does not match its commitment', () => {
    const result = verifyDraw('pk10', seedOf(9), commitment(SEED), period, code);
    expect(result.ok ? 'ok' : result.reason).toBe('commitment');
  });

  it('catches an altered open code or a different period', () => {
    const [first, second, ...rest] = code.split(',');
    const swapped = [second, first, ...rest].join(',');
    const altered = verifyDraw('pk10', SEED, commitment(SEED), period, swapped);
    expect(altered).toEqual({
      ok: false,
      reason: 'open_code',
      message: '开奖号码与种子推导结果不符',
      expected: code,
    });
    expect(verifyDraw('pk10', SEED, commitment(SEED), '202605200043', code).ok).toBe(false);
    expect(verifyDraw('pk10', SEED, commitment(SEED), period, '01,02').ok).toBe(false);
    expect(verifyDraw('pk10', 'xyz', commitment(SEED), period, code)).toMatchObject({
      ok: false,
      reason: 'seed',
    });
  });
});

/** Pearson chi-square of observed counts against expected counts. */
const chiSquare = (observed: readonly number[], expected: readonly number[]) =>
  observed.reduce((sum, o, i) => sum + (o - expected[i]!) ** 2 / expected[i]!, 0);
/** A loose bound: the mean plus eight standard deviations of the chi-square distribution. */
const looseBound = (df: number) => df + 8 * Math.sqrt(2 * df);

// 20,000 HMAC derivations per test: seconds alone, more beside the other tiers on two cores; the
// limit only catches a hang.
describe('uniformity over 20,000 seeds', { timeout: 120_000 }, () => {
  const SEEDS = 20_000;

  it('the chi-square check itself fails on a visibly biased distribution', () => {
    // Modulo without rejection: 256 mod 49 = 11, so 0–10 come up 6/256 instead of 5/256.
    const biased = Array.from({ length: 49 }, (_, v) => (v < 11 ? 6 : 5) * 2_000);
    const total = biased.reduce((a, b) => a + b, 0);
    expect(chiSquare(biased, Array<number>(49).fill(total / 49))).toBeGreaterThan(looseBound(48));
  });

  for (const family of FAMILY_CODES) {
    it(`${family}: every position shows every value about equally often`, () => {
      const { count, min, max } = LOTTERY_FAMILIES[family].shape;
      const size = max - min + 1;
      const counts = Array.from({ length: count }, () => Array<number>(size).fill(0));
      for (let i = 0; i < SEEDS; i++) {
        deriveOpenNumbers(family, seedOf(i), String(100_000 + i)).forEach((n, position) => {
          counts[position]![n - min]! += 1;
        });
      }
      // 快3 dice are sorted, so positions are not uniform there: check all dice together.
      const rows = family === 'k3' ? [counts.reduce((acc, row) => acc.map((c, v) => c + row[v]!))] : counts;
      for (const row of rows) {
        const total = row.reduce((a, b) => a + b, 0);
        expect(chiSquare(row, Array<number>(size).fill(total / size))).toBeLessThan(looseBound(size - 1));
      }
    });
  }

  it('快3 sums follow the dice distribution', () => {
    const observed = Array<number>(16).fill(0);
    for (let i = 0; i < SEEDS; i++) {
      const sum = deriveOpenNumbers('k3', seedOf(i), 'sum').reduce((a, b) => a + b, 0);
      observed[sum - 3]! += 1;
    }
    const expected = observed.map((_, i) => (SEEDS * k3SumWays(i + 3)) / 216);
    expect(chiSquare(observed, expected)).toBeLessThan(looseBound(15));
  });
});
