import { describe, expect, it } from 'vitest';
import { defaultAdapters } from '../adapters/index.ts';
import { loadConfig } from '../config.ts';
import { configProblems } from './production.ts';

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
    expect(problems).toHaveLength(6);
    expect(problems[0]).toMatch(
      /^SPORTS_FEED=simulator is a simulator; .* or set ALLOW_SPORTS_SIMULATOR=true$/,
    );
    expect(problems[1]).toMatch(/^PAYMENT_GATEWAY=simulator is a simulator; .*ALLOW_PAYMENT_SIMULATOR=true$/);
    expect(problems[2]).toMatch(/^GAME_PROVIDER=simulator is a simulator; .*ALLOW_GAME_SIMULATOR=true$/);
    expect(problems[3]).toMatch(/^APP_SECRET is unset: .*ALLOW_GENERATED_APP_SECRET=true$/);
    expect(problems[4]).toMatch(/^PAYMENT_GATEWAY_SECRET is unset: .*ALLOW_GENERATED_GATEWAY_SECRET=true$/);
    expect(problems[5]).toMatch(/^DRAW_SEED_KEY is unset: .*openssl rand -hex 32`\)$/);
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
      APP_SECRET: 'a-secret-shared-by-every-process',
      PAYMENT_GATEWAY_SECRET: 'merchant-secret-0123456789',
      DRAW_SEED_KEY: 'ab'.repeat(32),
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
      'PAYMENT_GATEWAY=acme-pay is not a registered adapter (registered: simulator)',
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
});
