import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { and, asc, eq, gt, notExists } from 'drizzle-orm';
import { matches, matchMarkets, orderLegs } from '../../apps/server/src/db/schema.ts';
import type { ManualClock } from '../../apps/server/src/lib/clock.ts';
import { launchBrowser, newMobileContext, screenshot } from './browser.ts';
import { startServer, type TestServer } from './server.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The built operator console. */
export const ADMIN_DIST = process.env.E2E_ADMIN_DIST ?? path.resolve(here, '../../apps/admin/dist');

/** A server with demo data serving the member app at / and the console at /admin/. */
export function startAdminServer(env: Record<string, string> = {}, clock?: ManualClock): Promise<TestServer> {
  return startServer(clock, { ADMIN_DIST, ...env });
}

/**
 * The next football match on sale after `after`, with its 胜平负 odds (straight from the database).
 * `unbet` skips matches that already carry a leg, so a retried test finds the book as it left it
 * the first time: empty.
 */
export async function nextMatch(after: Date, { unbet = false } = {}) {
  const { db } = server.app.services.database;
  const [row] = await db
    .select({ match: matches, odds: matchMarkets.odds })
    .from(matches)
    .innerJoin(
      matchMarkets,
      and(eq(matchMarkets.matchId, matches.id), eq(matchMarkets.playType, 'football.winDrawLose')),
    )
    .where(
      and(
        eq(matches.sport, 'football'),
        eq(matches.status, 'scheduled'),
        gt(matches.kickoffAt, after),
        unbet
          ? notExists(
              db.select({ one: orderLegs.id }).from(orderLegs).where(eq(orderLegs.matchId, matches.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(matches.kickoffAt))
    .limit(1);
  if (!row) throw new Error('no open football match');
  return row;
}

/** A desktop browser at 1440 × 900, the console's first layout. */
export function newConsoleContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
}

/**
 * Button names as the console shows them. antd spaces two-character labels (确 定) and can leave a
 * button's loading icon behind, invisible, after a quick load (its leave motion never ends); the
 * icon's label "loading" then leads the accessible name. So these match the label at the end only.
 */
export const OK_BUTTON = /(^|\s)确\s?[定认]$/;
export const QUERY_BUTTON = /(^|\s)查\s?询$/;

export const totpCode = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });

export let server: TestServer;
export let browser: Browser;
export let consoleContext: BrowserContext;
export let consolePage: Page;
export const pageErrors: string[] = [];

/** One server and browser per file, a fresh 1440 × 900 console page per file; a failure leaves a screenshot. */
export function useConsoleSuite(name: string, env: Record<string, string> = {}, clock?: ManualClock): void {
  beforeAll(async () => {
    server = await startAdminServer(env, clock);
    browser = await launchBrowser();
    consoleContext = await newConsoleContext(browser, server.baseUrl);
    consolePage = await consoleContext.newPage();
    consolePage.on('pageerror', (err) => pageErrors.push(err.message));
  });
  afterAll(async () => {
    await consoleContext?.close();
    await browser?.close();
    await server?.close();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') {
      await screenshot(consolePage, `${name}-failed-${ctx.task.name.slice(0, 24)}`).catch(() => undefined);
      if (pageErrors.length) console.error('page errors:', pageErrors);
    }
  });
}

/** A member's phone beside the console (375 × 812), for what a member sees of a decision. */
export async function memberPhone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newMobileContext(browser, server.baseUrl);
  return { context, page: await context.newPage() };
}

/** Signs in to the console with username and password (and a code when asked). */
export async function consoleLogin(page: Page, username: string, password: string, secret?: string) {
  await page.goto('/admin/login');
  // A test's retry finds the console still signed in from its first try, and the login page
  // sends a signed-in operator on: sign in from a console that holds no one.
  if (await page.evaluate(() => localStorage.length > 0)) {
    await page.evaluate(() => localStorage.clear());
    await page.goto('/admin/login');
  }
  await page.getByPlaceholder('用户名').fill(username);
  await page.getByPlaceholder('密码').fill(password);
  await page
    .getByRole('button', { name: '登 录' })
    .or(page.getByRole('button', { name: '登录' }))
    .click();
  if (secret) {
    await page.getByPlaceholder('6位动态验证码').fill(totpCode(secret));
    await page
      .getByRole('button', { name: '登 录' })
      .or(page.getByRole('button', { name: '登录' }))
      .click();
  }
}

/**
 * Signs out through the operator menu. It opens on hover: on a busy machine the pointer can reach
 * the item before the menu settles, so hover and click again until the login page answers.
 */
export async function consoleSignOut(page: Page) {
  await vi.waitFor(
    async () => {
      await page.getByTestId('operator-name').hover();
      await page.getByRole('menuitem', { name: '退出登录' }).click({ timeout: 3_000 });
      await page.waitForURL(/\/admin\/login/, { timeout: 5_000 });
    },
    { timeout: 30_000, interval: 500 },
  );
}

/** An operator created through the service (e.g. the checker of a maker–checker pair). */
export async function createOperator(
  username: string,
  role: 'admin' | 'finance' | 'risk' | 'support' | 'content',
  password = 'console-2026-ok',
) {
  await server.app.services.operators.create({ username, password, name: `${role}-${username}`, role });
  return { username, password };
}
