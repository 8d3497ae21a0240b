import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SCREENSHOT_DIR = path.resolve(here, '../../test-results/screenshots');

/** Debian's Chromium, headless, with the flags these machines need. */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-dev-shm-usage',
    '--no-first-run',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(CHROMIUM);
}

/** A phone: 375×812, 2× pixels, touch, Simplified Chinese. */
export function newMobileContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
}

export function newDesktopContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
}

/**
 * Resolves once the page is still: web fonts loaded, images decoded, and every finite animation
 * or transition (popups sliding in, toasts fading) finished. Endless ones (spinners, the notice
 * marquee) are left running.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Lazy images below the fold would never load: only those the page is fetching count.
    const loading = Array.from(document.images).filter((img) => !img.complete && img.loading !== 'lazy');
    await Promise.all(loading.map((img) => img.decode().catch(() => undefined)));
    // Transitions and entrances last a fraction of a second; anything longer (a countdown bar, a
    // live odds flash cycling for the match) is part of the page, not a change in flight.
    const finite = document.getAnimations().filter((a) => {
      const timing = a.effect?.getComputedTiming();
      const left = Number(timing?.endTime ?? Infinity) - Number(timing?.localTime ?? 0);
      return a.playState === 'running' && left <= 2_000;
    });
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/** Saves test-results/screenshots/<name>.png (repository root relative), once the page is still. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await settle(page);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/** Opens a hash route, e.g. "/pages/home/home". */
export async function openRoute(page: Page, route: string): Promise<void> {
  await page.goto(`/#${route}`);
}
