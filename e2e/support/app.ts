import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';

/** An input by its form name attribute. */
export function input(page: Page, name: string): Locator {
  return page.locator(`input[name="${name}"]`);
}

/** The antd-mobile toast currently showing the text. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('.adm-toast-main', { hasText: text });
}

/** Waits until no toast covers the page (one may replace another while the first fades out). */
export async function toastsGone(page: Page, timeout = 30_000): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.adm-toast-main'), undefined, { timeout });
}

/** Waits until the hash route starts with the path, e.g. "/pages/mine/mine". */
export async function waitForRoute(page: Page, path: string, timeout = 10_000): Promise<void> {
  await page.waitForFunction((p) => window.location.hash.startsWith(`#${p}`), path, { timeout });
}

/** Closes the home announcement when it is showing. */
export async function dismissHomeModal(page: Page): Promise<void> {
  // The home page says what it decided once fresh app info arrived: on a busy machine that can
  // be many seconds after the route shows, so wait for the decision rather than a fixed time.
  const decided = page.locator('[data-testid="home-announcement"]:not([data-state="pending"])');
  await decided.waitFor({ state: 'attached', timeout: 60_000 });
  if ((await decided.getAttribute('data-state')) !== 'shown') return;
  const modal = page.getByTestId('home-modal');
  await modal.getByRole('button', { name: '我知道了' }).click();
  await modal.waitFor({ state: 'hidden' });
}

export async function login(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/#/pages/login/login');
  await input(page, 'username').fill(username);
  await input(page, 'password').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

export function uniqueUsername(prefix = 'e2e'): string {
  return `${prefix}${Date.now().toString(36)}${randomBytes(2).toString('hex')}`.slice(0, 16);
}

/** Local storage keys the page holds. */
export function storageKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage).sort());
}
