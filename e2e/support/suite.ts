import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchBrowser, newMobileContext, screenshot } from './browser.ts';
import type { Clock } from '../../apps/server/src/lib/clock.ts';
import { startServer, type TestServer } from './server.ts';

// Live bindings: a test file imports these and sees the values the hooks below assign.
export let server: TestServer;
export let browser: Browser;
export let context: BrowserContext;
export let page: Page;
/** Uncaught errors of the current page, printed when a test fails. */
export const pageErrors: string[] = [];

export interface SuiteOptions {
  /** 'test' (default): a fresh phone context per test; 'file': one page for the whole file; 'none': no page. */
  page?: 'test' | 'file' | 'none';
  /** The server's clock (default: the system's). */
  clock?: Clock;
  /** Configuration the suite's server runs with beside the defaults. */
  env?: Record<string, string>;
}

/** Another person on another phone: closes the current context and opens a fresh one. */
export async function freshPhone(): Promise<void> {
  await context.close();
  await openPage();
}

async function openPage(): Promise<void> {
  context = await newMobileContext(browser, server.baseUrl);
  page = await context.newPage();
  pageErrors.length = 0;
  page.on('pageerror', (err) => pageErrors.push(err.message));
}

/**
 * The setup every browser test file shares: a real server with demo data, Debian's Chromium,
 * a 375 px phone page, and on failure a screenshot named after the suite plus the page errors.
 * Call it once at the top of a file; the file's own hooks run after these.
 */
export function useBrowserSuite(name: string, options: SuiteOptions = {}): void {
  const scope = options.page ?? 'test';
  beforeAll(async () => {
    server = await startServer(options.clock, options.env);
    browser = await launchBrowser();
    if (scope === 'file') await openPage();
  });
  afterAll(async () => {
    if (scope === 'file') await context?.close();
    await browser?.close();
    await server?.close();
  });
  if (scope === 'test') beforeEach(openPage);
  afterEach(async (ctx) => {
    if (scope !== 'none' && ctx.task.result?.state === 'fail') {
      await screenshot(page, `${name}-failed-${ctx.task.name.slice(0, 24)}`).catch(() => undefined);
      if (pageErrors.length) console.error('page errors:', pageErrors);
    }
    if (scope === 'test') await context.close();
  });
}
