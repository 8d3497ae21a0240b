import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dismissHomeModal, waitForRoute } from './support/app.ts';
import { CHROMIUM, screenshot } from './support/browser.ts';
import { context, page, server, useBrowserSuite } from './support/suite.ts';

useBrowserSuite('pwa');

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

  it('the download page gives the real ways to get the app, not promises', async () => {
    await page.goto('/#/pages/download/download');
    await page.getByTestId('download-buttons').waitFor();
    expect(await page.getByText('即将上线').count()).toBe(0);
    await page.getByTestId('download-note').waitFor();
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
