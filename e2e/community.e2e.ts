import { eq } from 'drizzle-orm';
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { members } from '../apps/server/src/db/schema.ts';
import { inTransaction } from '../apps/server/src/db/tx.ts';
import { dismissHomeModal, login, toast, waitForRoute } from './support/app.ts';
import { screenshot } from './support/browser.ts';
import { page, pageErrors, server, useBrowserSuite } from './support/suite.ts';

useBrowserSuite('community');

async function loginAs(username: string): Promise<void> {
  await login(page, username, 'demo1234');
  await waitForRoute(page, '/pages/home/home');
  await dismissHomeModal(page);
}

async function memberId(username: string): Promise<number> {
  const [row] = await server.app.services.database.db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.username, username));
  return row!.id;
}

/** The badge on the mine tab of the bottom bar ('' when none shows). */
const tabBadge = () =>
  page
    .locator('.app-tabbar .adm-tab-bar-item')
    .filter({ hasText: '我的' })
    .locator('.adm-badge-content')
    .textContent({ timeout: 500 })
    .catch(() => '');

describe('community', () => {
  it('reads a message and the badge drops; a message sent by the server arrives live and the badge rises', async () => {
    await loginAs('demo001');
    const id = await memberId('demo001');
    // The seed left demo001 two unread messages, the welcome and the opening credit; signing in
    // from this browser, which the account never used, adds a third: 新设备登录提醒.
    await expect.poll(tabBadge, { timeout: 10_000 }).toBe('3');

    await page.locator('.app-tabbar').getByText('我的').click();
    await waitForRoute(page, '/pages/mine/mine');
    await expect.poll(() => page.getByTestId('mine-unread-badge').textContent()).toBe('3');
    await screenshot(page, 'community-mine-badge');
    await page.locator('.mine-menu').getByText('站内信').click();
    await waitForRoute(page, '/minePages/messages');
    const rows = page.getByTestId('message-row');
    await expect.poll(() => rows.count()).toBe(3);
    await expect.poll(() => page.getByTestId('unread-summary').textContent()).toBe('3 条未读');
    await rows.filter({ hasText: '新设备登录提醒' }).waitFor();
    await screenshot(page, 'community-messages');

    await rows.filter({ hasText: '体验金已到账' }).click();
    await waitForRoute(page, '/minePages/message-detail');
    await page.getByTestId('message-detail').getByText('10,000.00 元已到账主钱包').waitFor();
    await page.getByRole('button', { name: '查看详情' }).waitFor();
    await screenshot(page, 'community-message-detail');
    await page.goBack();
    await waitForRoute(page, '/minePages/messages');
    await expect.poll(() => page.getByTestId('unread-summary').textContent()).toBe('2 条未读');
    await expect.poll(() => page.locator('.message-row.unread').count()).toBe(2);

    // The server tells the member something: the row appears and the count rises without a reload.
    await inTransaction(server.app.services.database.db, (work) =>
      server.app.services.messages.send(work, {
        memberId: id,
        type: 'finance',
        title: '充值到账',
        content: '您的充值 500.00 元已到账，祝您游戏愉快！',
      }),
    );
    await rows.filter({ hasText: '充值到账' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => page.getByTestId('unread-summary').textContent()).toBe('3 条未读');
    await screenshot(page, 'community-message-live');

    await page.getByTestId('mark-all-read').click();
    await expect.poll(() => page.getByTestId('unread-summary').textContent()).toBe('暂无未读消息');
    await page.goto('/#/pages/mine/mine');
    await waitForRoute(page, '/pages/mine/mine');
    await page.locator('.mine-menu').getByText('站内信').waitFor();
    await expect.poll(tabBadge).toBe('');

    // Over 99 unread the badge says 99+, pushed live onto the mine page.
    await inTransaction(server.app.services.database.db, (work) =>
      server.app.services.messages.sendMany(
        work,
        Array.from({ length: 120 }, (_, i) => ({
          memberId: id,
          type: 'system' as const,
          title: `系统通知 ${i + 1}`,
          content: '平台维护通知',
        })),
      ),
    );
    await expect
      .poll(() => page.getByTestId('mine-unread-badge').textContent(), { timeout: 10_000 })
      .toBe('99+');
    await expect.poll(tabBadge).toBe('99+');
    await screenshot(page, 'community-badge-99');
    expect(pageErrors).toEqual([]);
  });

  it('checks in on the activity tab and finds it in the records', async () => {
    await loginAs('demo002');
    await page.locator('.app-tabbar').getByText('活动').click();
    await waitForRoute(page, '/pages/activity/activity');
    const list = page.getByTestId('activity-list');
    await list.getByText('每日签到领彩金').waitFor();
    await expect
      .poll(() =>
        page
          .locator('.activity-card img')
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await screenshot(page, 'community-activity-tab');

    // Not eligible: the reason says why, in Chinese, and the button stays disabled.
    await list.getByText('新人首充100%赠送').click();
    await waitForRoute(page, '/activityPages/detail');
    await expect
      .poll(() => page.getByTestId('apply-reason').textContent())
      .toBe('您还没有充值记录，完成首次充值后即可申请');
    expect(await page.getByTestId('apply-button').isDisabled()).toBe(true);
    await screenshot(page, 'community-activity-not-eligible');
    await page.goBack();

    await list.getByText('每日签到领彩金').click();
    await waitForRoute(page, '/activityPages/detail');
    await expect.poll(() => page.getByTestId('apply-reason').textContent()).toBe('今日签到可领 1.88 元');
    await screenshot(page, 'community-activity-detail');
    // A double tap checks in once, with no page error (issue 44).
    const applies: string[] = [];
    const countApply = (request: Request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/v1/activity/apply')
        applies.push(request.url());
    };
    page.on('request', countApply);
    await page.getByTestId('apply-button').dblclick();
    await toast(page, '签到成功，彩金 1.88 元已到账').waitFor();
    page.off('request', countApply);
    expect(applies).toHaveLength(1);
    await expect.poll(() => page.getByTestId('apply-reason').textContent()).toBe('今日已签到（已通过）');
    expect(await page.getByTestId('apply-button').isDisabled()).toBe(true);

    await page.getByRole('button', { name: '记录' }).click();
    await waitForRoute(page, '/activityPages/records');
    const record = page.getByTestId('application-list').locator('.application-card').first();
    await record.getByText('每日签到领彩金').waitFor();
    await expect.poll(() => record.locator('.application-tag').textContent()).toBe('已通过');
    await expect.poll(() => record.locator('.activity-highlight').textContent()).toBe('1.88 元');
    await screenshot(page, 'community-activity-records');

    // The check-in left a message: delete it from its page, then clear the rest of the inbox.
    await page.goto('/#/minePages/messages');
    await waitForRoute(page, '/minePages/messages');
    const rows = page.getByTestId('message-row');
    await rows.filter({ hasText: '签到成功' }).click();
    await waitForRoute(page, '/minePages/message-detail');
    await page.getByTestId('message-detail').getByText('每日签到领彩金').waitFor();
    await page.getByRole('button', { name: '删除', exact: true }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: '删除' }).click();
    await toast(page, '删除成功').waitFor();
    await waitForRoute(page, '/minePages/messages');
    await expect.poll(() => rows.filter({ hasText: '签到成功' }).count()).toBe(0);
    expect(await rows.count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: '更多操作' }).click();
    await page.getByText('清空全部消息').click();
    await page.locator('.adm-dialog').getByRole('button', { name: '清空' }).click();
    await page.getByText('暂无消息').waitFor();
    await screenshot(page, 'community-messages-cleared');
    expect(pageErrors).toEqual([]);
  });
});
