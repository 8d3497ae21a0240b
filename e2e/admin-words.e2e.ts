import { eq } from 'drizzle-orm';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { members } from '../apps/server/src/db/schema.ts';
import { screenshot } from './support/browser.ts';
import {
  consoleLogin,
  consolePage as page,
  OK_BUTTON,
  nextMatch,
  pageErrors,
  server,
  useConsoleSuite,
} from './support/admin.ts';
import { memberApi } from './support/member-api.ts';

useConsoleSuite('admin-words');

/** Where a table's header cell sits on the screen. */
async function box(header: Locator) {
  const b = await header.boundingBox();
  if (!b) throw new Error('header not on screen');
  return b;
}

/** Every header cell of a table lies left of its fixed 操作 column, none under it. */
async function columnsClearOfOperations(table: Locator, titles: string[]) {
  const ops = await box(table.locator('thead th', { hasText: '操作' }).first());
  for (const title of titles) {
    const cell = await box(table.locator('thead th', { hasText: title }).first());
    expect(cell.x + cell.width, `${title} ends before 操作`).toBeLessThanOrEqual(ops.x + 1);
  }
}

describe('the console speaks Chinese (issue 44, points 5 and 6)', () => {
  it('a withdrawal: its table fits 1440 px, its row opens its detail, the ledger links to it, the audit log says what happened', async () => {
    const api = await memberApi(server, 'demo002', 'demo1234');
    // Set once (a retry finds them set).
    await api('POST', '/v1/user/set-payment-password', {
      payment_password: '135790',
      payment_password_confirmation: '135790',
      login_password: 'demo1234',
    }).catch(() => undefined);
    const wallet = await api<{ id: number }>('POST', '/v1/user-wallets', {
      type: 'bank',
      bank_code: 'CMB',
      holder_name: '王五',
      account: '6222021234567890128',
    }).catch(async () => (await api<{ list: Array<{ id: number }> }>('GET', '/v1/user-wallets')).list[0]!);
    await server.app.services.database.db
      .update(members)
      .set({ codingvolume: 0n })
      .where(eq(members.username, 'demo002'));
    const w = await api<{ id: number; order_no: string }>('POST', '/v1/withdraws', {
      wallet_id: wallet.id,
      amount: '200',
      payment_password: '135790',
    });
    const [member] = await server.app.services.database.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.username, 'demo002'));

    await consoleLogin(page, 'admin', 'admin1234');
    await page.getByTestId('dashboard-today').waitFor();
    await page.goto('/admin/finance/withdrawals?status=pending');
    const row = page.locator('tr', { hasText: w.order_no });
    await row.getByTestId(`review-${w.id}`).click();
    await page.getByRole('button', { name: OK_BUTTON }).click();
    await page.getByText('已审核，待出款').first().waitFor();

    // At 1440 px 处理人 and 申请时间 are in view, left of the fixed 操作 column.
    await page.goto('/admin/finance/withdrawals');
    await row.getByText('待出款').waitFor();
    await columnsClearOfOperations(page.locator('.ant-table').first(), ['处理人', '申请时间', '状态']);
    await screenshot(page, 'admin-withdrawals-1440');

    // A click on the row opens every field, labelled, and what was decided on it.
    await row.locator('td').nth(3).click();
    const detail = page.getByTestId('withdrawal-detail');
    await detail.getByText('收款方式').waitFor();
    await detail.getByText('银行卡', { exact: true }).waitFor();
    await detail.getByTestId('record-history').getByText('提现：审核通过').waitFor();
    await detail.getByText('审核中', { exact: true }).waitFor();
    await screenshot(page, 'admin-withdrawal-detail');
    await page.keyboard.press('Escape');

    // The member's ledger: wallets and types in words, the reference a link to the withdrawal.
    await page.goto(`/admin/members/${member!.id}`);
    await page.getByTestId('member-profile').getByText('演示数据').waitFor();
    const ledger = page.locator('.ant-tabs-tabpane-active .ant-table').first();
    const link = ledger.getByRole('link', { name: `提现单 #${w.id}` }).first();
    await link.waitFor();
    await ledger.getByText('冻结钱包').first().waitFor();
    await ledger.getByText('提现冻结').first().waitFor();
    const text = await ledger.innerText();
    for (const code of ['withdrawal:', 'frozen', 'withdraw_freeze', 'main']) expect(text).not.toContain(code);
    await ledger.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-member-ledger');
    await link.click();
    await page.waitForURL(new RegExp(`/admin/finance/withdrawals\\?id=${w.id}`));
    await page.getByTestId('withdrawal-detail').getByText(w.order_no).first().waitFor();

    // The audit log: the action, its object and before → after in words.
    await page.goto('/admin/audit');
    const entry = page.locator('tr', { hasText: '提现：审核通过' }).first();
    await entry.getByRole('link', { name: `提现单 #${w.id}` }).waitFor();
    await entry.getByText('审核中').waitFor();
    await entry.getByText('待出款').waitFor();
    const log = await page.locator('.ant-table').first().innerText();
    expect(log).not.toContain('withdrawal.review');
    expect(log).not.toContain('{"');
    await screenshot(page, 'admin-audit-words');
    expect(pageErrors).toEqual([]);
  });

  it('a deposit’s row opens its detail; its table fits 1440 px', async () => {
    const api = await memberApi(server, 'demo001', 'demo1234');
    const created = await api<{ order: { id: number; order_no: string } }>('POST', '/v1/payment-orders', {
      method: 'usdt_trc20',
      amount: '50',
    });
    await api('POST', '/v1/payment-orders/submit-transfer', {
      order_id: created.order.id,
      tx_hash: 'ab'.repeat(32),
      amount: '50',
    });
    await page.goto('/admin/finance/deposits');
    const row = page.locator('tr', { hasText: created.order.order_no });
    await row.getByText('待确认').waitFor();
    await columnsClearOfOperations(page.locator('.ant-table').first(), ['处理人', '创建时间', '状态']);
    await screenshot(page, 'admin-deposits-1440');
    await row.getByTestId(`deposit-detail-${created.order.id}`).click();
    const detail = page.getByTestId('deposit-detail');
    await detail.getByText('ab'.repeat(32)).waitFor();
    await detail.getByText('USDT-TRC20').waitFor();
    await screenshot(page, 'admin-deposit-detail');
    await page.keyboard.press('Escape');
    expect(pageErrors).toEqual([]);
  });

  it('a voided match shows its status once, and the audit log says 赛事：作废 with its result in words', async () => {
    await server.app.services.feedSync.tick();
    const { match } = await nextMatch(new Date(server.app.services.clock.now().getTime() + 30 * 60_000), {
      unbet: true,
    });
    await page.goto(`/admin/sports/matches?keyword=${match.matchNo}&match=${match.id}`);
    const status = page.getByTestId('match-status');
    await expect.poll(() => status.innerText()).toBe('未开赛');
    await page.getByTestId('open-correction').click();
    await page.getByLabel('原因').fill('赛事取消，全部退款');
    // A click that lands while the dialog is still zooming in can miss: click until the preview asks.
    const confirmVoid = page.getByRole('button', { name: '确认作废' });
    await expect
      .poll(
        async () => {
          if ((await confirmVoid.count()) === 0)
            await page
              .getByRole('dialog')
              .getByRole('button', { name: OK_BUTTON })
              .click({ timeout: 2_000 })
              .catch(() => undefined);
          return confirmVoid.count();
        },
        { timeout: 30_000, interval: 1_500 },
      )
      .toBeGreaterThan(0);
    await confirmVoid.click();
    await page.getByText('已作废', { exact: true }).first().waitFor();
    await expect.poll(() => status.innerText()).toBe('取消');
    await status.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-match-voided');

    await page.goto('/admin/audit?action=sports.void');
    const entry = page.locator('tr', { hasText: '赛事：作废' }).first();
    await entry.getByRole('link', { name: `赛事 #${match.id}` }).waitFor();
    await entry.getByText('作废', { exact: true }).waitFor();
    expect(await entry.innerText()).not.toContain('status');
    await screenshot(page, 'admin-audit-void');
    expect(pageErrors).toEqual([]);
  });

  it('the dashboard keeps 元 beside each figure; the adjustment dialog says what is wrong with -50.555', async () => {
    await page.goto('/admin/');
    const figures = page.getByTestId('dashboard-today').locator('.ant-statistic-content');
    await figures.first().waitFor();
    for (const figure of await figures.all()) {
      const value = await box(figure.locator('.ant-statistic-content-value'));
      const suffix = figure.locator('.ant-statistic-content-suffix');
      if ((await suffix.count()) === 0) continue;
      expect(Math.abs((await box(suffix)).y - value.y), '元 on the figure’s line').toBeLessThan(8);
    }
    await screenshot(page, 'admin-dashboard');

    await page.goto('/admin/members?keyword=demo002');
    await page.getByTestId('member-link').first().click();
    await page.getByTestId('open-adjustment').click();
    await page.getByLabel('金额（元）').fill('-50.555');
    await page.getByLabel('原因').fill('活动补偿奖励');
    const error = page.getByRole('dialog').getByText('金额不能为负数，最多两位小数');
    await expect
      .poll(
        async () => {
          await page
            .getByRole('button', { name: OK_BUTTON })
            .click({ timeout: 2_000 })
            .catch(() => undefined);
          return error.count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBeGreaterThan(0);
    await screenshot(page, 'admin-adjustment-amount-error');
    expect(pageErrors).toEqual([]);
  });
});
