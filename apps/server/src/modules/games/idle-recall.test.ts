import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { TEST_DRAW_SEED_KEY } from '../../test/keys.ts';
import { ManualClock } from '../../lib/clock.ts';
import {
  as,
  body,
  createTestApp,
  newMember,
  TEST_START,
  type TestApp,
  type TestMember,
} from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { ledgerEntries } from '../ledger/ledger.table.ts';
import { messages } from '../messages/messages.table.ts';
import {
  enterGame,
  fundMain,
  GAME_TEST_ENV,
  mainOf,
  play,
  providerOf,
  transfer,
  transfersOf,
} from './testing.ts';

const MINUTE = 60_000;
let t: TestApp;
const clock = new ManualClock(TEST_START);
beforeAll(async () => {
  t = await createTestApp({ ...GAME_TEST_ENV, GAME_IDLE_RECALL_MINUTES: '30' }, undefined, undefined, clock);
});
afterEach(async () => {
  t.app.services.demoProvider.clearFaults();
  await expectLedgerBalanced(t);
});
afterAll(() => t.close());

const sim = () => t.app.services.demoProvider;
const recall = (app = t) => app.app.services.gameIdleRecall.run(clock.now());
const recallOf = (m: TestMember) => t.app.services.gameIdleRecall.run(clock.now(), { memberId: m.id });

/** A member who moved `fen` into the game wallet, entered the slot and spun `spins` times at 1.00. */
async function playing(fen: bigint, spins: number): Promise<{ m: TestMember; session: string }> {
  const m = await newMember(t.app);
  await fundMain(t, m, 100_000n);
  expect(body(await transfer(t, m, { type: 'in', amount: String(fen / 100n) })).code).toBe(200);
  const { session } = await enterGame(t, m, 'jc_fortune');
  for (let i = 0; i < spins; i++) expect((await play(t, session, { bet: '1.00' })).statusCode).toBe(200);
  return { m, session };
}

/** The member's recall transfers (keyed `idle-recall:…`). */
async function recallsOf(m: TestMember) {
  return (await transfersOf(t, m)).filter((r) => r.clientKey?.startsWith('idle-recall:'));
}

describe('the idle recall of game wallets', () => {
  it('moves the exact balance of a wallet idle for 30 minutes back to main, once, and tells the member', async () => {
    const { m } = await playing(30_000n, 3);
    const left = await providerOf(t, m);
    const main = await mainOf(t, m);
    expect(main).toBe(70_000n);

    // 29 minutes after the last round: still within the window, nothing moves.
    clock.advance(29 * MINUTE);
    await recall();
    expect(await providerOf(t, m)).toBe(left);
    expect(await recallsOf(m)).toEqual([]);

    // Past it: exactly the wallet's balance comes back, through one transfer out.
    clock.advance(2 * MINUTE);
    expect(await recallOf(m)).toMatchObject({
      checked: 1,
      recalled: left > 0n ? 1 : 0,
      amount: left,
      unsettled: 0,
    });
    expect(await providerOf(t, m)).toBe(0n);
    expect(await mainOf(t, m)).toBe(main + left);
    const [row, ...more] = await recallsOf(m);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ direction: 'out', everything: 1, status: 'completed', amount: left });

    // The ledger entry and the inbox say what happened.
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.memberId, m.id), eq(ledgerEntries.type, 'game_out')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      amount: left,
      remark: '离开游戏后闲置超时，游戏钱包余额自动转回主钱包',
    });
    const inbox = await t.database.db.select().from(messages).where(eq(messages.memberId, m.id));
    expect(inbox.filter((x) => x.title === '游戏余额已转回主钱包')).toHaveLength(1);

    // The job again, now and an hour later: nothing more moves, no other transfer is made.
    await recall();
    clock.advance(60 * MINUTE);
    await t.app.services.jobs.runNow('game-idle-recall');
    expect(await mainOf(t, m)).toBe(main + left);
    expect(await transfersOf(t, m)).toHaveLength(2);
  });

  it('leaves alone a member still playing in an old launch, and one the provider cannot speak for', async () => {
    const { m, session } = await playing(20_000n, 1);
    // One launch, one transfer, 40 minutes ago and more; rounds every 4 minutes since.
    for (let i = 0; i < 10; i++) {
      clock.advance(4 * MINUTE);
      expect((await play(t, session, { bet: '1.00' })).statusCode).toBe(200);
      await recall();
    }
    expect(await recallsOf(m)).toEqual([]);
    const left = await providerOf(t, m);

    // Quiet for 31 minutes, but the provider does not answer: still nothing moves.
    clock.advance(31 * MINUTE);
    sim().failNext('lastActivity', 'reject');
    expect(await recallOf(m)).toMatchObject({ checked: 1, active: 1, recalled: 0 });
    expect(await providerOf(t, m)).toBe(left);

    // A game launched a minute ago counts as play too.
    await enterGame(t, m, 'jc_fortune');
    clock.advance(MINUTE);
    expect(await recallOf(m)).toMatchObject({ checked: 0 });

    clock.advance(30 * MINUTE);
    await recall();
    expect(await providerOf(t, m)).toBe(0n);
    expect(await mainOf(t, m)).toBe(80_000n + left);
  });

  it('moves the balance once when two processes run the recall together, and beside the member’s 全部转出', async () => {
    const other = await createTestApp(
      { ...GAME_TEST_ENV, GAME_IDLE_RECALL_MINUTES: '30' },
      undefined,
      { database: t.database },
      clock,
    );
    try {
      const a = await playing(40_000n, 2);
      const b = await playing(50_000n, 2);
      const leftA = await providerOf(t, a.m);
      const leftB = await providerOf(t, b.m);
      clock.advance(31 * MINUTE);

      await Promise.all([
        recall(),
        recall(other),
        // Member b taps 全部转出 on another phone at the same moment.
        transfer(t, b.m, { type: 'out', amount: 0 }),
      ]);
      expect(await providerOf(t, a.m)).toBe(0n);
      expect(await mainOf(t, a.m)).toBe(60_000n + leftA);
      // One recall transfer for a: both processes named it by the same key.
      expect(await recallsOf(a.m)).toHaveLength(1);
      expect(await providerOf(t, b.m)).toBe(0n);
      expect(await mainOf(t, b.m)).toBe(50_000n + leftB);
      const moved = (await transfersOf(t, b.m))
        .filter((r) => r.direction === 'out')
        .reduce((sum, r) => sum + r.amount, 0n);
      expect(moved).toBe(leftB);

      await Promise.all([recall(), recall(other)]);
      expect(await mainOf(t, a.m)).toBe(60_000n + leftA);
      expect(await mainOf(t, b.m)).toBe(50_000n + leftB);
    } finally {
      await other.close();
    }
  });

  it('finishes a recall whose request was lost: reconciliation settles it as nothing moved, the next run moves the money', async () => {
    const { m } = await playing(10_000n, 1);
    const left = await providerOf(t, m);
    clock.advance(31 * MINUTE);
    sim().failNext('transferOut', 'lose-request');
    // The recall's transfer waits for an answer that never comes: past the time limit, pending.
    const running = recallOf(m);
    await expect.poll(async () => (await recallsOf(m)).length).toBe(1);
    await clock.untilSleeping();
    clock.advance(t.config.games.timeoutMs);
    expect(await running).toMatchObject({ checked: 1, unsettled: 1 });
    // In flight: no run touches it until reconciliation has settled it.
    expect((await recallOf(m)).checked).toBe(0);
    await t.app.services.gameTransfers.reconcile(clock.now(), { memberId: m.id });
    expect(await providerOf(t, m)).toBe(left);
    await sim().deliverLate();
    expect(await providerOf(t, m)).toBe(left);

    expect(await recallOf(m)).toMatchObject({ checked: 1, amount: left });
    expect(await providerOf(t, m)).toBe(0n);
    expect(await mainOf(t, m)).toBe(90_000n + left);
    const recalls = await recallsOf(m);
    expect(recalls.map((r) => r.amount)).toEqual(expect.arrayContaining([0n, left]));
    expect(recalls).toHaveLength(2);
  });

  it('keeps its keys to itself: a member cannot send an idle-recall key', async () => {
    const m = await newMember(t.app);
    const res = await as(t.app, m, {
      method: 'POST',
      url: '/v1/game/ng/transfer',
      payload: { type: 'out', amount: 0 },
      headers: { 'idempotency-key': 'idle-recall:gt_1_abc_def' },
    });
    expect(body(res).code).toBe(400);
    expect(await transfersOf(t, m)).toEqual([]);
  });

  it('runs every minute on the leader, after 30 idle minutes unless configured otherwise', () => {
    expect(t.app.services.jobs.names).toContain('game-idle-recall');
    expect(loadConfig({ NODE_ENV: 'test', DRAW_SEED_KEY: TEST_DRAW_SEED_KEY }).games).toMatchObject({
      idleRecallMs: 30 * MINUTE,
      idleRecallIntervalMs: MINUTE,
    });
    expect(
      loadConfig({ NODE_ENV: 'test', DRAW_SEED_KEY: TEST_DRAW_SEED_KEY, GAME_IDLE_RECALL_MINUTES: '0' }).games
        .idleRecallMs,
    ).toBe(0);
    expect(() =>
      loadConfig({ NODE_ENV: 'test', DRAW_SEED_KEY: TEST_DRAW_SEED_KEY, GAME_IDLE_RECALL_MINUTES: '3' }),
    ).toThrow(/GAME_IDLE_RECALL_MINUTES/);
  });
});
