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
  it('publishes a notice written in the editor with bold from the toolbar; the member sees it bold', async () => {
    await consoleLogin(page, 'admin', 'admin1234');
    await page.getByTestId('dashboard-today').waitFor();
    await page.goto('/admin/content/notices');
    await page.getByTestId('create').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('标题', { exact: true }).fill('周末体育加奖，单关最高加奖8%');
    // The editor loads when the form opens; the operator types, with 加粗 on for two characters.
    const editor = dialog.getByRole('textbox', { name: '内容', exact: true });
    await editor.click();
    await page.keyboard.type('活动期间');
    const bold = dialog.getByRole('button', { name: '加粗' });
    await bold.click();
    await expect.poll(() => bold.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.type('单关');
    await bold.click();
    await page.keyboard.type('投注中奖即加奖。');
    await expect.poll(() => editor.innerHTML()).toBe('<p>活动期间<strong>单关</strong>投注中奖即加奖。</p>');
    await dialog.getByLabel('排序').fill('999');
    await dialog.getByRole('switch', { name: '置顶' }).click();
    await editor.click();
    await screenshot(page, 'admin-notice-form');

    // 源码 shows the HTML; what an operator pastes there is cleaned by the server on save.
    await dialog.getByRole('button', { name: '编辑 HTML 源码' }).click();
    const html = dialog.getByRole('textbox', { name: '内容（HTML 源码）' });
    await expect.poll(() => html.inputValue()).toBe('<p>活动期间<strong>单关</strong>投注中奖即加奖。</p>');
    await html.press('End');
    await html.pressSequentially('<script>alert(1)</script>');
    await screenshot(page, 'admin-notice-form-source');
    await dialog.getByRole('button', { name: '返回可视化编辑' }).click();
    await editor.waitFor();

    await dialog.getByRole('button', { name: OK_BUTTON }).click();
    await page.getByText('已创建').waitFor();
    await page.locator('tr', { hasText: '周末体育加奖' }).getByText('已发布').waitFor();
    await screenshot(page, 'admin-notices');

    const found = await server.app.inject({
      method: 'GET',
      url: `/v1/notices/search?keyword=${encodeURIComponent('周末体育加奖')}`,
    });
    const id = found.json<{ data: { list: Array<{ id: number }> } }>().data.list[0]!.id;
    const detail = await server.app.inject({ method: 'GET', url: `/v1/notices/${id}` });
    expect(detail.json<{ data: { content: string } }>().data.content).toBe(
      '<p>活动期间<strong>单关</strong>投注中奖即加奖。</p>',
    );

    const phone = await memberPhone();
    await openRoute(phone.page, '/pages/home/home');
    await dismissHomeModal(phone.page);
    await expect
      .poll(() => phone.page.locator('.notice-bar').first().innerText(), { timeout: 15_000 })
      .toContain('周末体育加奖');
    await screenshot(phone.page, 'admin-notice-member-home');
    await openRoute(phone.page, `/noticePages/detail?id=${id}`);
    const strong = phone.page.getByTestId('notice-detail').locator('strong');
    await strong.waitFor();
    expect(await strong.innerText()).toBe('单关');
    expect(Number(await strong.evaluate((el) => getComputedStyle(el).fontWeight))).toBeGreaterThanOrEqual(
      600,
    );
    await screenshot(phone.page, 'admin-notice-member-detail');
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
