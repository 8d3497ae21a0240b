/**
 * What makes a secret unfit for real money (issue 37, point 1). Under APP_ENV=production every
 * configured secret must have at least 32 bytes of key material, must not be plainly low-entropy,
 * and must not be a value this repository publishes: anyone who reads the source could sign
 * channel subscriptions with it, forge a payment callback, or compute the lottery's open codes
 * before their draw. No ALLOW_* variable lets a weak or published secret through.
 */
import { createHash } from 'node:crypto';
import { PUBLISHED_SECRET_DIGESTS } from './published-secrets.ts';

/** Every secret the server reads from its environment; a new one is added here and is checked at once. */
export const SECRET_VARIABLES = [
  'DRAW_SEED_KEY',
  'APP_SECRET',
  'PAYMENT_GATEWAY_SECRET',
  'METRICS_TOKEN',
  'TRONGRID_API_KEY',
  'ALIYUN_SMS_ACCESS_KEY_SECRET',
] as const;
export type SecretVariable = (typeof SECRET_VARIABLES)[number];

/**
 * Keys a provider issues rather than the operator makes: their length is the provider's (易支付
 * merchant keys are 32 letters and digits, about 23 bytes; TronGrid keys are UUIDs), so they are
 * held to a lower floor, and the advice names where a good one comes from. Published and plainly
 * made-up values are refused all the same.
 */
const PROVIDER_ISSUED: Partial<Record<string, { minBytes: number; advice: string }>> = {
  PAYMENT_GATEWAY_SECRET: {
    minBytes: 16,
    advice:
      'use the merchant key your payment gateway issued, or for the simulator make one with `openssl rand -hex 32`',
  },
  TRONGRID_API_KEY: {
    minBytes: 16,
    advice: 'use the API key TronGrid issued for this site (trongrid.io dashboard)',
  },
  // Aliyun AccessKey secrets are 30 letters and digits (about 22 bytes).
  ALIYUN_SMS_ACCESS_KEY_SECRET: {
    minBytes: 16,
    advice: 'use the AccessKey secret Aliyun issued for a RAM user with SMS permission only',
  },
};

/** The least key material a secret may carry: 32 bytes, what `openssl rand -hex 32` makes. */
export const MIN_SECRET_BYTES = 32;

export const HOW_TO_MAKE_ONE = 'make one with `openssl rand -hex 32`';

const HEX = /^[0-9a-fA-F]+$/;
const ALPHANUMERIC = /^[A-Za-z0-9]+$/;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/**
 * The form a secret is compared in: hex is case-insensitive (DRAW_SEED_KEY is lower-cased when
 * read), everything else exact. Surrounding blanks are what a pasted value often carries.
 */
export function normaliseSecret(value: string): string {
  const trimmed = value.trim();
  return HEX.test(trimmed) ? trimmed.toLowerCase() : trimmed;
}

/** SHA-256 of the normalised value: what the published list holds, so it publishes no value itself. */
export function secretDigest(value: string): string {
  return createHash('sha256').update(normaliseSecret(value), 'utf8').digest('hex');
}

/**
 * Bytes of key material a value can carry at most: its length times the bits per character of the
 * smallest usual alphabet it is written in (hex 4, letters and digits log2 62, base64 6, any
 * printable character log2 95), over 8. `openssl rand -hex 32` gives 32; `-base64 32` gives 32.
 */
export function keyMaterialBytes(value: string): number {
  const v = value.trim();
  if (v.length === 0) return 0;
  const bitsPerChar = HEX.test(v)
    ? 4
    : ALPHANUMERIC.test(v)
      ? Math.log2(62)
      : BASE64.test(v)
        ? 6
        : Math.log2(95);
  const padding = v.length - v.replace(/=+$/, '').length;
  return Math.floor(((v.length - padding) * bitsPerChar) / 8);
}

/**
 * Why a value is plainly low-entropy, in words, or undefined: one character repeated, a short
 * pattern repeated (`abab…`, `0123456789abcdef0123…`), or few distinct characters for its length.
 */
export function lowEntropyReason(value: string): string | undefined {
  const v = normaliseSecret(value);
  if (v.length === 0) return undefined;
  const period = repeatingPeriod(v);
  if (period === 1) return `one character repeated ("${v[0]}")`;
  if (period !== undefined) return `a ${period}-character pattern repeated`;
  const distinct = new Set(v).size;
  // 64 random hex characters show fewer than 8 distinct ones with a chance of about 1e-19: no accident.
  if (v.length >= 16 && distinct < 8) return `only ${distinct} different characters`;
  return undefined;
}

/** The shortest p < length/2 (at most 16) such that the value is its first p characters repeated. */
function repeatingPeriod(v: string): number | undefined {
  const longest = Math.min(16, Math.floor(v.length / 2));
  for (let p = 1; p <= longest; p++) {
    let repeats = true;
    for (let i = p; i < v.length && repeats; i++) repeats = v[i] === v[i - p];
    if (repeats) return p;
  }
  return undefined;
}

/** True when this repository holds the value (source, tests, docs, examples): see cli/published-secrets.ts. */
export function isPublishedSecret(value: string): boolean {
  return PUBLISHED_SECRET_DIGESTS.has(secretDigest(value));
}

/**
 * What is wrong with one secret's value, in words that end by saying how to make a good one, or
 * undefined when it is fit for production. The first problem found is named; fixing it by making
 * a new random value fixes them all.
 */
export function secretProblem(variable: string, value: string): string | undefined {
  const issued = PROVIDER_ISSUED[variable];
  const advice = issued?.advice ?? HOW_TO_MAKE_ONE;
  const minBytes = issued?.minBytes ?? MIN_SECRET_BYTES;
  if (isPublishedSecret(value)) {
    return `${variable} is a value published in this repository (anyone who reads the source has it); ${advice}`;
  }
  const low = lowEntropyReason(value);
  if (low) return `${variable} is low-entropy (${low}); ${advice}`;
  const bytes = keyMaterialBytes(value);
  if (bytes < minBytes) {
    return `${variable} has ${bytes} byte${bytes === 1 ? '' : 's'} of key material, under ${minBytes}; ${advice}`;
  }
  return undefined;
}

/** One line per configured secret that is unfit for production, in SECRET_VARIABLES' order. */
export function secretProblems(secrets: Partial<Record<SecretVariable, string | undefined>>): string[] {
  const problems: string[] = [];
  for (const variable of SECRET_VARIABLES) {
    const value = secrets[variable];
    if (value === undefined) continue;
    const problem = secretProblem(variable, value);
    if (problem) problems.push(problem);
  }
  return problems;
}
