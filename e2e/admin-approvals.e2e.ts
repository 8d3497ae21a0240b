import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { groupYuan } from '@app/shared';
import type { ControlChangeKindKey } from '@app/shared/backoffice';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uniqueUsername } from './support/app.ts';
import { screenshot, settle } from './support/browser.ts';
import {
  consoleLogin,
  consolePage as page,
  createOperator,
  OK_BUTTON,
  pageErrors,
  server,
  useConsoleSuite,
} from './support/admin.ts';
import { memberApi } from './support/member-api.ts';

useConsoleSuite('admin-approvals');

/** Screenshots of 复核中心 and the deposits page are also copied here for review. */
const REVIEW_DIR = process.env.E2E_REVIEW_DIR ?? '/tmp/admin-approvals-screenshots';
async function shoot(name: string) {
  const file = await screenshot(page, name);
  mkdirSync(REVIEW_DIR, { recursive: true });
  copyFileSync(file, path.join(REVIEW_DIR, path.basename(file)));
}

/** Signs the console out locally and in again as another operator (maker, then checker). */
async function signInAs(username: string, password: string) {
  await page.goto('/admin/login');
  await page.evaluate(() => localStorage.clear());
  await consoleLogin(page, username, password);
  await page.getByTestId('dashboard-today').waitFor();
}

/** Clicks a dialog's button once the dialog has finished opening (a click during its zoom can miss). */
async function press(button: Locator) {
  await button.waitFor();
  await settle(page);
  await button.click();
}

/** An antd message (toast) of the console showing the text. */
const toastWith = (p: Page, text: string | RegExp) => p.locator('.ant-message-notice', { hasText: text });

/** A retried test finds the queue as the first try left it: its maker withdraws what still waits. */
async function withdrawPending(kind: ControlChangeKindKey) {
  const changes = server.app.services.controlChanges;
  const { list } = await changes.list({ page: 1, per_page: 50, status: 'pending', kind });
  for (const c of list)
    await changes.reject(c.id, '测试重试', { operatorId: c.maker_id, ip: '127.0.0.1', role: 'admin' });
}

/** The console's API as one operator (for what the test checks, not what it exercises). */
async function consoleApi(username: string, password: string) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/admin/v1/auth/login',
    payload: { username, password },
  });
  return res.json<{ code: number; message: string; data: { token?: string } }>();
}

describe('复核中心: what one operator must not do alone', () => {
  it('a raised approval threshold waits; finance01 sees before → after, approves, and it is in force', async () => {
    await withdrawPending('finance.settings');
    const before = (await server.app.services.financeSettings.view()).adjustment_approval_threshold;
    const raised = `${Number(before) + 4000}.00`;

    await signInAs('admin', 'admin1234');
    await page.goto('/admin/finance/settings');
    const threshold = page.getByLabel('单人审批额度（元）');
    await expect.poll(() => threshold.inputValue()).toBe(before);
    await threshold.fill(raised);
    await page.getByLabel('修改原因（写入审计日志）').fill('旺季大额补单');
    await page.getByRole('button', { name: '保存设置' }).click();
    await page.locator('.ant-modal-confirm-content').getByText('放宽资金控制的修改').waitFor();
    await press(page.getByRole('button', { name: OK_BUTTON }));
    await toastWith(page, /已提交复核（#\d+），需另一位管理员在「复核中心」通过后生效/).waitFor();
    // Nothing changed yet: the form shows the value in force again, and the banner says what waits.
    await expect.poll(() => threshold.inputValue()).toBe(before);
    await page
      .getByTestId('pending-changes-banner')
      .getByText(`单人审批额度 ${groupYuan(before)}元 → ${groupYuan(raised)}元`)
      .waitFor();
    await shoot('admin-finance-settings-pending');
    expect((await server.app.services.financeSettings.view()).adjustment_approval_threshold).toBe(before);
    // The badge of 复核中心 follows live (private operator channel).
    await expect.poll(() => page.getByTestId('menu-badge-approvals').getAttribute('data-count')).toBe('1');

    // The maker sees their own change waiting for someone else, without 通过.
    await page.getByTestId('menu-badge-approvals').click();
    await page.waitForURL(/\/admin\/approvals/);
    const own = page.locator('tr', { hasText: '放宽财务控制' });
    await own.getByText('待他人复核').waitFor();
    await expect.poll(() => own.getByText('通过', { exact: true }).count()).toBe(0);

    // finance01 signs in: the dashboard counts it, 复核中心 lists it with before → after.
    await signInAs('finance01', 'finance1234');
    await expect
      .poll(() => page.getByTestId('queue-approvals').locator('.ant-badge').textContent())
      .toContain('1');
    await page.getByTestId('queue-approvals').click();
    await page.waitForURL(/\/admin\/approvals/);
    const row = page.locator('tr', { hasText: '放宽财务控制' });
    await row.getByText('待复核').waitFor();
    await row.getByText('旺季大额补单').waitFor();
    await row.getByText('系统管理员').waitFor();
    await shoot('admin-approvals-list');
    await row.getByText('详情').click();
    const drawer = page.getByTestId('change-detail');
    const diffRow = drawer.locator('tr', { hasText: '单人审批额度（元）' });
    // Amounts read as everywhere in the console: grouped (1,000.00).
    await diffRow.getByText(groupYuan(before)).waitFor();
    await diffRow.getByText(groupYuan(raised)).waitFor();
    await shoot('admin-approvals-detail');

    await page
      .locator('.ant-drawer')
      .getByRole('button', { name: /通\s?过/ })
      .click();
    const dialog = page.getByRole('dialog', { name: /复核通过/ });
    await dialog.getByLabel('复核意见（选填，写入审计日志）').fill('已电话确认');
    await press(dialog.getByRole('button', { name: '确认通过' }));
    await toastWith(page, '复核通过，已生效').waitFor();
    await page.locator('.ant-drawer').getByText('已生效').waitFor();

    expect((await server.app.services.financeSettings.view()).adjustment_approval_threshold).toBe(raised);
    await page.goto('/admin/finance/settings');
    await expect.poll(() => page.getByLabel('单人审批额度（元）').inputValue()).toBe(raised);
    await page.goto('/admin/approvals?status=approved');
    const done = page.locator('tr', { hasText: '放宽财务控制' }).first();
    await done.getByText('已电话确认').waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('a new operator account: finance01 may not approve it, a second admin does and sees the password once', async () => {
    const newUser = uniqueUsername('ops');
    await signInAs('admin', 'admin1234');
    await page.goto('/admin/operators');
    await page.getByRole('button', { name: '新增账号' }).click();
    const create = page.getByRole('dialog', { name: '新增管理账号' });
    await create.getByLabel('用户名').fill(newUser);
    await create.getByLabel('姓名').fill('运营二号');
    await create.locator('.ant-select-selector').click();
    await page.locator('.ant-select-item-option', { hasText: '客服' }).click();
    await press(create.getByRole('button', { name: OK_BUTTON }));
    await toastWith(page, /已提交复核（#\d+）/).waitFor();

    // finance01 sees it, but approving needs 管理账号: the server's refusal is shown.
    await signInAs('finance01', 'finance1234');
    await page.goto('/admin/approvals');
    const row = page.locator('tr', { hasText: `新增管理账号 ${newUser}` });
    await row.getByText('需「管理账号」权限').waitFor();
    await shoot('admin-approvals-no-permission');
    await row.getByText('通过', { exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /复核通过/ });
    await dialog.getByText('通过后将生成一次性密码').waitFor();
    await press(dialog.getByRole('button', { name: '确认通过' }));
    await toastWith(page, '当前管理账号无权复核此类变更').waitFor();
    await row.getByText('待复核').waitFor();

    // A second admin (made through the service: the demo has one) approves it.
    const second = await createOperator(uniqueUsername('adm'), 'admin');
    await signInAs(second.username, second.password);
    await page.goto('/admin/approvals');
    const pendingRow = page.locator('tr', { hasText: `新增管理账号 ${newUser}` });
    await pendingRow.getByText('通过', { exact: true }).click();
    await press(page.getByRole('dialog', { name: /复核通过/ }).getByRole('button', { name: '确认通过' }));
    const modal = page.getByTestId('one-time-password-modal');
    await modal.getByText('一次性密码仅显示一次').waitFor();
    await modal.getByText(newUser).waitFor();
    const password = (await modal.getByTestId('one-time-password').textContent())?.trim() ?? '';
    expect(password.length).toBeGreaterThanOrEqual(8);
    await shoot('admin-approvals-password');
    await press(page.getByTestId('one-time-password-done'));
    await modal.waitFor({ state: 'hidden' });
    // The password is nowhere on the page any more; it signs the new account in.
    await expect.poll(() => page.getByText(password).count()).toBe(0);
    const signedIn = await consoleApi(newUser, password);
    expect(signedIn.code, signedIn.message).toBe(200);
    expect(pageErrors).toEqual([]);
  });

  it('a deposit declared with another USDT amount shows 金额不符; another amount credited waits in 复核中心', async () => {
    const api = await memberApi(server, 'demo002', 'demo1234');
    const created = await api<{ order: { id: number; order_no: string } }>('POST', '/v1/payment-orders', {
      method: 'usdt_trc20',
      amount: '50',
    });
    await api('POST', '/v1/payment-orders/submit-transfer', {
      order_id: created.order.id,
      tx_hash: 'ef'.repeat(32),
      amount: '45',
    });

    await signInAs('admin', 'admin1234');
    await page.goto('/admin/finance/deposits?status=confirming');
    const row = page.locator('tr', { hasText: created.order.order_no });
    await row.getByTestId(`declared-${created.order.id}`).getByText('45.00').waitFor();
    await row.getByText('金额不符').waitFor();
    await shoot('admin-deposits-mismatch');

    // The on-chain amount is required before anything is credited.
    await row.getByText('确认到账').click();
    const dialog = page.getByRole('dialog', { name: `确认到账 ${created.order.order_no}` });
    await dialog.getByText('金额不符：会员申报 45.00 USDT，订单为 50.00 USDT').waitFor();
    await press(dialog.getByRole('button', { name: '确认入账' }));
    await dialog.getByText('会员申报数量与订单不符，请填写链上实际到账的 USDT 数量').waitFor();
    await dialog.getByLabel('链上到账 USDT').fill('45');
    await shoot('admin-deposits-confirm');
    await press(dialog.getByRole('button', { name: '确认入账' }));
    await toastWith(page, /已提交复核（#\d+）/).waitFor();
    const tag = row.getByText(/待复核 #\d+/);
    await tag.waitFor();
    await expect.poll(() => row.getByText('确认到账').count()).toBe(0);
    await shoot('admin-deposits-pending');

    // The tag opens the change in 复核中心; finance01 approves the on-chain amount there.
    await tag.click();
    await page.waitForURL(/\/admin\/approvals/);
    await page.getByTestId('change-detail').getByText('45.00 USDT 与订单 50.00 USDT 不符').waitFor();
    await signInAs('finance01', 'finance1234');
    await page.goto('/admin/approvals');
    await page.locator('tr', { hasText: created.order.order_no }).getByText('通过', { exact: true }).click();
    await press(page.getByRole('dialog', { name: /复核通过/ }).getByRole('button', { name: '确认通过' }));
    await toastWith(page, '复核通过，已生效').waitFor();
    await page.goto('/admin/finance/deposits?status=paid');
    const paid = page.locator('tr', { hasText: created.order.order_no });
    await paid.getByText('实际入账 324.00').waitFor();
    expect(pageErrors).toEqual([]);
  });
});
