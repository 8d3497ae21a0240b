import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dismissHomeModal, login, waitForRoute } from './support/app.ts';
import { memberApi } from './support/member-api.ts';
import { page, server, useBrowserSuite } from './support/suite.ts';

/**
 * Issue 44, point 6: one money formatter everywhere. A member with four- and five-digit amounts
 * (10,000.00 of demo credit, 1,234.56 moved into the lottery wallet) opens every page the app
 * registers, and no page shows an amount of 1,000 or more without its thousands separator
 * (`10000.00`, `100.00 - 50000.00`), nor a wallet by another name than every other page uses.
 */
useBrowserSuite('money-format', { page: 'file' });

const here = path.dirname(fileURLToPath(import.meta.url));
const FEATURES = path.resolve(here, '../apps/web/src/features');

/** Every path a feature registers (its routes.ts), read from the source as the app's registry does. */
function registeredRoutes(): string[] {
  return readdirSync(FEATURES)
    .flatMap((feature) => {
      try {
        return [readFileSync(path.join(FEATURES, feature, 'routes.ts'), 'utf8')];
      } catch {
        return [];
      }
    })
    .flatMap((source) => [...source.matchAll(/\bpath: '([^']+)'/g)].map((m) => m[1]!));
}

/**
 * Pages left out of the walk, and why: opening them acts (entering a game moves money into the
 * provider's wallet) or shows another site in a frame whose text is not ours.
 */
const NOT_WALKED = new Map([
  ['/pages/game/game', 'entering a game transfers money'],
  ['/pages/payment/webview', "the gateway's own page"],
  ['/pages/webview/webview', 'an outside page in a frame'],
  ['/pages/customer/customer', 'the help centre in a frame'],
  ['/pages/login/login', 'signs the member out of the walk'],
  ['/pages/login/register', 'signs the member out of the walk'],
]);

/** A decimal amount of 1,000 or more written without separators: 10000.00, 1234.5. */
const UNGROUPED = /(?<![\d,.:\-/])\d{4,}\.\d{1,2}(?![\d.])/g;
/** Names another page uses for the same wallet. */
const OTHER_WALLET_NAMES = /中心钱包/g;

/** Resolves once the page has fetched what it asked for (no request in flight twice in a row). */
async function quiet(p: Page, inFlight: () => number): Promise<void> {
  await expect.poll(inFlight, { timeout: 20_000 }).toBe(0);
  await p.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
  await expect.poll(inFlight, { timeout: 20_000 }).toBe(0);
}

describe('one money formatter', () => {
  it('no page shows a raw amount or another name for a wallet', async () => {
    const api = await memberApi(server, 'demo001', 'demo1234');
    await api('POST', '/v1/game/lottery/transfer-in', { amount: '1234.56' });

    let pending = 0;
    page.on('request', () => pending++);
    page.on('requestfinished', () => pending--);
    page.on('requestfailed', () => pending--);

    await login(page, 'demo001', 'demo1234');
    await waitForRoute(page, '/pages/home/home');
    await dismissHomeModal(page);
    await expect.poll(() => page.locator('.member-balance-value').textContent()).toBe('8,765.44');

    const routes = registeredRoutes();
    expect(routes.length).toBeGreaterThan(60);
    const found: string[] = [];
    for (const route of routes) {
      if (NOT_WALKED.has(route)) continue;
      await page.goto(`/#${route}`);
      await quiet(page, () => pending);
      // The text a member reads: a debug page's raw event payloads (<pre>) are data, not words.
      const text = await page.evaluate(() => {
        const copy = document.body.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('pre, script, style').forEach((el) => el.remove());
        return copy.innerText || copy.textContent || '';
      });
      for (const m of text.matchAll(UNGROUPED)) found.push(`${route}: ${m[0]}`);
      for (const m of text.matchAll(OTHER_WALLET_NAMES)) found.push(`${route}: ${m[0]}`);
    }
    expect(found).toEqual([]);
  });
});
