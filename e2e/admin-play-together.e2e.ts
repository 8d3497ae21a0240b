/**
 * Playing together in the console (issue 39), at 1440 × 900: demo001's chase of three periods is in
 * 彩票 › 追号记录 with its figures, and its row opens it period by period; demo001's 晒单 is in
 * 体育 › 晒单跟单 with its commission and copies; demo001's 合买 plan is in 体育 › 合买方案, where an
 * operator forces its 流产 with a reason.
 */
import { currentPeriod, findLottery, nextPeriod } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { consoleLogin, consolePage as page, pageErrors, server, useConsoleSuite } from './support/admin.ts';
import { memberApi } from './support/member-api.ts';
import { footballOnSale, winDrawLoseOdds } from './support/sports.ts';

useConsoleSuite('admin-play-together');

const CODE = 'k3_1m';

describe('追号 in the console', () => {
  it('lists a member’s chase with its figures and shows it period by period', async () => {
    const services = server.app.services;
    const config = findLottery(CODE)!;
    await services.lotteryScheduler.tick(services.clock.now(), { codes: [CODE] });
    const now = services.clock.now().getTime();
    const current = currentPeriod(config, now);
    // A period with room before 封盘 (the next one, still to open, otherwise).
    const first = current.closeAt - now > 15_000 ? current : nextPeriod(config, current);
    const demo = await memberApi(server, 'demo001', 'demo1234');
    await demo('POST', '/v1/game/lottery/transfer-in', { amount: '100' });
    const created = await demo<{ chase: { chase_no: string } }>('POST', '/v1/chase/create', {
      lottery_code: CODE,
      start_expect: first.number,
      bets: [{ play_code: 'k3_hz', bet_codes: '10,11', multiple: 1 }],
      multiples: [1, 2, 3],
      total_amount: '24.00',
      stop: 'any_win',
    });
    const chaseNo = created.chase.chase_no;

    await consoleLogin(page, 'admin', 'admin1234');
    await page.getByTestId('dashboard-today').waitFor();
    const sider = page.locator('.ant-pro-sider');
    const entry = sider.getByText('追号记录', { exact: true });
    if (!(await entry.isVisible())) await sider.getByText('彩票', { exact: true }).click();
    await entry.click();
    await page.waitForURL('**/admin/lottery/chases');
    const row = page.locator('.ant-table-row').filter({ hasText: chaseNo });
    await row.waitFor();
    expect(await row.textContent()).toContain('demo001');
    expect(await row.textContent()).toContain('24.00');
    await screenshot(page, 'admin-chases');

    await row.getByText(chaseNo).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByTestId('chase-facts').waitFor();
    await expect.poll(() => drawer.locator('[data-testid="chase-schedule"] .ant-table-row').count()).toBe(3);
    const expects = await drawer
      .locator('[data-testid="chase-schedule"] .ant-table-row td:nth-child(2)')
      .allTextContents();
    expect(expects[0]).toBe(first.number);
    expect(await drawer.textContent()).toContain('和值 10,11（2注×1倍）');
    await screenshot(page, 'admin-chase-drawer');
    expect(pageErrors).toEqual([]);
  });

  it('lists demo001’s 晒单 with its commission and copies', async () => {
    const services = server.app.services;
    await services.feedSync.tick();
    const [match] = await footballOnSale(server, services.clock.now().getTime(), 3_600_000);
    if (!match) throw new Error('an open football match is needed');
    const [option, odds] = Object.entries(await winDrawLoseOdds(server, match.id))[0]!;
    const demo = await memberApi(server, 'demo001', 'demo1234');
    const placed = await demo<{ order_no: string }>('POST', '/v1/order/submit', {
      sport_type: 1,
      bet_mode: 'single',
      pass_type: 'single',
      multiple: 2,
      selections: [{ match_id: match.id, bet_type: 'winDrawLose', option, odds }],
    });
    await demo('POST', '/v1/follow/posts', { order_no: placed.order_no, comment: '稳', commission_bp: 800 });

    await page.goto(`${server.baseUrl}/admin/sports/follow`);
    const row = page.locator('.ant-table-row').filter({ hasText: placed.order_no });
    await row.waitFor();
    expect(await row.textContent()).toContain('demo001');
    expect(await row.textContent()).toContain('8%');
    expect(await row.textContent()).toContain('可跟单');
    await screenshot(page, 'admin-follow');
    // 定制跟单: a member's subscription to demo001, in its own tab.
    const subscriber = await memberApi(server, 'demo002', 'demo1234');
    const post = await demo<{ list: Array<{ id: number }> }>('GET', '/v1/follow/posts?mine=1');
    await subscriber('POST', '/v1/follow/subscriptions', {
      post_id: post.list[0]!.id,
      mode: 'multiple',
      value: 2,
      daily_cap: '50',
    });
    await page.getByRole('tab', { name: '定制跟单' }).click();
    const sub = page.locator('.ant-table-row').filter({ hasText: '2倍' });
    await sub.first().waitFor();
    expect(await sub.first().textContent()).toContain('demo001');
    expect(await sub.first().textContent()).toContain('跟单中');
    await screenshot(page, 'admin-follow-subscriptions');
    expect(pageErrors).toEqual([]);
  });

  it('lists demo001’s 合买 plan and forces its 流产 with a reason; the commission report opens', async () => {
    const services = server.app.services;
    await services.feedSync.tick();
    const [, match] = await footballOnSale(server, services.clock.now().getTime(), 3_600_000);
    if (!match) throw new Error('an open football match is needed');
    const [option, odds] = Object.entries(await winDrawLoseOdds(server, match.id))[0]!;
    const demo = await memberApi(server, 'demo001', 'demo1234');
    const before = await demo<{ balance: string }>('GET', '/v1/user/balance');
    const started = await demo<{ plan: { plan_no: string } }>('POST', '/v1/syndicates', {
      slip: {
        sport_type: 1,
        bet_mode: 'single',
        pass_type: 'single',
        multiple: 10,
        selections: [{ match_id: match.id, bet_type: 'winDrawLose', option, odds }],
      },
      shares: 20,
      buy_shares: 2,
      guarantee_shares: 3,
      commission_bp: 600,
    });

    await page.goto(`${server.baseUrl}/admin/sports/syndicates`);
    const row = page.locator('.ant-table-row').filter({ hasText: started.plan.plan_no });
    await row.waitFor();
    expect(await row.textContent()).toContain('demo001');
    expect(await row.textContent()).toContain('2/20 保底3');
    expect(await row.textContent()).toContain('认购中');
    await screenshot(page, 'admin-syndicates');
    await row.getByText('流产', { exact: true }).click();
    const modal = page.locator('.ant-modal');
    await modal.locator('textarea').fill('赛事信息有误');
    await modal.getByRole('button', { name: '确认流产' }).click();
    await expect.poll(() => row.textContent()).toContain('平台撤销：赛事信息有误');
    expect((await demo<{ balance: string }>('GET', '/v1/user/balance')).balance).toBe(before.balance);
    await screenshot(page, 'admin-syndicate-failed');
    await page.getByRole('tab', { name: '佣金报表' }).click();
    await page.getByTestId('syndicate-commission-total').waitFor();
    expect(pageErrors).toEqual([]);
  });
});
