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
