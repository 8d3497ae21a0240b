/**
 * USDT_DEPOSITS=trongrid against the TronGrid fake over loopback (issue 38 point 3): each member's
 * own address from the operator's xpub (bip_utils' published vector: index i is the wallet's i-th
 * TRON address), the watcher crediting each confirmed USDT transfer once by transaction id at the
 * rate in force, nothing for a transfer seen unconfirmed that then disappears, dust below the
 * minimum logged once and not credited, and no member ever credited for another's address.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTronGridFake, type TronGridFake } from '../../adapters/trongrid/fake.ts';
import { paymentCallbacks, paymentOrders } from '../../db/schema.ts';
import { ManualClock } from '../../lib/clock.ts';
import {
  as,
  body,
  createTestApp,
  newMember,
  newOperator,
  TEST_START,
  type TestApp,
  type TestMember,
} from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';

/** bip_utils (ebellocchia/bip_utils tests/bip/bip44/test_bip44.py, Bip44Coins.TRON): "abandon ×11 about". */
const ACCOUNT_XPUB =
  'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd';
const WALLET_ADDRESSES = [
  'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
  'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK',
  'TYJPRrdB5APNeRs4R7fYZSwW3TcrTKw2gx',
];
const API_KEY = 'test-trongrid-key-0001';
const usdt = (whole: number, micro = 0) => BigInt(whole) * 1_000_000n + BigInt(micro);

const clock = new ManualClock(TEST_START);
let fake: TronGridFake;
let t: TestApp;
let plain: TestApp;

beforeAll(async () => {
  fake = await startTronGridFake({ apiKeys: [API_KEY], now: () => clock.now() });
  t = await createTestApp(
    {
      USDT_DEPOSITS: 'trongrid',
      TRON_XPUB: ACCOUNT_XPUB,
      TRONGRID_API_KEY: API_KEY,
      TRONGRID_URL: fake.url,
      USDT_CHAIN_MIN: '10',
    },
    undefined,
    undefined,
    clock,
  );
  plain = await createTestApp();
});
afterEach(() => expectLedgerBalanced(t));
afterAll(async () => {
  await t?.close();
  await plain?.close();
  await fake?.close();
});

async function addressOf(m: TestMember): Promise<{ address: string; min_amount: string; rate: string }> {
  const res = await as(t.app, m, { method: 'GET', url: '/v1/payment-orders/usdt-address' });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ address: string; min_amount: string; rate: string }>(res).data;
}

const balance = async (m: TestMember) =>
  body<{ balance: string }>(await as(t.app, m, { method: 'GET', url: '/v1/user/balance' })).data.balance;

const watch = () => t.app.services.chainDeposits.watch();

async function logged(txId: string) {
  const rows = await t.database.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.orderNo, txId));
  return rows.map((r) => r.outcome);
}

describe('USDT_DEPOSITS=trongrid', () => {
  let a: TestMember;
  let b: TestMember;
  let addressA: string;

  it('gives each member their own address, the wallet’s address of their index, the same each time', async () => {
    a = await newMember(t.app);
    b = await newMember(t.app);
    const first = await addressOf(a);
    expect(first).toMatchObject({ address: WALLET_ADDRESSES[1], min_amount: '10.00', rate: '7.2000' });
    expect((await addressOf(b)).address).toBe(WALLET_ADDRESSES[2]);
    expect((await addressOf(a)).address).toBe(WALLET_ADDRESSES[1]);
    addressA = first.address;
  });

  it('credits a confirmed transfer once, at the rate in force, and shows it as a paid order', async () => {
    const sent = fake.addTransfer({ to: addressA, value: usdt(25, 500_000), confirmed: true });
    expect(await watch()).toMatchObject({ credited: 1, ignored: 0, unanswered: 0 });
    // 25.50 USDT × 7.2000 = 183.60 元.
    expect(await balance(a)).toBe('183.60');
    expect(await balance(b)).toBe('0.00');
    // Read again (the cursor stays on its block): nothing more.
    clock.advance(15_000);
    expect(await watch()).toMatchObject({ credited: 0, duplicate: 1 });
    expect(await balance(a)).toBe('183.60');
    const [order] = await t.database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.txHash, sent.txId));
    expect(order).toMatchObject({
      memberId: a.id,
      method: 'usdt_trc20',
      status: 'paid',
      usdtCents: 2_550n,
      amount: 18_360n,
      gateway: 'trongrid',
    });
    const list = await as(t.app, a, { method: 'GET', url: '/v1/payment-orders' });
    expect(JSON.stringify(body(list).data)).toContain(order!.orderNo);
    expect(await logged(sent.txId)).toEqual(['credited']);
  });

  it('credits nothing for a transfer seen unconfirmed that then disappears', async () => {
    const pending = fake.addTransfer({ to: addressA, value: usdt(40), confirmed: false });
    expect(await watch()).toMatchObject({ credited: 0 });
    expect(fake.removeTransfer(pending.txId)).toBe(true);
    clock.advance(15_000);
    expect(await watch()).toMatchObject({ credited: 0 });
    expect(await balance(a)).toBe('183.60');
    // One that is confirmed later is credited then.
    const later = fake.addTransfer({ to: addressA, value: usdt(12), confirmed: false });
    expect(await watch()).toMatchObject({ credited: 0 });
    fake.confirm(later.txId);
    expect(await watch()).toMatchObject({ credited: 1 });
    expect(await balance(a)).toBe('270.00');
  });

  it('logs dust below the minimum once and credits nothing', async () => {
    const dust = fake.addTransfer({ to: addressA, value: usdt(5), confirmed: true });
    await watch();
    clock.advance(15_000);
    await watch();
    expect(await balance(a)).toBe('270.00');
    expect(await logged(dust.txId)).toEqual(['below_minimum']);
  });

  it('stops watching an address the member has not asked for within the watch period', async () => {
    const c = await newMember(t.app);
    const address = (await addressOf(c)).address;
    clock.advance(73 * 3_600_000);
    fake.addTransfer({ to: address, value: usdt(20), confirmed: true });
    expect(await watch()).toMatchObject({ addresses: 0, credited: 0 });
    // Opening the deposit page watches it again, and the transfer is found.
    await addressOf(c);
    expect(await watch()).toMatchObject({ credited: 1 });
    expect(await balance(c)).toBe('144.00');
  });

  it('credits a solidified transfer without reading blocks at the default 19 confirmations (solidification)', async () => {
    await addressOf(a); // watched again (the previous test let the watch period pass)
    const before = fake.requests.length;
    fake.addTransfer({ to: addressA, value: usdt(10), confirmed: true });
    expect(await watch()).toMatchObject({ credited: 1, waiting: 0 });
    const calls = fake.requests.slice(before).map((r) => r.url.split('?')[0]);
    expect(calls.filter((u) => !u?.endsWith('/transactions/trc20'))).toEqual([]);
    expect(await balance(a)).toBe('342.00');
  });

  it('credits at the rate in force when the block confirmed, not when the watcher reads it', async () => {
    const admin = await newOperator(t.app, 'admin');
    const setRate = async (rate: string) => {
      const res = await as(t.app, admin, {
        method: 'PUT',
        url: '/admin/v1/settings/finance',
        payload: { usdt_deposit_rate: rate, reason: '调整汇率' },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // Confirmed at 7.2000; the rate is lowered before the watcher reads it (an outage, a backlog).
    fake.addTransfer({ to: addressA, value: usdt(10), confirmed: true });
    clock.advance(60_000);
    await setRate('7.0000');
    clock.advance(60_000);
    // And one confirmed after the change.
    fake.addTransfer({ to: addressA, value: usdt(10), confirmed: true });
    clock.advance(15_000);
    expect(await watch()).toMatchObject({ credited: 2 });
    // 342.00 + 10 × 7.2000 + 10 × 7.0000.
    expect(await balance(a)).toBe('484.00');
    const rates = await t.database.db
      .select({ rate: paymentOrders.rateUnits })
      .from(paymentOrders)
      .where(eq(paymentOrders.memberId, a.id));
    expect(rates.map((r) => r.rate).slice(-2)).toEqual([72_000n, 70_000n]);
    await setRate('7.2000'); // raising needs a second operator: the rate stays 7.0000 for what follows
  });

  it('counts its TronGrid calls in /metrics', async () => {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).toMatch(
      /adapter_calls_total\{adapter="trongrid",operation="trc20-transfers",outcome="ok"\} [1-9]/,
    );
  });

  it('answers that the site has no deposit addresses when USDT deposits stay manual', async () => {
    const m = await newMember(plain.app);
    const res = await as(plain.app, m, { method: 'GET', url: '/v1/payment-orders/usdt-address' });
    expect(body(res)).toMatchObject({ code: 409, message: '本站未开通USDT专属充值地址，请使用USDT充值订单' });
  });
});

describe('USDT_CHAIN_CONFIRMATIONS above solidification', () => {
  const deepClock = new ManualClock(TEST_START);
  let deepFake: TronGridFake;
  let deep: TestApp;
  beforeAll(async () => {
    deepFake = await startTronGridFake({ apiKeys: [API_KEY], now: () => deepClock.now() });
    deep = await createTestApp(
      {
        USDT_DEPOSITS: 'trongrid',
        TRON_XPUB: ACCOUNT_XPUB,
        TRONGRID_API_KEY: API_KEY,
        TRONGRID_URL: deepFake.url,
        USDT_CHAIN_CONFIRMATIONS: '25',
      },
      undefined,
      undefined,
      deepClock,
    );
  });
  afterEach(() => expectLedgerBalanced(deep));
  afterAll(async () => {
    await deep?.close();
    await deepFake?.close();
  });

  it('credits a solidified transfer only once head − its block + 1 reaches 25, and those after it wait too', async () => {
    const m = await newMember(deep.app);
    const res = await as(deep.app, m, { method: 'GET', url: '/v1/payment-orders/usdt-address' });
    const address = body<{ address: string }>(res).data.address;
    const first = deepFake.addTransfer({ to: address, value: usdt(20), confirmed: true });
    deepFake.addTransfer({ to: address, value: usdt(30), confirmed: true });
    const money = async () =>
      body<{ balance: string }>(await as(deep.app, m, { method: 'GET', url: '/v1/user/balance' })).data
        .balance;
    // The first is 2 blocks deep, the second 1.
    expect(await deep.app.services.chainDeposits.watch()).toMatchObject({ credited: 0, waiting: 2 });
    // 24 confirmations for the first: still short.
    deepFake.mine(22);
    expect(deepFake.headBlock - first.blockNumber + 1).toBe(24);
    expect(await deep.app.services.chainDeposits.watch()).toMatchObject({ credited: 0, waiting: 2 });
    expect(await money()).toBe('0.00');
    // 25 for the first (credited), 24 for the second (waits).
    deepFake.mine(1);
    expect(await deep.app.services.chainDeposits.watch()).toMatchObject({ credited: 1, waiting: 1 });
    expect(await money()).toBe('144.00');
    deepFake.mine(1);
    expect(await deep.app.services.chainDeposits.watch()).toMatchObject({ credited: 1, waiting: 0 });
    expect(await money()).toBe('360.00');
    // Counted by the documented calls: the chain head and each transaction's solidified receipt.
    const paths = new Set(deepFake.requests.map((r) => r.url.split('?')[0]));
    expect(paths).toContain('/wallet/getnowblock');
    expect(paths).toContain('/walletsolidity/gettransactioninfobyid');
  });
});
