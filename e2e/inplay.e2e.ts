import { and, asc, eq, gt } from 'drizzle-orm';
import { fenFromDecimal, formatFen, ODDS_POLICY_TEXT } from '@app/shared';
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { matches, matchMarkets } from '../apps/server/src/modules/sports/sports.table.ts';
import { dismissHomeModal, login, toast, toastsGone, waitForRoute } from './support/app.ts';
import { screenshot, settle } from './support/browser.ts';
import { ShiftedClock } from './support/server.ts';
import { page, pageErrors, server, useBrowserSuite } from './support/suite.ts';

type MatchRow = typeof matches.$inferSelect;
type InPlay = 'open' | 'suspended' | 'closed';

const SECOND = 1_000;
/** The feed is looked at every STEP of real time (the simulator plays 10 match minutes a minute). */
const STEP = 2 * SECOND;
/** Pushes arrive at once; without a socket the board refetches every 15 s. */
const LIVE_TIMEOUT = 20_000;

// The server's clock runs with the wall's; each test jumps it (never back) into a match in play,
// and the feed is ticked at the server's time, so the feed's times and the server's agree. Jobs
// are off in tests: the bet delay is decided by calling the decider once the order is due.
const clock = new ShiftedClock();
useBrowserSuite('inplay', { page: 'file', clock });

const tickNow = () => server.app.services.feedSync.tick(clock.now());

/** Matches still to kick off by the server's clock, soonest first. */
function upcoming(sport: 'football' | 'basketball' = 'football'): Promise<MatchRow[]> {
  return server.app.services.database.db
    .select()
    .from(matches)
    .where(and(eq(matches.sport, sport), eq(matches.status, 'scheduled'), gt(matches.kickoffAt, clock.now())))
    .orderBy(asc(matches.kickoffAt));
}

function feedAt(match: MatchRow, at: number) {
  const state = server.app.services.sportsFeed.state(match.externalId, new Date(at));
  if (!state) throw new Error(`feed does not know ${match.externalId}`);
  return state;
}

function inPlayAt(match: MatchRow, at: number): InPlay {
  const state = feedAt(match, at);
  if (state.status !== 'live' || !state.inPlay.open) return 'closed';
  return state.inPlay.suspended ? 'suspended' : 'open';
}

function homeOddsAt(match: MatchRow, at: number): string | undefined {
  return feedAt(match, at).markets.find((m) => m.playType === 'football.winDrawLose')?.odds.h;
}

/** The simulator's in-play timeline of a match, one entry per STEP from a little after kick-off. */
function timeline(match: MatchRow): Array<{ at: number; state: InPlay }> {
  const start = match.kickoffAt.getTime() + 20 * SECOND;
  return Array.from({ length: 300 }, (_, i) => {
    const at = start + i * STEP;
    return { at, state: inPlayAt(match, at) };
  });
}

interface Window {
  match: MatchRow;
  /** When to place the bet (open from here for `open` ms at least). */
  at: number;
  /** What comes after, found by the caller's rule. */
  next: number;
}

/**
 * Whether the feed tells the same match at both moments: period, score and events (goals, cards).
 * The bet-delay decision refuses a bet when they differ between its request and its decision
 * (past-posting), so a stretch a bet must be accepted in has to be quiet as well as open.
 */
function quiet(match: MatchRow, from: number, to: number): boolean {
  const a = feedAt(match, from);
  const b = feedAt(match, to);
  return (
    a.period === b.period &&
    a.score.home === b.score.home &&
    a.score.away === b.score.away &&
    a.events.length === b.events.length
  );
}

/**
 * The first upcoming match and moment the rule accepts: the moment starts an open (and, for a bet
 * to be accepted, quiet) stretch of at least `openFor`, and `then(line, i)` names a later step (or -1).
 */
async function findWindow(
  openFor: number,
  then: (match: MatchRow, line: Array<{ at: number; state: InPlay }>, i: number) => number,
  sport: 'football' | 'basketball' = 'football',
  /** Whether a bet placed in the stretch must be accepted (basketball scores every few seconds). */
  needsQuiet = true,
): Promise<Window> {
  const steps = Math.ceil(openFor / STEP);
  for (const match of (await upcoming(sport)).slice(0, 12)) {
    const line = timeline(match);
    for (let i = 0; i + steps < line.length; i++) {
      if (!line.slice(i, i + steps + 1).every((s) => s.state === 'open')) continue;
      if (needsQuiet && !quiet(match, line[i]!.at, line[i + steps]!.at)) continue;
      const k = then(match, line, i);
      if (k >= 0) return { match, at: line[i]!.at, next: line[k]!.at };
    }
  }
  throw new Error(`no ${sport} match with the in-play window this test needs`);
}

/** Calls the bet-delay decider until it decides something (the order is due after its delay). */
async function decideWhenDue(): Promise<{ accepted: number; rejected: number }> {
  const total = { accepted: 0, rejected: 0 };
  await expect
    .poll(
      async () => {
        const report = await server.app.services.liveAcceptance.run(clock.now());
        total.accepted += report.accepted;
        total.rejected += report.rejected;
        return total.accepted + total.rejected;
      },
      { timeout: 15_000, interval: 500 },
    )
    .toBeGreaterThan(0);
  return total;
}

function liveCard(matchId: number): Locator {
  return page.locator(`[data-testid="live-bet"][data-match-id="${matchId}"]`);
}

function liveOption(matchId: number, betType: string, option: string): Locator {
  return liveCard(matchId)
    .locator(`[data-testid="live-market"][data-bet-type="${betType}"]`)
    .getByTestId(`odds-${option}`);
}

/** The 滚球 board of a sport at the server's current moment, read afresh. */
async function openBoard(matchId: number, sport: 'football' | 'basketball' = 'football'): Promise<void> {
  await page.goto(`/#/pages/gameplay/gameplay?tab=live&sport=${sport}`);
  await page.reload();
  await liveCard(matchId).waitFor({ timeout: LIVE_TIMEOUT });
}

async function openSlip(): Promise<void> {
  await page.getByTestId('slip-bar').getByRole('button', { name: '投注单', exact: true }).click();
  await page.locator('.slip-sheet').waitFor();
  await settle(page);
}

/** 确认投注 in the sheet, then in the dialog; returns the confirmation card. */
async function placeSlip(): Promise<Locator> {
  await page.locator('.slip-sheet-foot').getByRole('button', { name: '确认投注' }).click();
  const dialog = page.locator('.adm-dialog');
  await dialog.getByTestId('confirm-bet').waitFor();
  expect(await dialog.getByTestId('confirm-inplay').count()).toBe(1);
  await dialog.getByRole('button', { name: '确认投注' }).click();
  const card = page.getByTestId('bet-confirmation');
  await card.waitFor();
  return card;
}

async function orderNoOf(card: Locator): Promise<string> {
  return (await card.locator('.bet-confirm-facts .mono').textContent()) ?? '';
}

async function pause(): Promise<void> {
  // Balance toasts (stake, refund) may follow one another.
  await toastsGone(page, 10_000);
}

beforeAll(async () => {
  await tickNow();
  await login(page, 'demo001', 'demo1234');
  await waitForRoute(page, '/pages/home/home');
  await dismissHomeModal(page);
});

describe('滚球 betting in the browser', () => {
  it('places an in-play bet that the server confirms after the bet delay', async () => {
    // Open for a minute of real time: nothing suspends the match while the bet waits.
    const { match, at } = await findWindow(60 * SECOND, (_m, _line, i) => i);
    clock.jumpTo(at);
    await tickNow();
    await openBoard(match.id);
    const card = liveCard(match.id);
    expect(await card.getAttribute('data-state')).toBe('open');
    expect(await page.getByTestId('inplay-hint').textContent()).toContain('确认');
    expect(await page.getByTestId('inplay-hint').textContent()).not.toContain('仅供参考');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'inplay-board');

    const home = liveOption(match.id, 'winDrawLose', 'h');
    const odds = (await home.locator('.odds-value').textContent()) ?? '';
    await home.click();
    expect(await home.getAttribute('aria-pressed')).toBe('true');
    await openSlip();
    expect(await page.getByTestId('slip-inplay').count()).toBe(1);
    expect(await page.getByTestId('slip-pick').textContent()).toContain(`@${odds}`);
    await screenshot(page, 'inplay-slip');

    const confirmation = await placeSlip();
    expect(await confirmation.getAttribute('data-status')).toBe('confirming');
    expect(await confirmation.getByTestId('confirm-title').textContent()).toBe('投注确认中');
    expect(await confirmation.getByTestId('confirm-countdown').textContent()).toMatch(/^[1-5]秒$/);
    // Nothing decides the order until the decider runs: the card waits, counting down.
    await pause();
    await screenshot(page, 'inplay-confirming');
    const orderNo = await orderNoOf(confirmation);

    // The delay runs out by the server's clock; the decider accepts and the push says so.
    expect(await decideWhenDue()).toEqual({ accepted: 1, rejected: 0 });
    await expect
      .poll(() => confirmation.getAttribute('data-status'), { timeout: LIVE_TIMEOUT })
      .toBe('accepted');
    expect(await confirmation.getByTestId('confirm-title').textContent()).toBe('投注成功');
    await screenshot(page, 'inplay-accepted');

    await confirmation.getByRole('button', { name: '查看注单' }).click();
    await waitForRoute(page, '/betPages/order/detail');
    expect(page.url()).toContain(orderNo);
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('待开奖');
    expect(await page.getByTestId('leg-inplay').count()).toBe(1);
    expect(await page.locator('.leg-odds').textContent()).toBe(`@${odds}`);
    expect(pageErrors).toEqual([]);
  });

  it('refuses an in-play bet when a goal, red card or penalty suspends the match during the delay, and refunds it', async () => {
    // Open long enough to place the bet, then a suspension (goal, red card, penalty) after the delay.
    const { match, at, next } = await findWindow(12 * SECOND, (_m, line, i) => {
      for (let k = i + 7; k < Math.min(line.length, i + 40); k++) {
        if (line[k]!.state === 'suspended') return k;
        if (line[k]!.state !== 'open') return -1;
      }
      return -1;
    });
    const reason = feedAt(match, next).inPlay.reason;
    clock.jumpTo(at);
    await tickNow();
    await openBoard(match.id);
    await liveOption(match.id, 'winDrawLose', 'a').click();
    await openSlip();
    const confirmation = await placeSlip();
    expect(await confirmation.getAttribute('data-status')).toBe('confirming');
    const orderNo = await orderNoOf(confirmation);

    // The feed moves on to the suspension; the board hears it while the order waits.
    clock.jumpTo(next);
    await tickNow();
    expect(await decideWhenDue()).toEqual({ accepted: 0, rejected: 1 });
    await expect
      .poll(() => confirmation.getAttribute('data-status'), { timeout: LIVE_TIMEOUT })
      .toBe('rejected');
    expect(await confirmation.getByTestId('confirm-title').textContent()).toBe('投注被拒');
    expect(await confirmation.getByTestId('confirm-reason').textContent()).toBe(`盘口暂停（${reason}）`);
    await pause();
    await screenshot(page, 'inplay-rejected');
    await confirmation.getByRole('button', { name: '知道了' }).click();
    await confirmation.waitFor({ state: 'hidden' });

    // The board: every option of the match shows 暂停, with the reason, and cannot be tapped.
    const card = liveCard(match.id);
    await expect.poll(() => card.getAttribute('data-state'), { timeout: LIVE_TIMEOUT }).toBe('suspended');
    expect(await card.getByTestId('live-state').textContent()).toContain(`盘口暂停 · ${reason}`);
    const home = liveOption(match.id, 'winDrawLose', 'h');
    expect(await home.isDisabled()).toBe(true);
    expect(await home.locator('.odds-value').textContent()).toBe('暂停');
    await card.scrollIntoViewIfNeeded();
    await pause();
    await screenshot(page, 'inplay-suspended');

    await page.goto(`/#/betPages/order/detail?order_no=${orderNo}`);
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('投注被拒');
    expect(await page.getByTestId('order-reject-reason').textContent()).toContain(`盘口暂停（${reason}）`);
    await screenshot(page, 'inplay-order-rejected');
    expect(pageErrors).toEqual([]);
  });

  it('marks a picked price that moved with its arrow and takes the new price in one tap', async () => {
    // Open for a while, during which the home win's price moves.
    const { match, at, next } = await findWindow(40 * SECOND, (m, line, i) => {
      const picked = homeOddsAt(m, line[i]!.at);
      for (let k = i + 2; k < i + 20; k++) {
        if (homeOddsAt(m, line[k]!.at) !== picked) return k;
      }
      return -1;
    });
    clock.jumpTo(at);
    await tickNow();
    await openBoard(match.id);
    const home = liveOption(match.id, 'winDrawLose', 'h');
    const before = (await home.locator('.odds-value').textContent()) ?? '';
    await home.click();
    await openSlip();

    // The feed re-prices the match while the slip is open.
    clock.jumpTo(next);
    await tickNow();
    const after = homeOddsAt(match, clock.now().getTime()) ?? '';
    const direction = Number(after) > Number(before) ? 'up' : 'down';
    const move = page.getByTestId('slip-pick').getByTestId('odds-move');
    await move.waitFor({ timeout: LIVE_TIMEOUT });
    expect(await move.getAttribute('data-direction')).toBe(direction);
    expect(await move.locator('.odds-old').textContent()).toBe(`@${before}`);
    expect(await move.locator('.odds-new').textContent()).toBe(`@${after}`);
    expect(await page.getByTestId('slip-odds-changed').textContent()).toContain('1个选项赔率已变化');
    await screenshot(page, 'inplay-odds-moved');

    await page.getByTestId('accept-odds').click();
    await expect.poll(() => move.count(), { timeout: 5_000 }).toBe(0);
    expect(await page.getByTestId('slip-pick').textContent()).toContain(`@${after}`);
    expect(await page.getByTestId('slip-odds-changed').count()).toBe(0);

    const confirmation = await placeSlip();
    expect(await decideWhenDue()).toEqual({ accepted: 1, rejected: 0 });
    await expect
      .poll(() => confirmation.getAttribute('data-status'), { timeout: LIVE_TIMEOUT })
      .toBe('accepted');
    await confirmation.getByRole('button', { name: '查看注单' }).click();
    await waitForRoute(page, '/betPages/order/detail');
    await expect.poll(() => page.locator('.leg-odds').textContent()).toBe(`@${after}`);
    expect(pageErrors).toEqual([]);
  });

  it('offers basketball in play: 胜负, 让分 and 总分 with the live line', async () => {
    const { match, at } = await findWindow(10 * SECOND, (_m, _line, i) => i, 'basketball', false);
    clock.jumpTo(at);
    await tickNow();
    await openBoard(match.id, 'basketball');
    const card = liveCard(match.id);
    expect(await card.getAttribute('data-state')).toBe('open');
    const markets = card.getByTestId('live-market');
    expect(await markets.evaluateAll((els) => els.map((e) => e.getAttribute('data-bet-type')))).toEqual([
      'win-lose',
      'handicap',
      'total-score',
    ]);
    const line = feedAt(match, at).markets.find((m) => m.playType === 'basketball.total-score')?.line;
    expect(await markets.nth(2).locator('.line-badge').textContent()).toContain(line ?? '');
    await card.scrollIntoViewIfNeeded();
    await pause();
    await screenshot(page, 'inplay-board-basketball');
    expect(pageErrors).toEqual([]);
  });

  it('saves the odds-change setting from 设置', async () => {
    await page.goto('/#/minePages/setApp');
    const item = page.getByTestId('settings-odds-policy');
    await item.waitFor();
    await expect.poll(() => item.textContent()).toContain(ODDS_POLICY_TEXT.higher);
    await item.click();
    const sheet = page.getByTestId('odds-policy-sheet');
    await sheet.waitFor();
    expect(await sheet.getByTestId('odds-policy-higher').getAttribute('aria-checked')).toBe('true');
    await settle(page);
    await screenshot(page, 'inplay-odds-policy');

    await sheet.getByTestId('odds-policy-none').click();
    await toast(page, `已设置为「${ODDS_POLICY_TEXT.none}」`).waitFor();
    await sheet.waitFor({ state: 'hidden' });
    await expect.poll(() => item.textContent()).toContain(ODDS_POLICY_TEXT.none);

    // Kept by the server: a fresh page reads it back.
    await page.reload();
    await expect
      .poll(() => page.getByTestId('settings-odds-policy').textContent())
      .toContain(ODDS_POLICY_TEXT.none);
    await page.getByTestId('settings-odds-policy').click();
    expect(
      await page
        .getByTestId('odds-policy-sheet')
        .getByTestId('odds-policy-none')
        .getAttribute('aria-checked'),
    ).toBe('true');
    await pause();
    await screenshot(page, 'inplay-odds-policy-saved');
    expect(pageErrors).toEqual([]);
  });

  // After the setting above: 不接受赔率变化, so any move is refused at submit.
  it('marks the odds of a 409 the same way and takes them in one tap', async () => {
    await page.goto('/#/betPages/football/index');
    await page.reload();
    const first = page.getByTestId('bet-match').first();
    await first.getByTestId('odds-h').waitFor();
    const matchId = Number(await first.getAttribute('data-match-id'));
    const shown = (await first.getByTestId('odds-h').locator('.odds-value').textContent()) ?? '';
    await first.getByTestId('odds-h').click();

    // The feed re-prices the match down after the member looked.
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
    expect(await changed.textContent()).toContain(`${shown} → ${moved}`);
    expect(await changed.locator('li').getAttribute('data-direction')).toBe('down');
    await page.locator('.adm-dialog').getByRole('button', { name: '知道了' }).click();
    await changed.waitFor({ state: 'hidden' });

    const move = page.getByTestId('slip-pick').getByTestId('odds-move');
    await move.waitFor();
    expect(await move.getAttribute('data-direction')).toBe('down');
    expect(await move.locator('.odds-new').textContent()).toBe(`@${moved}`);
    await screenshot(page, 'inplay-409-marked');
    await page.getByTestId('accept-odds').click();
    await expect.poll(() => move.count(), { timeout: 5_000 }).toBe(0);

    await page.locator('.slip-sheet-foot').getByRole('button', { name: '确认投注' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: '确认投注' }).click();
    await waitForRoute(page, '/betPages/order/detail');
    await expect.poll(() => page.locator('.leg-odds').textContent()).toBe(`@${moved}`);
    expect(await page.getByTestId('order-status').textContent()).toBe('待开奖');
    expect(pageErrors).toEqual([]);
  });
});
