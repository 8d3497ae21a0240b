/**
 * USDT-TRC20 withdrawals with USDT_DEPOSITS=trongrid (issue 38): 出款 takes the TRON transaction
 * id, the withdrawal waits as 待链上确认 with the amount still frozen, and the checker pays it
 * only for a confirmed Transfer of the configured USDT, of exactly the order's USDT amount, to
 * exactly the withdrawal's address, not used by another withdrawal. Anything else returns it to
 * 待出款 with the reason for the operator. Against the TronGrid fake over loopback.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_USDC, startTronGridFake, type TronGridFake } from '../../adapters/trongrid/fake.ts';
import { ManualClock } from '../../lib/clock.ts';
import { approvedBy } from '../../test/dual-control.ts';
import {
  as,
  body,
  createTestApp,
  newMember,
  newOperator,
  TEST_START,
  type TestApp,
  type TestMember,
  type TestOperator,
} from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import {
  addWallet,
  deposit,
  mainBalance,
  setPaymentPassword,
  uniqueTrc20,
} from '../../test/payment-helpers.ts';

/** bip_utils' account xpub of "abandon ×11 about" at m/44'/195'/0' (as chain-deposits.test.ts). */
const ACCOUNT_XPUB =
  'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd';
const API_KEY = 'test-trongrid-key-0002';

const clock = new ManualClock(TEST_START);
let fake: TronGridFake;
let t: TestApp;
let finance: TestOperator;

beforeAll(async () => {
  fake = await startTronGridFake({ apiKeys: [API_KEY], now: () => clock.now() });
  t = await createTestApp(
    {
      USDT_DEPOSITS: 'trongrid',
      TRON_XPUB: ACCOUNT_XPUB,
      TRONGRID_API_KEY: API_KEY,
      TRONGRID_URL: fake.url,
      DEPOSIT_TURNOVER_MULTIPLE: '0',
      USDT_PAY_NOT_FOUND_MIN: '30',
    },
    undefined,
    undefined,
    clock,
  );
  finance = await newOperator(t.app, 'finance');
});
afterEach(() => expectLedgerBalanced(t));
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

interface Requested {
  id: number;
  address: string;
  /** The order's fixed USDT amount in the token's smallest unit (6 decimals). */
  units: bigint;
}

/** A member with `funds` 元 who asked to withdraw `amount` 元 to their own TRC20 address. */
async function usdtWithdrawal(m: TestMember, amount: string, funds = '1000'): Promise<Requested> {
  await deposit(t, m, funds, 'bank');
  await setPaymentPassword(t, m);
  const address = uniqueTrc20();
  const { id: walletId } = await addWallet(t, m, { type: 'usdt_trc20', account: address });
  const res = await as(t.app, m, {
    method: 'POST',
    url: '/v1/withdraws',
    payload: { payment_password: '135790', wallet_id: walletId, amount },
  });
  expect(res.statusCode, res.body).toBe(200);
  const view = body<{ id: number; usdt_amount: string }>(res).data;
  const [whole, cents] = view.usdt_amount.split('.');
  const units = (BigInt(whole!) * 100n + BigInt(cents!)) * 10_000n;
  return { id: view.id, address, units };
}

function pay(w: { id: number }, txId?: string, by: TestOperator = finance) {
  return as(t.app, by, {
    method: 'POST',
    url: `/admin/v1/withdraws/${w.id}/pay`,
    payload: txId === undefined ? {} : { tx_id: txId },
  });
}

async function queued(id: number) {
  const res = await as(t.app, finance, { method: 'GET', url: `/admin/v1/finance/withdrawals?id=${id}` });
  return body<{
    list: Array<{
      status: string;
      status_text: string;
      tx_id: string | null;
      chain_note: string | null;
      needs_tx_id: boolean;
    }>;
  }>(res).data.list[0]!;
}

const check = () => t.app.services.withdrawals.checkChainPayments();

async function money(m: TestMember) {
  const b = await mainBalance(t, m);
  return { main: b.get('main') ?? 0n, frozen: b.get('frozen') ?? 0n };
}

/** Runs `work` while moving the clock on, so the client's back-off sleeps end. */
async function withTimePassing<T>(work: Promise<T>): Promise<T> {
  let done = false;
  const watched = work.finally(() => {
    done = true;
  });
  while (!done) {
    await new Promise((resolve) => setImmediate(resolve));
    clock.advance(1_000);
  }
  return watched;
}

describe('USDT-TRC20 withdrawals paid on chain', () => {
  let paidTx = '';

  it('takes the transaction id, waits as 待链上确认 with the money frozen, then pays once the chain confirms it', async () => {
    const m = await newMember(t.app);
    const w = await usdtWithdrawal(m, '300');
    expect(await queued(w.id)).toMatchObject({ needs_tx_id: true, tx_id: null });

    // No transaction id: refused, nothing changes.
    expect(body(await pay(w))).toMatchObject({
      code: 422,
      data: { reason: 'withdrawals.tx_id_required' },
    });
    const sent = fake.addTransfer({ to: w.address, value: w.units, confirmed: true });
    const submitted = await pay(w, sent.txId.toUpperCase());
    expect(body(submitted)).toMatchObject({
      code: 200,
      data: { status: 'chain_confirming', status_text: '待链上确认' },
    });
    expect(await money(m)).toEqual({ main: 70_000n, frozen: 30_000n });
    expect(await queued(w.id)).toMatchObject({ status: 'chain_confirming', tx_id: sent.txId });
    // The member sees it waiting; nobody can reject or pay it again meanwhile.
    const mine = await as(t.app, m, { method: 'GET', url: `/v1/withdraws/${w.id}` });
    expect(body(mine).data).toMatchObject({ status: 'chain_confirming', status_text: '待链上确认' });
    const reject = await as(t.app, finance, {
      method: 'POST',
      url: `/admin/v1/withdraws/${w.id}/reject`,
      payload: { reason: '测试' },
    });
    expect(body(reject).code).toBe(409);

    expect(await check()).toMatchObject({ checked: 1, paid: 1 });
    expect(await money(m)).toEqual({ main: 70_000n, frozen: 0n });
    expect(body(await as(t.app, m, { method: 'GET', url: `/v1/withdraws/${w.id}` })).data).toMatchObject({
      status: 'paid',
    });
    const inbox = await as(t.app, m, { method: 'GET', url: '/v1/messages?per_page=50' });
    expect(JSON.stringify(body(inbox).data)).toContain('提现成功');
    expect(await queued(w.id)).toMatchObject({ status: 'paid', tx_id: sent.txId });
    // A second pass finds nothing left; the ledger moved once.
    expect(await check()).toMatchObject({ checked: 0 });
    paidTx = sent.txId;
  });

  it('refuses a transaction id another withdrawal was paid with', async () => {
    const m = await newMember(t.app);
    const w = await usdtWithdrawal(m, '200');
    expect(body(await pay(w, paidTx))).toMatchObject({
      code: 409,
      data: { reason: 'withdrawals.tx_id_used' },
    });
    expect(await queued(w.id)).toMatchObject({ status: 'pending', tx_id: null });
  });

  it.each([
    ['wrong amount', { delta: 10_000n }, '转账金额与该提现应付的 USDT 数量不符'],
    ['wrong destination', { elsewhere: true }, '收款地址与该提现的地址不符'],
    ['another token', { token: true }, '交易未转出所配置合约的 USDT'],
    ['a failed transaction', { failed: true }, '交易在链上执行失败'],
  ])(
    'returns %s to 待出款 with the reason, money still frozen; another transaction id then pays it',
    async (_name, how, reason) => {
      const m = await newMember(t.app);
      const w = await usdtWithdrawal(m, '150');
      const bad = fake.addTransfer({
        to: 'elsewhere' in how ? uniqueTrc20() : w.address,
        value: w.units + ('delta' in how ? how.delta : 0n),
        ...('token' in how ? { token: FAKE_USDC } : {}),
        ...('failed' in how ? { failed: true } : {}),
      });
      expect(body(await pay(w, bad.txId)).data).toMatchObject({ status: 'chain_confirming' });
      expect(await check()).toMatchObject({ refused: 1, paid: 0 });
      const row = await queued(w.id);
      expect(row).toMatchObject({ status: 'approved', status_text: '待出款', tx_id: null });
      expect(row.chain_note).toContain(reason);
      expect(row.chain_note).toContain(bad.txId);
      expect(await money(m)).toEqual({ main: 85_000n, frozen: 15_000n });

      const good = fake.addTransfer({ to: w.address, value: w.units });
      const again = await pay(w, good.txId);
      expect(body(again).data, again.body).toMatchObject({ status: 'chain_confirming' });
      expect(await check()).toMatchObject({ paid: 1 });
      expect(await money(m)).toEqual({ main: 85_000n, frozen: 0n });
    },
  );

  it('waits while the transaction is not solidified, and pays once it is', async () => {
    const m = await newMember(t.app);
    const w = await usdtWithdrawal(m, '120');
    const sent = fake.addTransfer({ to: w.address, value: w.units, confirmed: false });
    await pay(w, sent.txId);
    expect(await check()).toMatchObject({ waiting: 1, paid: 0 });
    expect(await queued(w.id)).toMatchObject({ status: 'chain_confirming', tx_id: sent.txId });
    expect((await queued(w.id)).chain_note).toContain('已上链，等待确认');
    fake.confirm(sent.txId);
    expect(await check()).toMatchObject({ paid: 1 });
    expect(await money(m)).toEqual({ main: 88_000n, frozen: 0n });
  });

  it('refuses a transaction id still not found on chain after USDT_PAY_NOT_FOUND_MIN', async () => {
    const m = await newMember(t.app);
    const w = await usdtWithdrawal(m, '100');
    await pay(w, 'ab'.repeat(32));
    expect(await check()).toMatchObject({ waiting: 1 });
    clock.advance(29 * 60_000);
    expect(await check()).toMatchObject({ waiting: 1 });
    clock.advance(60_000);
    expect(await check()).toMatchObject({ refused: 1 });
    const row = await queued(w.id);
    expect(row).toMatchObject({ status: 'approved', tx_id: null });
    expect(row.chain_note).toContain('超过 30 分钟仍未在链上找到该交易');
    // Then rejected through the usual flow: the money returns.
    await as(t.app, finance, {
      method: 'POST',
      url: `/admin/v1/withdraws/${w.id}/reject`,
      payload: { reason: '未能出款' },
    });
    expect(await money(m)).toEqual({ main: 100_000n, frozen: 0n });
  });

  it('leaves the check for the next pass while TronGrid does not answer', async () => {
    const m = await newMember(t.app);
    const w = await usdtWithdrawal(m, '110');
    const sent = fake.addTransfer({ to: w.address, value: w.units });
    await pay(w, sent.txId);
    fake.failNext('server-error', 4);
    expect(await withTimePassing(check())).toMatchObject({ checked: 1, unanswered: 1, paid: 0 });
    expect(await queued(w.id)).toMatchObject({ status: 'chain_confirming' });
    expect(await check()).toMatchObject({ paid: 1 });
    expect(await money(m)).toEqual({ main: 89_000n, frozen: 0n });
  });

  it('still needs a second operator to pay above the approval threshold alone; the chain then confirms', async () => {
    const m = await newMember(t.app);
    const w = await usdtWithdrawal(m, '5000', '9000');
    const sent = fake.addTransfer({ to: w.address, value: w.units });
    const maker = await newOperator(t.app, 'finance');
    const alone = await pay(w, sent.txId, maker);
    expect(body(alone)).toMatchObject({
      message: '已提交复核：需另一位管理员复核通过后生效',
      data: { status: 'pending', pending_change: {} },
    });
    expect(await queued(w.id)).toMatchObject({ status: 'pending', tx_id: null });
    await approvedBy(t.app, await newOperator(t.app, 'finance'), alone);
    expect(await queued(w.id)).toMatchObject({ status: 'chain_confirming', tx_id: sent.txId });
    expect(await money(m)).toEqual({ main: 400_000n, frozen: 500_000n });
    expect(await check()).toMatchObject({ paid: 1 });
    expect(await money(m)).toEqual({ main: 400_000n, frozen: 0n });
  });

  it('pays a bank card withdrawal at once, as before', async () => {
    const m = await newMember(t.app);
    await deposit(t, m, '500', 'bank');
    await setPaymentPassword(t, m);
    const { id: walletId } = await addWallet(t, m);
    const res = await as(t.app, m, {
      method: 'POST',
      url: '/v1/withdraws',
      payload: { payment_password: '135790', wallet_id: walletId, amount: '200' },
    });
    const id = body<{ id: number }>(res).data.id;
    expect(await queued(id)).toMatchObject({ needs_tx_id: false });
    expect(body(await pay({ id })).data).toMatchObject({ status: 'paid' });
  });
});

describe('USDT_DEPOSITS unset (manual deposits, the simulator)', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp({ DEPOSIT_TURNOVER_MULTIPLE: '0' });
  });
  afterAll(() => plain?.close());

  it('pays a USDT-TRC20 withdrawal in one step, no transaction id asked', async () => {
    const m = await newMember(plain.app);
    await deposit(plain, m, '500', 'bank');
    await setPaymentPassword(plain, m);
    const { id: walletId } = await addWallet(plain, m, { type: 'usdt_trc20', account: uniqueTrc20() });
    const res = await as(plain.app, m, {
      method: 'POST',
      url: '/v1/withdraws',
      payload: { payment_password: '135790', wallet_id: walletId, amount: '200' },
    });
    const id = body<{ id: number }>(res).data.id;
    const op = await newOperator(plain.app, 'finance');
    const listed = await as(plain.app, op, { method: 'GET', url: `/admin/v1/finance/withdrawals?id=${id}` });
    expect(body<{ list: Array<{ needs_tx_id: boolean }> }>(listed).data.list[0]).toMatchObject({
      needs_tx_id: false,
    });
    const paid = await as(plain.app, op, { method: 'POST', url: `/admin/v1/withdraws/${id}/pay` });
    expect(body(paid).data).toMatchObject({ status: 'paid' });
    expect(await plain.app.services.withdrawals.checkChainPayments()).toMatchObject({ checked: 0 });
  });
});
