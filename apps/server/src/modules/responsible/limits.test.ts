import { playLimitWindow, type PlayLimitPeriod } from '@app/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { as, body, createTestApp, newMember, type TestApp, type TestMember } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { GAME_TEST_ENV } from '../games/testing.ts';
import { fundMain, fundLottery, openPeriod, placeBets } from '../lottery/testing.ts';
import { pressGateway, type CreatedOrder } from '../payments/testing.ts';
import { playLimits } from './responsible.table.ts';
import {
  beijing,
  depositOrder,
  gameTransfer,
  limitOf,
  lotteryTransfer,
  overview,
  putLimit,
  setLimit,
} from './testing.ts';

const K3 = 'k3_1m';
/** Thursday 2026-11-26, 12:00 in Beijing. */
const START = new Date('2026-11-26T04:00:00Z');
const HOUR = 3_600_000;

const clock = new ManualClock(START);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(GAME_TEST_ENV, undefined, undefined, clock);
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

async function member(mainFen = 1_000_000n, lotteryFen = 0n): Promise<TestMember> {
  const m = await newMember(t.app);
  if (mainFen > 0n) await fundMain(t, m, mainFen);
  if (lotteryFen > 0n) await fundLottery(t, m, lotteryFen);
  return m;
}

/** A 快三 和值 bet of `yuan` (2 元 a line: the multiple is half the amount). */
async function bet(m: TestMember, yuan: number) {
  const period = await openPeriod(t, K3, 20_000);
  return placeBets(t, m, K3, period.number, [{ play_code: 'k3_hz', bet_codes: '4', multiple: yuan / 2 }]);
}

const refusal = (kind: string, left: string, resetsAt: string) =>
  `${left === '0.00' ? '已达到' : '超出'}${kind}：本期剩余 ${left} 元，将于 ${beijing(resetsAt).monthDay} 重置`;
/** The refusal of the limit in the period the clock stands in. */
const refused = (kind: string, period: PlayLimitPeriod, left: string) =>
  refusal(kind, left, playLimitWindow(period, clock.now()).to.toISOString());

/**
 * Moves the clock to 12:00 Beijing time of the next day. Time only goes forward in this file: the
 * lottery's periods, once closed by a tick, stay closed.
 */
function nextNoon(): Date {
  const day = new Date(clock.now().getTime() + 8 * HOUR).toISOString().slice(0, 10);
  return clock.set(new Date(Date.parse(`${day}T04:00:00Z`) + 24 * HOUR));
}

describe('calendar windows (Beijing time)', () => {
  it('shows all nine limits with this period figures; a first limit applies at once', async () => {
    clock.set(START);
    const m = await member();
    const before = await overview(t, m);
    expect(before.limits).toHaveLength(9);
    expect(before.limits.every((l) => l.amount === null && l.remaining === null && l.pending === null)).toBe(
      true,
    );
    expect(before.limits.find((l) => l.kind === 'stake' && l.period === 'day')).toMatchObject({
      used: '0.00',
      resets_at: '2026-11-26T16:00:00.000Z',
    });
    expect(before.limits.find((l) => l.kind === 'loss' && l.period === 'week')?.resets_at).toBe(
      '2026-11-29T16:00:00.000Z',
    );
    expect(before.limits.find((l) => l.kind === 'deposit' && l.period === 'month')?.resets_at).toBe(
      '2026-11-30T16:00:00.000Z',
    );

    const res = await putLimit(t, m, 'stake', 'day', '100');
    expect(body(res)).toMatchObject({
      code: 200,
      message: '限额已生效',
      data: {
        kind: 'stake',
        period: 'day',
        amount: '100.00',
        used: '0.00',
        remaining: '100.00',
        pending: null,
      },
    });
  });

  it('starts a new day at 00:00: deposits', async () => {
    clock.set(new Date('2026-11-26T15:30:00Z')); // Thursday 23:30
    const m = await member(0n);
    await setLimit(t, m, 'deposit', 'day', '100');
    const paid = body<CreatedOrder>(await depositOrder(t, m, '100')).data;
    await pressGateway(t, paid.pay_url!, 'pay');
    clock.set(new Date('2026-11-26T15:59:59Z'));
    expect(body(await depositOrder(t, m, '50'))).toMatchObject({
      code: 422,
      message: '已达到每日存款限额：本期剩余 0.00 元，将于 11月27日 00:00 重置',
    });
    clock.set(new Date('2026-11-26T16:00:00Z'));
    expect(await limitOf(t, m, 'deposit', 'day')).toMatchObject({
      used: '0.00',
      remaining: '100.00',
      resets_at: '2026-11-27T16:00:00.000Z',
    });
    expect((await depositOrder(t, m, '50')).statusCode).toBe(200);
  });

  it('starts a week on Monday and a month on the 1st: game transfers in', async () => {
    clock.set(new Date('2026-11-29T15:00:00Z')); // Sunday 23:00
    const m = await member();
    await setLimit(t, m, 'stake', 'week', '20');
    await setLimit(t, m, 'stake', 'month', '30');
    expect((await gameTransfer(t, m, 'in', '20')).statusCode).toBe(200);
    expect(body(await gameTransfer(t, m, 'in', '5')).message).toBe(
      '已达到每周投注限额：本期剩余 0.00 元，将于 11月30日 00:00 重置',
    );
    clock.set(new Date('2026-11-29T16:00:00Z')); // Monday 00:00
    expect((await gameTransfer(t, m, 'in', '5')).statusCode).toBe(200);
    // The month still counts Sunday's stakes: 25 of 30.
    expect(body(await gameTransfer(t, m, 'in', '10')).message).toBe(
      '超出每月投注限额：本期剩余 5.00 元，将于 12月1日 00:00 重置',
    );
    clock.set(new Date('2026-11-30T16:00:00Z')); // Tuesday 1 December 00:00
    expect((await gameTransfer(t, m, 'in', '10')).statusCode).toBe(200);
    expect(await limitOf(t, m, 'stake', 'month')).toMatchObject({
      used: '10.00',
      resets_at: '2026-12-31T16:00:00.000Z',
    });
    expect((await limitOf(t, m, 'stake', 'week')).used).toBe('15.00');
  });
});

describe('changing limits', () => {
  it('lowers at once, raises only after the 24 h cooling-off (shown as pending with its time), applied lazily', async () => {
    nextNoon();
    const m = await member(0n, 100_000n);
    await setLimit(t, m, 'stake', 'day', '10.00');
    expect((await setLimit(t, m, 'stake', 'day', '6')).amount).toBe('6.00');
    expect(body(await bet(m, 8))).toMatchObject({
      code: 422,
      message: refused('每日投注限额', 'day', '6.00'),
    });

    const raise = await putLimit(t, m, 'stake', 'day', '20');
    const due = new Date(clock.now().getTime() + 24 * HOUR).toISOString();
    expect(body(raise)).toMatchObject({
      message: '已提交，将于冷静期结束后生效',
      data: { amount: '6.00', remaining: '6.00', pending: { amount: '20.00', effective_at: due } },
    });
    // Asking again for the same raise keeps its time.
    clock.advance(HOUR);
    expect((await setLimit(t, m, 'stake', 'day', '20.00')).pending).toEqual({
      amount: '20.00',
      effective_at: due,
    });
    expect((await bet(m, 8)).statusCode).toBe(422);

    clock.set(new Date(due).getTime() - 1);
    expect((await limitOf(t, m, 'stake', 'day')).amount).toBe('6.00');
    clock.set(new Date(due));
    // The bet itself applies the due raise inside its transaction (no read came first).
    expect((await bet(m, 8)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(playLimits).where(eq(playLimits.memberId, m.id));
    expect(row).toMatchObject({ amount: 2_000n, pendingAmount: null, pendingAt: null, pendingRemove: false });
    expect(await limitOf(t, m, 'stake', 'day')).toMatchObject({
      amount: '20.00',
      used: '8.00',
      pending: null,
    });
  });

  it('a lowering cancels a pending raise; a removal waits 24 h, then the member pays no check', async () => {
    nextNoon();
    const m = await member(0n, 100_000n);
    await setLimit(t, m, 'stake', 'month', '10');
    await setLimit(t, m, 'stake', 'month', '50');
    expect(await setLimit(t, m, 'stake', 'month', '4')).toMatchObject({ amount: '4.00', pending: null });

    const removal = await setLimit(t, m, 'stake', 'month', null);
    const due = new Date(clock.now().getTime() + 24 * HOUR);
    expect(removal).toMatchObject({
      amount: '4.00',
      pending: { amount: null, effective_at: due.toISOString() },
    });
    expect(body(await bet(m, 6))).toMatchObject({
      code: 422,
      message: refused('每月投注限额', 'month', '4.00'),
    });
    clock.set(due);
    expect(await limitOf(t, m, 'stake', 'month')).toMatchObject({
      amount: null,
      remaining: null,
      pending: null,
    });
    expect(await t.database.db.select().from(playLimits).where(eq(playLimits.memberId, m.id))).toEqual([]);
    expect((await bet(m, 6)).statusCode).toBe(200);
  });

  it('refuses amounts that are not a positive 元 amount, wrong kinds and periods, with nothing written', async () => {
    const m = await member(0n);
    const bad: Array<Record<string, unknown>> = [
      { kind: 'stake', period: 'day', amount: '-5' },
      { kind: 'stake', period: 'day', amount: '1.234' },
      { kind: 'stake', period: 'day', amount: '99999999999999999999999.99' },
      { kind: 'stake', period: 'day', amount: 0 },
      { kind: 'stake', period: 'day', amount: 'abc' },
      { kind: 'stake', period: 'day', amount: 'a\u0000b' },
      { kind: 'stake', period: 'day', amount: [10] },
      { kind: 'stake', period: 'day' },
      { kind: 'stake', amount: '10' },
      { period: 'day', amount: '10' },
      { kind: 'bets', period: 'day', amount: '10' },
      { kind: 'stake', period: 'year', amount: '10' },
      { kind: 1, period: 'day', amount: '10' },
    ];
    for (const payload of bad) {
      const res = await as(t.app, m, { method: 'PUT', url: '/v1/responsible-play/limits', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).code).toBe(400);
      expect(body(res).message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(body(await putLimit(t, m, 'stake', 'day', '0')).message).toContain('限额须大于0元');
    expect(await t.database.db.select().from(playLimits).where(eq(playLimits.memberId, m.id))).toEqual([]);
    for (const minutes of [45, -30, '30', null]) {
      const res = await as(t.app, m, {
        method: 'PUT',
        url: '/v1/responsible-play/reality-check',
        payload: { minutes },
      });
      expect(res.statusCode, String(minutes)).toBe(400);
    }
    expect((await overview(t, m)).reality_check_minutes).toBe(0);
  });

  it('one member never sees or changes another member’s limits', async () => {
    const a = await member(0n);
    const b = await member(0n);
    await setLimit(t, a, 'deposit', 'month', '300');
    await setLimit(t, b, 'deposit', 'month', '900');
    expect((await limitOf(t, a, 'deposit', 'month')).amount).toBe('300.00');
    expect((await limitOf(t, b, 'deposit', 'month')).amount).toBe('900.00');
    await setLimit(t, b, 'deposit', 'month', '100');
    expect((await limitOf(t, a, 'deposit', 'month')).amount).toBe('300.00');
    const anonymous = await t.app.inject({ method: 'GET', url: '/v1/responsible-play' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('deposit limits', () => {
  it('counts credited deposits and open orders at order creation; crediting past a lowered limit still credits', async () => {
    nextNoon();
    const m = await member(0n);
    await setLimit(t, m, 'deposit', 'day', '500');
    const first = body<CreatedOrder>(await depositOrder(t, m, '300')).data;
    expect(body(await depositOrder(t, m, '250'))).toMatchObject({
      code: 422,
      message: refused('每日存款限额', 'day', '200.00'),
    });
    // Cancelling the open order gives its room back.
    expect(
      (await as(t.app, m, { method: 'POST', url: `/v1/payment-orders/${first.order.id}/cancel` })).statusCode,
    ).toBe(200);
    const second = body<CreatedOrder>(await depositOrder(t, m, '450')).data;
    // The member lowers the limit while the order waits; the money arrives and is credited anyway.
    await setLimit(t, m, 'deposit', 'day', '100');
    expect((await pressGateway(t, second.pay_url!, 'pay')).statusCode).toBe(303);
    expect((await t.app.services.ledger.balances(m.id)).get('main')).toBe(45_000n);
    expect(await limitOf(t, m, 'deposit', 'day')).toMatchObject({ used: '450.00', remaining: '0.00' });
    expect(body(await depositOrder(t, m, '50'))).toMatchObject({
      code: 422,
      message: refused('每日存款限额', 'day', '0.00'),
    });
    // Only those with a limit are limited.
    expect((await depositOrder(t, await member(0n), '600')).statusCode).toBe(200);
  });
});

describe('stake and loss limits', () => {
  it('lottery bets count as stakes; a cancelled bet gives its stake back', async () => {
    nextNoon();
    const m = await member(0n, 100_000n);
    await setLimit(t, m, 'stake', 'day', '10');
    const placed = await bet(m, 8);
    expect(placed.statusCode).toBe(200);
    expect(body(await bet(m, 4))).toMatchObject({
      code: 422,
      message: refused('每日投注限额', 'day', '2.00'),
    });
    const betId = body<{ bets: Array<{ id: number }> }>(placed).data.bets[0]!.id;
    const cancelled = await as(t.app, m, {
      method: 'POST',
      url: '/v1/liujiu/bet/cancel',
      payload: { bet_id: betId },
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await limitOf(t, m, 'stake', 'day')).used).toBe('0.00');
    expect((await bet(m, 10)).statusCode).toBe(200);
  });

  it('game transfers in are stakes and transfers out are payouts: the loss limit counts stakes − payouts', async () => {
    nextNoon();
    const m = await member();
    await setLimit(t, m, 'loss', 'day', '50');
    expect((await gameTransfer(t, m, 'in', '30')).statusCode).toBe(200);
    expect(body(await gameTransfer(t, m, 'in', '30'))).toMatchObject({
      code: 422,
      message: refused('每日亏损限额', 'day', '20.00'),
    });
    expect((await gameTransfer(t, m, 'out', '25')).statusCode).toBe(200);
    expect(await limitOf(t, m, 'loss', 'day')).toMatchObject({ used: '5.00', remaining: '45.00' });
    expect((await gameTransfer(t, m, 'in', '30')).statusCode).toBe(200);
    // A stake limit gives no room back for payouts.
    await setLimit(t, m, 'stake', 'day', '70');
    expect(body(await gameTransfer(t, m, 'in', '20'))).toMatchObject({
      code: 422,
      message: refused('每日投注限额', 'day', '10.00'),
    });
    // Nothing reached the provider for the refused transfers.
    expect(await t.app.services.demoProvider.balance(m.id)).toBe(3_500n);
  });

  it('a lottery transfer in is refused when the stake or loss limit has nothing left, and capped at what remains', async () => {
    nextNoon();
    const m = await member(100_000n);
    await setLimit(t, m, 'stake', 'day', '10');
    expect(body(await lotteryTransfer(t, m, 'in', '20'))).toMatchObject({
      code: 422,
      message: refused('每日投注限额', 'day', '10.00'),
    });
    expect((await lotteryTransfer(t, m, 'in', '10')).statusCode).toBe(200);
    // A transfer is not a stake: the limit is whole until the bet.
    expect((await limitOf(t, m, 'stake', 'day')).used).toBe('0.00');
    expect((await bet(m, 10)).statusCode).toBe(200);
    expect(body(await lotteryTransfer(t, m, 'in', '1')).message).toBe(refused('每日投注限额', 'day', '0.00'));
    await setLimit(t, m, 'loss', 'day', '5');
    expect(body(await lotteryTransfer(t, m, 'in', '1')).message).toBe(refused('每日亏损限额', 'day', '0.00'));
  });
});
