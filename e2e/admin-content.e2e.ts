import { describe, expect, it } from 'vitest';
import { dismissHomeModal } from './support/app.ts';
import { openRoute, screenshot } from './support/browser.ts';
import {
  consoleLogin,
  consolePage as page,
  OK_BUTTON,
  memberPhone,
  pageErrors,
  server,
  useConsoleSuite,
} from './support/admin.ts';

useConsoleSuite('admin-content');

describe('content in the console', () => {
  it('publishes a notice; the member home shows it', async () => {
    await consoleLogin(page, 'admin', 'admin1234');
    await page.getByTestId('dashboard-today').waitFor();
    await page.goto('/admin/content/notices');
    await page.getByTestId('create').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('标题').fill('周末体育加奖，单关最高加奖8%');
    await dialog
      .getByLabel('内容')
      .fill('<p>活动期间<b>单关</b>投注中奖即加奖。</p><script>alert(1)</script>');
    await dialog.getByLabel('排序').fill('999');
    await dialog.getByRole('switch', { name: '置顶' }).click();
    await screenshot(page, 'admin-notice-form');
    await dialog.getByRole('button', { name: OK_BUTTON }).click();
    await page.getByText('已创建').waitFor();
    await page.locator('tr', { hasText: '周末体育加奖' }).getByText('已发布').waitFor();
    await screenshot(page, 'admin-notices');

    const phone = await memberPhone();
    await openRoute(phone.page, '/pages/home/home');
    await dismissHomeModal(phone.page);
    await expect
      .poll(() => phone.page.locator('.notice-bar').first().innerText(), { timeout: 15_000 })
      .toContain('周末体育加奖');
    await screenshot(phone.page, 'admin-notice-member-home');
    await phone.context.close();
    expect(pageErrors).toEqual([]);
  });

  it('shows every content screen', async () => {
    for (const [path, name, ready] of [
      ['/admin/content/banners', 'admin-banners', '新增轮播图'],
      ['/admin/content/activities', 'admin-activities', '申请审核'],
      ['/admin/content/experts', 'admin-experts', '新增专家'],
      ['/admin/content/lottery-articles', 'admin-lottery-articles', '新增彩票资讯'],
      ['/admin/content/messages', 'admin-messages', '发送对象'],
      ['/admin/content/app-config', 'admin-app-config', '应用信息（app info）'],
      ['/admin/audit', 'admin-audit', '审计日志'],
      ['/admin/operators', 'admin-operators', '新增账号'],
    ] as const) {
      await page.goto(path);
      await page.getByText(ready).first().waitFor();
      await page.waitForLoadState('networkidle');
      await screenshot(page, name);
    }
    expect(pageErrors).toEqual([]);
  });

  it('sends a message to one member and says how many it reaches first', async () => {
    await page.goto('/admin/content/messages');
    await page.getByLabel('会员账号或ID').fill('demo001');
    await page.getByLabel('标题').fill('账户安全提醒');
    await page.getByLabel('内容').fill('请勿向任何人透露您的密码。');
    await page.getByRole('button', { name: /发\s?送/ }).click();
    await page.getByText('将发送给 1 位会员：「账户安全提醒」').waitFor();
    await page.getByRole('button', { name: OK_BUTTON }).click();
    // demo001's inbox has it (the 已发送给 1 位会员 toast lasts 3 s; a busy machine may miss it).
    const login = await server.app.inject({
      method: 'POST',
      url: '/v1/login',
      payload: { username: 'demo001', password: 'demo1234' },
    });
    const token = login.json<{ data: { token: string } }>().data.token;
    await expect
      .poll(async () =>
        (
          await server.app.inject({
            method: 'GET',
            url: '/v1/messages',
            headers: { authorization: `Bearer ${token}` },
          })
        ).body.includes('账户安全提醒'),
      )
      .toBe(true);
  });
});
