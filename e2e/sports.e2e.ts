import { and, asc, eq, gt } from 'drizzle-orm';
import {
  BET_MESSAGES,
  fenFromDecimal,
  formatFen,
  formatYuan,
  groupSelections,
  betPrize,
  maxPrize,
  optimisePrize,
  parseLine,
  parseSportsOdds,
  passTypeOf,
  slipBets,
  winningOption,
  type BetSelection,
  type PlayTypeId,
} from '@app/shared';
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { matches, matchMarkets } from '../apps/server/src/modules/sports/sports.table.ts';
import { dismissHomeModal, login, toast, toastsGone, waitForRoute } from './support/app.ts';
import { screenshot, settle } from './support/browser.ts';
import { ShiftedClock } from './support/server.ts';
import { page, pageErrors, server, useBrowserSuite } from './support/suite.ts';

type MatchRow = typeof matches.$inferSelect;

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Pushes arrive at once; without a socket the pages refetch every 15 s. */
const LIVE_TIMEOUT = 20_000;

// The server's clock runs with the wall's; the last test jumps it towards a sales deadline (never back).
const clock = new ShiftedClock();
useBrowserSuite('sports', { page: 'file', clock });

beforeAll(async () => {
  // Jobs are off in tests: the simulator's clock moves only when we tick it.
  await server.app.services.feedSync.tick(clock.now());
});

const tick = (at: Date) => server.app.services.feedSync.tick(at);

/** Football or basketball matches still on sale in the database, soonest first. */
function scheduled(sport: 'football' | 'basketball', after: Date): Promise<MatchRow[]> {
  return server.app.services.database.db
    .select()
    .from(matches)
    .where(and(eq(matches.sport, sport), eq(matches.status, 'scheduled'), gt(matches.kickoffAt, after)))
    .orderBy(asc(matches.kickoffAt));
}

/** The simulator's verdict a day after kick-off (the test's privilege: it may look ahead). */
function finalState(match: MatchRow) {
  const state = server.app.services.sportsFeed.state(
    match.externalId,
    new Date(match.kickoffAt.getTime() + DAY),
  );
  if (!state) throw new Error(`feed does not know ${match.externalId}`);
  return state;
}

/** The option of a play type that wins on the simulator's final score, at the market's line. */
function winning(match: MatchRow, playType: PlayTypeId, line: string | null): string {
  const { score, halfTime } = finalState(match);
  const option = winningOption(playType, line === null ? null : parseLine(playType, line), {
    status: 'finished',
    sport: 'football',
    fullTime: score,
    halfTime: halfTime ?? { home: 0, away: 0 },
  });
  if (option === null) throw new Error(`${playType} pushes on ${match.id}`);
  return option;
}

/** The line the book offers on a play type of a match (null when the play has none). */
async function marketLine(matchId: number, playType: PlayTypeId): Promise<string | null> {
  const [market] = await server.app.services.database.db
    .select({ line: matchMarkets.line })
    .from(matchMarkets)
    .where(and(eq(matchMarkets.matchId, matchId), eq(matchMarkets.playType, playType)));
  if (!market) throw new Error(`no ${playType} market on ${matchId}`);
  return market.line;
}

function card(matchId: number): Locator {
  return page.locator(`[data-testid="bet-match"][data-match-id="${matchId}"]`);
}

async function oddsOn(matchId: number, option: string): Promise<string> {
  return (await card(matchId).getByTestId(`odds-${option}`).locator('.odds-value').textContent()) ?? '';
}

async function openSlip(): Promise<void> {
  await page.getByTestId('slip-bar').getByRole('button', { name: '投注单', exact: true }).click();
  await page.locator('.slip-sheet').waitFor();
  await settle(page);
}

async function closeSlip(): Promise<void> {
  await page.locator('.adm-popup .adm-mask').click({ position: { x: 180, y: 60 } });
  await page.locator('.slip-sheet').waitFor({ state: 'hidden' });
}

/** Confirms the "清空投注单？" question a change asks while the slip holds picks. */
async function confirmClearing(): Promise<void> {
  const confirm = page
    .locator('.adm-dialog', { hasText: '清空投注单？' })
    .getByRole('button', { name: '确定' });
  await confirm.click();
  await confirm.waitFor({ state: 'hidden' });
}

const slipHasPicks = async () => (await page.getByTestId('slip-match-count').count()) > 0;

/** Bet type tab of the betting page: in single mode a change asks before clearing the slip. */
async function chooseBetType(name: string): Promise<void> {
  const tab = page.locator('.bet-type-tabs .adm-tabs-tab', { hasText: new RegExp(`^${name}$`) });
  const single =
    (await page.getByRole('tab', { name: '单关', exact: true }).getAttribute('aria-selected')) === 'true';
  const asks = single && (await tab.getAttribute('aria-selected')) !== 'true' && (await slipHasPicks());
  await tab.click();
  if (asks) await confirmClearing();
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
}

async function chooseMode(name: '单关' | '混合过关'): Promise<void> {
  const tab = page.getByRole('tab', { name, exact: true });
  const asks =
    name === '混合过关' && (await tab.getAttribute('aria-selected')) !== 'true' && (await slipHasPicks());
  await tab.click();
  if (asks) await confirmClearing();
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
}

async function clearSlip(): Promise<void> {
  const clear = page.getByRole('button', { name: '清空投注单' });
  if (await clear.isEnabled()) await clear.click();
  await expect.poll(() => page.getByTestId('slip-bar').textContent()).toContain('请选择投注选项');
}

/** Unless the toast is the point, lets toasts go before a picture (screenshot() waits for the rest). */
async function pause(keepToast = false): Promise<void> {
  if (!keepToast) await toastsGone(page, 15_000);
}

describe('sports betting in the browser', () => {
  it('shows live matches and updates the score and clock in place as the simulator plays', async () => {
    const [next] = (await scheduled('football', clock.now())).filter(
      (m) => finalState(m).status === 'finished',
    );
    if (!next) throw new Error('no upcoming football match');
    // Four real minutes after kick-off at speed 10: about 40 minutes played.
    const first = new Date(next.kickoffAt.getTime() + 4 * MINUTE);
    await tick(first);

    await page.goto('/#/pages/gameplay/gameplay?tab=live');
    const row = page.locator(`[data-testid="live-row"][data-match-id="${next.id}"]`);
    await row.waitFor();
    const before = await row.getByTestId('live-clock').textContent();
    const start = server.app.services.sportsFeed.state(next.externalId, first)!;
    expect(before).toContain(start.clock);
    await pause();
    await screenshot(page, 'sports-gameplay-live');

    // The page stays put; the feed moves on two more minutes and the row follows.
    const later = new Date(next.kickoffAt.getTime() + 7 * MINUTE);
    await tick(later);
    const now = server.app.services.sportsFeed.state(next.externalId, later)!;
    await expect
      .poll(() => row.getByTestId('live-clock').textContent(), { timeout: LIVE_TIMEOUT })
      .toContain(now.clock);
    await expect
      .poll(() => row.getByTestId('live-score').textContent(), { timeout: LIVE_TIMEOUT })
      .toBe(`${now.score.home}-${now.score.away}`);

    // The match page: scoreboard, events, stats, in-play odds, intelligence, missing players.
    await row.click();
    await waitForRoute(page, '/pages/live-match/detail');
    await expect
      .poll(() => page.getByTestId('detail-score').textContent())
      .toBe(`${now.score.home}:${now.score.away}`);
    await page.getByTestId('stats').waitFor();
    await pause();
    await screenshot(page, 'sports-live-detail');
    const final = new Date(next.kickoffAt.getTime() + 9 * MINUTE);
    await tick(final);
    const end = server.app.services.sportsFeed.state(next.externalId, final)!;
    await expect
      .poll(() => page.getByTestId('scoreboard').locator('.match-state').textContent(), {
        timeout: LIVE_TIMEOUT,
      })
      .toContain(end.status === 'live' ? end.clock : '已完场');

    await page.locator('.detail-tabs .adm-tabs-tab', { hasText: /赔率/ }).click();
    await page.getByTestId('inplay-odds').waitFor();
    await pause();
    await screenshot(page, 'sports-live-detail-odds');
    await page.locator('.detail-tabs .adm-tabs-tab', { hasText: '情报' }).click();
    await page.getByTestId('intelligence').waitFor();
    await pause();
    await screenshot(page, 'sports-live-detail-intelligence');
    await page.locator('.detail-tabs .adm-tabs-tab', { hasText: '伤停' }).click();
    await page.getByTestId('missing').waitFor();
  });

  it("refuses taps that break a rule with the engine's exact message", async () => {
    await login(page, 'demo001', 'demo1234');
    await waitForRoute(page, '/pages/home/home');
    await dismissHomeModal(page);

    await page.goto('/#/betPages/football/index');
    const cards = page.getByTestId('bet-match');
    await cards.first().waitFor();
    for (let i = 0; i < 8; i++) await cards.nth(i).getByTestId('odds-h').click();
    await expect.poll(() => page.getByTestId('slip-match-count').textContent()).toBe('8');
    await cards.nth(8).getByTestId('odds-h').click();
    await toast(page, BET_MESSAGES.tooManyMatches).waitFor();
    expect(await page.getByTestId('slip-match-count').textContent()).toBe('8');
    expect(await cards.nth(8).getByTestId('odds-h').getAttribute('aria-pressed')).toBe('false');
    await pause(true);
    await screenshot(page, 'sports-bet-refused-ninth');

    // Tapping a selected option again removes it.
    await cards.nth(7).getByTestId('odds-h').click();
    await expect.poll(() => page.getByTestId('slip-match-count').textContent()).toBe('7');

    // 混合过关 clears the slip; 比分 allows 4 matches in a parlay.
    await chooseMode('混合过关');
    await expect.poll(() => page.getByTestId('slip-bar').textContent()).toContain('请选择投注选项');
    await chooseBetType('比分');
    await cards.first().getByTestId('odds-1:0').waitFor();
    for (let i = 0; i < 4; i++) await cards.nth(i).getByTestId('odds-1:0').click();
    await cards.nth(4).getByTestId('odds-1:0').click();
    await toast(page, BET_MESSAGES.mixedMaxPasses(4)).waitFor();
    await pause(true);
    await screenshot(page, 'sports-bet-football-score');
    await toast(page, BET_MESSAGES.mixedMaxPasses(4)).waitFor({ state: 'hidden' });
    await clearSlip();

    // A one-match parlay is not placed: the sheet says why before anything is sent.
    await cards.first().getByTestId('odds-2:1').click();
    await openSlip();
    expect(await page.getByTestId('slip-message').textContent()).toBe(BET_MESSAGES.mixedMinMatches);
    await screenshot(page, 'sports-bet-slip-message');
    await closeSlip();
    await clearSlip();
    expect(pageErrors).toEqual([]);
  });

  it('places a mixed 3串4 of 胜平负, 让球胜平负 and 总进球, the balance drops, the matches finish and the order settles with its payout', async () => {
    const picks = (await scheduled('football', new Date(clock.now().getTime() + 5 * MINUTE)))
      .filter((m) => finalState(m).status === 'finished')
      .slice(0, 3);
    expect(picks).toHaveLength(3);

    await page.goto('/#/betPages/football/index');
    await chooseBetType('胜平负');
    await chooseMode('混合过关');
    await expect.poll(() => page.getByTestId('bet-balance').textContent()).toBe('余额 10,000.00');

    // One play type per match, three play types in one parlay: switching tab keeps the slip.
    const plays = [
      { tab: '胜平负', betType: 'winDrawLose', playType: 'football.winDrawLose' },
      { tab: '让球胜平负', betType: 'handicap', playType: 'football.handicap' },
      { tab: '总进球', betType: 'totalGoals', playType: 'football.totalGoals' },
    ] as const;
    const selections: BetSelection[] = [];
    for (const [i, match] of picks.entries()) {
      const play = plays[i]!;
      await chooseBetType(play.tab);
      const line = await marketLine(match.id, play.playType);
      const option = winning(match, play.playType, line);
      await card(match.id).getByTestId(`odds-${option}`).click();
      await expect.poll(() => page.getByTestId('slip-match-count').textContent()).toBe(String(i + 1));
      selections.push({
        matchId: String(match.id),
        sport: 'football',
        betType: play.betType,
        option,
        odds: await oddsOn(match.id, option),
        line,
      });
    }
    const grouped = groupSelections(selections);
    if (!grouped.ok) throw new Error(grouped.message);
    const expectedPrize = formatFen(maxPrize(grouped.picks, passTypeOf('3x4'), 1));
    await screenshot(page, 'sports-bet-football');

    await openSlip();
    expect(await page.locator('.slip-mode').textContent()).toBe('混合过关 · 最多6关');
    const labels = await page.locator('.slip-pick').allTextContents();
    expect(labels.map((text, i) => text.startsWith(`${plays[i]!.tab} `))).toEqual([true, true, true]);
    expect(await page.getByRole('radio').allTextContents()).toEqual(['3串1', '3串3', '3串4']);
    await page.getByRole('radio', { name: '3串4' }).click();
    await expect.poll(() => page.getByTestId('slip-bet-count').textContent()).toBe('4');
    expect(await page.getByTestId('slip-stake').textContent()).toBe('8.00');
    expect(await page.getByTestId('slip-max-prize').textContent()).toBe(expectedPrize);
    await screenshot(page, 'sports-bet-slip-3x4');

    // 倍数 keeps what was typed and refuses what is out of 1–99, holding the submit; never rewrites it.
    const multiple = page.getByTestId('slip-multiple');
    const confirm = page.locator('.slip-sheet-foot').getByRole('button', { name: '确认投注' });
    for (const [typed, message] of [
      ['0', '倍数须在 1 – 99 倍 之间'],
      ['100', '倍数须在 1 – 99 倍 之间'],
      ['-5', '倍数不能为负数'],
    ] as const) {
      await multiple.getByRole('textbox', { name: '倍数' }).fill(typed);
      await expect.poll(() => multiple.getByRole('alert').textContent()).toBe(message);
      expect(await multiple.getByRole('textbox', { name: '倍数' }).inputValue()).toBe(typed);
      expect(await confirm.isDisabled()).toBe(true);
    }
    await screenshot(page, 'sports-bet-slip-multiple-refused');
    await multiple.getByRole('textbox', { name: '倍数' }).fill('1');
    await expect.poll(() => multiple.getByRole('alert').count()).toBe(0);
    expect(await page.getByTestId('slip-stake').textContent()).toBe('8.00');

    await confirm.click();
    const dialog = page.locator('.adm-dialog');
    await dialog.getByTestId('confirm-bet').waitFor();
    expect(await dialog.getByTestId('confirm-bet').textContent()).toContain(`${expectedPrize}元`);
    await pause();
    await screenshot(page, 'sports-bet-confirm');
    await dialog.getByRole('button', { name: '确认投注' }).click();

    await waitForRoute(page, '/betPages/order/detail');
    const orderNo = new URL(page.url().replace('#', '')).searchParams.get('order_no') ?? '';
    expect(orderNo).toMatch(/^S\d+/);
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('待开奖');
    expect(await page.getByTestId('order-pass-type').textContent()).toBe('3串4');
    expect(await page.getByTestId('order-bet-count').textContent()).toBe('4注');
    expect(await page.getByTestId('order-max-prize').textContent()).toBe(expectedPrize);
    expect(await page.getByTestId('order-leg').count()).toBe(3);
    expect(await page.getByTestId('order-leg').locator('.leg-pick .muted').allTextContents()).toEqual(
      plays.map((p) => p.tab),
    );
    await expect.poll(() => page.getByTestId('combo').count()).toBe(4);
    await pause();
    await screenshot(page, 'sports-order-detail-pending');

    // The stake left the wallet: the betting page shows the new balance.
    await page.goBack();
    await expect.poll(() => page.getByTestId('bet-balance').textContent()).toBe('余额 9,992.00');
    await page.goForward();
    await waitForRoute(page, '/betPages/order/detail');
    await page.getByTestId('order-summary').waitFor();

    // The simulator plays the three matches to the end; the open page follows.
    const last = Math.max(...picks.map((m) => m.kickoffAt.getTime()));
    await tick(new Date(last + DAY));
    await expect
      .poll(() => page.getByTestId('order-status').textContent(), { timeout: LIVE_TIMEOUT })
      .toBe('已中奖');
    // Every leg won, so the order pays exactly the maximum prize shown before submitting.
    await expect.poll(() => page.getByTestId('order-payout').textContent()).toBe(expectedPrize);
    expect(await page.getByTestId('order-leg').getByTestId('leg-status').allTextContents()).toEqual([
      '命中',
      '命中',
      '命中',
    ]);
    const scores = await page.getByTestId('leg-score').allTextContents();
    expect(scores).toEqual(picks.map((m) => `${finalState(m).score.home}:${finalState(m).score.away}`));
    await page.locator('.combo-filters .chip', { hasText: '中奖' }).first().click();
    await expect.poll(() => page.getByTestId('combo').count()).toBe(4);
    await page.locator('.combo-filters .chip', { hasText: '未中奖' }).click();
    await page.getByText('没有符合条件的注').waitFor();
    await page.locator('.combo-filters .chip', { hasText: '全部' }).click();
    await expect.poll(() => page.getByTestId('combo-stats').textContent()).toContain(expectedPrize);
    await pause();
    await screenshot(page, 'sports-order-detail-settled');

    const credited = formatYuan(fenFromDecimal('9992.00') + fenFromDecimal(expectedPrize));
    await page.goBack();
    await expect
      .poll(() => page.getByTestId('bet-balance').textContent(), { timeout: LIVE_TIMEOUT })
      .toBe(`余额 ${credited}`);

    // The order is listed under 我的注单 (reached from the mine page).
    await page.goto('/#/pages/mine/mine');
    await page.locator('.adm-list-item', { hasText: '我的注单' }).click();
    await waitForRoute(page, '/betPages/order/list');
    await page.getByTestId('order-card').first().waitFor();
    expect(await page.getByTestId('order-card').first().textContent()).toContain(orderNo);
    await pause();
    await screenshot(page, 'sports-order-list');
  });

  it('updates the slip to the new odds after a 409 and places the order on a second confirmation', async () => {
    // The simulator's clock jumped a day: start from a fresh page rather than cached lists.
    await page.goto('/#/betPages/football/index');
    await page.reload();
    await chooseMode('单关');
    await chooseBetType('胜平负');
    const [open] = await scheduled('football', new Date(clock.now().getTime() + 5 * MINUTE));
    if (!open) throw new Error('no open football match');
    const matchId = open.id;
    await card(matchId).waitFor();
    const shown = await oddsOn(matchId, 'h');
    await card(matchId).getByTestId('odds-h').click();

    // The operator's feed re-prices the match after the member looked: down, which the default
    // setting (仅接受更高赔率) never takes without asking.
    const moved = formatFen(fenFromDecimal(shown) - 10n);
    const db = server.app.services.database.db;
    const where = and(eq(matchMarkets.matchId, matchId), eq(matchMarkets.playType, 'football.winDrawLose'));
    const [market] = await db.select().from(matchMarkets).where(where);
    if (!market) throw new Error('no 胜平负 market');
    await db
      .update(matchMarkets)
      .set({ odds: { ...market.odds, h: moved } })
      .where(where);

    await openSlip();
    await page.locator('.slip-sheet-foot').getByRole('button', { name: '确认投注' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: '确认投注' }).click();
    const changed = page.getByTestId('odds-changes');
    await changed.waitFor();
    expect(await changed.textContent()).toContain('赔率已变化，请确认最新赔率后重新提交');
    expect(await changed.textContent()).toContain(`${shown} → ${moved}`);
    await pause();
    await screenshot(page, 'sports-bet-odds-changed');
    await page.locator('.adm-dialog').getByRole('button', { name: '知道了' }).click();
    await expect.poll(() => page.locator('.slip-pick').textContent()).toContain(`@${moved}`);

    await page.locator('.slip-sheet-foot').getByRole('button', { name: '确认投注' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: '确认投注' }).click();
    await waitForRoute(page, '/betPages/order/detail');
    await expect.poll(() => page.locator('.leg-odds').textContent()).toBe(`@${moved}`);
    expect(await page.getByTestId('order-pass-type').textContent()).toBe('单关');
    // The summary names the kind of order once: 单关, never 单关 · 单关.
    expect(await page.locator('.order-summary-head .muted').textContent()).toBe('单关');
  });

  it('optimises a 2串1 复式 (奖金优化): 平均 and 博冷 plans, an edited multiple, each bet listed and paid at its own multiple', async () => {
    await page.goto('/#/betPages/football/index');
    await page.reload();
    await chooseBetType('胜平负');
    await chooseMode('混合过关');
    await clearSlip();
    const picks = (await scheduled('football', new Date(clock.now().getTime() + 5 * MINUTE)))
      .filter((m) => finalState(m).status === 'finished')
      .slice(0, 2);
    expect(picks).toHaveLength(2);
    // Each match: the option that wins, then one that loses — four bets, of which the first wins.
    const selections: BetSelection[] = [];
    for (const match of picks) {
      const win = winning(match, 'football.winDrawLose', null);
      for (const option of [win, win === 'h' ? 'a' : 'h']) {
        await card(match.id).getByTestId(`odds-${option}`).click();
        selections.push({
          matchId: String(match.id),
          sport: 'football',
          betType: 'winDrawLose',
          option,
          odds: await oddsOn(match.id, option),
        });
      }
    }
    await expect.poll(() => page.getByTestId('slip-match-count').textContent()).toBe('2');
    const grouped = groupSelections(selections);
    if (!grouped.ok) throw new Error(grouped.message);
    const bets = slipBets(grouped.picks, passTypeOf('2x1'));
    const planOf = (total: bigint, method: 'average' | 'hot' | 'cold') => {
      const plan = optimisePrize(bets, total, method);
      if (!plan.ok) throw new Error(plan.reason);
      return plan;
    };

    await openSlip();
    expect(await page.getByTestId('slip-bet-count').textContent()).toBe('4');
    await page.getByTestId('optimise-open').click();
    const sheet = page.getByTestId('optimise-sheet');
    await sheet.waitFor();
    // It starts from 2 units a bet (16元), planned 平均优化.
    const total = sheet.getByRole('textbox', { name: '计划购买金额' });
    expect(await total.inputValue()).toBe('16');
    await expect.poll(() => page.getByTestId('optimise-row').count()).toBe(4);
    await total.fill('40');
    const average = planOf(4_000n, 'average');
    await expect
      .poll(() => page.getByTestId('optimise-return').allTextContents())
      .toEqual(average.returns.map((r) => formatYuan(r)));
    expect(await page.getByTestId('optimise-stake').textContent()).toBe('40.00');
    await pause();
    await screenshot(page, 'sports-optimise-average');

    await sheet.getByRole('radio', { name: '博冷优化' }).click();
    const cold = planOf(4_000n, 'cold');
    await expect
      .poll(() => page.getByTestId('optimise-return').allTextContents())
      .toEqual(cold.returns.map((r) => formatYuan(r)));
    await sheet.getByRole('radio', { name: '平均优化' }).click();
    // The member adds a unit to the last bet: the total follows (42元).
    await sheet.getByRole('button', { name: '增加第4注倍数' }).click();
    const multiples = average.multiples.map((m, i) => (i === 3 ? m + 1 : m));
    await expect.poll(() => page.getByTestId('optimise-stake').textContent()).toBe('42.00');
    await pause();
    await screenshot(page, 'sports-optimise-edited');

    await page.locator('.optimise-sheet').getByRole('button', { name: '确认投注' }).click();
    const dialog = page.locator('.adm-dialog');
    await dialog.getByTestId('confirm-optimised').waitFor();
    expect(await dialog.getByTestId('confirm-bet').textContent()).toContain('42.00元');
    await dialog.getByRole('button', { name: '确认投注' }).click();

    await waitForRoute(page, '/betPages/order/detail');
    await expect.poll(() => page.getByTestId('order-multiple').textContent()).toBe('奖金优化');
    expect(await page.getByTestId('order-bet-count').textContent()).toBe('4注');
    await expect
      .poll(() => page.getByTestId('combo-multiple').allTextContents())
      .toEqual(multiples.map((m) => `${m}倍`));
    await pause();
    await screenshot(page, 'sports-optimise-order');

    // The matches end: only the first bet (both winning options) wins, at its own multiple.
    const last = Math.max(...picks.map((m) => m.kickoffAt.getTime()));
    await tick(new Date(last + DAY));
    const prize = betPrize(
      [selections[0]!, selections[2]!].map((s) => parseSportsOdds(s.odds)!),
      multiples[0]!,
    );
    await expect
      .poll(() => page.getByTestId('order-status').textContent(), { timeout: LIVE_TIMEOUT })
      .toBe('已中奖');
    await expect.poll(() => page.getByTestId('order-payout').textContent()).toBe(formatYuan(prize));
  });

  it('renders the hub, home sections, basketball, results and the odds API test page', async () => {
    await page.goto('/#/pages/gameplay/gameplay');
    await page.getByTestId('betting-entry').waitFor();
    await page.getByTestId('hot-match').first().waitFor();
    await pause();
    await screenshot(page, 'sports-gameplay');

    await page.locator('.hub-tabs .adm-tabs-tab', { hasText: '赛程' }).click();
    await page.getByTestId('schedule-row').first().waitFor();
    await pause();
    await screenshot(page, 'sports-gameplay-schedule');
    await page.locator('.hub-tabs .adm-tabs-tab', { hasText: '赛果' }).click();
    await page.getByTestId('result-row').first().waitFor();
    await pause();
    await screenshot(page, 'sports-gameplay-results');
    await page.locator('.hub-tabs .adm-tabs-tab', { hasText: '注单' }).click();
    await page.getByTestId('order-card').first().waitFor();
    await pause();
    await screenshot(page, 'sports-gameplay-orders');

    // Basketball: the sport switch, then its betting page with 胜分差 and 大小分.
    await page.getByRole('tab', { name: '篮球' }).click();
    await page.locator('.hub-tabs .adm-tabs-tab', { hasText: '竞彩' }).click();
    await page.getByTestId('betting-entry').click();
    await waitForRoute(page, '/betPages/basketball/index');
    await page.getByTestId('bet-match').first().getByTestId('odds-h').waitFor();
    await pause();
    await screenshot(page, 'sports-bet-basketball');
    await chooseBetType('胜分差');
    await page.getByTestId('bet-match').first().getByTestId('odds-h1-5').waitFor();
    await pause();
    await screenshot(page, 'sports-bet-basketball-score-diff');
    await chooseBetType('大小分');
    await page.getByTestId('bet-match').first().locator('.line-badge').waitFor();

    await page.goto('/#/pages/home/home');
    await dismissHomeModal(page);
    await page.getByTestId('home-hot-matches').waitFor();
    await page.getByTestId('home-live-scores').waitFor();
    await page.getByTestId('home-hot-matches').scrollIntoViewIfNeeded();
    await pause();
    await screenshot(page, 'sports-home');

    await page.goto('/#/pages/debug/odds-api-test');
    await page.getByTestId('odds-test-match').waitFor();
    await page.getByRole('button', { name: '依次调用全部接口' }).click();
    const results = page.getByTestId('odds-test-results');
    await results.waitFor();
    await expect.poll(() => results.locator('.debug-result').count()).toBe(5);
    expect(await results.getByTestId('odds-test-ms').first().textContent()).toMatch(/^\d+ ms$/);
    expect(await results.locator('.debug-json').first().textContent()).toContain('"markets"');
    await pause();
    await screenshot(page, 'sports-odds-api-test');
  });

  it('hides live sections when the operator switches live football off', async () => {
    await server.app.services.appConfig.updateConfig({ nav_live_ball_enabled: false });
    await page.goto('/#/pages/gameplay/gameplay');
    await page.reload();
    await page.getByTestId('betting-entry').waitFor();
    expect(await page.locator('.hub-tabs .adm-tabs-tab').allTextContents()).toEqual([
      '竞彩',
      '赛程',
      '赛果',
      '注单',
    ]);
    await page.goto('/#/pages/home/home');
    await page.getByTestId('home-hot-matches').waitFor();
    expect(await page.getByTestId('home-live-scores').count()).toBe(0);
    await server.app.services.appConfig.updateConfig({ nav_live_ball_enabled: true });
    expect(pageErrors).toEqual([]);
  });

  it('closes the betting pages, slip included, when the operator switches sports betting off', async () => {
    await server.app.services.appConfig.updateConfig({ nav_sports_enabled: false });
    try {
      await page.goto('/#/betPages/football/index');
      await page.reload();
      await page.getByText('竞彩投注暂未开放').waitFor();
      expect(await page.getByTestId('slip-bar').count()).toBe(0);
      await screenshot(page, 'sports-closed');
    } finally {
      await server.app.services.appConfig.updateConfig({ nav_sports_enabled: true });
    }
    await page.reload();
    await page.getByTestId('slip-bar').waitFor();
  });

  // Last: the server's clock moves hours ahead of the phone's and stays there.
  it('greys a match out at its sales deadline by the server clock and drops its leg from the slip, saying why', async () => {
    const upcoming = await scheduled('football', new Date(clock.now().getTime() + 5 * MINUTE));
    const [closing] = upcoming;
    if (!closing) throw new Error('no open football match');
    const staying = upcoming.find((m) => m.kickoffAt.getTime() > closing.kickoffAt.getTime());
    if (!staying) throw new Error('no later football match');
    // The server's clock jumps to 20 s before the first match stops selling; the phone's does not
    // move. The page learns the server's time from the list it loads.
    clock.jumpTo(closing.kickoffAt.getTime() - 20_000);
    await page.goto('/#/betPages/football/index');
    await page.reload();
    await chooseMode('单关');
    await chooseBetType('胜平负');
    const closingCard = card(closing.id);
    await closingCard.getByTestId('odds-h').click();
    await card(staying.id).getByTestId('odds-h').click();
    await expect.poll(() => page.getByTestId('slip-match-count').textContent()).toBe('2');
    expect(await closingCard.getAttribute('data-closed')).toBeNull();
    expect(await closingCard.getByTestId('sales-closed').count()).toBe(0);

    // The deadline passes on the server's clock while the page sits there: no reload, no refetch.
    await closingCard.getByTestId('sales-closed').waitFor({ timeout: 30_000 });
    expect(clock.now().getTime()).toBeGreaterThanOrEqual(closing.kickoffAt.getTime());
    expect(await closingCard.getAttribute('data-closed')).toBe('true');
    expect(await closingCard.getByTestId('sales-closed').textContent()).toBe('已停售');
    for (const option of ['h', 'd', 'a']) {
      expect(await closingCard.getByTestId(`odds-${option}`).isDisabled()).toBe(true);
    }
    expect(await card(staying.id).getByTestId('odds-h').isDisabled()).toBe(false);
    // The slip dropped the leg with the reason; the later match's leg stays.
    await toast(page, `${closing.matchNo} 已停售，已移出投注单`).waitFor();
    await expect.poll(() => page.getByTestId('slip-match-count').textContent()).toBe('1');
    expect(await closingCard.getByTestId('odds-h').getAttribute('aria-pressed')).toBe('false');
    await closingCard.scrollIntoViewIfNeeded();
    await pause();
    await screenshot(page, 'sports-deadline');

    await openSlip();
    const dropped = page.getByTestId('slip-dropped-leg');
    expect(await dropped.count()).toBe(1);
    expect(await dropped.getAttribute('data-reason')).toBe('closed');
    expect(await dropped.getByTestId('slip-dropped-reason').textContent()).toBe('已停售');
    expect(await dropped.textContent()).toContain(closing.matchNo);
    const legs = page.getByTestId('slip-match');
    expect(await legs.count()).toBe(1);
    expect(await legs.textContent()).toContain(staying.matchNo);
    await screenshot(page, 'sports-deadline-slip');

    // 知道了 clears the note; what is left is the later match alone.
    await page.getByTestId('slip-dropped').getByRole('button', { name: '知道了' }).click();
    await expect.poll(() => dropped.count()).toBe(0);
    await closeSlip();
    await clearSlip();
    expect(pageErrors).toEqual([]);
  });
});
