import { eq } from 'drizzle-orm';
import { members } from '../apps/server/src/db/schema.ts';
import { describe, expect, it } from 'vitest';
import { dismissHomeModal, login, waitForRoute } from './support/app.ts';
import { openRoute, screenshot } from './support/browser.ts';
import {
  consoleLogin,
  consoleSignOut,
  consolePage as page,
  OK_BUTTON,
  createOperator,
  memberPhone,
  pageErrors,
  server,
  useConsoleSuite,
} from './support/admin.ts';
import { memberApi } from './support/member-api.ts';

useConsoleSuite('admin-finance');

describe('finance in the console', () => {
  it('confirms a USDT deposit after checking its hash; the member’s balance changes live in their app', async () => {
    const api = await memberApi(server, 'demo001', 'demo1234');
    const created = await api<{ order: { id: number } }>('POST', '/v1/payment-orders', {
      method: 'usdt_trc20',
      amount: '50',
    });
    await api('POST', '/v1/payment-orders/submit-transfer', {
      order_id: created.order.id,
      tx_hash: 'cd'.repeat(32),
      amount: '50',
    });

    // The member watches their mine page on a phone.
    const phone = await memberPhone();
    await login(phone.page, 'demo001', 'demo1234');
    await waitForRoute(phone.page, '/pages/home/home');
    await dismissHomeModal(phone.page);
    await openRoute(phone.page, '/pages/mine/mine');
    const balance = phone.page.locator('.balance-main');
    await expect.poll(() => balance.getAttribute('data-amount'), { timeout: 15_000 }).toBe('10000.00');

    await consoleLogin(page, 'admin', 'admin1234');
    await page.getByTestId('dashboard-today').waitFor();
    // The pending count on the dashboard links to the queue.
    await expect
      .poll(() => page.getByTestId('pending-deposits').getAttribute('data-count'), { timeout: 15_000 })
      .toBe('1');
    await page.getByTestId('queue-deposits').click();
    await page.waitForURL(/\/admin\/finance\/deposits\?status=confirming/);
    const row = page.locator('tr', { hasText: 'USDT-TRC20' }).first();
    await row.getByText('待确认').waitFor();
    await screenshot(page, 'admin-deposits');
    await row.getByText('确认到账').click();
    await page.getByText('将为会员 demo001 入账 360.00 元（50.00 USDT × 7.2000）').waitFor();
    await page.getByRole('button', { name: '确认入账' }).click();
    await page.getByText('已确认，会员 demo001 入账 360.00 元').waitFor();

    await expect.poll(() => balance.getAttribute('data-amount'), { timeout: 15_000 }).toBe('10360.00');
    await screenshot(phone.page, 'admin-deposit-member-live');
    await phone.context.close();
    expect(pageErrors).toEqual([]);
  });

  it('reviews and pays a withdrawal: approve → pay → paid', async () => {
    const api = await memberApi(server, 'demo002', 'demo1234');
    // The member's own setup, once: a retry of this test finds the password and the card there.
    const me = await api<{ has_payment_password: boolean }>('GET', '/v1/me');
    if (!me.has_payment_password)
      await api('POST', '/v1/user/set-payment-password', {
        payment_password: '135790',
        payment_password_confirmation: '135790',
        login_password: 'demo1234',
      });
    const bound = await api<{ list: Array<{ id: number; type: string }> }>('GET', '/v1/user-wallets');
    const wallet =
      bound.list.find((x) => x.type === 'bank') ??
      (await api<{ id: number }>('POST', '/v1/user-wallets', {
        type: 'bank',
        bank_code: 'CMB',
        holder_name: '王五',
        account: '6222021234567890128',
      }));
    // demo002's 500 体验金 carries 500 of 打码量; it was played off (betting is tested elsewhere).
    await server.app.services.database.db
      .update(members)
      .set({ codingvolume: 0n })
      .where(eq(members.username, 'demo002'));
    const w = await api<{ id: number; order_no: string }>('POST', '/v1/withdraws', {
      wallet_id: wallet.id,
      amount: '200',
      payment_password: '135790',
    });

    await page.goto('/admin/finance/withdrawals?status=pending');
    const row = page.locator('tr', { hasText: w.order_no });
    await row.getByText('审核中').waitFor();
    await row.getByTestId(`review-${w.id}`).click();
    await page.getByRole('button', { name: OK_BUTTON }).click();
    await page.getByText('已审核，待出款').first().waitFor();

    await page.goto('/admin/finance/withdrawals?status=approved');
    const approved = page.locator('tr', { hasText: w.order_no });
    await approved.getByText('待出款').waitFor();
    await screenshot(page, 'admin-withdrawals');
    await approved.getByTestId(`pay-${w.id}`).click();
    await page.getByText('汇出 200.00 元（申请 200.00，手续费 0.00）').waitFor();
    await page.getByRole('button', { name: '确认已出款' }).click();
    await page.getByText('已出款', { exact: true }).first().waitFor();

    const mine = await api<{ list: Array<{ id: number; status: string }> }>('GET', '/v1/withdraws');
    expect(mine.list.find((x) => x.id === w.id)?.status).toBe('paid');
  });

  it('lists a refused binding of a card another member holds, with both members', async () => {
    const holder = await memberApi(server, 'demo002', 'demo1234');
    await holder('POST', '/v1/user-wallets', {
      type: 'bank',
      bank_code: 'ICBC',
      holder_name: '王五',
      account: '6222021234567890144',
    });
    const demo001 = (
      await server.app.inject({
        method: 'POST',
        url: '/v1/login',
        payload: { username: 'demo001', password: 'demo1234' },
      })
    ).json<{ data: { token: string } }>().data.token;
    const refused = await server.app.inject({
      method: 'POST',
      url: '/v1/user-wallets',
      headers: { authorization: `Bearer ${demo001}` },
      payload: { type: 'bank', bank_code: 'CMB', holder_name: '李四', account: '6222021234567890144' },
    });
    expect(refused.json<{ message: string }>().message).toBe('该银行卡已被其他账号绑定，如有疑问请联系客服');

    await page.goto('/admin/members/wallet-conflicts');
    const row = page.locator('tr', { hasText: 'demo001' });
    await row.getByText('demo002').waitFor();
    await row.getByText('6222 **** **** 0144').waitFor();
    await screenshot(page, 'admin-wallet-conflicts');
  });

  it('a large manual adjustment waits for a second operator; the maker cannot approve it', async () => {
    await page.goto('/admin/members?keyword=demo002');
    await page.getByTestId('member-link').first().click();
    await page.getByTestId('member-profile').waitFor();
    await page.getByTestId('open-adjustment').click();
    await page.getByLabel('金额（元）').fill('5000');
    await page.getByLabel('原因').fill('线下充值补单');
    await page.getByRole('button', { name: OK_BUTTON }).click();
    await page.getByText('将为会员 demo002 加款 5,000.00 元（线下充值补单）').waitFor();
    await page.getByRole('button', { name: '确认加款' }).click();
    await page.getByText('已提交，等待另一位管理员复核').waitFor();
    await screenshot(page, 'admin-member-detail');

    await page.goto('/admin/adjustments?status=pending');
    const row = page.locator('tr', { hasText: '线下充值补单' });
    await row.getByText('等待他人复核').waitFor();
    await screenshot(page, 'admin-adjustments-maker');

    // A second operator signs in and approves.
    await consoleSignOut(page);
    const checker = await createOperator('fin02', 'finance');
    await consoleLogin(page, checker.username, checker.password);
    await page.getByTestId('dashboard-today').waitFor();
    await page.goto('/admin/adjustments?status=pending');
    const pendingRow = page.locator('tr', { hasText: '线下充值补单' });
    await pendingRow.getByText('通过').click();
    await page.getByText('复核通过：为会员 demo002 加款 5,000.00 元？').waitFor();
    await page.getByRole('button', { name: '通过并入账' }).click();
    await page.getByText('已复核入账').waitFor();
    await page.goto('/admin/adjustments');
    await page.locator('tr', { hasText: '线下充值补单' }).getByText('已入账').waitFor();
    await screenshot(page, 'admin-adjustments');
    expect(pageErrors).toEqual([]);
  });

  it('changes a finance setting, in force at once', async () => {
    await page.goto('/admin/finance/settings');
    await page.getByLabel('单笔最低（元）').first().fill('150');
    await screenshot(page, 'admin-finance-settings');
    await page.getByRole('button', { name: '保存设置' }).click();
    await page.getByRole('button', { name: OK_BUTTON }).click();
    await page.getByText('已保存，立即生效').waitFor();
    const api = await memberApi(server, 'demo001', 'demo1234');
    const config = await api<{ min_amount: string }>('GET', '/v1/withdraws/config');
    expect(config.min_amount).toBe('150.00');
  });
});
