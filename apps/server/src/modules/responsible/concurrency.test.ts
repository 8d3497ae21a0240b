/**
 * Concurrent requests of one member cannot pass a limit together: every money path locks the
 * member's limit rows before it reads usage. On PGlite (one connection) the requests queue anyway;
 * the module-pg project runs this file on PostgreSQL, where they really race (READ COMMITTED).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { newMember, TEST_START, type TestApp, type TestMember } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import {
  createSportsApp,
  fund,
  oddsOf,
  openMatches,
  submit,
  type MatchRow,
} from '../../test/sports-helpers.ts';
import { GAME_TEST_ENV } from '../games/testing.ts';
import { fundLottery, openPeriod, placeBets } from '../lottery/testing.ts';
import { depositOrder, gameTransfer, limitOf, setLimit } from './testing.ts';

const REQUESTS = 20;
const clock = new ManualClock(TEST_START);
let t: TestApp;
let match: MatchRow;

beforeAll(async () => {
  t = await createSportsApp(GAME_TEST_ENV, clock);
  match = (await openMatches(t, 'football', 1))[0]!;
}, 120_000);
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

async function member(): Promise<TestMember> {
  const m = await newMember(t.app);
  await fund(t, m, 1_000_000n);
  await fundLottery(t, m, 100_000n);
  return m;
}

/** Fires `REQUESTS` at once and counts the answers by status; logs how long the burst took. */
async function burst(label: string, fire: (i: number) => Promise<{ statusCode: number }>) {
  const started = performance.now();
  const answers = await Promise.all(Array.from({ length: REQUESTS }, (_, i) => fire(i)));
  const ms = Math.round(performance.now() - started);
  const counts = new Map<number, number>();
  for (const a of answers) counts.set(a.statusCode, (counts.get(a.statusCode) ?? 0) + 1);
  console.log(
    `${label} on ${process.env.TEST_DB}: ${REQUESTS} at once in ${ms} ms →`,
    Object.fromEntries(counts),
  );
  return counts;
}

describe('concurrent requests of one member against a limit', () => {
  it('sports submits: a stake limit allowing exactly 7 lets exactly 7 through', async () => {
    const m = await member();
    await setLimit(t, m, 'stake', 'day', '14');
    const { odds } = await oddsOf(t, match.id, 'football.winDrawLose');
    const counts = await burst('sports submits', () =>
      submit(t, m, {
        sport_type: 1,
        bet_mode: 'single',
        multiple: 1,
        selections: [{ match_id: match.id, bet_type: 'winDrawLose', option: 'h', odds: odds['h'] }],
      }),
    );
    expect(counts.get(200)).toBe(7);
    expect(counts.get(422)).toBe(REQUESTS - 7);
    expect(await limitOf(t, m, 'stake', 'day')).toMatchObject({ used: '14.00', remaining: '0.00' });
  });

  it('lottery bets: a loss limit allowing exactly 5 lets exactly 5 through', async () => {
    const m = await member();
    await setLimit(t, m, 'loss', 'week', '20');
    const period = await openPeriod(t, 'k3_1m', 30_000);
    const counts = await burst('lottery bets', () =>
      placeBets(t, m, 'k3_1m', period.number, [{ play_code: 'k3_hz', bet_codes: '4', multiple: 2 }]),
    );
    expect(counts.get(200)).toBe(5);
    expect(counts.get(422)).toBe(REQUESTS - 5);
    expect((await limitOf(t, m, 'loss', 'week')).used).toBe('20.00');
  });

  it('deposit orders: a deposit limit allowing exactly 4 open orders lets exactly 4 through', async () => {
    const m = await member();
    await setLimit(t, m, 'deposit', 'month', '400');
    const counts = await burst('deposit orders', () => depositOrder(t, m, '100'));
    expect(counts.get(200)).toBe(4);
    expect(counts.get(422)).toBe(REQUESTS - 4);
  });

  it('sports, lottery and game transfers together share one stake limit', async () => {
    const m = await member();
    await setLimit(t, m, 'stake', 'day', '30');
    const { odds } = await oddsOf(t, match.id, 'football.winDrawLose');
    const period = await openPeriod(t, 'k3_1m', 30_000);
    const counts = await burst('mixed stakes (2 元 each)', (i) =>
      i % 3 === 0
        ? submit(t, m, {
            sport_type: 1,
            bet_mode: 'single',
            multiple: 1,
            selections: [{ match_id: match.id, bet_type: 'winDrawLose', option: 'h', odds: odds['h'] }],
          })
        : i % 3 === 1
          ? placeBets(t, m, 'k3_1m', period.number, [{ play_code: 'k3_hz', bet_codes: '4', multiple: 1 }])
          : gameTransfer(t, m, 'in', '2'),
    );
    expect(counts.get(200)).toBe(15);
    expect((await limitOf(t, m, 'stake', 'day')).used).toBe('30.00');
  });
});
