/**
 * Provably fair draws. Before a period opens the server publishes commitment(seed); at the
 * draw it publishes the seed, and anyone derives the open code from (seed, period number):
 *
 *   commitment = SHA-256(seed)                      seed: 64 lower-case hex characters, hashed as text
 *   block i    = HMAC-SHA-256(key = seed, message = "<period>:<i>"), i = 0, 1, 2, …  (key and message as UTF-8 text)
 *   bytes      = block 0 ‖ block 1 ‖ …  consumed one byte at a time
 *   uniform(n) = the next byte b with b < 256 − (256 mod n), as b mod n (larger bytes are skipped: no modulo bias)
 *
 * Numbers drawn with replacement (快3, 时时彩) are min + uniform(max − min + 1) each; numbers drawn
 * without replacement (PK10, 11选5, 六合彩) come from a Fisher–Yates shuffle of min..max:
 * for i = 0 … count − 1, swap pool[i] with pool[i + uniform(size − i)], then take pool[0 … count − 1].
 * 快3 dice are then sorted ascending.
 */
import {
  FAMILY_CODES,
  type FamilyCode,
  formatOpenCode,
  LOTTERY_FAMILIES,
  parseOpenCode,
} from './families.ts';
import { hmacSha256, sha256Hex, utf8Bytes } from './sha256.ts';

/** A draw seed: 32 random bytes written as 64 lower-case hex characters. */
export const SEED_PATTERN = /^[0-9a-f]{64}$/;
export const isSeedHex = (seed: string): boolean => SEED_PATTERN.test(seed);

/** The published commitment of a seed: SHA-256 of its hex text, as hex. */
export function commitment(seedHex: string): string {
  assertSeed(seedHex);
  return sha256Hex(seedHex);
}

function assertSeed(seedHex: string): void {
  if (!isSeedHex(seedHex)) throw new Error('seed must be 64 lower-case hex characters');
}

/** The HMAC byte stream of one draw. */
export class DrawByteStream {
  private readonly key: Uint8Array;
  private readonly period: string;
  private block: Uint8Array = new Uint8Array(0);
  private position = 0;
  private counter = 0;

  constructor(seedHex: string, period: string) {
    this.key = utf8Bytes(seedHex);
    this.period = period;
  }

  nextByte(): number {
    if (this.position >= this.block.length) {
      this.block = hmacSha256(this.key, utf8Bytes(`${this.period}:${this.counter}`));
      this.counter += 1;
      this.position = 0;
    }
    const byte = this.block[this.position]!;
    this.position += 1;
    return byte;
  }

  /** A uniform integer in [0, n) by rejection sampling, 1 ≤ n ≤ 256. */
  uniform(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > 256) throw new Error('uniform(n) needs 1 ≤ n ≤ 256');
    const limit = 256 - (256 % n);
    for (;;) {
      const byte = this.nextByte();
      if (byte < limit) return byte % n;
    }
  }
}

/** The drawn numbers of a period, in draw order (快3 sorted). */
export function deriveOpenNumbers(family: FamilyCode, seedHex: string, period: string): number[] {
  assertSeed(seedHex);
  if (period.length === 0) throw new Error('period number is required');
  const { shape } = LOTTERY_FAMILIES[family];
  const stream = new DrawByteStream(seedHex, period);
  const size = shape.max - shape.min + 1;
  if (shape.distinct) {
    const pool = Array.from({ length: size }, (_, i) => shape.min + i);
    for (let i = 0; i < shape.count; i++) {
      const j = i + stream.uniform(size - i);
      const picked = pool[j]!;
      pool[j] = pool[i]!;
      pool[i] = picked;
    }
    return pool.slice(0, shape.count);
  }
  const numbers = Array.from({ length: shape.count }, () => shape.min + stream.uniform(size));
  return family === 'k3' ? numbers.sort((a, b) => a - b) : numbers;
}

/** The canonical open code text of a period, derived from its seed. */
export function deriveOpenCode(family: FamilyCode, seedHex: string, period: string): string {
  return formatOpenCode(family, deriveOpenNumbers(family, seedHex, period));
}

export type DrawVerification =
  | { ok: true; openCode: string }
  | { ok: false; reason: 'seed' | 'commitment' | 'open_code'; message: string; expected?: string };

/**
 * Checks a published draw: the seed matches its commitment and the open code is the one the
 * seed derives for the period. The open code may be given as text or numbers.
 */
export function verifyDraw(
  family: FamilyCode,
  seedHex: string,
  commitmentHex: string,
  period: string,
  openCode: string | readonly number[],
): DrawVerification {
  if (!FAMILY_CODES.includes(family)) return { ok: false, reason: 'open_code', message: '未知彩种' };
  if (!isSeedHex(seedHex))
    return { ok: false, reason: 'seed', message: '种子格式不正确（须为64位小写十六进制）' };
  if (sha256Hex(seedHex) !== commitmentHex.trim().toLowerCase()) {
    return { ok: false, reason: 'commitment', message: '种子与开奖前公布的承诺值不符' };
  }
  const expectedNumbers = deriveOpenNumbers(family, seedHex, period);
  const expected = formatOpenCode(family, expectedNumbers);
  const given =
    typeof openCode === 'string' ? parseOpenCode(family, openCode) : { ok: true as const, numbers: openCode };
  if (!given.ok) return { ok: false, reason: 'open_code', message: given.message, expected };
  const same =
    given.numbers.length === expectedNumbers.length &&
    given.numbers.every((n, i) => n === expectedNumbers[i]);
  if (!same) return { ok: false, reason: 'open_code', message: '开奖号码与种子推导结果不符', expected };
  return { ok: true, openCode: expected };
}
