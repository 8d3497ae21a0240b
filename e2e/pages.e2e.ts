import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dismissHomeModal, login, waitForRoute } from './support/app.ts';
import { newMobileContext, screenshot } from './support/browser.ts';
import { browser, server, useBrowserSuite } from './support/suite.ts';

useBrowserSuite('pages', { page: 'none' });

interface PageCase {
  name: string;
  route: string;
  /** Text that proves the page rendered. */
  expect: string;
}

const PUBLIC_PAGES: PageCase[] = [
  { name: 'launch', route: '/', expect: '随便逛逛' },
  { name: 'launch-choose', route: '/pages/launch/choose', expect: '一键注册' },
  { name: 'login', route: '/pages/login/login', expect: '欢迎回来' },
  { name: 'register', route: '/pages/login/register', expect: '注册新会员' },
  { name: 'ireg', route: '/ireg', expect: '好友邀请您加入' },
  { name: 'areg', route: '/areg', expect: '加入代理团队' },
  { name: 'mine-anonymous', route: '/pages/mine/mine', expect: '您还未登录' },
  { name: 'setApp', route: '/minePages/setApp', expect: '清除缓存' },
  { name: 'download', route: '/pages/download/download', expect: '扫码访问' },
  { name: 'app-download', route: '/pages/download/app-download', expect: '赛事全覆盖' },
  { name: 'install-tutorial', route: '/pages/download/install-tutorial', expect: '添加到主屏幕' },
  { name: 'logs', route: '/pages/logs/logs', expect: '客户端日志' },
  { name: 'debug-toast-test', route: '/pages/debug/toast-test', expect: '请求参数错误，请检查输入内容' },
  { name: 'debug-check-update', route: '/pages/debug/check-update', expect: '已是最新' },
  { name: 'debug-debug-update', route: '/pages/debug/debug-update', expect: 'apiServerUrl' },
  { name: 'debug-simple-update-test', route: '/pages/debug/simple-update-test', expect: '检查并更新' },
  { name: 'app-update', route: '/pages/app-update/app-update', expect: '当前已是最新版本' },
  { name: 'activity', route: '/pages/activity/activity', expect: '新人首充100%赠送' },
  { name: 'not-found', route: '/pages/no-such/page', expect: '页面不存在' },
];

async function visit(page: Page, c: PageCase): Promise<void> {
  await page.goto(`/#${c.route}`);
  await page.getByText(c.expect, { exact: false }).first().waitFor();
  await screenshot(page, c.name);
}

describe('every page renders (screenshots in test-results/screenshots)', () => {
  it('renders the public pages', async () => {
    const context: BrowserContext = await newMobileContext(browser, server.baseUrl);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    for (const c of PUBLIC_PAGES) await visit(page, c);

    await page.goto('/#/pages/home/home');
    await page.getByTestId('home-modal').waitFor();
    await screenshot(page, 'home-modal');
    await dismissHomeModal(page);
    await page.getByText('登录后查看余额与会员特权').waitFor();
    await screenshot(page, 'home-anonymous');

    // Customer service: the kf_url (the built-in help centre) inside the page.
    await page.goto('/#/pages/customer/customer');
    const help = page.frameLocator('iframe.webframe-iframe');
    await help.getByText('金彩体育 · 帮助中心').waitFor();
    await screenshot(page, 'customer');
    await page.goto(
      '/#/pages/webview/webview?url=%2Fsupport.html%23withdraw&title=%E6%8F%90%E7%8E%B0%E8%AF%B4%E6%98%8E',
    );
    await page.locator('.page-nav', { hasText: '提现说明' }).waitFor();
    await page.frameLocator('iframe.webframe-iframe').getByText('提现需要满足什么条件？').waitFor();
    await screenshot(page, 'webview');
    await page.goto('/#/pages/webview/webview?url=javascript%3Aalert(1)');
    await page.getByText('链接无效').waitFor();

    // The QR code is drawn locally.
    await page.goto('/#/pages/download/download');
    const qr = page.getByTestId('site-qrcode');
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);

    // Members-only pages send visitors to the login page.
    await page.goto('/#/minePages/set');
    await waitForRoute(page, '/pages/login/login');
    expect(decodeURIComponent(page.url())).toContain('redirect=/minePages/set');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('renders the member pages', async () => {
    const context = await newMobileContext(browser, server.baseUrl);
    const page = await context.newPage();
    await login(page, 'demo001', 'demo1234');
    await waitForRoute(page, '/pages/home/home');
    await dismissHomeModal(page);
    await expect.poll(() => page.locator('.member-balance-value').textContent()).toBe('10,000.00');
    await screenshot(page, 'home-member');

    await page.goto('/#/pages/mine/mine');
    await expect.poll(() => page.getByTestId('vip-badge').textContent()).toContain('普通会员');
    await screenshot(page, 'mine');

    await page.goto('/#/minePages/set');
    await page.getByText('安全设置').waitFor();
    await screenshot(page, 'set');

    // Profile edit through POST /v1/user/update.
    await page.locator('.adm-list-item', { hasText: '昵称' }).click();
    await page.locator('input[name="nickname"]').fill('金牌玩家');
    await page.getByRole('button', { name: '保存' }).click();
    await page.locator('.adm-list-item', { hasText: '金牌玩家' }).waitFor();
    // An emoji nickname: the avatar shows the whole emoji, never half of its surrogate pair.
    await page.locator('.adm-list-item', { hasText: '昵称' }).click();
    await page.locator('input[name="nickname"]').fill('🐯虎哥');
    await page.getByRole('button', { name: '保存' }).click();
    await page.locator('.adm-list-item', { hasText: '🐯虎哥' }).waitFor();
    await page.goto('/#/pages/mine/mine');
    await expect.poll(() => page.locator('.user-avatar-initial').first().textContent()).toBe('🐯');
    await page.goto('/#/minePages/set');

    await page.locator('.adm-list-item', { hasText: '支付密码' }).click();
    await page.locator('.sheet-title', { hasText: '设置支付密码' }).waitFor();
    await screenshot(page, 'set-payment-password');
    await page.locator('input[name="login_password"]').fill('demo1234');
    await page.locator('input[name="payment_password"]').fill('135790');
    await page.locator('input[name="payment_password_confirmation"]').fill('135790');
    await page.getByRole('button', { name: '确认设置' }).click();
    await page.locator('.adm-list-item', { hasText: '支付密码' }).getByText('已设置').waitFor();

    await page.goto('/#/minePages/setApp');
    await page.getByText('构建编号').waitFor();
    await screenshot(page, 'setApp-member');
    await context.close();
  });
});
