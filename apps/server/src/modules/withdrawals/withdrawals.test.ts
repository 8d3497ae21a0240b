import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/tx.ts';
import { as, body, newMember, newOperator, type TestApp, type TestMember } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { insertWithdrawal } from './withdrawals.repo.ts';
import { withdrawals } from './withdrawals.table.ts';
import { createSportsApp, oddsOf, openMatches, submit, type MatchRow } from '../../test/sports-helpers.ts';
import { updateMember } from '../accounts/accounts.repo.ts';
import { members } from '../accounts/accounts.table.ts';
import { messages } from '../messages/messages.table.ts';
import { auditLogs } from '../operators/operators.table.ts';
import {
  addWallet,
  deposit,
  mainBalance,
  setPaymentPassword,
  VALID_CARD,
  VALID_TRC20,
  uniqueCard,
  uniqueTrc20,
} from '../payments/testing.ts';

let t: TestApp;
let football: MatchRow[];
beforeAll(async () => {
  // No turnover from deposits here (one test raises it through a bonus); a fee to see it work.
  t = await createSportsApp({
    DEPOSIT_TURNOVER_MULTIPLE: '0',
    WITHDRAW_FEE_BP: '100',
    WITHDRAW_FEE_MIN: '2',
    WITHDRAW_FEE_MAX: '50',
  });
  football = await openMatches(t, 'football', 1);
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

/** A member with money deposited through the gateway, a payment password and a saved card. */
async function readyMember(amount = '1000'): Promise<{ m: TestMember; walletId: number }> {
  const m = await newMember(t.app);
  await deposit(t, m, amount, 'bank');
  await setPaymentPassword(t, m);
  const { id } = await addWallet(t, m);
  return { m, walletId: id };
}

function withdraw(m: TestMember, payload: Record<string, unknown>, key?: string) {
  return as(t.app, m, {
    method: 'POST',
    url: '/v1/withdraws',
    payload: { payment_password: '135790', ...payload },
    headers: key ? { 'idempotency-key': key } : {},
  });
}

async function balances(m: TestMember) {
  const b = await mainBalance(t, m);
  return { main: b.get('main') ?? 0n, frozen: b.get('frozen') ?? 0n };
}

describe('saved wallets', () => {
  it('binds a card or address to one member only: a second binding is refused and recorded for risk review', async () => {
    const a = await newMember(t.app);
    const b = await newMember(t.app);
    const card = uniqueCard();
    const address = '0x52908400098527886E0F7030069857D2E4169EE7';
    const { id: aCard } = await addWallet(t, a, { account: card, holder_name: '张三' });
    await addWallet(t, a, { type: 'usdt_erc20', account: address });
    const bind = (payload: Record<string, unknown>) =>
      as(t.app, b, { method: 'POST', url: '/v1/user-wallets', payload });
    expect(body(await bind({ type: 'bank', bank_code: 'ICBC', holder_name: '李四', account: card }))).toEqual(
      {
        code: 422,
        message: '该银行卡已被其他账号绑定，如有疑问请联系客服',
        data: { reason: 'withdrawals.card_bound_elsewhere' },
      },
    );
    // The same hex address in other letters is the same address.
    expect(body(await bind({ type: 'usdt_erc20', account: address.toLowerCase() }))).toMatchObject({
      code: 422,
      message: '该地址已被其他账号绑定，如有疑问请联系客服',
    });
    // A card its holder deleted still belongs to them.
    await as(t.app, a, { method: 'DELETE', url: `/v1/user-wallets/${aCard}` });
    expect(
      body(await bind({ type: 'bank', bank_code: 'ICBC', holder_name: '李四', account: card })).code,
    ).toBe(422);
    expect(
      body<{ list: unknown[] }>(await as(t.app, b, { method: 'GET', url: '/v1/user-wallets' })).data.list,
    ).toEqual([]);

    // The back office sees each refusal, masked, for both members.
    const risk = await newOperator(t.app, 'risk');
    const conflicts = body<{ list: Array<Record<string, unknown>> }>(
      await t.app.inject({
        method: 'GET',
        url: `/admin/v1/risk/wallet-conflicts?keyword=${b.username}`,
        headers: risk.auth,
      }),
    ).data.list;
    expect(conflicts).toHaveLength(3);
    expect(conflicts[2]).toMatchObject({
      username: b.username,
      owner_username: a.username,
      type_name: '银行卡',
      account: `${card.slice(0, 4)} **** **** ${card.slice(-4)}`,
    });
    const content = await newOperator(t.app, 'content');
    expect(
      (await t.app.inject({ method: 'GET', url: '/admin/v1/risk/wallet-conflicts', headers: content.auth }))
        .statusCode,
    ).toBe(403);
  });

  it('lets one of two members binding the same card at once have it', async () => {
    const [a, b] = await Promise.all([newMember(t.app), newMember(t.app)]);
    const card = uniqueCard();
    const answers = await Promise.all(
      [a, b].map((m) =>
        as(t.app, m, {
          method: 'POST',
          url: '/v1/user-wallets',
          payload: { type: 'bank', bank_code: 'CMB', holder_name: '王五', account: card },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
  });

  it('names the member with their first card (实名); every later card must carry that name', async () => {
    const m = await newMember(t.app);
    await addWallet(t, m, { holder_name: '赵六' });
    const me = body<{ real_name: string }>(
      await as(t.app, m, { method: 'GET', url: '/v1/user/profile' }),
    ).data;
    expect(me.real_name).not.toBe('');
    const other = await as(t.app, m, {
      method: 'POST',
      url: '/v1/user-wallets',
      payload: { type: 'bank', bank_code: 'CMB', holder_name: '钱七', account: uniqueCard() },
    });
    expect(body(other)).toMatchObject({ code: 422, message: '持卡人姓名须与实名（赵*）一致' });
    expect((await addWallet(t, m, { holder_name: '赵六' })).id).toBeGreaterThan(0);
    // The member cannot rename themselves afterwards.
    const rename = await as(t.app, m, {
      method: 'POST',
      url: '/v1/user/update',
      payload: { real_name: '钱七' },
    });
    expect(body(rename).code).toBe(422);
  });

  it('adds a card checked by Luhn, masks it in every answer, edits, toggles and deletes it', async () => {
    const m = await newMember(t.app);
    const res = await as(t.app, m, {
      method: 'POST',
      url: '/v1/user-wallets',
      payload: {
        type: 'bank',
        bank_code: 'ICBC',
        holder_name: '李四',
        account: '6222 0212 3456 7890 128',
        alias: '工资卡',
      },
    });
    expect(body(res)).toMatchObject({
      code: 200,
      data: {
        type: 'bank',
        bank_name: '中国工商银行',
        holder_name: '李四',
        account_masked: '6222 **** **** 0128',
        alias: '工资卡',
        enabled: true,
      },
    });
    expect(res.body).not.toContain(VALID_CARD);
    const id = body<{ id: number }>(res).data.id;
    const list = await as(t.app, m, { method: 'GET', url: '/v1/user-wallets' });
    expect(list.body).not.toContain(VALID_CARD);
    expect(body<{ list: unknown[] }>(list).data.list).toHaveLength(1);
    expect((await as(t.app, m, { method: 'GET', url: `/v1/user-wallets/${id}` })).body).not.toContain(
      VALID_CARD,
    );

    const dup = await as(t.app, m, {
      method: 'POST',
      url: '/v1/user-wallets',
      payload: { type: 'bank', bank_code: 'CMB', holder_name: '李四', account: VALID_CARD },
    });
    expect(body(dup)).toMatchObject({ code: 409, message: '该卡号或地址已添加' });

    const usdt = await as(t.app, m, {
      method: 'PUT',
      url: `/v1/user-wallets/${id}`,
      payload: { type: 'usdt_trc20', account: VALID_TRC20 },
    });
    expect(body(usdt)).toMatchObject({
      code: 200,
      data: { type: 'usdt_trc20', bank_name: null, account_masked: 'TR7N **** **** Lj6t' },
    });
    expect(
      body(await as(t.app, m, { method: 'POST', url: `/v1/user-wallets/${id}/toggle-status` })),
    ).toMatchObject({ data: { enabled: false } });
    expect(
      body(await as(t.app, m, { method: 'POST', url: `/v1/user-wallets/${id}/toggle-status` })),
    ).toMatchObject({ data: { enabled: true } });
    expect(body(await as(t.app, m, { method: 'DELETE', url: `/v1/user-wallets/${id}` }))).toMatchObject({
      code: 200,
    });
    expect(body(await as(t.app, m, { method: 'GET', url: `/v1/user-wallets/${id}` }))).toMatchObject({
      code: 404,
    });
    expect(body(await as(t.app, m, { method: 'GET', url: '/v1/user-wallets/types' })).data).toMatchObject({
      list: [{ type: 'bank' }, { type: 'usdt_trc20' }, { type: 'usdt_erc20' }],
    });
  });

  it.each([
    [
      { type: 'bank', bank_code: 'CMB', holder_name: '张三', account: '6222021234567890127' },
      422,
      '银行卡号校验失败，请检查后重新输入',
    ],
    [
      { type: 'bank', bank_code: 'CMB', holder_name: '张三', account: '62220212' },
      422,
      '银行卡号须为12-19位数字',
    ],
    [{ type: 'bank', holder_name: '张三', account: VALID_CARD }, 422, '请选择开户银行'],
    [{ type: 'bank', bank_code: 'CMB', account: VALID_CARD }, 422, '请输入持卡人姓名'],
    [{ type: 'bank', bank_code: 'XXX', holder_name: '张三', account: VALID_CARD }, 400, '请选择开户银行'],
    [
      { type: 'bank', bank_code: 'CMB', holder_name: '张三1', account: VALID_CARD },
      400,
      '持卡人姓名只能包含中文或字母',
    ],
    [
      { type: 'usdt_trc20', account: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' },
      422,
      'TRC20 地址须为T开头的34位有效地址',
    ],
    [{ type: 'usdt_erc20', account: VALID_TRC20 }, 422, 'ERC20 地址须为0x开头的40位十六进制'],
    [{ type: 'paypal', account: 'x' }, 400, '请选择正确的钱包类型'],
    [{ type: 'bank', bank_code: 'CMB', holder_name: '张三', account: 6222021234567894 }, 400, ''],
    [{ type: 'bank' }, 400, '请输入卡号或地址'],
  ])('refuses %j', async (payload, status, message) => {
    const m = await newMember(t.app);
    const res = await as(t.app, m, { method: 'POST', url: '/v1/user-wallets', payload });
    expect(res.statusCode).toBe(status);
    expect(body(res).message).toContain(message);
    expect(
      body<{ list: unknown[] }>(await as(t.app, m, { method: 'GET', url: '/v1/user-wallets' })).data.list,
    ).toEqual([]);
  });

  it('never shows or changes another member’s wallet (404)', async () => {
    const m = await newMember(t.app);
    const other = await newMember(t.app);
    const { id } = await addWallet(t, m);
    for (const [method, url] of [
      ['GET', `/v1/user-wallets/${id}`],
      ['DELETE', `/v1/user-wallets/${id}`],
      ['POST', `/v1/user-wallets/${id}/toggle-status`],
    ] as const) {
      expect(body(await as(t.app, other, { method, url })), url).toMatchObject({
        code: 404,
        message: '提现账户不存在',
      });
    }
    const put = await as(t.app, other, {
      method: 'PUT',
      url: `/v1/user-wallets/${id}`,
      payload: { type: 'usdt_trc20', account: VALID_TRC20 },
    });
    expect(body(put)).toMatchObject({ code: 404 });
    expect(
      body<{ list: unknown[] }>(await as(t.app, other, { method: 'GET', url: '/v1/user-wallets' })).data.list,
    ).toEqual([]);
  });
});

describe('withdrawals', () => {
  it('a withdrawal number another withdrawal holds writes nothing (the service draws another)', async () => {
    const { m, walletId } = await readyMember('500');
    const res = await withdraw(m, { wallet_id: walletId, amount: '100' });
    expect(res.statusCode).toBe(200);
    const { id } = body<{ id: number }>(res).data;
    const [row] = await t.database.db.select().from(withdrawals).where(eq(withdrawals.id, id));
    const { id: _id, ...copy } = row!;
    expect(await inTransaction(t.database.db, ({ tx }) => insertWithdrawal(tx, copy))).toBeUndefined();
    const holders = await t.database.db
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(eq(withdrawals.orderNo, row!.orderNo));
    expect(holders).toEqual([{ id }]);
  });

  it('locks withdrawals for a while after five wrong payment passwords', async () => {
    const { m, walletId } = await readyMember('500');
    const other = await readyMember('500');
    for (let left = 4; left >= 1; left -= 1) {
      expect(
        body(await withdraw(m, { wallet_id: walletId, amount: '100', payment_password: '000000' })).message,
      ).toBe(`支付密码不正确，还可尝试${left}次`);
    }
    expect(
      body(await withdraw(m, { wallet_id: walletId, amount: '100', payment_password: '000000' })),
    ).toMatchObject({
      code: 422,
      message: '支付密码错误次数过多，请15分钟后再试',
    });
    // Even the right password waits out the window; other members are not affected.
    expect(body(await withdraw(m, { wallet_id: walletId, amount: '100' }))).toMatchObject({ code: 429 });
    expect(body(await withdraw(other.m, { wallet_id: other.walletId, amount: '100' }))).toMatchObject({
      code: 200,
    });
    expect(await balances(m)).toEqual({ main: 50_000n, frozen: 0n });
  });

  it('shows config by VIP level, balance and banks', async () => {
    const { m } = await readyMember('500');
    expect(body(await as(t.app, m, { method: 'GET', url: '/v1/withdraws/config' })).data).toEqual({
      min_amount: '100.00',
      max_amount: '50000.00',
      fee_rate_bp: 100,
      fee_min: '2.00',
      fee_max: '50.00',
      daily_count: 3,
      used_today: 0,
      remaining_today: 3,
      usdt_rate: '7.1000',
    });
    await updateMember(t.database.db, m.id, { vipLevel: 3 });
    expect(
      body<{ daily_count: number }>(await as(t.app, m, { method: 'GET', url: '/v1/withdraws/config' })).data
        .daily_count,
    ).toBe(8);
    expect(body(await as(t.app, m, { method: 'GET', url: '/v1/withdraws/balance' })).data).toEqual({
      balance: '500.00',
      withdrawable: '500.00',
      frozen: '0.00',
      turnover_required: '0.00',
    });
    expect(
      body<{ list: unknown[] }>(await as(t.app, m, { method: 'GET', url: '/v1/withdraws/banks' })).data.list
        .length,
    ).toBeGreaterThan(10);
  });

  it('freezes on request, pays out on approval (once), raises total_withdraw and tells the member', async () => {
    const { m } = await readyMember('1000');
    const card = uniqueCard();
    const { id: walletId } = await addWallet(t, m, { account: card });
    const res = await withdraw(m, { wallet_id: walletId, amount: '300' }, 'withdraw-key-0001');
    expect(body(res)).toMatchObject({
      code: 200,
      data: {
        amount: '300.00',
        fee: '3.00',
        actual_amount: '297.00',
        status: 'pending',
        wallet_name: '招商银行',
        account_masked: `6222 **** **** ${card.slice(-4)}`,
      },
    });
    expect(res.body).not.toContain(card);
    const replay = await withdraw(m, { wallet_id: walletId, amount: '300' }, 'withdraw-key-0001');
    expect(body(replay).data).toEqual(body(res).data);
    expect(await balances(m)).toEqual({ main: 70_000n, frozen: 30_000n });
    const id = body<{ id: number }>(res).data.id;

    const finance = await newOperator(t.app, 'finance');
    const list = body<{ list: Array<{ id: number; account: string }> }>(
      await t.app.inject({ method: 'GET', url: '/admin/v1/withdraws', headers: finance.auth }),
    ).data.list;
    expect(list.find((w) => w.id === id)?.account).toBe(card);
    const approve = () =>
      t.app.inject({ method: 'POST', url: `/admin/v1/withdraws/${id}/approve`, headers: finance.auth });
    const [a, b] = await Promise.all([approve(), approve()]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const reject = await t.app.inject({
      method: 'POST',
      url: `/admin/v1/withdraws/${id}/reject`,
      headers: finance.auth,
      payload: { reason: '晚了' },
    });
    expect(body(reject)).toMatchObject({ code: 409, message: '该提现已处理（已到账），不能重复操作' });

    expect(await balances(m)).toEqual({ main: 70_000n, frozen: 0n });
    const [row] = await t.database.db.select().from(members).where(eq(members.id, m.id));
    expect(row!.totalWithdraw).toBe(30_000n);
    expect(body(await as(t.app, m, { method: 'GET', url: `/v1/withdraws/${id}` })).data).toMatchObject({
      status: 'paid',
      status_text: '已到账',
    });
    const inbox = await t.database.db.select().from(messages).where(eq(messages.memberId, m.id));
    expect(inbox.map((x) => x.title)).toContain('提现成功');
    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.memberId, m.id));
    expect(audit.map((x) => x.action)).toEqual(['withdrawal.pay']);
    expect(body(await as(t.app, m, { method: 'POST', url: `/v1/withdraws/${id}/cancel` }))).toMatchObject({
      code: 409,
    });
  });

  it('rejects with a reason shown in the detail and a message; the money returns', async () => {
    const { m, walletId } = await readyMember('500');
    const id = body<{ id: number }>(await withdraw(m, { wallet_id: walletId, amount: '200' })).data.id;
    const finance = await newOperator(t.app, 'finance');
    const res = await t.app.inject({
      method: 'POST',
      url: `/admin/v1/withdraws/${id}/reject`,
      headers: finance.auth,
      payload: { reason: '银行卡信息与实名不符' },
    });
    expect(body(res)).toMatchObject({
      code: 200,
      data: { status: 'rejected', reason: '银行卡信息与实名不符' },
    });
    expect(await balances(m)).toEqual({ main: 50_000n, frozen: 0n });
    expect(body(await as(t.app, m, { method: 'GET', url: `/v1/withdraws/${id}` })).data).toMatchObject({
      status_text: '已驳回',
      reason: '银行卡信息与实名不符',
    });
    const inbox = await t.database.db.select().from(messages).where(eq(messages.memberId, m.id));
    expect(inbox.find((x) => x.title === '提现被驳回')?.content).toContain('银行卡信息与实名不符');
    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.memberId, m.id));
    expect(audit.map((x) => [x.action, x.reason])).toEqual([['withdrawal.reject', '银行卡信息与实名不符']]);
    expect(
      body(
        await t.app.inject({
          method: 'POST',
          url: `/admin/v1/withdraws/${id}/approve`,
          headers: finance.auth,
        }),
      ),
    ).toMatchObject({ code: 409 });
  });

  it('lets the member cancel a pending request (own only) and unfreezes it once', async () => {
    const { m, walletId } = await readyMember('500');
    const other = await newMember(t.app);
    const id = body<{ id: number }>(await withdraw(m, { wallet_id: walletId, amount: '150.50' })).data.id;
    expect(body(await as(t.app, other, { method: 'POST', url: `/v1/withdraws/${id}/cancel` }))).toMatchObject(
      { code: 404 },
    );
    expect(body(await as(t.app, other, { method: 'GET', url: `/v1/withdraws/${id}` }))).toMatchObject({
      code: 404,
    });
    expect(
      body<{ total: number }>(await as(t.app, other, { method: 'GET', url: '/v1/withdraws' })).data.total,
    ).toBe(0);
    expect(await balances(m)).toEqual({ main: 34_950n, frozen: 15_050n });
    const cancel = () => as(t.app, m, { method: 'POST', url: `/v1/withdraws/${id}/cancel` });
    const [a, b] = await Promise.all([cancel(), cancel()]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await balances(m)).toEqual({ main: 50_000n, frozen: 0n });
    expect(body(await as(t.app, m, { method: 'GET', url: '/v1/withdraws/statistics' })).data).toEqual({
      total_amount: '0.00',
      total_count: 0,
      pending_amount: '0.00',
      pending_count: 0,
    });
    const finance = await newOperator(t.app, 'finance');
    expect(
      body(
        await t.app.inject({
          method: 'POST',
          url: `/admin/v1/withdraws/${id}/approve`,
          headers: finance.auth,
        }),
      ),
    ).toMatchObject({ code: 409 });
  });

  it('blocks a withdrawal until the turnover is met', async () => {
    const { m, walletId } = await readyMember('500');
    await inTransaction(t.database.db, (work) =>
      t.app.services.bonus.grant(work, {
        memberId: m.id,
        type: 'manual',
        amount: 1_000n,
        reference: `test-turnover-${m.id}`,
      }),
    );
    expect(body(await as(t.app, m, { method: 'GET', url: '/v1/withdraws/balance' })).data).toMatchObject({
      balance: '510.00',
      withdrawable: '0.00',
      turnover_required: '10.00',
    });
    expect(body(await withdraw(m, { wallet_id: walletId, amount: '100' }))).toMatchObject({
      code: 422,
      message: '还需完成打码量 10.00 元才能提现',
    });
    const { odds } = await oddsOf(t, football[0]!.id, 'football.winDrawLose');
    const bet = await submit(t, m, {
      sport_type: 1,
      bet_mode: 'single',
      multiple: 5,
      selections: [{ match_id: football[0]!.id, bet_type: 'winDrawLose', option: 'h', odds: odds.h }],
    });
    expect(bet.statusCode, bet.body).toBe(200);
    expect(body(await withdraw(m, { wallet_id: walletId, amount: '100' }))).toMatchObject({ code: 200 });
  });

  it('refuses a wrong payment password, a disabled member, a stopped wallet, limits and the daily count', async () => {
    const { m, walletId } = await readyMember('2000');
    expect(
      body(await withdraw(m, { wallet_id: walletId, amount: '100', payment_password: '000000' })),
    ).toMatchObject({ code: 422, message: '支付密码不正确，还可尝试4次' });
    const noPassword = await newMember(t.app);
    const own = await addWallet(t, noPassword);
    expect(
      body(
        await as(t.app, noPassword, {
          method: 'POST',
          url: '/v1/withdraws',
          payload: { wallet_id: own.id, amount: 100, payment_password: '135790' },
        }),
      ),
    ).toMatchObject({ code: 422, message: '请先设置支付密码' });
    expect(body(await withdraw(m, { wallet_id: walletId, amount: '99.99' }))).toMatchObject({
      code: 422,
      message: '单笔最低提现 100.00 元',
    });
    expect(body(await withdraw(m, { wallet_id: walletId, amount: '50000.01' }))).toMatchObject({
      code: 422,
      message: '单笔最高提现 50,000.00 元',
    });
    expect(body(await withdraw(m, { wallet_id: walletId, amount: '5000' }))).toMatchObject({
      code: 422,
      message: '可提现余额不足',
    });
    expect(body(await withdraw(m, { wallet_id: own.id, amount: '100' }))).toMatchObject({
      code: 404,
      message: '提现账户不存在',
    });
    await as(t.app, m, { method: 'POST', url: `/v1/user-wallets/${walletId}/toggle-status` });
    expect(body(await withdraw(m, { wallet_id: walletId, amount: '100' }))).toMatchObject({
      code: 422,
      message: '该提现账户已停用，请先启用',
    });
    await as(t.app, m, { method: 'POST', url: `/v1/user-wallets/${walletId}/toggle-status` });
    await updateMember(t.database.db, m.id, { disableWithdraw: 1 });
    expect(body(await withdraw(m, { wallet_id: walletId, amount: '100' }))).toMatchObject({
      code: 403,
      message: '您的账户已被限制提现，请联系客服',
    });
    await updateMember(t.database.db, m.id, { disableWithdraw: 0 });
    await updateMember(t.database.db, m.id, { isBlack: 1 });
    expect(body(await withdraw(m, { wallet_id: walletId, amount: '100' }))).toMatchObject({ code: 403 });
    await updateMember(t.database.db, m.id, { isBlack: 0 });
    for (let i = 0; i < 3; i += 1)
      expect((await withdraw(m, { wallet_id: walletId, amount: '100' })).statusCode).toBe(200);
    expect(body(await withdraw(m, { wallet_id: walletId, amount: '100' }))).toMatchObject({
      code: 422,
      message: '今日提现次数已用完（每日3次）',
    });
    expect(await balances(m)).toEqual({ main: 170_000n, frozen: 30_000n });
  });

  it('pays USDT wallets at the withdrawal rate fixed on the request', async () => {
    const { m } = await readyMember('1000');
    const { id } = await addWallet(t, m, { type: 'usdt_trc20', account: uniqueTrc20() });
    const res = await withdraw(m, { wallet_id: id, amount: '710' });
    // fee 1% = 7.10 → 702.90 元 / 7.1 = 99.0 USDT
    expect(body(res).data).toMatchObject({
      fee: '7.10',
      actual_amount: '702.90',
      usdt_amount: '99.00',
      rate: '7.1000',
      wallet_name: 'USDT-TRC20',
    });
  });

  it.each([
    [{ wallet_id: 1, amount: -100 }, '金额不能为负数'],
    [{ wallet_id: 1, amount: '100.123' }, '金额最多保留两位小数'],
    [{ wallet_id: 1, amount: 1e15 }, '金额超出允许范围'],
    [{ wallet_id: 'abc', amount: 100 }, '钱包ID须为数字'],
    [{ wallet_id: -1, amount: 100 }, '钱包ID须为正数'],
    [{ amount: 100 }, '钱包ID'],
    [{ wallet_id: 1 }, '金额格式不正确'],
    [{ wallet_id: 1, amount: 100, payment_password: '' }, '请输入支付密码'],
  ])('refuses bad input %j and freezes nothing', async (payload, message) => {
    const { m } = await readyMember('500');
    const res = await as(t.app, m, {
      method: 'POST',
      url: '/v1/withdraws',
      payload: { payment_password: '135790', ...payload },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toContain(message);
    expect(await balances(m)).toEqual({ main: 50_000n, frozen: 0n });
  });

  it('never overdraws when withdrawals and bets race for the same money', async () => {
    const { m, walletId } = await readyMember('1000');
    await updateMember(t.database.db, m.id, { vipLevel: 6 });
    const { odds } = await oddsOf(t, football[0]!.id, 'football.winDrawLose');
    const bet = () =>
      submit(t, m, {
        sport_type: 1,
        bet_mode: 'single',
        multiple: 100,
        selections: [{ match_id: football[0]!.id, bet_type: 'winDrawLose', option: 'd', odds: odds.d }],
      });
    // Each withdrawal wants 300 and each bet 200: at most 1,000 can leave, never more.
    const results = await Promise.all([
      withdraw(m, { wallet_id: walletId, amount: '300' }),
      bet(),
      withdraw(m, { wallet_id: walletId, amount: '300' }),
      bet(),
      withdraw(m, { wallet_id: walletId, amount: '300' }),
      bet(),
    ]);
    const ok = results.filter((r) => r.statusCode === 200);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 422)).toBe(true);
    const { main, frozen } = await balances(m);
    expect(main).toBeGreaterThanOrEqual(0n);
    const withdrawn = results.filter((r, i) => i % 2 === 0 && r.statusCode === 200).length * 30_000;
    const bet_ = results.filter((r, i) => i % 2 === 1 && r.statusCode === 200).length * 20_000;
    expect(BigInt(withdrawn)).toBe(frozen);
    expect(main).toBe(100_000n - BigInt(withdrawn + bet_));
    expect(ok.length).toBeGreaterThan(0);
  });
});
