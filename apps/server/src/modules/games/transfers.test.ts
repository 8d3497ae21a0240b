import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  body,
  createTestApp,
  newMember,
  TEST_START,
  type TestApp,
  type TestMember,
} from '../../test/harness.ts';
import { ManualClock } from '../../lib/clock.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import {
  enterGame,
  fundMain,
  GAME_TEST_ENV,
  mainOf,
  pastTimeLimit,
  play,
  providerOf,
  transfer,
  transfersOf,
} from './testing.ts';

let t: TestApp;
// Lost answers time out on this clock: the tests move it past the provider's limit.
const clock = new ManualClock(TEST_START);
beforeAll(async () => {
  t = await createTestApp(GAME_TEST_ENV, undefined, undefined, clock);
});
afterEach(async () => {
  t.app.services.demoProvider.clearFaults();
  await expectLedgerBalanced(t);
});
afterAll(() => t.close());

const sim = () => t.app.services.demoProvider;
const reconcile = (m: TestMember) => t.app.services.gameTransfers.reconcile(clock.now(), { memberId: m.id });
/** A transfer whose answer the simulator loses: it returns once the clock passes the time limit. */
const lostTransfer = (...args: Parameters<typeof transfer>) => pastTimeLimit(t, clock, transfer(...args));

/** Nothing created, nothing lost: main + the provider's books + money in flight = what was funded. */
async function expectConserved(m: TestMember, funded: bigint) {
  const pendingIn = (await transfersOf(t, m))
    .filter((r) => r.status === 'pending' && r.direction === 'in')
    .reduce((sum, r) => sum + r.amount, 0n);
  expect((await mainOf(t, m)) + (await providerOf(t, m)) + pendingIn).toBe(funded);
}

describe('transfers between the main wallet and the game wallet', () => {
  it('moves money in and out, everything with out 0, once per Idempotency-Key', async () => {
    const m = await newMember(t.app);
    await fundMain(t, m, 10_000n);
    const first = await transfer(t, m, { type: 'in', amount: '30.50' }, 'game-in-00001');
    expect(body(first)).toMatchObject({
      code: 200,
      message: '转入成功',
      data: {
        type: 'in',
        status: 'completed',
        amount: '30.50',
        main_balance: '69.50',
        game_balance: '30.50',
      },
    });
    const replay = await transfer(t, m, { type: 'in', amount: '30.50' }, 'game-in-00001');
    expect(body(replay).data).toMatchObject({
      transfer_id: body<{ transfer_id: string }>(first).data.transfer_id,
    });
    expect(await mainOf(t, m)).toBe(6_950n);
    expect(body(await transfer(t, m, { type: 'in', amount: '1.00' }, 'game-in-00001'))).toMatchObject({
      code: 422,
      message: '幂等键已用于不同的请求',
    });

    expect(body(await transfer(t, m, { type: 'out', amount: '10' })).data).toMatchObject({
      status: 'completed',
      amount: '10.00',
      main_balance: '79.50',
      game_balance: '20.50',
    });
    const all = await transfer(t, m, { type: 'out', amount: 0 });
    expect(body(all)).toMatchObject({
      message: '转出成功',
      data: { amount: '20.50', main_balance: '100.00', game_balance: '0.00' },
    });
    const nothing = await transfer(t, m, { type: 'out', amount: 0 });
    expect(body(nothing)).toMatchObject({
      code: 200,
      message: '游戏钱包没有可转出的余额',
      data: { amount: '0.00' },
    });
    expect(body(await transfer(t, m, { type: 'out', amount: '0.01' }))).toMatchObject({
      code: 422,
      message: '转出失败：游戏余额不足',
    });
    expect(body(await transfer(t, m, { type: 'in', amount: '100.01' }))).toMatchObject({
      code: 422,
      message: '主钱包余额不足',
    });
    expect(body(await transfer(t, m, { type: 'in', amount: 0 }))).toMatchObject({
      code: 422,
      message: '转入金额须大于0',
    });
    const balance = body(await as(t.app, m, { method: 'GET', url: '/v1/game/ng/balance' })).data;
    expect(balance).toEqual({
      main_balance: '100.00',
      game_balance: '0.00',
      pending_in: '0.00',
      pending_count: 0,
      provider_available: true,
    });
    await expectConserved(m, 10_000n);
  });

  it('refunds a transfer in the provider refuses, and a late copy of it moves nothing', async () => {
    const m = await newMember(t.app);
    await fundMain(t, m, 5_000n);
    sim().failNext('transferIn', 'reject');
    const res = await transfer(t, m, { type: 'in', amount: '20' });
    expect(body(res)).toMatchObject({ code: 422, message: '转入失败（游戏平台维护中），资金已退回主钱包' });
    expect(await mainOf(t, m)).toBe(5_000n);
    expect(await providerOf(t, m)).toBe(0n);
    const [row] = await transfersOf(t, m);
    expect(row).toMatchObject({ status: 'failed', amount: 2_000n });
    // The provider decided that id as failed: asking again under it changes nothing.
    const again = await sim().transferIn(row!.id, m.id, 2_000n);
    expect(again.status).toBe('failed');
    expect(await providerOf(t, m)).toBe(0n);
    await expectConserved(m, 5_000n);
  });

  it('leaves a transfer in whose answer is lost pending, and reconciliation completes it once', async () => {
    const m = await newMember(t.app);
    await fundMain(t, m, 5_000n);
    sim().failNext('transferIn', 'lose-answer');
    const res = await lostTransfer(t, m, { type: 'in', amount: '25' }, 'game-in-lost-answer');
    expect(body(res)).toMatchObject({
      code: 200,
      message: '转账处理中，请稍后查看余额',
      data: { status: 'pending', main_balance: '25.00' },
    });
    // The provider did receive it: the money sits there while our row is still pending.
    expect(await providerOf(t, m)).toBe(2_500n);
    const balance = body(await as(t.app, m, { method: 'GET', url: '/v1/game/ng/balance' })).data;
    expect(balance).toMatchObject({ pending_in: '25.00', pending_count: 1 });

    expect(await reconcile(m)).toEqual({ checked: 1, completed: 1, failed: 0, pending: 0 });
    expect(await reconcile(m)).toEqual({ checked: 0, completed: 0, failed: 0, pending: 0 });
    const [row] = await transfersOf(t, m);
    expect(row).toMatchObject({ status: 'completed', attempts: 1 });
    expect(await mainOf(t, m)).toBe(2_500n);
    expect(await providerOf(t, m)).toBe(2_500n);
    const replay = await transfer(t, m, { type: 'in', amount: '25' }, 'game-in-lost-answer');
    expect(body(replay)).toMatchObject({ message: '转入成功', data: { status: 'completed' } });
    await expectConserved(m, 5_000n);
  });

  it('sends a lost transfer in again under the same id; the late original then moves nothing', async () => {
    const m = await newMember(t.app);
    await fundMain(t, m, 5_000n);
    sim().failNext('transferIn', 'lose-request');
    expect(body(await lostTransfer(t, m, { type: 'in', amount: '40' })).data).toMatchObject({
      status: 'pending',
    });
    expect(await providerOf(t, m)).toBe(0n);
    await expectConserved(m, 5_000n);

    // The provider is still unreachable at the first reconciliation: it stays pending.
    sim().failNext('queryTransfer', 'lose-answer');
    expect(await pastTimeLimit(t, clock, reconcile(m))).toMatchObject({ checked: 1, pending: 1 });
    expect(await reconcile(m)).toMatchObject({ checked: 1, completed: 1 });
    expect(await providerOf(t, m)).toBe(4_000n);

    await sim().deliverLate();
    expect(await providerOf(t, m)).toBe(4_000n);
    expect(await mainOf(t, m)).toBe(1_000n);
    await expectConserved(m, 5_000n);
  });

  it('refunds at reconciliation when the resent transfer in is refused', async () => {
    const m = await newMember(t.app);
    await fundMain(t, m, 3_000n);
    sim().failNext('transferIn', 'lose-request');
    await lostTransfer(t, m, { type: 'in', amount: '30' });
    expect(await mainOf(t, m)).toBe(0n);
    sim().failNext('transferIn', 'reject');
    expect(await reconcile(m)).toMatchObject({ failed: 1 });
    expect(await mainOf(t, m)).toBe(3_000n);
    await sim().deliverLate();
    expect(await providerOf(t, m)).toBe(0n);
    await expectConserved(m, 3_000n);
  });

  it('credits main for a transfer out only on confirmation, once, after a lost answer', async () => {
    const m = await newMember(t.app);
    await fundMain(t, m, 8_000n);
    await transfer(t, m, { type: 'in', amount: '80' });
    clock.advance(60_000); // the member plays a minute, then leaves
    sim().failNext('transferOut', 'lose-answer');
    const res = await lostTransfer(t, m, { type: 'out', amount: 0 });
    expect(body(res).data).toMatchObject({ status: 'pending', main_balance: '0.00', game_balance: '0.00' });
    // Taken out at the provider, not yet in main: the money is "in flight" and still counted by the row.
    const [, out] = (await transfersOf(t, m)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(out).toMatchObject({ direction: 'out', status: 'pending', everything: 1 });
    expect(await reconcile(m)).toMatchObject({ completed: 1 });
    expect(await reconcile(m)).toMatchObject({ checked: 0 });
    expect(await mainOf(t, m)).toBe(8_000n);
    expect(await providerOf(t, m)).toBe(0n);
    await expectConserved(m, 8_000n);
  });

  it('settles a lost "everything" transfer out as nothing moved, and its late copy stays void', async () => {
    const m = await newMember(t.app);
    await fundMain(t, m, 6_000n);
    await transfer(t, m, { type: 'in', amount: '60' });
    sim().failNext('transferOut', 'lose-request');
    expect(body(await lostTransfer(t, m, { type: 'out', amount: '0' })).data).toMatchObject({
      status: 'pending',
    });
    expect(await reconcile(m)).toMatchObject({ completed: 1 });
    await sim().deliverLate();
    expect(await providerOf(t, m)).toBe(6_000n);
    expect(await mainOf(t, m)).toBe(0n);
    // The member simply leaves the game again and everything comes back.
    expect(body(await transfer(t, m, { type: 'out', amount: 0 })).data).toMatchObject({ amount: '60.00' });
    expect(await mainOf(t, m)).toBe(6_000n);
    await expectConserved(m, 6_000n);
  });

  it('two reconcilers finishing the same transfers at once credit and refund each only once', async () => {
    const m = await newMember(t.app);
    await fundMain(t, m, 9_000n);
    await transfer(t, m, { type: 'in', amount: '50' });
    sim().failNext('transferOut', 'lose-answer');
    await lostTransfer(t, m, { type: 'out', amount: '30' });
    sim().failNext('transferIn', 'lose-request');
    await lostTransfer(t, m, { type: 'in', amount: '10' });
    sim().failNext('transferIn', 'reject');
    const results = await Promise.all([reconcile(m), reconcile(m), reconcile(m)]);
    expect(results.every((r) => r.pending === 0)).toBe(true);
    const rows = await transfersOf(t, m);
    expect(rows.filter((r) => r.status === 'pending')).toHaveLength(0);
    // 90.00 − 50 + 30 (out, once) ± 10 (in: refused and refunded once, or completed once).
    const refunded = rows.some((r) => r.status === 'failed');
    expect(await mainOf(t, m)).toBe(refunded ? 7_000n : 6_000n);
    await sim().deliverLate();
    await expectConserved(m, 9_000n);
  });

  it('a refused transfer out moves nothing on either side', async () => {
    const m = await newMember(t.app);
    await fundMain(t, m, 2_000n);
    await transfer(t, m, { type: 'in', amount: '20' });
    sim().failNext('transferOut', 'reject');
    expect(body(await transfer(t, m, { type: 'out', amount: '5' }))).toMatchObject({
      code: 422,
      message: '转出失败：游戏平台维护中',
    });
    expect(await mainOf(t, m)).toBe(0n);
    expect(await providerOf(t, m)).toBe(2_000n);
    await expectConserved(m, 2_000n);
  });

  it('shows the game balance as unknown while the provider does not answer', async () => {
    const m = await newMember(t.app);
    sim().failNext('balance', 'lose-answer');
    const res = body(
      await pastTimeLimit(t, clock, as(t.app, m, { method: 'GET', url: '/v1/game/ng/balance' })),
    ).data;
    expect(res).toMatchObject({ game_balance: null, provider_available: false, main_balance: '0.00' });
  });

  it('concurrent transfers in never overdraw the main wallet', async () => {
    const m = await newMember(t.app);
    await fundMain(t, m, 1_000n);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => transfer(t, m, { type: 'in', amount: '3.00' })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(await mainOf(t, m)).toBe(100n);
    expect(await providerOf(t, m)).toBe(900n);
    await expectConserved(m, 1_000n);
  });

  it('keeps the books whole across play: main + game wallet = funded + what the rounds paid − staked', async () => {
    const m = await newMember(t.app);
    await fundMain(t, m, 10_000n);
    await transfer(t, m, { type: 'in', amount: '50' });
    const { session } = await enterGame(t, m, 'jc_fortune');
    let net = 0n;
    for (let i = 0; i < 10; i++) {
      const res = body<{ bet: string; payout: string }>(await play(t, session, { bet: '1.00' }));
      expect(res.code).toBe(200);
      net += BigInt(res.data.payout.replace('.', '')) - 100n;
    }
    await transfer(t, m, { type: 'out', amount: 0 });
    expect(await providerOf(t, m)).toBe(0n);
    expect(await mainOf(t, m)).toBe(10_000n + net);
  });

  it.each([
    ['a negative amount', { type: 'in', amount: '-1' }, '金额不能为负数'],
    ['three decimals', { type: 'in', amount: '1.234' }, '金额最多保留两位小数'],
    ['a huge amount', { type: 'out', amount: '99999999999999' }, '金额超出允许范围'],
    ['a boolean', { type: 'in', amount: true }, '金额格式不正确'],
    ['a missing amount', { type: 'in' }, '金额格式不正确'],
    ['an unknown type', { type: 'sideways', amount: 1 }, 'type 须为 in 或 out'],
    ['a missing type', { amount: 1 }, 'type 须为 in 或 out'],
  ])('refuses %s with 400 and moves nothing', async (_case, payload, message) => {
    const m = await newMember(t.app);
    await fundMain(t, m, 1_000n);
    const res = await transfer(t, m, payload);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(message);
    expect(await mainOf(t, m)).toBe(1_000n);
    expect(await transfersOf(t, m)).toHaveLength(0);
  });

  it('needs a login', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/game/ng/transfer',
      payload: { type: 'in', amount: 1 },
    });
    expect(res.statusCode).toBe(401);
  });
});
