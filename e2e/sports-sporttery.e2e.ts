/**
 * SPORTS_FEED=sporttery in the browser (issue 38): the 竞彩 gateway fake serves the fixtures' match
 * day (2026-06-19, captured from the official gateway) and the server runs on a clock set to that
 * evening. The member opens 竞彩足球, sees the day's matches under their 竞彩 numbers (周五0NN),
 * places a 单关 on 胜平负 and a 2串1 on 让球胜平负; the fake switches to the result query's answer,
 * the feed sync runs (jobs are off in tests: the test ticks it) and 注单 shows the orders settled,
 * the balance moved. Then the provider corrects 周五029 after the fact: the console lists a
 * 赛果更正提醒, and 按新赛果重新结算 resettles through the usual correction. Screenshots
 * `sports-sporttery-*.png`.
 */
import { and, eq } from 'drizzle-orm';
import type { Locator } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { startSportteryFake } from '../apps/server/src/adapters/sporttery/fake.ts';
import { ManualClock } from '../apps/server/src/lib/clock.ts';
import { matches } from '../apps/server/src/modules/sports/sports.table.ts';
import { ADMIN_DIST, consoleLogin, newConsoleContext, OK_BUTTON } from './support/admin.ts';
import { dismissHomeModal, login, toastsGone, waitForRoute } from './support/app.ts';
import { openRoute, screenshot, settle } from './support/browser.ts';
import { browser, page, pageErrors, server, useBrowserSuite } from './support/suite.ts';

/** 20:00 in Beijing on 2026-06-19: the match day on sale (周五029 kicks off at 03:00 on the 20th). */
const clock = new ManualClock(new Date('2026-06-19T12:00:00.000Z'));
/** The next afternoon, when the result query has the day's results. */
const RESULTS_AT = Date.parse('2026-06-20T06:00:00.000Z');
const fake = await startSportteryFake();
afterAll(() => fake.close());

useBrowserSuite('sports-sporttery', {
  page: 'file',
  clock,
  env: {
    ADMIN_DIST,
    SPORTS_FEED: 'sporttery',
    SPORTTERY_BASE_URL: fake.url,
    SPORTS_SYNC_AHEAD_MINUTES: '2880',
  },
});

const tick = () => server.app.services.feedSync.tick();

/** Our match id of a 竞彩 number (周五029). */
async function matchId(matchNo: string): Promise<number> {
  const [row] = await server.app.services.database.db
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.feed, 'sporttery'), eq(matches.matchNo, matchNo)));
  if (!row) throw new Error(`no ${matchNo}`);
  return row.id;
}

function card(id: number): Locator {
  return page.locator(`[data-testid="bet-match"][data-match-id="${id}"]`);
}

async function confirmClearing(): Promise<void> {
  const confirm = page
    .locator('.adm-dialog', { hasText: '清空投注单？' })
    .getByRole('button', { name: '确定' });
  await confirm.click();
  await confirm.waitFor({ state: 'hidden' });
}

const slipHasPicks = async () => (await page.getByTestId('slip-match-count').count()) > 0;

async function chooseMode(name: '单关' | '混合过关'): Promise<void> {
  const tab = page.getByRole('tab', { name, exact: true });
  const asks =
    name === '混合过关' && (await tab.getAttribute('aria-selected')) !== 'true' && (await slipHasPicks());
  await tab.click();
  if (asks) await confirmClearing();
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
}

async function chooseBetType(name: string): Promise<void> {
  const tab = page.locator('.bet-type-tabs .adm-tabs-tab', { hasText: new RegExp(`^${name}$`) });
  const single =
    (await page.getByRole('tab', { name: '单关', exact: true }).getAttribute('aria-selected')) === 'true';
  const asks = single && (await tab.getAttribute('aria-selected')) !== 'true' && (await slipHasPicks());
  await tab.click();
  if (asks) await confirmClearing();
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
}

async function openSlip(): Promise<void> {
  await page.getByTestId('slip-bar').getByRole('button', { name: '投注单', exact: true }).click();
  await page.locator('.slip-sheet').waitFor();
  await settle(page);
}

/** Submits the open slip and waits for the order's page; its order number. */
async function place(): Promise<string> {
  await page.locator('.slip-sheet-foot').getByRole('button', { name: '确认投注' }).click();
  await page.locator('.adm-dialog').getByRole('button', { name: '确认投注' }).click();
  await waitForRoute(page, '/betPages/order/detail');
  await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('待开奖');
  return new URL(page.url().replace('#', '')).searchParams.get('order_no') ?? '';
}

/** 我的注单, newest first: each card's text. */
async function orderCards(): Promise<string[]> {
  await openRoute(page, '/betPages/order/list');
  await page.getByTestId('order-card').first().waitFor();
  return page.getByTestId('order-card').allTextContents();
}

/** The bet page's balance, waited for: a settlement's balance push may land after the page opens. */
async function expectBalance(expected: string): Promise<void> {
  await openRoute(page, '/betPages/football/index');
  await expect.poll(() => page.getByTestId('bet-balance').textContent()).toBe(expected);
}

describe('a day of 竞彩 football from the official gateway (the fake)', () => {
  let usa: number;
  let brazil: number;
  const placed: string[] = [];

  it('lists the match day under its 竞彩 numbers; a 单关 and a 2串1 are placed', async () => {
    await tick();
    usa = await matchId('周五029');
    brazil = await matchId('周五031');

    await login(page, 'demo001', 'demo1234');
    await waitForRoute(page, '/pages/home/home');
    await dismissHomeModal(page);
    await openRoute(page, '/betPages/football/index');
    await page.getByText('竞彩足球', { exact: true }).first().waitFor();
    await chooseMode('单关');
    await chooseBetType('胜平负');
    await card(usa).waitFor();
    const numbers = await page.getByTestId('bet-match').locator('.match-no').allTextContents();
    expect(numbers).toEqual(expect.arrayContaining(['周五029', '周五032']));
    expect(await card(usa).textContent()).toContain('美国');
    // The official prices, as the calculator gives them.
    expect(await card(usa).getByTestId('odds-h').locator('.odds-value').textContent()).toBe('1.44');
    await toastsGone(page);
    await screenshot(page, 'sports-sporttery-match-day');

    // 单关 on 胜平负 (its pool is open to singles): 美国 主胜 @1.44, 2 元.
    await card(usa).getByTestId('odds-h').click();
    await openSlip();
    await screenshot(page, 'sports-sporttery-slip-single');
    placed.push(await place());

    // 2串1 on 让球胜平负: 美国 (-1) 主胜 × 巴西 (-2) 主胜.
    await openRoute(page, '/betPages/football/index');
    await chooseMode('混合过关');
    await chooseBetType('让球胜平负');
    await card(brazil).waitFor();
    await card(usa).getByTestId('odds-h').click();
    await card(brazil).getByTestId('odds-h').click();
    await expect.poll(() => page.getByTestId('slip-match-count').textContent()).toBe('2');
    await openSlip();
    await page.getByRole('radio', { name: '2串1' }).click();
    await expect.poll(() => page.getByTestId('slip-stake').textContent()).toBe('2.00');
    await screenshot(page, 'sports-sporttery-slip-2x1');
    placed.push(await place());
    expect(await page.getByTestId('order-pass-type').textContent()).toBe('2串1');
    await expectBalance('余额 9,996.00');
    expect(pageErrors).toEqual([]);
  });

  it('settles both from the result query: 已中奖 with its payout, 未中奖, the balance credited', async () => {
    // 周五029 2:1 (half time 1:0); 周五031 无效场次 (its leg counts 1.00).
    fake.setFixture('results');
    clock.set(new Date(RESULTS_AT));
    await tick();
    await tick();

    const cards = await orderCards();
    const [single, parlay] = placed.map((no) => cards.find((text) => text.includes(no)) ?? '');
    // 2 元 × 1.44.
    expect(single).toContain('已中奖');
    expect(single).toContain('2.88');
    // 让球 -1 on 2:1 is a draw: 主胜 lost.
    expect(parlay).toContain('未中奖');
    expect(parlay).toContain('2串1');
    await toastsGone(page);
    await screenshot(page, 'sports-sporttery-orders-settled');

    await page.getByTestId('order-card').filter({ hasText: placed[0]! }).click();
    await waitForRoute(page, '/betPages/order/detail');
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('已中奖');
    expect(await page.getByTestId('order-payout').textContent()).toBe('2.88');
    await screenshot(page, 'sports-sporttery-order-won');

    await expectBalance('余额 9,998.88');
  });

  it('a result the provider corrects later is a 赛果更正提醒 in the console; applied, it resettles', async () => {
    // The provider corrects 周五029 to 2:2: the next pass sees it, nothing about money moves.
    fake.setFixture('results-corrected');
    clock.set(new Date(RESULTS_AT + 20 * 60_000));
    await tick();
    await expectBalance('余额 9,998.88');

    const context = await newConsoleContext(browser, server.baseUrl);
    const console = await context.newPage();
    try {
      await consoleLogin(console, 'admin', 'admin1234');
      await console.getByTestId('dashboard-today').waitFor();
      await console.goto('/admin/sports/matches');
      const alert = console.getByTestId('feed-corrections-alert');
      await alert.waitFor();
      await settle(console);
      await screenshot(console, 'sports-sporttery-console-matches');
      await alert.getByRole('link', { name: '赛果更正提醒' }).click();
      await console.waitForURL(/\/admin\/sports\/feed-corrections/);
      const row = console.locator('tr', { hasText: '周五029' }).filter({ hasText: '全场 2:2' });
      await row.waitFor();
      expect(await row.textContent()).toContain('全场 2:1（半场 1:0）');
      expect(await row.textContent()).toContain('全场 2:2（半场 1:0）');
      expect(await row.textContent()).toContain('待处理');
      await settle(console);
      await screenshot(console, 'sports-sporttery-console-reminder');

      await row.getByRole('button', { name: /按新赛果重新结算/ }).click();
      const dialog = console.locator('.ant-modal', { hasText: '按新赛果重新结算 周五029' });
      await dialog.locator('textarea').fill('竞彩官方更正了比分');
      await settle(console);
      await screenshot(console, 'sports-sporttery-console-apply');
      await dialog.getByRole('button', { name: OK_BUTTON }).click();
      await console.getByText('已按新赛果重新结算').first().waitFor();
      // Decided, it leaves the pending list; all of them show it applied, by whom and why.
      await row.waitFor({ state: 'detached' });
      await console.goto('/admin/sports/feed-corrections');
      const decided = console.locator('tr', { hasText: '周五029' }).filter({ hasText: '已重新结算' });
      await decided.waitFor();
      expect(await decided.textContent()).toContain('竞彩官方更正了比分');
      await settle(console);
      await screenshot(console, 'sports-sporttery-console-applied');
    } finally {
      await context.close();
    }

    // 2:2: the 主胜 single lost, its 2.88 taken back by a correction entry; the correction's balance
    // push refreshes the member's orders (a list opened before it would otherwise keep 已中奖).
    await expectBalance('余额 9,996.00');
    await openRoute(page, '/betPages/order/list');
    const single = page.getByTestId('order-card').filter({ hasText: placed[0]! });
    await expect.poll(() => single.textContent()).toContain('未中奖');
    await toastsGone(page);
    await screenshot(page, 'sports-sporttery-after-resettle');
    expect(pageErrors).toEqual([]);
  });
});
