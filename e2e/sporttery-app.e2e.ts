/**
 * What the member app looks like on SPORTS_FEED=sporttery (issue 38): no 滚球 anywhere (竞彩 sells
 * until kick-off only), and 单关 per pool — the 单关 badge on the markets whose pool takes singles
 * (as the 竞彩 sites mark them), the others greyed out in 单关 mode with the reason and open in
 * 混合过关. The 竞彩 gateway fake serves the captured match day of 2026-06-19 and the server runs
 * on a clock set to that evening. Screenshots `sporttery-app-*.png`.
 */
import { and, eq } from 'drizzle-orm';
import type { Locator } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { startSportteryFake } from '../apps/server/src/adapters/sporttery/fake.ts';
import { ManualClock } from '../apps/server/src/lib/clock.ts';
import { matches } from '../apps/server/src/modules/sports/sports.table.ts';
import { dismissHomeModal } from './support/app.ts';
import { openRoute, screenshot, settle } from './support/browser.ts';
import { page, server, useBrowserSuite } from './support/suite.ts';

/** 20:00 in Beijing on 2026-06-19: the match day on sale. */
const clock = new ManualClock(new Date('2026-06-19T12:00:00.000Z'));
const fake = await startSportteryFake();
afterAll(() => fake.close());

useBrowserSuite('sporttery-app', {
  page: 'file',
  clock,
  env: { SPORTS_FEED: 'sporttery', SPORTTERY_BASE_URL: fake.url, SPORTS_SYNC_AHEAD_MINUTES: '2880' },
});

async function matchId(matchNo: string): Promise<number> {
  const [row] = await server.app.services.database.db
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.feed, 'sporttery'), eq(matches.matchNo, matchNo)));
  if (!row) throw new Error(`no ${matchNo}`);
  return row.id;
}

const card = (id: number): Locator => page.locator(`[data-testid="bet-match"][data-match-id="${id}"]`);
const enabledOdds = (c: Locator) => c.locator('button.odds-button:not([disabled])');

describe('SPORTS_FEED=sporttery in the member app', () => {
  it('shows no 滚球: not on the hub, not on the home page', async () => {
    await server.app.services.feedSync.tick();
    await openRoute(page, '/pages/gameplay/gameplay');
    await page.locator('.hub-tabs').waitFor();
    await expect.poll(() => page.locator('.hub-tabs .adm-tabs-tab').allTextContents()).toContain('赛程');
    expect(await page.locator('.hub-tabs .adm-tabs-tab').allTextContents()).not.toContain('滚球');
    // The demo's 滚球直播 banner leads to the 滚球 tab: left out of the carousel.
    await page.getByTestId('banners-2').waitFor();
    expect(await page.locator('.banner-slide[aria-label*="滚球"]').count()).toBe(0);
    await screenshot(page, 'sporttery-app-hub');

    // A link to the 滚球 tab falls back to the betting entry.
    await openRoute(page, '/pages/gameplay/gameplay?tab=live');
    await page.getByTestId('hub-bet').waitFor();

    await openRoute(page, '/pages/home/home');
    await dismissHomeModal(page);
    await page.getByTestId('home-hot-matches').waitFor();
    await settle(page);
    expect(await page.getByTestId('home-live-scores').count()).toBe(0);
    expect(await page.getByTestId('game-categories').getByText('滚球直播').count()).toBe(0);
    await screenshot(page, 'sporttery-app-home');
  });

  it('badges the 单关 pools and greys the others out in 单关 mode', async () => {
    const usa = await matchId('周五029');
    const other = await matchId('周五032');
    await openRoute(page, '/betPages/football/index?betType=winDrawLose');
    await card(usa).waitFor();
    await expect
      .poll(() => page.getByRole('tab', { name: '单关', exact: true }).getAttribute('aria-selected'))
      .toBe('true');
    // 周五029 胜平负 takes singles; 周五032's does not.
    await expect.poll(() => card(usa).getByTestId('single-badge').count()).toBe(1);
    expect(await enabledOdds(card(usa)).count()).toBe(3);
    expect(await card(other).getByTestId('single-badge').count()).toBe(0);
    expect(await enabledOdds(card(other)).count()).toBe(0);
    expect(await card(other).getByTestId('single-off').textContent()).toContain('不支持单关');
    await screenshot(page, 'sporttery-app-single-wdl');

    // 让球胜平负 of 周五029 is parlay-only in the gateway's answer.
    await page.locator('.bet-type-tabs .adm-tabs-tab', { hasText: /^让球胜平负$/ }).click();
    await card(usa).getByTestId('single-off').waitFor();
    expect(await enabledOdds(card(usa)).count()).toBe(0);
    await screenshot(page, 'sporttery-app-single-handicap');

    // In 混合过关 every pool is open to parlays; the badges still say which take singles.
    await page.getByRole('tab', { name: '混合过关', exact: true }).click();
    await expect.poll(() => enabledOdds(card(usa)).count()).toBe(3);
    expect(await card(usa).getByTestId('single-off').count()).toBe(0);
    await screenshot(page, 'sporttery-app-mixed-handicap');
  });
});
