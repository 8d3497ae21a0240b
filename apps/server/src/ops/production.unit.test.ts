import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { defaultAdapters } from '../adapters/index.ts';
import { loadConfig } from '../config.ts';
import { TEST_DRAW_SEED_KEY } from '../test/keys.ts';
import { configProblems } from './production.ts';

/** Secrets as `openssl rand -hex 32` makes them: new on every call, published nowhere. */
const goodSecrets = () => ({
  APP_SECRET: randomBytes(32).toString('hex'),
  PAYMENT_GATEWAY_SECRET: randomBytes(32).toString('base64'),
  DRAW_SEED_KEY: randomBytes(32).toString('hex'),
});

const production = (env: Record<string, string> = {}) =>
  configProblems(loadConfig({ APP_ENV: 'production', ...env }), defaultAdapters());

describe('APP_ENV=production', () => {
  it('changes nothing without the switch: the demo runs with simulators, the seed and generated secrets', () => {
    const config = loadConfig({});
    expect(config.seedDemo).toBe(true);
    expect(configProblems(config, defaultAdapters())).toEqual([]);
  });

  it('names every problem of a bare production start, one line each', () => {
    const problems = production();
    expect(problems).toHaveLength(7);
    expect(problems[0]).toMatch(
      /^SPORTS_FEED=simulator is a simulator; .* or set ALLOW_SPORTS_SIMULATOR=true$/,
    );
    expect(problems[1]).toMatch(/^PAYMENT_GATEWAY=simulator is a simulator; .*ALLOW_PAYMENT_SIMULATOR=true$/);
    expect(problems[2]).toMatch(/^GAME_PROVIDER=simulator is a simulator; .*ALLOW_GAME_SIMULATOR=true$/);
    expect(problems[3]).toMatch(
      /^SMS_PROVIDER=simulator is a simulator; select a real SMS provider \(registered: simulator, aliyun\) or set ALLOW_SMS_SIMULATOR=true$/,
    );
    expect(problems[4]).toMatch(/^APP_SECRET is unset: .*ALLOW_GENERATED_APP_SECRET=true$/);
    expect(problems[5]).toMatch(/^PAYMENT_GATEWAY_SECRET is unset: .*ALLOW_GENERATED_GATEWAY_SECRET=true$/);
    expect(problems[6]).toMatch(/^DRAW_SEED_KEY is unset: .*openssl rand -hex 32`\)$/);
    for (const line of problems) expect(line).not.toContain('\n');
  });

  it('does not seed demo data unless told to, and refuses the seed unless it is allowed', () => {
    expect(loadConfig({ APP_ENV: 'production' }).seedDemo).toBe(false);
    expect(production({ SEED_DEMO: 'true' }).some((p) => p.startsWith('SEED_DEMO is on'))).toBe(true);
    expect(
      production({ SEED_DEMO: 'true', ALLOW_DEMO_SEED: 'true' }).some((p) => p.startsWith('SEED_DEMO')),
    ).toBe(false);
  });

  it('lets each item through by its own variable only (a staging site may run simulators)', () => {
    const allowed = production({
      ALLOW_SPORTS_SIMULATOR: 'true',
      ALLOW_GAME_SIMULATOR: '1',
      ALLOW_SMS_SIMULATOR: 'true',
      ...goodSecrets(),
    });
    expect(allowed).toEqual([expect.stringMatching(/^PAYMENT_GATEWAY=simulator is a simulator/)]);
    expect(production({ ALLOW_GENERATED_APP_SECRET: 'true' }).some((p) => p.startsWith('APP_SECRET'))).toBe(
      false,
    );
    expect(
      production({ ALLOW_GENERATED_GATEWAY_SECRET: 'true' }).some((p) =>
        p.startsWith('PAYMENT_GATEWAY_SECRET'),
      ),
    ).toBe(false);
  });

  it('names an adapter nobody registered', () => {
    expect(production({ PAYMENT_GATEWAY: 'acme-pay' })).toContain(
      'PAYMENT_GATEWAY=acme-pay is not a registered adapter (registered: simulator, epay)',
    );
  });

  it('refuses several workers on the embedded database with a clear message', () => {
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(
      'Invalid environment: WORKERS=2 needs PostgreSQL (DATABASE_URL); the embedded PGlite database belongs to one process',
    );
    expect(loadConfig({ WORKERS: '2', DATABASE_URL: 'postgres://db/app' }).realtime.driver).toBe('cluster');
    expect(
      loadConfig({ WORKERS: '2', DATABASE_URL: 'postgres://db/app', REDIS_URL: 'redis://r', APP_SECRET: 's' })
        .realtime.driver,
    ).toBe('redis');
  });

  it('refuses every published, short or low-entropy secret, one line each, with no ALLOW_* that lets it pass', () => {
    const allowEverything = {
      ALLOW_SPORTS_SIMULATOR: 'true',
      ALLOW_PAYMENT_SIMULATOR: 'true',
      ALLOW_GAME_SIMULATOR: 'true',
      ALLOW_SMS_SIMULATOR: 'true',
      ALLOW_DEMO_SEED: 'true',
      ALLOW_SEEDED_PASSWORDS: 'true',
      ALLOW_GENERATED_APP_SECRET: 'true',
      ALLOW_GENERATED_GATEWAY_SECRET: 'true',
    };
    expect(production({ ...allowEverything, ...goodSecrets() })).toEqual([]);
    const cases: Array<[string, string, RegExp]> = [
      ['DRAW_SEED_KEY', TEST_DRAW_SEED_KEY, /^DRAW_SEED_KEY is a value published in this repository/],
      ['DRAW_SEED_KEY', TEST_DRAW_SEED_KEY.toUpperCase(), /^DRAW_SEED_KEY is a value published/],
      ['DRAW_SEED_KEY', '0'.repeat(64), /^DRAW_SEED_KEY is low-entropy \(one character repeated \("0"\)\)/],
      ['DRAW_SEED_KEY', '5a'.repeat(32), /^DRAW_SEED_KEY is low-entropy \(a 2-character pattern repeated\)/],
      ['APP_SECRET', 'a', /^APP_SECRET has 0 bytes of key material, under 32/],
      [
        'APP_SECRET',
        'a-secret-shared-by-every-process',
        /^APP_SECRET has 24 bytes of key material, under 32/,
      ],
      ['APP_SECRET', randomBytes(16).toString('hex'), /^APP_SECRET has 16 bytes of key material, under 32/],
      [
        'PAYMENT_GATEWAY_SECRET',
        'x'.repeat(16),
        /^PAYMENT_GATEWAY_SECRET is low-entropy \(one character repeated/,
      ],
      [
        'PAYMENT_GATEWAY_SECRET',
        '0123456789abcdef'.repeat(4),
        /^PAYMENT_GATEWAY_SECRET is low-entropy \(a 16-character/,
      ],
      ['METRICS_TOKEN', 'metrics-token-0123456789', /^METRICS_TOKEN has 18 bytes of key material, under 32/],
      // A provider's key is held to 16 bytes: an 易支付 merchant key of 32 letters and digits passes.
      [
        'PAYMENT_GATEWAY_SECRET',
        'merchant-key-0123',
        /^PAYMENT_GATEWAY_SECRET has 12 bytes of key material, under 16; use the merchant key your payment gateway issued/,
      ],
      [
        'TRONGRID_API_KEY',
        'tg-key-0123',
        /^TRONGRID_API_KEY has 8 bytes of key material, under 16; use the API key TronGrid issued/,
      ],
      [
        'ALIYUN_SMS_ACCESS_KEY_SECRET',
        'aliyun-0123',
        /^ALIYUN_SMS_ACCESS_KEY_SECRET has 8 bytes of key material, under 16; use the AccessKey secret Aliyun issued/,
      ],
    ];
    for (const [variable, value, expected] of cases) {
      const problems = production({ ...allowEverything, ...goodSecrets(), [variable]: value });
      expect(problems, `${variable}=${value}`).toEqual([expect.stringMatching(expected)]);
      expect(problems[0]).toMatch(
        /(make one with `openssl rand -hex 32`|TronGrid issued for this site \(trongrid\.io dashboard\)|RAM user with SMS permission only)$/,
      );
    }
  });

  it('refuses TRUST_PROXY=true, which believes any X-Forwarded-For, and takes a hop count or addresses', () => {
    const trusting = production({ TRUST_PROXY: 'true' });
    expect(trusting).toContainEqual(
      expect.stringMatching(/^TRUST_PROXY=true believes any X-Forwarded-For .*TRUST_PROXY=1/),
    );
    for (const fine of ['1', '2', '10.0.0.0/8', '127.0.0.1,172.16.0.0/12']) {
      expect(production({ TRUST_PROXY: fine }).some((p) => p.startsWith('TRUST_PROXY'))).toBe(false);
    }
    // Outside production a developer may still trust everything.
    expect(configProblems(loadConfig({ TRUST_PROXY: 'true' }), defaultAdapters())).toEqual([]);
  });

  it('listens on loopback and serves the API docs by default; production hides the docs unless DOCS_PUBLIC', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({}).docsPublic).toBe(true);
    expect(loadConfig({ APP_ENV: 'production' }).docsPublic).toBe(false);
    expect(loadConfig({ APP_ENV: 'production', DOCS_PUBLIC: 'true' }).docsPublic).toBe(true);
  });
});
