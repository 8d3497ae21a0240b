/**
 * 提前结算 in the console (issue 41, point 5), at 1440 × 900: the operator sets 足球's margin to 8 %
 * (kept after a reload, and what GET /admin/v1/sports/cash-out answers), switches 篮球 off, then
 * switches one match off from its drawer with a reason; demo001's open order on that match is then
 * offered no cash-out, with the reason the member app shows.
 */
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import {
  consoleLogin,
  consolePage as page,
  nextMatch,
  OK_BUTTON,
  pageErrors,
  server,
  useConsoleSuite,
} from './support/admin.ts';
import { memberApi } from './support/member-api.ts';

useConsoleSuite('admin-cash-out');

interface Quote {
  available: boolean;
  offer: string | null;
  reason: string | null;
}
interface Rules {
  data: { sports: Array<{ sport: string; enabled: boolean; margin_bp: number }> };
}

const MATCH_OFF = '注单中有赛事暂不支持提前结算';

describe('提前结算 in the console', () => {
  it('sets the margin and switches per sport, and switches a match off: its orders get no offer', async () => {
    await server.app.services.feedSync.tick();
    await consoleLogin(page, 'admin', 'admin1234');
    await page.getByTestId('dashboard-today').waitFor();

    // 体育 › 提前结算 from the menu.
    const sider = page.locator('.ant-pro-sider');
    const entry = sider.getByText('提前结算', { exact: true });
    // The group may already be open (the menu keeps it): open it only when the entry is hidden.
    if (!(await entry.isVisible())) await sider.getByText('体育', { exact: true }).click();
    await entry.click();
    await page.waitForURL('**/admin/sports/cash-out');
    const football = page.getByTestId('cash-out-football');
    const basketball = page.getByTestId('cash-out-basketball');
    await football.waitFor();
    await page.getByText('报价 = 未结束赛事按当前赔率折算的价值 × (1 − 抽水)', { exact: false }).waitFor();
    // The defaults: on, 5 %.
    await expect.poll(() => football.getByLabel('足球抽水比例').inputValue()).toBe('5.00');
    expect(await page.getByTestId('cash-out-football-saved').textContent()).toContain('已开启');

    await football.getByLabel('足球抽水比例').fill('8');
    await page.getByTestId('save-football').click();
    await page.getByText('已保存足球提前结算设置').waitFor();
    await expect.poll(() => page.getByTestId('cash-out-football-saved').textContent()).toContain('8');

    // After a reload the page shows what the server kept, and the server says 800 bp.
    const answer = page.waitForResponse(
      (r) => r.request().method() === 'GET' && r.url().endsWith('/admin/v1/sports/cash-out'),
    );
    await page.reload();
    const rules = (await (await answer).json()) as Rules;
    expect(rules.data.sports.find((s) => s.sport === 'football')).toMatchObject({
      enabled: true,
      margin_bp: 800,
    });
    await expect.poll(() => football.getByLabel('足球抽水比例').inputValue()).toBe('8.00');

    // 篮球 off.
    const basketballSwitch = basketball.getByRole('switch', { name: '篮球提前结算' });
    expect(await basketballSwitch.getAttribute('aria-checked')).toBe('true');
    await basketballSwitch.click();
    await page.getByTestId('save-basketball').click();
    await page.getByText('已保存篮球提前结算设置').waitFor();
    await expect.poll(() => page.getByTestId('cash-out-basketball-saved').textContent()).toContain('已关闭');
    expect(await page.getByTestId('cash-out-football-saved').textContent()).toContain('已开启');
    await screenshot(page, 'admin-cash-out-settings');

    // Out of range is refused before it is sent, in Chinese.
    await football.getByLabel('足球抽水比例').fill('60');
    await football.getByLabel('足球抽水比例').blur();
    await expect.poll(() => football.getByLabel('足球抽水比例').inputValue()).toBe('50.00');
    await page.reload();
    await expect.poll(() => football.getByLabel('足球抽水比例').inputValue()).toBe('8.00');

    // demo001's open single on a football match: offered a cash-out while the match is on.
    const { match, odds } = await nextMatch(
      new Date(server.app.services.clock.now().getTime() + 60 * 60_000),
      { unbet: true },
    );
    const member = await memberApi(server, 'demo001', 'demo1234');
    const order = await member<{ order_no: string }>('POST', '/v1/order/submit', {
      sport_type: 1,
      bet_mode: 'single',
      pass_type: 'single',
      multiple: 50,
      selections: [{ match_id: match.id, bet_type: 'winDrawLose', option: 'h', odds: odds.h }],
    });
    const quote = () => member<Quote>('GET', `/v1/cash-out/${encodeURIComponent(order.order_no)}`);
    const before = await quote();
    expect(before.reason).not.toBe(MATCH_OFF);
    expect(before.available).toBe(true);

    // The operator switches this match off from its drawer, with a reason.
    await page.goto(`/admin/sports/matches?keyword=${match.matchNo}`);
    await page.getByTestId(`match-${match.id}`).click();
    expect(await page.getByTestId('match-cash-out').textContent()).toBe('已开启');
    await page.getByTestId('cash-out-off').click();
    const dialog = page.getByRole('dialog').filter({ hasText: '关闭本场提前结算' });
    await dialog.getByRole('button', { name: OK_BUTTON }).click();
    await dialog.getByText('请填写原因').waitFor();
    await dialog.getByLabel('原因').fill('赛事存在异常投注，暂停提前结算');
    await screenshot(page, 'admin-cash-out-match-reason');
    await dialog.getByRole('button', { name: OK_BUTTON }).click();
    await page.getByText('已关闭本场提前结算').first().waitFor();
    await expect.poll(() => page.getByTestId('match-cash-out').textContent()).toBe('已关闭');
    expect(await page.getByTestId('cash-out-off').isDisabled()).toBe(true);
    await page.locator('.ant-drawer-body').evaluate((el) => el.scrollTo(0, 0));
    await screenshot(page, 'admin-cash-out-match');

    const after = await quote();
    expect(after).toMatchObject({ available: false, offer: null, reason: MATCH_OFF });
    expect(pageErrors).toEqual([]);
  });
});
