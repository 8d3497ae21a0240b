import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { toast, waitForRoute } from './support/app.ts';
import { newDesktopContext, screenshot } from './support/browser.ts';
import { browser, context, page, server, useBrowserSuite } from './support/suite.ts';

useBrowserSuite('shell');

/**
 * Holds the app's entry script until the returned function is called: what index.html paints on
 * its own, before the JavaScript has come and run, stays on screen to be looked at.
 */
async function holdAppCode(): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Opens the app at `path` as a launch: a new document, not a hash change within the current one. */
async function launchAt(path: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(path, { waitUntil: 'commit' });
}

describe('shell', () => {
  it('shows the tabs whose pages exist, in SPEC order, in the tab bar colours', async () => {
    await page.goto('/#/pages/mine/mine');
    await page.locator('.app-tabbar .adm-tab-bar-item-title').first().waitFor();
    const titles = await page.locator('.app-tabbar .adm-tab-bar-item-title').allTextContents();
    expect(titles).toEqual(['首页', '活动', '竞猜', '客服', '我的']);
    const bar = await page.locator('.app-tabbar').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(bar).toBe('rgb(29, 29, 29)');
    const active = await page
      .locator('.app-tabbar .adm-tab-bar-item-active')
      .evaluate((el) => getComputedStyle(el).color);
    expect(active).toBe('rgb(236, 198, 171)');
    await page.locator('.app-tabbar .adm-tab-bar-item', { hasText: '客服' }).click();
    await waitForRoute(page, '/pages/customer/customer');
  });

  it('opens the launch screen at / and browses as a guest', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: '登录', exact: true }).waitFor();
    await page.getByRole('button', { name: '注册', exact: true }).waitFor();
    await page.getByRole('button', { name: '一键注册' }).waitFor();
    await page.getByRole('button', { name: /随便逛逛/ }).click();
    await waitForRoute(page, '/pages/home/home');
    await page.getByText('登录后查看余额与会员特权').waitFor();
  });

  it('follows the scheme launch parameter from the query string and from the hash', async () => {
    await page.goto('/?scheme=app-home#/pages/launch/choose');
    await waitForRoute(page, '/pages/home/home');
    expect(new URL(page.url()).searchParams.get('scheme')).toBeNull();
    await page.goto('/#/pages/logs/logs?scheme=home');
    await page.reload();
    await waitForRoute(page, '/pages/home/home');
  });

  it('falls back to home when going back without history', async () => {
    await page.goto('/#/pages/logs/logs');
    await page.locator('.page-nav .adm-nav-bar-back').click();
    await waitForRoute(page, '/pages/home/home');
  });

  it('tells the member when the network goes away', async () => {
    await page.goto('/#/pages/logs/logs');
    await expect.poll(() => page.getByTestId('network-online').textContent()).toBe('在线');
    await context.setOffline(true);
    await toast(page, '网络已断开，请检查网络连接').waitFor();
    await expect.poll(() => page.getByTestId('network-online').textContent()).toBe('离线');
    await context.setOffline(false);
    await toast(page, '网络已恢复').waitFor();
    await expect.poll(() => page.getByTestId('network-online').textContent()).toBe('在线');
  });

  /** version.json names a build other than the one served: a deploy has happened. */
  async function announceNewBuild(): Promise<void> {
    await page.route('**/version.json*', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          buildId: 'next-build',
          builtAt: server.app.services.clock.now().toISOString(),
          version: '1.9.5',
          versionCode: 195,
        }),
      }),
    );
  }

  /** Clicks `button` and waits for the page to load again: the app restarted into the new build. */
  async function restartsOn(button: Locator): Promise<void> {
    const reloaded = page.waitForEvent('load');
    await button.click();
    await reloaded;
  }

  it('detects a new build from version.json and offers the restart', async () => {
    await announceNewBuild();
    await page.goto('/#/pages/debug/check-update');
    await expect.poll(() => page.getByTestId('remote-build').textContent()).toBe('next-build');
    await page.getByText('新版本已经准备好，请重启应用').waitFor();
    expect(await page.getByTestId('current-build').textContent()).not.toBe('next-build');
    await screenshot(page, 'debug-check-update-new-version');
    await restartsOn(page.getByRole('button', { name: '立即重启' }));
  });

  it('asks to restart in the app dialog, whose code is not in the first load, and restarts', async () => {
    await announceNewBuild();
    await page.goto('/#/pages/debug/simple-update-test');
    await page.getByRole('button', { name: '检查并更新' }).click();
    const dialog = page.locator('.adm-dialog', { hasText: '发现新版本' });
    await dialog.getByText('新版本已经准备好，请重启应用').waitFor();
    await screenshot(page, 'update-restart-dialog');
    await restartsOn(dialog.getByRole('button', { name: '立即重启' }));
  });

  it("asks with the browser's own dialog when the old build's dialog code is gone", async () => {
    await announceNewBuild();
    // The deploy replaced this build's files: its restart-dialog chunk is no longer served.
    await page.route(/\/assets\/restart-dialog-[\w-]+\.js$/, (route) => route.fulfill({ status: 404 }));
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (native) => {
        resolve(native.message());
        void native.accept();
      }),
    );
    await page.goto('/#/pages/debug/simple-update-test');
    await restartsOn(page.getByRole('button', { name: '检查并更新' }));
    expect(await asked).toBe('新版本已经准备好，请重启应用');
  });

  it('reports the served build as current when nothing changed', async () => {
    await page.goto('/#/pages/app-update/app-update');
    await expect.poll(() => page.getByTestId('app-update-status').textContent()).toBe('当前已是最新版本');
    await page.goto('/#/pages/debug/simple-update-test');
    await page.getByRole('button', { name: '检查并更新' }).click();
    await expect.poll(() => page.getByTestId('simple-update-result').textContent()).toContain('已是最新版本');
  });

  it('paints the home header and first banner from index.html before the app runs, then the app takes their place', async () => {
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/.test(m.text())) refused.push(m.text());
    });
    const release = await holdAppCode();
    await page.goto('/#/pages/home/home', { waitUntil: 'commit' });
    const frame = page.locator('#first-frame');
    await frame.waitFor();
    expect(await frame.locator('.home-title').textContent()).toBe('金彩体育');
    // The banner a visitor sees first, as the API lists it.
    const answer = await fetch(`${server.baseUrl}/v1/banners/page-type?page_type=1`);
    const [first] = ((await answer.json()) as { data: Array<{ title: string }> }).data;
    const image = frame.locator('[data-frame-banner] img');
    expect(await image.getAttribute('alt')).toBe(first?.title);
    await screenshot(page, 'first-frame');
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const framed = await image.boundingBox();

    release();
    const banner = page.getByTestId('banners-1').getByRole('img', { name: first?.title }).first();
    await banner.waitFor();
    expect(await frame.count()).toBe(0);
    // Drawn where the frame drew it: the page takes the frame's place without a shift.
    expect(await banner.boundingBox()).toEqual(framed);
    expect(refused).toEqual([]);
  });

  it('keeps the home frame hidden on any other page, and shows a member of an agent the banner’s skeleton', async () => {
    await holdAppCode();
    for (const hash of ['/#/pages/mine/mine', '/']) {
      await launchAt(hash);
      await page.locator('#first-frame').waitFor({ state: 'attached' });
      expect(await page.locator('#first-frame').isHidden(), hash).toBe(true);
    }
    // A member of an agent may have that agent's banners: only the API knows which.
    await page.evaluate(() => {
      localStorage.setItem('token', JSON.stringify('a-stored-session'));
      localStorage.setItem('userinfo', JSON.stringify({ id: 7, agent_id: 3 }));
    });
    await launchAt('/#/pages/home/home');
    await page.locator('#first-frame').waitFor();
    expect(await page.locator('#first-frame .banner-skeleton').isVisible()).toBe(true);
    expect(await page.locator('#first-frame img').count()).toBe(1); // the logo alone
    await screenshot(page, 'first-frame-member');
    // A member of no agent sees the general banners, as a visitor does.
    await page.evaluate(() => localStorage.setItem('userinfo', JSON.stringify({ id: 7, agent_id: null })));
    await launchAt('/#/pages/home/home');
    await page.locator('#first-frame [data-frame-banner] img').waitFor();
  });

  it('centres the 375 px phone column on a dark background on a wide screen', async () => {
    const desktop = await newDesktopContext(browser, server.baseUrl);
    const wide = await desktop.newPage();
    await wide.goto('/#/pages/home/home');
    await wide.locator('.app-tabbar').waitFor();
    const box = await wide.locator('.app-shell').boundingBox();
    expect(box?.width).toBe(375);
    expect(box?.x).toBeCloseTo((1280 - 375) / 2, 0);
    expect(await wide.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      'rgb(17, 17, 17)',
    );
    await wide.getByTestId('home-modal').getByRole('button', { name: '我知道了' }).click();
    await screenshot(wide, 'desktop-home');
    await desktop.close();
  });
});
