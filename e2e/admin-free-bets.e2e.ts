/**
 * 免费投注券 in the console (issue 41 point 4), at 1440 × 900, by a 内容运营 operator (the
 * activities permission, not an admin): a 10 元 ticket granted from the form to demo001 (1.50,
 * 单关 and 串关) is listed 可使用 and reaches the member with those terms; staked on an order it is
 * 已使用 with its order number; a grant to VIP0 and up whose total is above the approval
 * threshold waits for 复核 (a member in a time-out left out) and makes no ticket; the username
 * search and the status tabs filter the list; a ticket revoked with a reason is 已作废 for the
 * console and the member; the CSV export holds what is listed.
 */
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import {
  consoleLogin,
  consolePage as page,
  createOperator,
  nextMatch,
  OK_BUTTON,
  pageErrors,
  QUERY_BUTTON,
  server,
  useConsoleSuite,
} from './support/admin.ts';
import { memberApi } from './support/member-api.ts';

useConsoleSuite('admin-free-bets');

const DAY = 24 * 60 * 60_000;
/** A day as the console's pickers show it: the Beijing date, "2026-05-01". */
const beijingDay = (at: number) => new Date(at + 8 * 60 * 60_000).toISOString().slice(0, 10);

interface MemberTicket {
  id: number;
  title: string;
  value: string;
  min_odds: string;
  plays: string[];
  status: string;
}

/** The id in a row's first cell. */
const idOf = async (row: ReturnType<typeof page.locator>) =>
  Number(await row.locator('td').first().textContent());

/** Opens the grant form once it has finished opening. */
async function openGrantForm() {
  await page.getByTestId('grant').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('发放免费投注券').waitFor();
  return dialog;
}

describe('免费投注券 in the console', () => {
  it('grants to a member and to a VIP level (waiting for 复核 above the threshold), filters, revokes with a reason and exports', async () => {
    const operator = await createOperator('yy01', 'content');
    await consoleLogin(page, operator.username, operator.password);
    await page.getByTestId('dashboard-today').waitFor();
    await page.locator('.ant-pro-sider').getByRole('link', { name: '免费投注券', exact: true }).click();
    await page.waitForURL(/\/admin\/content\/free-bets$/);
    await page.locator('.ant-empty-description', { hasText: '暂无数据' }).waitFor();

    // 10 元 to demo001: the form opens on 指定会员, 1.50, 单关 + 串关（N串1）, a week ahead.
    const now = server.app.services.clock.now().getTime();
    let dialog = await openGrantForm();
    expect(await dialog.getByRole('radio', { name: '指定会员' }).isChecked()).toBe(true);
    expect(await dialog.getByLabel('最低赔率').inputValue()).toBe('1.50');
    expect(await dialog.getByRole('checkbox', { name: '单关', exact: true }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: '串关（N串1）' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: '系统串关（M串N）' }).isChecked()).toBe(false);
    expect(await dialog.getByLabel('有效期至').inputValue()).toContain(beijingDay(now + 7 * DAY));
    await dialog.getByLabel('会员账号').fill('demo001');
    await dialog.getByLabel('券名称').fill('周末免费投注券');
    // An amount that is not whole 2元 bets is refused by the field itself.
    await dialog.getByLabel('券面金额（元）').fill('9');
    await dialog.getByText('券面金额须为2元的整数倍').waitFor();
    await dialog.getByLabel('券面金额（元）').fill('10');
    await dialog.getByText('券面金额须为2元的整数倍').waitFor({ state: 'detached' });
    await screenshot(page, 'admin-free-bet-form');
    await dialog.getByRole('button', { name: OK_BUTTON }).click();
    await page.getByText('已发放 1 张，排除冷静期会员 0 位').waitFor();
    const first = page.locator('.ant-table-row', { hasText: 'demo001' });
    await first.waitFor();
    const firstId = await idOf(first);
    const firstText = await first.textContent();
    for (const shown of ['周末免费投注券', '10.00', '1.50', '单关、串关（N串1）', '可使用'])
      expect(firstText).toContain(shown);
    expect(await page.getByTestId(`status-${firstId}`).textContent()).toBe('可使用');

    // The member has it, with the terms of the form.
    const member = await memberApi(server, 'demo001', 'demo1234');
    const mine = await member<{ list: MemberTicket[] }>('GET', '/v1/free-bets');
    expect(mine.list.find((t) => t.id === firstId)).toMatchObject({
      title: '周末免费投注券',
      value: '10.00',
      min_odds: '1.50',
      plays: ['single', 'parlay'],
      status: 'available',
    });

    // A second ticket, 20 元 for 单关 only, to demo002.
    dialog = await openGrantForm();
    await dialog.getByLabel('会员账号').fill('demo002');
    await dialog.getByLabel('券名称').fill('单关体验券');
    await dialog.getByLabel('券面金额（元）').fill('20');
    await dialog.getByRole('checkbox', { name: '串关（N串1）' }).uncheck();
    await dialog.getByRole('button', { name: OK_BUTTON }).click();
    const second = page.locator('.ant-table-row', { hasText: 'demo002' });
    await second.waitFor();
    const secondId = await idOf(second);
    expect(await second.textContent()).toContain('单关体验券');
    expect(await second.textContent()).not.toContain('串关（N串1）');

    // demo001 stakes a 单关 order of 10 元 (5 倍) with theirs: 已使用, its order listed, no 作废.
    await server.app.services.feedSync.tick();
    const { match, odds } = await nextMatch(
      new Date(server.app.services.clock.now().getTime() + 90 * 60_000),
    );
    const [option, price] = Object.entries(odds).sort(([, a], [, b]) => Number(b) - Number(a))[0]!;
    expect(Number(price)).toBeGreaterThanOrEqual(1.5);
    const order = await member<{ order_no: string; total_amount: string }>('POST', '/v1/order/submit', {
      sport_type: 1,
      bet_mode: 'single',
      pass_type: 'single',
      multiple: 5,
      free_bet_id: firstId,
      selections: [{ match_id: match.id, bet_type: 'winDrawLose', option, odds: price }],
    });
    expect(order.total_amount).toBe('10.00');
    await page.reload();
    await expect.poll(() => page.getByTestId(`status-${firstId}`).textContent()).toBe('已使用');
    expect(await page.getByTestId(`order-${firstId}`).textContent()).toBe(order.order_no);
    expect(await page.getByTestId(`revoke-${firstId}`).count()).toBe(0);

    // demo002 takes a 24-hour time-out. VIP0 and up, 600 元 each: the 3 members less that one make
    // 1,200 元, above the 1,000 元 one operator may grant alone — it waits for 复核, no ticket yet.
    const friend = await memberApi(server, 'demo002', 'demo1234');
    await friend('POST', '/v1/responsible-play/exclusions', { choice: 'timeout_24h', password: 'demo1234' });
    dialog = await openGrantForm();
    await dialog.locator('label.ant-radio-button-wrapper', { hasText: 'VIP等级' }).click();
    await dialog.getByLabel('VIP等级至少').fill('0');
    await dialog.getByLabel('券名称').fill('会员专享券');
    await dialog.getByLabel('券面金额（元）').fill('600');
    await screenshot(page, 'admin-free-bet-vip');
    await dialog.getByRole('button', { name: OK_BUTTON }).click();
    await page
      .getByText(
        /已提交复核（#\d+），需另一位管理员在「复核中心」通过后生效（共 2 张，合计 1,200\.00 元，排除冷静期会员 1 位）/,
      )
      .waitFor();
    await page.reload();
    await first.waitFor();
    expect(await page.locator('.ant-table-row').count()).toBe(2);
    expect(await page.locator('.ant-table-row', { hasText: '会员专享券' }).count()).toBe(0);

    // The username search finds demo001's only (and keeps it in the address).
    const username = page.getByLabel('会员', { exact: true });
    await username.fill('demo001');
    await page.getByRole('button', { name: QUERY_BUTTON }).click();
    await second.waitFor({ state: 'detached' });
    await first.waitFor();
    expect(page.url()).toContain('username=demo001');
    await username.clear();
    await page.getByRole('button', { name: QUERY_BUTTON }).click();
    await second.waitFor();

    // demo002's revoked, a reason required: 已作废, 作废 gone, and gone from the member's 可使用.
    await page.getByTestId(`revoke-${secondId}`).click();
    const revoke = page.getByRole('dialog');
    await revoke.getByText('作废后不可再使用').waitFor();
    await revoke.getByRole('button', { name: /确认作废$/ }).click();
    await revoke.getByText('请填写作废原因').waitFor();
    await revoke.getByLabel('作废原因（写入审计日志）').fill('误发，会员已另行补偿');
    await revoke.getByRole('button', { name: /确认作废$/ }).click();
    await expect.poll(() => page.getByTestId(`status-${secondId}`).textContent()).toBe('已作废');
    expect(await page.getByTestId(`revoke-${secondId}`).count()).toBe(0);
    const history = await friend<{ list: MemberTicket[] }>('GET', '/v1/free-bets?status=history');
    expect(history.list.find((t) => t.id === secondId)?.status).toBe('revoked');
    expect((await friend<{ total: number }>('GET', '/v1/free-bets')).total).toBe(0);

    // The status tabs filter the list.
    const empty = page.locator('.ant-empty-description', { hasText: '暂无数据' });
    await page.getByRole('tab', { name: '可使用' }).click();
    await empty.waitFor();
    await page.getByRole('tab', { name: '已使用' }).click();
    await first.waitFor();
    await second.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: '已作废' }).click();
    await second.waitFor();
    await first.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: '全部' }).click();
    await first.waitFor();
    await second.waitFor();

    await screenshot(page, 'admin-free-bets');

    // The CSV export holds the two listed.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /导出 CSV/ }).click();
    expect((await download).suggestedFilename()).toMatch(/^免费投注券-\d{4}-\d{2}-\d{2}\.csv$/);
    await page.getByText('已导出 2 行').waitFor();
    expect(pageErrors).toEqual([]);
  });
});
