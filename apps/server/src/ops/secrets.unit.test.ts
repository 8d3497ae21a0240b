import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  PUBLISHED_LIST,
  publishedListSource,
  scanRepository,
  secretCandidates,
} from '../cli/published-secrets.ts';
import { TEST_DRAW_SEED_KEY } from '../test/keys.ts';
import { ENV_VARIABLES } from '../config.ts';
import { PUBLISHED_SECRET_DIGESTS } from './published-secrets.ts';
import {
  isPublishedSecret,
  keyMaterialBytes,
  lowEntropyReason,
  SECRET_VARIABLES,
  secretDigest,
  secretProblem,
} from './secrets.ts';

describe('key material', () => {
  it('counts what each alphabet can carry: hex 4 bits a character, base64 6, any printable about 6.6', () => {
    expect(keyMaterialBytes(randomBytes(32).toString('hex'))).toBe(32);
    expect(keyMaterialBytes(randomBytes(32).toString('base64'))).toBe(32);
    expect(keyMaterialBytes(randomBytes(32).toString('base64url'))).toBe(32);
    expect(keyMaterialBytes(randomBytes(31).toString('hex'))).toBe(31);
    expect(keyMaterialBytes('a')).toBe(0);
    // 43 letters and digits carry 32 bytes; 42 do not.
    expect(keyMaterialBytes('Az9'.repeat(14) + 'A')).toBe(32);
    expect(keyMaterialBytes('Az9'.repeat(14))).toBe(31);
    expect(keyMaterialBytes('!'.repeat(39))).toBe(32);
    expect(keyMaterialBytes('  ')).toBe(0);
  });
});

describe('low entropy', () => {
  it('names one repeated character, a short repeated pattern and a small set of characters', () => {
    expect(lowEntropyReason('0'.repeat(64))).toBe('one character repeated ("0")');
    expect(lowEntropyReason('x'.repeat(16))).toBe('one character repeated ("x")');
    expect(lowEntropyReason('ab'.repeat(32))).toBe('a 2-character pattern repeated');
    expect(lowEntropyReason('AB'.repeat(32))).toBe('a 2-character pattern repeated');
    expect(lowEntropyReason('0123456789abcdef'.repeat(4))).toBe('a 16-character pattern repeated');
    expect(lowEntropyReason('0101011100110101'.repeat(3) + '1110')).toBe('only 2 different characters');
    for (let i = 0; i < 200; i++) {
      expect(lowEntropyReason(randomBytes(32).toString('hex'))).toBeUndefined();
      expect(lowEntropyReason(randomBytes(32).toString('base64'))).toBeUndefined();
    }
  });
});

describe('a secret fit for production', () => {
  it('is any fresh `openssl rand -hex 32` or `-base64 32`', () => {
    for (let i = 0; i < 50; i++) {
      expect(secretProblem('APP_SECRET', randomBytes(32).toString('hex'))).toBeUndefined();
      expect(secretProblem('APP_SECRET', randomBytes(32).toString('base64'))).toBeUndefined();
    }
  });

  it('is never the tests’ draw key, in either case, with blanks around it or not', () => {
    expect(isPublishedSecret(TEST_DRAW_SEED_KEY)).toBe(true);
    expect(isPublishedSecret(TEST_DRAW_SEED_KEY.toUpperCase())).toBe(true);
    expect(isPublishedSecret(` ${TEST_DRAW_SEED_KEY}\n`)).toBe(true);
    expect(secretProblem('DRAW_SEED_KEY', TEST_DRAW_SEED_KEY)).toBe(
      'DRAW_SEED_KEY is a value published in this repository (anyone who reads the source has it); make one with `openssl rand -hex 32`',
    );
  });
});

describe('the published list', () => {
  it('holds the digest of every secret-shaped value in the repository (npm run secrets:published -w @app/server rewrites it)', () => {
    const digests = scanRepository();
    const missing = digests.filter((d) => !PUBLISHED_SECRET_DIGESTS.has(d));
    expect(
      missing,
      'run `npm run secrets:published -w @app/server` and commit ops/published-secrets.ts',
    ).toEqual([]);
    expect(fs.readFileSync(PUBLISHED_LIST, 'utf8')).toBe(publishedListSource(digests));
    expect(PUBLISHED_SECRET_DIGESTS.has(secretDigest(TEST_DRAW_SEED_KEY))).toBe(true);
  });

  it('finds keys in the shapes they are written in, and nothing short or plainly made up', () => {
    const hex = randomBytes(32).toString('hex');
    const base64 = 'Zq3' + randomBytes(40).toString('base64url');
    const phrase = 'a-long-but-readable-secret-that-someone-typed-2026';
    const env = `x${randomBytes(30).toString('base64')}!`;
    const text = [
      `const SEED = '${hex}';`,
      `// see ${base64} in the vault`,
      `  APP_SECRET: '${phrase}',`,
      `PAYMENT_GATEWAY_SECRET=${env}`,
      `const label = 'A-long-but-readable-label-of-something-else';`,
      `APP_SECRET: '${'ab'.repeat(32)}',`,
      `APP_SECRET: 'short-one',`,
      `const OTHER_KEY = \`prefix-\${value}-interpolated-is-not-a-literal-value\`;`,
    ].join('\n');
    expect(secretCandidates(text).sort()).toEqual([hex, base64, phrase, env].sort());
  });
});

describe('the secrets production checks', () => {
  it('are every variable named like a secret, so one added later is checked without being listed by hand', () => {
    // APP_KEY is the Pusher app key every client is sent; ALLOW_* are switches, not secrets.
    const named = ENV_VARIABLES.filter(
      (v) => /(SECRET|TOKEN|_KEY|PASSWORD)$/.test(v) && v !== 'APP_KEY' && !v.startsWith('ALLOW_'),
    );
    expect([...named].sort()).toEqual([...SECRET_VARIABLES].sort());
  });
});
