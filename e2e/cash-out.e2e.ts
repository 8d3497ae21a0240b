/**
 * 提前结算 in the member app (issue 41, point 5), at 375 px: demo001's open pre-match single shows
 * the server's offer on its detail page; taking it (the offer moves once before the server takes
 * it, so the dialog asks again with the new amount) closes the order 已提前结算 and puts exactly
 * the accepted offer on the balance. A second order whose market is suspended shows why there is
 * no offer, and no button. A ×5 single cashes out 2 of its 5 shares (部分提前结算): the rest stays
 * open at ×3. In play, taking the offer waits through the bet delay (确认中) and the push of its
 * decision closes the order.
 */
import { and, eq } from 'drizzle-orm';
import { fenFromDecimal, formatSportsOdds, formatYuan, parseSportsOdds } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { matches, matchMarkets } from '../apps/server/src/modules/sports/sports.table.ts';
import { firstInPlayMoment } from '../apps/server/src/test/sports-helpers.ts';
import { dismissHomeModal, login, toast, toastsGone, uniqueUsername, waitForRoute } from './support/app.ts';
import { screenshot, settle } from './support/browser.ts';
import { memberApi } from './support/member-api.ts';
import { ShiftedClock } from './support/server.ts';
import { footballOnSale, winDrawLoseOdds } from './support/sports.ts';
import { page, pageErrors, server, useBrowserSuite } from './support/suite.ts';

type MatchRow = typeof matches.$inferSelect;
type Member = Awaited<ReturnType<typeof memberApi>>;

interface Offer {
  available: boolean;
  offer: string | null;
  reason: string | null;
  stake: string;
  max_prize: string;
  shares_total: number;
  in_play: boolean;
  delay_seconds: number;
}

const MINUTE = 60_000;
const PLAY = 'football.winDrawLose';
/** The offer is re-asked every 5 s. */
const QUOTE_TIMEOUT = 10_000;

const clock = new ShiftedClock();
useBrowserSuite('cash-out', { page: 'file', clock });

beforeAll(async () => {
  // Jobs are off in tests: the simulator's clock moves only when we tick it.
  await server.app.services.feedSync.tick(clock.now());
});

/** Football matches on sale kicking off in more than an hour, soonest first. */
const openMatches = () => footballOnSale(server, clock.now().getTime(), 60 * MINUTE);
const winDrawLose = (matchId: number) => winDrawLoseOdds(server, matchId);

async function setOdds(matchId: number, option: string, odds: string): Promise<void> {
  const current = await winDrawLose(matchId);
  await server.app.services.database.db
    .update(matchMarkets)
    .set({ odds: { ...current, [option]: odds } })
    .where(and(eq(matchMarkets.matchId, matchId), eq(matchMarkets.playType, PLAY)));
}

/** A 10元 single (5 倍) on the match's shortest 胜平负 price, through the member API. */
async function placeSingle(member: Member, match: MatchRow) {
  const odds = await winDrawLose(match.id);
  const [option, price] = Object.entries(odds).sort(([, a], [, b]) => Number(a) - Number(b))[0]!;
  const order = await member<{ order_no: string; total_amount: string; status: string }>(
    'POST',
    '/v1/order/submit',
    {
      sport_type: 1,
      bet_mode: 'single',
      pass_type: 'single',
      multiple: 5,
      selections: [{ match_id: match.id, bet_type: 'winDrawLose', option, odds: price }],
    },
  );
  expect(order.total_amount).toBe('10.00');
  return { orderNo: order.order_no, option, price, status: order.status };
}

const balanceFen = async (member: Member) =>
  fenFromDecimal((await member<{ balance: string }>('GET', '/v1/user/balance')).balance);

/** The dialog has finished fading in (antd-mobile animates it in script, which settle() does not see). */
async function dialogShown(): Promise<void> {
  await page.waitForFunction(() => {
    const shown = document.querySelector('.adm-dialog .adm-center-popup-wrap > div');
    return shown !== null && getComputedStyle(shown).opacity === '1';
  });
}

async function openOrder(orderNo: string): Promise<void> {
  await page.goto(`/#/betPages/order/detail?order_no=${encodeURIComponent(orderNo)}`);
  await waitForRoute(page, '/betPages/order/detail');
  await page.getByTestId('order-summary').waitFor();
}

describe('提前结算', () => {
  it('takes the offer of an open single (asking again when it moved): 已提前结算, the balance up by the offer', async () => {
    const demo = await memberApi(server, 'demo001', 'demo1234');
    const [first, second] = await openMatches();
    if (!first || !second) throw new Error('two open football matches are needed');
    const placed = await placeSingle(demo, first);
    const quoted = await demo<Offer>('GET', `/v1/cash-out/${placed.orderNo}`);
    expect(quoted.available).toBe(true);
    expect(quoted.offer).not.toBeNull();
    const offer = quoted.offer!;

    await login(page, 'demo001', 'demo1234');
    await waitForRoute(page, '/pages/home/home');
    await dismissHomeModal(page);
    await openOrder(placed.orderNo);
    const block = page.getByTestId('cash-out');
    await expect
      .poll(() => block.getByTestId('cash-out-offer').textContent())
      .toBe(formatYuan(fenFromDecimal(offer)));
    const blockText = (await block.textContent()) ?? '';
    expect(blockText).toContain('当前可提前结算');
    expect(blockText).toContain('投注 10.00');
    expect(blockText).toContain(`最高奖金 ${formatYuan(fenFromDecimal(quoted.max_prize))}`);
    await settle(page);
    await screenshot(page, 'cash-out-offer');

    // The confirmation states the amount and that the order then closes.
    await block.getByTestId('cash-out-button').click();
    const dialog = page.locator('.adm-dialog');
    await dialog.getByTestId('cash-out-confirm').waitFor();
    expect(await dialog.getByTestId('cash-out-confirm-amount').textContent()).toBe(
      formatYuan(fenFromDecimal(offer)),
    );
    expect(await dialog.textContent()).toContain('中奖与否都不再派奖');
    await dialogShown();
    await screenshot(page, 'cash-out-confirm');

    // Before the member confirms, the pick's price drifts out (less likely to win): the offer falls,
    // which the default odds-change setting (接受更高赔率) does not take silently.
    const before = await balanceFen(demo);
    const drifted = formatSportsOdds((parseSportsOdds(placed.price)! * 3n) / 2n);
    await setOdds(first.id, placed.option, drifted);
    const requoted = await demo<Offer>('GET', `/v1/cash-out/${placed.orderNo}`);
    const newOffer = requoted.offer!;
    expect(fenFromDecimal(newOffer)).toBeLessThan(fenFromDecimal(offer));

    await dialog.getByRole('button', { name: '确认结算' }).click();
    await page.locator('.adm-dialog [data-testid="cash-out-changed"]').waitFor();
    // The first dialog has faded out: the one left asks again.
    await expect.poll(() => dialog.count()).toBe(1);
    expect(await dialog.getByTestId('cash-out-changed').textContent()).toBe(
      `提前结算金额已变为 ${formatYuan(fenFromDecimal(newOffer))} 元`,
    );
    expect(await dialog.getByTestId('cash-out-confirm-amount').textContent()).toBe(
      formatYuan(fenFromDecimal(newOffer)),
    );
    expect(await balanceFen(demo)).toBe(before);
    await dialogShown();
    await screenshot(page, 'cash-out-offer-changed');

    // The second confirmation sends the new amount: paid, the order closed (the 已到账 toast follows
    // the balance push's +X 余额变动).
    await dialog.getByRole('button', { name: '确认结算' }).click();
    await toast(page, `已提前结算，${formatYuan(fenFromDecimal(newOffer))}元已到账`).waitFor();
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('已提前结算');
    expect(await page.getByTestId('order-payout').textContent()).toBe(formatYuan(fenFromDecimal(newOffer)));
    expect(await page.getByTestId('order-summary').textContent()).toContain('提前结算金额');
    expect(await page.getByTestId('cash-out').count()).toBe(0);
    expect((await balanceFen(demo)) - before).toBe(fenFromDecimal(newOffer));
    await toastsGone(page);
    await settle(page);
    await screenshot(page, 'cash-out-done');

    // 我的注单: the card says 已提前结算 and labels the amount 提前结算金额.
    await page.goto('/#/betPages/order/list');
    const card = page.getByTestId('order-card').filter({ hasText: placed.orderNo });
    await card.waitFor();
    expect(await card.getByTestId('order-status').textContent()).toBe('已提前结算');
    expect(await card.textContent()).toContain('提前结算金额');
    expect(await card.textContent()).toContain(formatYuan(fenFromDecimal(newOffer)));
    await toastsGone(page);
    await settle(page);
    await screenshot(page, 'cash-out-list');

    // A second order whose market an operator suspends: the reason, greyed, and no button.
    const other = await placeSingle(demo, second);
    const services = server.app.services;
    const operator = await services.operators.create({
      username: uniqueUsername('co'),
      password: 'op-secret-1',
      name: '风控',
      role: 'risk',
    });
    await services.sportsAdmin.suspend(
      second.id,
      PLAY,
      '盘口调整',
      { operatorId: operator.id, sessionId: 0, ip: '127.0.0.1' },
      false,
    );
    const suspended = await demo<Offer>('GET', `/v1/cash-out/${other.orderNo}`);
    expect(suspended.available).toBe(false);
    expect(suspended.reason).toBe('注单中有赛事暂停交易，暂不能提前结算');
    await openOrder(other.orderNo);
    const reason = page.getByTestId('cash-out').getByTestId('cash-out-reason');
    await expect
      .poll(() => reason.textContent(), { timeout: QUOTE_TIMEOUT })
      .toBe('注单中有赛事暂停交易，暂不能提前结算');
    expect(await page.getByTestId('cash-out-button').count()).toBe(0);
    await toastsGone(page);
    await settle(page);
    await screenshot(page, 'cash-out-suspended');
    expect(pageErrors).toEqual([]);
  });

  it('cashes out 2 of a ×5 single’s shares, the ×3 left open; in play, waits through the bet delay for the push', async () => {
    const demo = await memberApi(server, 'demo001', 'demo1234');
    const [, , third] = await openMatches();
    if (!third) throw new Error('a third open football match is needed');
    const placed = await placeSingle(demo, third);
    const part = await demo<Offer>('GET', `/v1/cash-out/${placed.orderNo}?shares=2`);
    expect(part).toMatchObject({ available: true, shares_total: 5 });

    await openOrder(placed.orderNo);
    const block = page.getByTestId('cash-out');
    await block.getByTestId('cash-out-offer').waitFor();
    expect(await block.getByTestId('cash-out-share-count').textContent()).toBe('全部');
    // Down to 2 of 5 shares: the offer is theirs.
    const minus = block.locator('.adm-stepper-minus');
    for (let i = 0; i < 3; i++) await minus.click();
    await expect.poll(() => block.getByTestId('cash-out-share-count').textContent()).toBe('2/5');
    await expect
      .poll(() => block.getByTestId('cash-out-offer').textContent(), { timeout: QUOTE_TIMEOUT })
      .toBe(formatYuan(fenFromDecimal(part.offer!)));
    await toastsGone(page);
    await settle(page);
    await screenshot(page, 'cash-out-shares');
    const before = await balanceFen(demo);
    await block.getByTestId('cash-out-button').click();
    const dialog = page.locator('.adm-dialog');
    await dialog.getByTestId('cash-out-confirm').waitFor();
    expect(await dialog.textContent()).toContain('部分提前结算 2/5 份');
    expect(await dialog.textContent()).toContain('其余 3 份照常结算派奖');
    await dialogShown();
    await dialog.getByRole('button', { name: '确认结算' }).click();
    await toast(page, `已部分提前结算，${formatYuan(fenFromDecimal(part.offer!))}元已到账`).waitFor();
    expect((await balanceFen(demo)) - before).toBe(fenFromDecimal(part.offer!));
    // The order stays open at ×3: 6.00 in play, the share's payment shown.
    await expect.poll(() => page.getByTestId('order-stake').textContent()).toBe('6.00');
    expect(await page.getByTestId('order-status').textContent()).toBe('待开奖');
    expect(await page.getByTestId('order-multiple').textContent()).toBe('3倍');
    expect(await page.getByTestId('order-partial-cash-out').textContent()).toBe(
      `${formatYuan(fenFromDecimal(part.offer!))}元（本金 4.00元）`,
    );
    await expect.poll(() => block.getByTestId('cash-out-done').count()).toBe(1);
    await toastsGone(page);
    await settle(page);
    await screenshot(page, 'cash-out-partial-done');

    // In play: the clock moves to a moment a football match takes in-play bets.
    const feed = server.app.services.sportsFeed;
    const rows = await server.app.services.database.db
      .select()
      .from(matches)
      .where(eq(matches.sport, 'football'));
    const { at, match: live } = firstInPlayMoment(feed, rows, clock.now().getTime());
    clock.jumpTo(at.getTime());
    await server.app.services.feedSync.tick(clock.now());
    const inPlay = await placeSingle(demo, live);
    expect(inPlay.status).toBe('confirming');
    const delayMs = server.app.services.config.sports.betDelayMs.football;
    await server.app.services.liveAcceptance.run(new Date(clock.now().getTime() + delayMs));
    const offered = await demo<Offer>('GET', `/v1/cash-out/${inPlay.orderNo}`);
    expect(offered).toMatchObject({ available: true, in_play: true, delay_seconds: delayMs / 1000 });

    await openOrder(inPlay.orderNo);
    const liveBlock = page.getByTestId('cash-out');
    await liveBlock.getByTestId('cash-out-offer').waitFor();
    expect(await liveBlock.textContent()).toContain(`滚球 · ${delayMs / 1000} 秒确认`);
    await liveBlock.getByTestId('cash-out-button').click();
    await dialog.getByTestId('cash-out-delay').waitFor();
    await dialogShown();
    await screenshot(page, 'cash-out-inplay-confirm');
    await dialog.getByRole('button', { name: '确认结算' }).click();
    await toast(page, '滚球提前结算已提交，投注延迟结束后确认').waitFor();
    await liveBlock.getByTestId('cash-out-waiting').waitFor();
    expect(await liveBlock.getByTestId('cash-out-waiting').textContent()).toContain('提前结算确认中');
    await toastsGone(page);
    await settle(page);
    await screenshot(page, 'cash-out-inplay-waiting');

    // The delay ends: the leader job's run pays it, and the push closes the order on the page.
    const paidBefore = await balanceFen(demo);
    const decided = await server.app.services.cashOut.decideDue(
      new Date(clock.now().getTime() + delayMs + 1_000),
    );
    expect(decided).toEqual({ paid: 1, refused: 0 });
    const paid = (await balanceFen(demo)) - paidBefore;
    expect(paid).toBeGreaterThan(0n);
    await toast(page, `已提前结算，${formatYuan(paid)}元已到账`).waitFor();
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('已提前结算');
    await toastsGone(page);
    await settle(page);
    await screenshot(page, 'cash-out-inplay-done');
    expect(pageErrors).toEqual([]);
  });
});
