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

/** Waits until the hash route starts with the path, e.g. "/pages/mine/mine". */
export async function waitForRoute(page: Page, path: string, timeout = 10_000): Promise<void> {
  await page.waitForFunction((p) => window.location.hash.startsWith(`#${p}`), path, { timeout });
}

/** Closes the home announcement when it is showing. */
export async function dismissHomeModal(page: Page): Promise<void> {
  const modal = page.getByTestId('home-modal');
  // The modal opens once the home page's notices arrive: on a busy machine, after 3 s. Let the
  // page's calls finish first (sockets and 15 s polls leave the network idle in between).
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  try {
    await modal.waitFor({ state: 'visible', timeout: 3_000 });
  } catch {
    return;
  }
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
