/**
 * 合买 in the member app (issue 39, point 2), at 375 px: demo001 starts a plan from the slip (a
 * ×5 single in 10 shares of 1 元, buying 1, 5 % commission); a second member finds it in the
 * 合买大厅 and buys the other 9; the job places it, the match is won and the plan page shows each
 * holder's part. A second plan, still short at its deadline, fails (流产) and every share returns.
 * A third, on a 快3 slip, is filled and its bet wins.
 */
import {
  betPrize,
  currentPeriod,
  deriveOpenCode,
  findLottery,
  formatYuan,
  parseSportsOdds,
  splitPayout,
  TERMS_VERSION,
} from '@app/shared';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../apps/server/src/db/rows.ts';
import { sql } from '../apps/server/src/db/sql.ts';
import { inTransaction } from '../apps/server/src/db/tx.ts';
import { deriveSeed } from '../apps/server/src/modules/lottery/draw-seed.ts';
import { TEST_DRAW_SEED_KEY } from '../apps/server/src/test/keys.ts';
import { dismissHomeModal, login, toastsGone, uniqueUsername, waitForRoute } from './support/app.ts';
import { screenshot, settle } from './support/browser.ts';
import { memberApi } from './support/member-api.ts';
import { ShiftedClock } from './support/server.ts';
import { footballOnSale, winDrawLoseOdds, winningSingle } from './support/sports.ts';
import { page, pageErrors, server, useBrowserSuite } from './support/suite.ts';

const clock = new ShiftedClock();
useBrowserSuite('syndicates', { page: 'file', clock });

const DAY = 86_400_000;
const K3 = 'k3_1m';

/** Logs the page out and in as `username`. */
async function signIn(username: string, password: string) {
  await page.goto('/#/pages/login/login');
  await page.evaluate(() => localStorage.clear());
  await login(page, username, password);
  await waitForRoute(page, '/pages/home/home');
  await dismissHomeModal(page);
}

/** A new member with 100.00 元. */
async function fundedMember(): Promise<{ username: string; id: number }> {
  const username = uniqueUsername('sy');
  const registered = await server.app.inject({
    method: 'POST',
    url: '/v1/register',
    payload: { username, password: 'abc12345', accept_terms: true, terms_version: TERMS_VERSION },
    remoteAddress: '203.0.113.92',
  });
  expect(registered.statusCode, registered.body).toBe(200);
  const id = registered.json<{ data: { userinfo: { id: number } } }>().data.userinfo.id;
  const services = server.app.services;
  await inTransaction(services.database.db, (work) =>
    services.ledger.post(work, { memberId: id, amount: 10_000n, type: 'adjust' }),
  );
  return { username, id };
}

describe('合买', () => {
  it('starts a plan from the slip, a second member fills it from the 合买大厅, it wins and each holder gets their part', async () => {
    const services = server.app.services;
    await services.feedSync.tick(clock.now());
    const pick = await winningSingle(server, clock.now().getTime(), 100n, 30 * 60_000);

    // demo001 picks the winning 胜平负 option, ×5, and starts a 合买 from the slip.
    await signIn('demo001', 'demo1234');
    await page.goto('/#/betPages/football/index');
    const mode = page.getByRole('tab', { name: '单关', exact: true });
    await mode.click();
    const type = page.locator('.bet-type-tabs .adm-tabs-tab', { hasText: /^胜平负$/ });
    await type.click();
    await page
      .locator(`[data-testid="bet-match"][data-match-id="${pick.match.id}"]`)
      .getByTestId(`odds-${pick.option}`)
      .click();
    await page.getByTestId('slip-bar').getByRole('button', { name: '投注单', exact: true }).click();
    await page.locator('.slip-sheet').waitFor();
    await page.getByTestId('slip-multiple').locator('input').fill('5');
    await expect.poll(() => page.getByTestId('slip-stake').textContent()).toBe('10.00');
    await page.getByTestId('syndicate-open').click();
    const sheet = page.getByTestId('syndicate-start');
    await sheet.waitFor();
    expect(await sheet.getByTestId('syndicate-share-price').textContent()).toBe('1.00 元');
    await sheet.getByRole('radio', { name: '5%' }).click();
    await sheet.locator('textarea').fill('主队稳胆，一起上车');
    await expect
      .poll(() => sheet.getByTestId('syndicate-start-summary').textContent())
      .toContain('冻结 1.00 元');
    await settle(page);
    await screenshot(page, 'syndicate-start');
    await sheet.getByTestId('syndicate-start-submit').click();
    await waitForRoute(page, '/pages/syndicates/plan');
    const plan = page.getByTestId('syndicate-plan');
    await plan.waitFor();
    await expect.poll(() => page.getByTestId('syndicate-state').textContent()).toBe('认购中');
    expect(await page.getByTestId('syndicate-progress').textContent()).toContain('1/10份');
    await toastsGone(page);
    await settle(page);
    await screenshot(page, 'syndicate-plan-open');
    const demo = await memberApi(server, 'demo001', 'demo1234');
    const mine = await demo<{ list: Array<{ id: number; plan_no: string }> }>('GET', '/v1/syndicates?mine=1');
    const planId = mine.list[0]!.id;

    // A second member buys the other 9 shares from the hall.
    const second = await fundedMember();
    await signIn(second.username, 'abc12345');
    await page.goto('/#/betPages/order/list');
    await page.getByTestId('syndicate-hall-link').click();
    await waitForRoute(page, '/pages/syndicates/hall');
    const card = page.locator(`[data-testid="syndicate-card"][data-id="${planId}"]`);
    await card.waitFor();
    expect(await card.textContent()).toContain('de***');
    await toastsGone(page);
    await settle(page);
    await screenshot(page, 'syndicate-hall');
    await card.click();
    await waitForRoute(page, '/pages/syndicates/plan');
    await page.getByTestId('syndicate-shares').locator('input').fill('9');
    await expect.poll(() => page.getByTestId('syndicate-buy-total').textContent()).toBe('9.00 元');
    await page.getByTestId('syndicate-buy').click();
    await page.locator('.adm-dialog').getByTestId('syndicate-buy-confirm').waitFor();
    await page.getByRole('button', { name: '确认认购' }).click();
    await expect.poll(() => page.getByTestId('syndicate-progress').textContent()).toContain('10/10份');
    await page.getByTestId('syndicate-mine').waitFor();

    // Full: the job places it; the match is played and won; the plan page shows the split.
    expect(await services.syndicates.run()).toEqual({ placed: 1, failed: 0 });
    await services.feedSync.tick(new Date(pick.match.kickoffAt.getTime() + DAY));
    const payout = betPrize([parseSportsOdds(pick.odds)!], 5);
    const [demoRow] = rowsOf<{ id: number }>(
      await services.database.db.execute(sql`SELECT id FROM members WHERE username = 'demo001'`),
    );
    const demoId = Number(demoRow!.id);
    const split = splitPayout({
      payoutFen: payout,
      totalFen: 1_000n,
      shares: 10,
      rateBp: 500,
      initiatorId: demoId,
      holdings: [
        { memberId: demoId, shares: 1 },
        { memberId: second.id, shares: 9 },
      ],
    });
    await page.reload();
    await waitForRoute(page, '/pages/syndicates/plan');
    await expect.poll(() => page.getByTestId('syndicate-state').textContent()).toBe('已中奖');
    expect(await page.getByTestId('syndicate-my-payout').textContent()).toBe(
      formatYuan(split.parts.get(second.id)!),
    );
    expect(await page.getByTestId('syndicate-holder').count()).toBe(2);
    await toastsGone(page);
    await settle(page);
    await screenshot(page, 'syndicate-won');
    expect(pageErrors).toEqual([]);
  });

  it('fails (流产) a plan still short at its deadline: the holder sees why and has every share back', async () => {
    const services = server.app.services;
    const [match] = await footballOnSale(server, clock.now().getTime(), 40 * 60_000);
    if (!match) throw new Error('an open football match is needed');
    const [option, odds] = Object.entries(await winDrawLoseOdds(server, match.id))[0]!;
    const demo = await memberApi(server, 'demo001', 'demo1234');
    const started = await demo<{ plan: { id: number; deadline_at: string } }>('POST', '/v1/syndicates', {
      slip: {
        sport_type: 1,
        bet_mode: 'single',
        pass_type: 'single',
        multiple: 10,
        selections: [{ match_id: match.id, bet_type: 'winDrawLose', option, odds }],
      },
      shares: 20,
      buy_shares: 1,
      guarantee_shares: 2,
      visibility: 'after_deadline',
    });
    const second = await fundedMember();
    const api = await memberApi(server, second.username, 'abc12345');
    await api('POST', `/v1/syndicates/${started.plan.id}/buy`, { shares: 3 });
    await signIn(second.username, 'abc12345');
    await page.goto(`/#/pages/syndicates/plan?id=${started.plan.id}`);
    await page.getByTestId('syndicate-hidden').waitFor();
    expect(await page.getByTestId('syndicate-hidden').textContent()).toBe('截止后公开方案内容');

    clock.jumpTo(new Date(started.plan.deadline_at).getTime());
    expect(await services.syndicates.run()).toEqual({ placed: 0, failed: 1 });
    await page.reload();
    await waitForRoute(page, '/pages/syndicates/plan');
    await expect.poll(() => page.getByTestId('syndicate-state').textContent()).toBe('流产');
    expect(await page.getByTestId('syndicate-fail-reason').textContent()).toContain(
      '截止时认购未满且保底不足',
    );
    // Past the deadline the selections are public; nothing left to buy.
    expect(await page.getByTestId('syndicate-buy-bar').count()).toBe(0);
    const balance = await api<{ balance: string }>('GET', '/v1/user/balance');
    expect(balance.balance).toBe('100.00');
    await toastsGone(page);
    await settle(page);
    await screenshot(page, 'syndicate-failed');
    expect(pageErrors).toEqual([]);
  });

  it('starts a 合买 from a lottery slip; filled by a second member, its bet wins and each holder gets their part', async () => {
    const services = server.app.services;
    const config = findLottery(K3)!;
    let period = currentPeriod(config, clock.now().getTime());
    if (period.closeAt - clock.now().getTime() < 45_000) clock.jumpTo(period.drawAt + 300);
    await services.lotteryScheduler.tick(clock.now(), { codes: [K3] });
    period = currentPeriod(config, clock.now().getTime());
    const seed = deriveSeed(Buffer.from(TEST_DRAW_SEED_KEY, 'hex'), K3, period.number);
    const sum = deriveOpenCode(config.family, seed, period.number)
      .split(',')
      .reduce((n, d) => n + Number(d), 0);

    await signIn('demo001', 'demo1234');
    await page.goto(`/#/pages/lottery/lottery-game?code=${K3}`);
    await waitForRoute(page, '/pages/lottery/lottery-game');
    await page.getByTestId('number-picker').waitFor();
    await page.locator(`.lt-option[data-key="${sum}"]`).click();
    await expect.poll(() => page.getByTestId('slip-items').textContent()).toBe('共 1 注');
    await page.getByTestId('slip-items').click();
    await page.getByTestId('slip-syndicate').click();
    const sheet = page.getByTestId('syndicate-start');
    await sheet.waitFor();
    expect(await sheet.textContent()).toContain('方案金额 2.00 元');
    await sheet.getByTestId('syndicate-total-shares').locator('input').fill('2');
    await toastsGone(page);
    await settle(page);
    await screenshot(page, 'syndicate-lottery-start');
    await sheet.getByTestId('syndicate-start-submit').click();
    await waitForRoute(page, '/pages/syndicates/plan');
    await page.getByTestId('syndicate-line').first().waitFor();
    expect(await page.getByTestId('syndicate-line').first().textContent()).toContain(String(sum));

    const demo = await memberApi(server, 'demo001', 'demo1234');
    const mine = await demo<{ list: Array<{ id: number; game: string }> }>('GET', '/v1/syndicates?mine=1');
    const plan = mine.list.find((p) => p.game === 'lottery')!;
    const second = await fundedMember();
    const api = await memberApi(server, second.username, 'abc12345');
    await api('POST', `/v1/syndicates/${plan.id}/buy`, { shares: 1 });
    expect(await services.syndicates.run()).toEqual({ placed: 1, failed: 0 });
    clock.jumpTo(period.drawAt + 500);
    await services.lotteryScheduler.tick(clock.now(), { codes: [K3] });
    await services.lotteryScheduler.tick(clock.now(), { codes: [K3] });
    const won = await api<{ status: string; my_payout: string }>('GET', `/v1/syndicates/${plan.id}`);
    expect(won.status).toBe('won');
    expect(won.my_payout).not.toBe('0.00');
    await page.reload();
    await waitForRoute(page, '/pages/syndicates/plan');
    await expect.poll(() => page.getByTestId('syndicate-state').textContent()).toBe('已中奖');
    await toastsGone(page);
    await settle(page);
    await screenshot(page, 'syndicate-lottery-won');
    expect(pageErrors).toEqual([]);
  });
});
