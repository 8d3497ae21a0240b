import { describe, expect, it } from 'vitest';
import { dismissHomeModal, login, waitForRoute } from './support/app.ts';
import { openRoute, screenshot } from './support/browser.ts';
import {
  consoleLogin,
  consolePage as page,
  OK_BUTTON,
  QUERY_BUTTON,
  memberPhone,
  nextMatch,
  pageErrors,
  server,
  useConsoleSuite,
} from './support/admin.ts';

useConsoleSuite('admin-sports');

const DAY = 86_400_000;

describe('sports in the console', () => {
  it('suspends a market: the member app greys it out and refuses the bet; then voids the match, refunding its orders', async () => {
    await server.app.services.feedSync.tick();
    const { match, odds } = await nextMatch(
      new Date(server.app.services.clock.now().getTime() + 30 * 60_000),
      {
        unbet: true,
      },
    );
    const login1 = await server.app.inject({
      method: 'POST',
      url: '/v1/login',
      payload: { username: 'demo001', password: 'demo1234' },
    });
    const token = login1.json<{ data: { token: string } }>().data.token;
    const bet = await server.app.inject({
      method: 'POST',
      url: '/v1/order/submit',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        sport_type: 1,
        bet_mode: 'single',
        pass_type: 'single',
        multiple: 50,
        selections: [{ match_id: match.id, bet_type: 'winDrawLose', option: 'h', odds: odds.h }],
      },
    });
    expect(bet.json<{ code: number }>()).toMatchObject({ code: 200 });

    await consoleLogin(page, 'admin', 'admin1234');
    await page.getByTestId('dashboard-today').waitFor();
    await page.goto(`/admin/sports/matches?keyword=${match.matchNo}`);
    await page.getByTestId(`match-${match.id}`).click();
    await page.getByTestId('suspend-football.winDrawLose').click();
    await page.getByRole('button', { name: OK_BUTTON }).click();
    await page.getByText('已暂停', { exact: true }).first().waitFor();
    await screenshot(page, 'admin-sports-match');

    const phone = await memberPhone();
    await login(phone.page, 'demo001', 'demo1234');
    await waitForRoute(phone.page, '/pages/home/home');
    await dismissHomeModal(phone.page);
    await openRoute(phone.page, '/betPages/football/index');
    await expect
      .poll(() => phone.page.locator('.odds-button.suspended').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await screenshot(phone.page, 'admin-sports-member-greyed');
    const refused = await server.app.inject({
      method: 'POST',
      url: '/v1/order/submit',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        sport_type: 1,
        bet_mode: 'single',
        pass_type: 'single',
        multiple: 1,
        selections: [{ match_id: match.id, bet_type: 'winDrawLose', option: 'h', odds: odds.h }],
      },
    });
    expect(refused.json<{ message: string }>().message).toContain('已暂停投注');

    // The member watches their balance while the operator voids the match.
    await openRoute(phone.page, '/pages/mine/mine');
    const balance = phone.page.locator('.balance-main');
    await expect.poll(() => balance.getAttribute('data-amount'), { timeout: 15_000 }).toBe('9900.00');

    await page.getByTestId('open-correction').click();
    await page.getByLabel('原因').fill('赛事取消，全部退款');
    await page.getByRole('dialog').getByRole('button', { name: OK_BUTTON }).click();
    await page.getByText('退款 1 笔，共 100.00 元').waitFor();
    await screenshot(page, 'admin-sports-void-confirm');
    await page.getByRole('button', { name: '确认作废' }).click();
    await page.getByText('已作废', { exact: true }).first().waitFor();

    await expect.poll(() => balance.getAttribute('data-amount'), { timeout: 15_000 }).toBe('10000.00');
    await screenshot(phone.page, 'admin-sports-member-refunded');
    await phone.context.close();
    expect(pageErrors).toEqual([]);
  });

  it("shows the book's liability per outcome, caps a match from its row, and the member's next bet is refused with what is still accepted", async () => {
    const { match, odds } = await nextMatch(
      new Date(server.app.services.clock.now().getTime() + 90 * 60_000),
      {
        unbet: true,
      },
    );
    const login1 = await server.app.inject({
      method: 'POST',
      url: '/v1/login',
      payload: { username: 'demo001', password: 'demo1234' },
    });
    const token = login1.json<{ data: { token: string } }>().data.token;
    const bet = (multiple: number) =>
      server.app.inject({
        method: 'POST',
        url: '/v1/order/submit',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          sport_type: 1,
          bet_mode: 'single',
          pass_type: 'single',
          multiple,
          selections: [{ match_id: match.id, bet_type: 'winDrawLose', option: 'h', odds: odds.h }],
        },
      });
    expect((await bet(50)).json<{ code: number }>()).toMatchObject({ code: 200 });
    // 100.00 staked at odds h: the book owes the prize less the stake if 主胜 comes in.
    const liability = (Math.round(10_000 * Number(odds.h)) - 10_000) / 100;

    await page.goto('/admin/sports/limits');
    await page.getByRole('tab', { name: '结果负债与上限' }).click();
    await page.getByLabel('比赛ID').fill(String(match.id));
    await page.getByRole('button', { name: QUERY_BUTTON }).click();
    const row = page
      .locator('.ant-table-row', { hasText: match.matchNo })
      .filter({ hasText: liability.toFixed(2) });
    await row.waitFor();
    await screenshot(page, 'admin-sports-book-exposure');

    // Cap this match at what it owes plus 10 元: the room left is 10 元.
    await row.getByTestId(`cap-match-${match.id}`).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('单一结果最高负债（元，留空为取消该行）').fill((liability + 10).toFixed(2));
    await dialog.getByLabel('原因').fill('热门场次，控制单一结果负债');
    await dialog.getByRole('button', { name: OK_BUTTON }).click();
    await page.getByText('已保存').waitFor();
    await expect.poll(() => row.textContent()).toContain('10.00');
    await screenshot(page, 'admin-sports-book-capped');

    const refused = (await bet(50)).json<{ code: number; message: string; data: { max_stake: string } }>();
    expect(refused.code).toBe(422);
    expect(refused.message).toMatch(/本场最高可投 [\d,]+\.\d{2} 元/);
    // The largest stake offered fits the 10 元 room (2 元 a bet), and is placed when tried.
    const most = Number(refused.data.max_stake);
    expect(most * (Number(odds.h) - 1)).toBeLessThanOrEqual(10 + 1e-9);
    if (most >= 2) expect((await bet(most / 2)).json<{ code: number }>()).toMatchObject({ code: 200 });
    expect(pageErrors).toEqual([]);
  });

  it('sets up a 加奖 campaign: the member’s slip and order show it, and the winning order is paid 5 % of its prize', async () => {
    await server.app.services.feedSync.tick();
    const now = server.app.services.clock.now();
    const { match: first } = await nextMatch(new Date(now.getTime() + 3 * 60 * 60_000), { unbet: true });
    const { match: second } = await nextMatch(new Date(first.kickoffAt.getTime() + 60_000), { unbet: true });
    // The simulator's full-time result (the test may look ahead): the member backs both winners.
    const winner = (m: typeof first) => {
      const state = server.app.services.sportsFeed.state(m.externalId, new Date(m.kickoffAt.getTime() + DAY));
      if (!state) throw new Error('no state');
      const { home, away } = state.score;
      return home > away ? 'h' : home === away ? 'd' : 'a';
    };
    const stamp = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

    await page.goto('/admin/sports/boosts');
    await page.getByTestId('create').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('活动名称').fill('周末2串1加奖');
    for (const [label, at] of [
      ['开始时间', new Date(now.getTime() - DAY)],
      ['结束时间', new Date(now.getTime() + 3 * DAY)],
    ] as const) {
      await dialog.getByLabel(label).click();
      await dialog.getByLabel(label).fill(stamp(at));
      await dialog.getByLabel(label).press('Enter');
    }
    await dialog.getByLabel('每单最高加奖（元）').fill('1000');
    await dialog.getByLabel('活动预算（元，派完即止）').fill('5000');
    await screenshot(page, 'admin-boost-form');
    await dialog.getByRole('button', { name: OK_BUTTON }).click();
    await page.getByText('已创建').waitFor();
    const row = page.locator('.ant-table-row', { hasText: '周末2串1加奖' });
    await row.waitFor();
    expect(await row.textContent()).toContain('5%');
    expect(await row.textContent()).toContain('进行中');

    const phone = await memberPhone();
    await login(phone.page, 'demo001', 'demo1234');
    await waitForRoute(phone.page, '/pages/home/home');
    await dismissHomeModal(phone.page);
    await openRoute(phone.page, '/betPages/football/index');
    await phone.page.getByRole('tab', { name: '混合过关', exact: true }).click();
    for (const m of [first, second]) {
      const card = phone.page.locator(`[data-testid="bet-match"][data-match-id="${m.id}"]`);
      await card.getByTestId(`odds-${winner(m)}`).click();
    }
    await phone.page.getByTestId('slip-bar').getByRole('button', { name: '投注单', exact: true }).click();
    await phone.page.locator('.slip-sheet').waitFor();
    await expect.poll(() => phone.page.getByTestId('slip-boost').textContent()).toContain('加奖 5%');
    await screenshot(phone.page, 'boost-slip');
    await phone.page.locator('.slip-sheet-foot').getByRole('button', { name: '确认投注' }).click();
    await phone.page.locator('.adm-dialog').getByRole('button', { name: '确认投注' }).click();
    await waitForRoute(phone.page, '/betPages/order/detail');
    await expect.poll(() => phone.page.getByTestId('order-boost').textContent()).toBe('中奖后派发');

    // Both matches end; the order wins and its 加奖 is paid beside the prize.
    await server.app.services.feedSync.tick(new Date(second.kickoffAt.getTime() + DAY));
    await expect
      .poll(() => phone.page.getByTestId('order-boost').textContent(), { timeout: 20_000 })
      .toMatch(/^已派 [\d,]+\.\d{2}元$/);
    const payout = Number((await phone.page.getByTestId('order-payout').textContent())?.replace(/,/g, ''));
    const boost = Number((await phone.page.getByTestId('order-boost').textContent())?.replace(/[^\d.]/g, ''));
    expect(boost).toBe(Math.min(1000, Math.floor(payout * 5) / 100));
    await screenshot(phone.page, 'boost-order-paid');
    await phone.context.close();

    await page.reload();
    await expect.poll(() => row.textContent()).toContain('1 / 1');
    await screenshot(page, 'admin-boosts');
    expect(pageErrors).toEqual([]);
  });

  it('exports a report as CSV', async () => {
    await page.goto('/admin/reports');
    await page.getByText('日报表').first().waitFor();
    await page.locator('.ant-table-row').first().waitFor();
    await screenshot(page, 'admin-reports');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /导出 CSV/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^日报表-\d{4}-\d{2}-\d{2}\.csv$/);
    await page.getByText('已导出 30 行').waitFor();
  });
});
