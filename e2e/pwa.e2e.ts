import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dismissHomeModal, waitForRoute } from './support/app.ts';
import { CHROMIUM, screenshot } from './support/browser.ts';
import { WEB_DIST } from './support/server.ts';
import { context, page, server, useBrowserSuite } from './support/suite.ts';

useBrowserSuite('pwa');

/**
 * Waits until the page's service worker is activated (its install, the precache, has finished)
 * and controls the page; returns the paths its precache holds.
 */
async function precacheReady(tab: Page): Promise<string[]> {
  const paths = await tab.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (worker && worker.state !== 'activated')
      await new Promise<void>((resolve) =>
        worker.addEventListener('statechange', () => {
          if (worker.state === 'activated') resolve();
        }),
      );
    const held: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('workbox-precache')) continue;
      for (const request of await (await caches.open(name)).keys()) held.push(new URL(request.url).pathname);
    }
    return held;
  });
  // clientsClaim: the activated worker takes the open page over without a reload.
  await expect.poll(() => tab.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  return paths;
}

/** The route error screen (app/RouteError.tsx): a page whose code could not be loaded or threw. */
function routeError(tab: Page) {
  return tab.getByText(/^(页面加载失败|页面出错了)$/);
}

describe('an app that installs', () => {
  it('has a manifest Chromium finds installable, and its shell opens offline once visited', async () => {
    await page.goto('/#/pages/home/home');
    await dismissHomeModal(page);
    // The service worker takes over and precaches the shell.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      return link ? ((await (await fetch(link.href)).json()) as Record<string, unknown>) : null;
    });
    expect(manifest).toMatchObject({ name: '金彩体育', display: 'standalone', theme_color: '#1d1d1d' });
    // Chromium's own verdict, in a normal (not incognito) profile as a member's phone has.
    const profile = mkdtempSync(path.join(tmpdir(), 'pwa-profile-'));
    const browser = await chromium.launchPersistentContext(profile, { ...CHROMIUM, baseURL: server.baseUrl });
    try {
      const tab = browser.pages()[0] ?? (await browser.newPage());
      await tab.goto('/#/pages/home/home');
      await tab.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      const cdp = await browser.newCDPSession(tab);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: Array<{ errorId: string }>;
      };
      expect(installabilityErrors).toEqual([]);
    } finally {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    }

    // The service worker controls the page after a reload; then the network goes away.
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.getByText('首页').first().waitFor();
    await context.setOffline(true);
    try {
      await page.reload();
      await waitForRoute(page, '/pages/home/home');
      await page.getByText('首页').first().waitFor();
      await screenshot(page, 'pwa-offline-home');
    } finally {
      await context.setOffline(false);
    }
    // Money never comes from a cache: the API is not among what the service worker keeps.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached.length).toBeGreaterThan(3);
    expect(cached.filter((u) => u.startsWith('/v1/'))).toEqual([]);
    // The shell it keeps is index.html as built: the server's first frame (today's banner) would
    // otherwise show on every launch until the next release.
    const shell = await page.evaluate(async () => {
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys())
          if (new URL(request.url).pathname.endsWith('/index.html'))
            return (await cache.match(request))?.text();
      }
      return null;
    });
    expect(shell).toContain('<div id="root"></div>');
    expect(shell).not.toContain('first-frame');
  });

  it('opens pages never visited offline once the home page has been visited (issue 44, point 5)', async () => {
    // One visit, online, to the home page only.
    await page.goto('/#/pages/home/home');
    await dismissHomeModal(page);
    const precached = await precacheReady(page);

    // Every page's code and styles are in the precache (each .js and .css the build wrote), and no
    // compressed copy, source map, API answer or console file is.
    const built = readdirSync(path.join(WEB_DIST, 'assets'))
      .filter((file) => /\.(js|css)$/.test(file))
      .map((file) => `/assets/${file}`);
    expect(built.filter((file) => !precached.includes(file))).toEqual([]);
    expect(precached.filter((file) => /\.(br|gz|map)$|^\/(v1|admin)\/|version\.json$/.test(file))).toEqual(
      [],
    );
    // The sizes on disk: each file as the cache keeps it, and as the server sends it (its .br).
    const size = (file: string) => (existsSync(file) ? statSync(file).size : 0);
    const raw = precached.reduce((sum, file) => sum + size(path.join(WEB_DIST, file)), 0);
    const sent = precached.reduce((sum, file) => {
      const onDisk = path.join(WEB_DIST, file);
      return sum + (existsSync(`${onDisk}.br`) ? size(`${onDisk}.br`) : size(onDisk));
    }, 0);
    console.log(`precache: ${precached.length} files, ${raw} bytes (${sent} bytes as sent, brotli)`);

    await context.setOffline(true);
    const fromNetwork: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/assets/') && !response.fromServiceWorker())
        fromNetwork.push(response.url());
    });
    try {
      // Pages whose code this phone has never run: each shows itself, with its own state for the
      // data it cannot fetch, never the route error.
      const pages = [
        {
          route: '/pages/lottery/lottery-list',
          shows: page.locator('.adm-nav-bar-title', { hasText: '彩票大厅' }),
          shot: 'pwa-offline-lottery-list',
        },
        {
          route: '/pages/activity/activity',
          shows: page.locator('.adm-nav-bar-title', { hasText: '优惠活动' }),
          shot: 'pwa-offline-activity',
        },
        { route: '/pages/mine/mine', shows: page.getByText('您还未登录'), shot: 'pwa-offline-mine' },
        {
          route: '/pages/download/download',
          shows: page.getByText('扫码访问'),
          shot: 'pwa-offline-download',
        },
      ];
      for (const { route, shows, shot } of pages) {
        await page.goto(`/#${route}`);
        await waitForRoute(page, route);
        await shows.first().waitFor();
        expect(await routeError(page).count(), route).toBe(0);
        await screenshot(page, shot);
      }
      // A new launch offline, on a page never visited: the shell and that page from the precache.
      await page.goto('about:blank');
      await page.goto('/#/pages/download/install-tutorial');
      await page.getByRole('tab', { name: '添加到主屏幕' }).waitFor();
      expect(await routeError(page).count()).toBe(0);
      await screenshot(page, 'pwa-offline-install-tutorial');
    } finally {
      await context.setOffline(false);
    }
    expect(fromNetwork, 'offline, every chunk came from the service worker').toEqual([]);
  });

  it('the download page gives the real ways to get the app, not promises', async () => {
    await page.goto('/#/pages/download/download');
    await page.getByTestId('download-buttons').waitFor();
    expect(await page.getByText('即将上线').count()).toBe(0);
    // Adding to the home screen gives an app that opens offline once visited (the test above).
    await page
      .getByTestId('download-note')
      .getByText(/断网时也能打开/)
      .waitFor();
    await page.getByText('选择“添加到主屏幕”').first().waitFor();
    await screenshot(page, 'download-page');

    // Each step has its picture, drawn with this site's own icon and name.
    // Adding to the home screen is the first way shown; no package tab without a package.
    await page.goto('/#/pages/download/install-tutorial');
    await page.getByRole('tab', { name: '添加到主屏幕' }).waitFor();
    expect(await page.getByRole('tab', { name: /安装包/ }).count()).toBe(0);
    expect(await page.getByText('企业级').count()).toBe(0);
    for (const platform of ['ios', 'android']) {
      const sketches = page.getByTestId(`install-sketches-${platform}`);
      await sketches.waitFor();
      expect(await sketches.getByRole('img').count()).toBe(4);
      expect(await sketches.locator('figcaption').allTextContents()).toContain('② 添加到主屏幕');
    }
    await page
      .getByRole('img', { name: '第二步：在分享菜单中选择“添加到主屏幕”' })
      .getByText('添加到主屏幕')
      .waitFor();
    const icon = await page.request.get('/icons/icon-192.png');
    expect(icon.status()).toBe(200);
    await screenshot(page, 'install-tutorial-pictures');
  });
});
