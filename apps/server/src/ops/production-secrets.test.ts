/**
 * Issue 37, point 1: `APP_ENV=production` started for real (server.ts, as the image runs it) once
 * with each bad secret, everything else allowed, refuses to start with one line naming the
 * secret and saying how to make one. Before: each of these started and served.
 */
import { randomBytes } from 'node:crypto';
import { describe, it } from 'vitest';
import { TEST_DRAW_SEED_KEY } from '../test/keys.ts';
import { spawnServer } from '../test/processes.ts';
import { EXIT_REFUSED } from './cluster.ts';

const EVERYTHING_ELSE_ALLOWED = {
  APP_ENV: 'production',
  ALLOW_SPORTS_SIMULATOR: 'true',
  ALLOW_PAYMENT_SIMULATOR: 'true',
  ALLOW_GAME_SIMULATOR: 'true',
  ALLOW_SMS_SIMULATOR: 'true',
  ALLOW_GENERATED_APP_SECRET: 'true',
  ALLOW_GENERATED_GATEWAY_SECRET: 'true',
};

const BAD: Array<[variable: string, value: string, line: RegExp]> = [
  ['DRAW_SEED_KEY', TEST_DRAW_SEED_KEY, /DRAW_SEED_KEY is a value published in this repository/],
  ['DRAW_SEED_KEY', '0'.repeat(64), /DRAW_SEED_KEY is low-entropy \(one character repeated \("0"\)\)/],
  ['APP_SECRET', 'a', /APP_SECRET has 0 bytes of key material, under 32/],
  [
    'PAYMENT_GATEWAY_SECRET',
    'x'.repeat(16),
    /PAYMENT_GATEWAY_SECRET is low-entropy \(one character repeated/,
  ],
  ['METRICS_TOKEN', 'abcdefghijklmnopqrstuvwxyz', /METRICS_TOKEN has 19 bytes of key material, under 32/],
];

// Starting processes needs no database: once is enough, on the PGlite run. Six servers start side by
// side, each compiling the server first: on two loaded cores that took 98 s, past the module tier's
// 90 s limit, so these carry a limit of their own (it catches a hang, it times nothing).
describe.skipIf(process.env.TEST_DB === 'postgres')(
  'a production start with a bad secret',
  { timeout: 300_000 },
  () => {
    it.concurrent.for(BAD)(
      'refuses %s=%s in one line that says how to make a good one',
      async ([variable, value, line], { expect }) => {
        const server = await spawnServer({
          ...EVERYTHING_ELSE_ALLOWED,
          DRAW_SEED_KEY: randomBytes(32).toString('hex'),
          [variable]: value,
        });
        const code = await server.exited;
        const refusals = server
          .stderr()
          .split('\n')
          .filter((l) => l.startsWith('refusing to start'));
        expect(code, server.output()).toBe(EXIT_REFUSED);
        expect(refusals).toEqual([
          expect.stringMatching(
            new RegExp(
              // A provider's key (the gateway's merchant key) is told where one comes from first.
              `^refusing to start \\(APP_ENV=production\\): ${line.source}.*[;,] (or for the simulator )?make one with \`openssl rand -hex 32\`$`,
            ),
          ),
        ]);
      },
    );

    it.concurrent(
      'refuses TRUST_PROXY=true and names the hop count or addresses to set instead',
      async ({ expect }) => {
        const server = await spawnServer({
          ...EVERYTHING_ELSE_ALLOWED,
          DRAW_SEED_KEY: randomBytes(32).toString('hex'),
          TRUST_PROXY: 'true',
        });
        expect(await server.exited, server.output()).toBe(EXIT_REFUSED);
        expect(server.stderr()).toMatch(
          /^refusing to start \(APP_ENV=production\): TRUST_PROXY=true believes any X-Forwarded-For .*TRUST_PROXY=1 .*TRUST_PROXY=10\.0\.0\.0\/8\)$/m,
        );
      },
    );
  },
);
