import { commitment, currentPeriod, findLottery, nextPeriod, TERMS_VERSION } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { ManualClock, systemClock } from '../apps/server/src/lib/clock.ts';
import { deriveSeed } from '../apps/server/src/modules/lottery/draw-seed.ts';
import * as lotteryRepo from '../apps/server/src/modules/lottery/lottery.repo.ts';
import { screenshot } from './support/browser.ts';
import {
  consoleLogin,
  consolePage as page,
  OK_BUTTON,
  nextMatch,
  pageErrors,
  server,
  useConsoleSuite,
} from './support/admin.ts';
import { uniqueUsername } from './support/app.ts';

// The lottery test needs a draw that did not happen yet: this server's clock moves only when told.
// It starts at the wall clock's now, where the browser's console is (its date filters default to today).
const clock = new ManualClock(systemClock.now());
useConsoleSuite('admin-operations', {}, clock);

/** A member's API calls with their token (the member's own steps that are not under test here). */
async function memberApi(username: string, password: string) {
  const res = await server.app.inject({ method: 'POST', url: '/v1/login', payload: { username, password } });
  const token = res.json<{ data: { token: string } }>().data.token;
  return async <T>(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
  ): Promise<{ code: number; message: string; data: T }> => {
    const r = await server.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
    return r.json<{ code: number; message: string; data: T }>();
  };
}

/** A member of this test's own, registered through the API (with the terms consent). */
async function registerMember(
  prefix: string,
  password = 'abc12345',
): Promise<{ id: number; username: string }> {
  const username = uniqueUsername(prefix);
  const res = await server.app.inject({
    method: 'POST',
    url: '/v1/register',
    payload: { username, password, accept_terms: true, terms_version: TERMS_VERSION },
    remoteAddress: '203.0.113.201',
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json<{ data: { userinfo: { id: number } } }>().data.userinfo.id, username };
}

const confirmButton = () => page.getByRole('button', { name: OK_BUTTON });

describe('operations in the console', () => {
  it('shows lottery periods read only: an overdue draw is retried, a failed draw is cancelled and refunded by the system', async () => {
    const config = findLottery('k3_5m')!;
    // A period beyond those the scheduler creates ahead, committed under another draw seed key
    // (as if DRAW_SEED_KEY had changed since): its draw cannot be verified.
    let period = currentPeriod(config, clock.now().getTime());
    for (let i = 0; i < 4; i++) period = nextPeriod(config, period);
    await server.app.services.lotteryScheduler.syncGames();
    await lotteryRepo.insertPeriods(server.app.services.database.db, [
      {
        lotteryCode: 'k3_5m',
        number: period.number,
        openAt: new Date(period.openAt),
        closeAt: new Date(period.closeAt),
        drawAt: new Date(period.drawAt),
        commitment: commitment(deriveSeed(Buffer.alloc(32, 7), 'k3_5m', period.number)),
      },
    ]);
    clock.set(period.openAt);
    await server.app.services.lotteryScheduler.tick(clock.now(), { codes: ['k3_5m'] });
    const api = await memberApi('demo001', 'demo1234');
    expect((await api('POST', '/v1/game/lottery/transfer-in', { amount: '100' })).code).toBe(200);
    const bet = await api('POST', '/v1/liujiu/bet/create', {
      lottery_code: 'k3_5m',
      expect: period.number,
      bets: [{ play_code: 'k3_hz', bet_codes: '10,11', multiple: 3 }],
    });
    expect(bet.code).toBe(200);
    const balance = async () =>
      (await api<{ balance: string }>('GET', '/v1/game/lottery/balance')).data.balance;
    expect(await balance()).toBe('88.00');

    // The draw has not run yet: a minute past its time the console lists it as overdue, with
    // nothing to click: the scheduler retries it.
    clock.set(period.drawAt + 90_000);
    await consoleLogin(page, 'admin', 'admin1234');
    await page.getByTestId('dashboard-today').waitFor();
    await page.goto('/admin/lottery/periods?status=overdue');
    await page.getByTestId('lottery-draw-note').getByText('后台没有取消期号的操作').waitFor();
    const row = page.locator('tr', { hasText: period.number });
    await row.getByText('逾期未开奖').first().waitFor();
    await row.getByText('系统每秒重试开奖').waitFor();
    expect(await page.getByText('取消并退款').count()).toBe(0);
    await screenshot(page, 'admin-lottery-periods');

    // The scheduler's pass: the seed does not match the commitment, so the period is cancelled
    // (开奖失败) and the bet refunded, with no operator involved.
    await server.app.services.lotteryScheduler.tick(clock.now(), { codes: ['k3_5m'] });
    expect(await balance()).toBe('100.00');
    const list = await api<{ list: Array<{ status: string }> }>('GET', '/v1/liujiu/bet/list?code=k3_5m');
    expect(list.data.list.map((b) => b.status)).toEqual(['refunded']);
    await page.goto('/admin/lottery/periods?status=cancelled');
    const cancelled = page.locator('tr', { hasText: period.number });
    await cancelled.getByText('已取消').first().waitFor();
    await cancelled.getByText(/开奖失败/).waitFor();
    await screenshot(page, 'admin-lottery-failed-draw');

    await page.goto('/admin/lottery/games');
    await page.getByText('五分快3（k3_5m）').waitFor();
    await screenshot(page, 'admin-lottery-games');
    await page.getByTestId('edit-k3_5m').click();
    await page.getByRole('dialog').getByText('已排定的期号').waitFor();
    await screenshot(page, 'admin-lottery-game-form');
    await page.keyboard.press('Escape');
    expect(pageErrors).toEqual([]);
  });

  it('approves an agent application; the agent and its members are listed; the invite rules change once a second operator approves', async () => {
    const api = await memberApi('demo002', 'demo1234');
    const applied = await api('POST', '/v1/invite/apply-agent', {
      real_name: '王五',
      contact_type: 'telegram',
      contact: '@wangwu_bet',
      channel: 'social',
      experience: '运营体育资讯公众号，粉丝五千',
      expected_members: 80,
    });
    expect(applied.code).toBe(200);

    await page.goto('/admin/agents/applications?status=pending');
    const row = page.locator('tr', { hasText: 'demo002' });
    await row.getByText('待审核').waitFor();
    await screenshot(page, 'admin-agent-applications');
    await row.getByText('通过').click();
    await page.getByRole('dialog').getByLabel('备注（可选）').fill('渠道真实');
    await page.getByRole('dialog').getByRole('button', { name: OK_BUTTON }).click();
    await page.getByText('已通过，会员已成为代理').waitFor();

    await page.goto('/admin/agents/list');
    const agentRow = page.locator('tr', { hasText: 'agent001' });
    await agentRow.waitFor();
    await page.locator('tr', { hasText: 'demo002' }).waitFor();
    await screenshot(page, 'admin-agents');
    await agentRow.getByText('下级会员').click();
    await page.getByRole('dialog').locator('tr', { hasText: 'demo001' }).waitFor();
    await screenshot(page, 'admin-agent-members');
    await page.keyboard.press('Escape');

    await page.goto('/admin/agents/rules');
    await page.getByLabel('投注返佣（万分比，30 = 0.30%）').fill('50');
    await page.getByLabel('修改原因（写入审计日志）').fill('年终加码');
    await page.getByRole('button', { name: '保存规则' }).click();
    await page.getByText('返佣比例 0.50%').waitFor();
    // A click that lands while the confirm dialog is still zooming in can miss it: click until it closes.
    await expect
      .poll(async () => {
        if ((await confirmButton().count()) > 0)
          await confirmButton()
            .click({ timeout: 2_000 })
            .catch(() => undefined);
        return confirmButton().count();
      })
      .toBe(0);
    // Paying more waits for a second operator (dual control): nothing changed yet.
    const waiting = page.getByTestId('pending-changes-banner').getByText('返佣比例 30 → 50 基点');
    await waiting.waitFor();
    await page.getByText(/有效投注额的0\.30%发放/).waitFor();
    // finance01 (invite.settings) approves it through the console's API; the page then shows it.
    const login = await server.app.inject({
      method: 'POST',
      url: '/admin/v1/auth/login',
      payload: { username: 'finance01', password: 'finance1234' },
    });
    const checker = { authorization: `Bearer ${login.json<{ data: { token: string } }>().data.token}` };
    const queue = await server.app.inject({
      method: 'GET',
      url: '/admin/v1/control-changes?status=pending&kind=invite.settings',
      headers: checker,
    });
    const [change] = queue.json<{ data: { list: Array<{ id: number }> } }>().data.list;
    const approved = await server.app.inject({
      method: 'POST',
      url: `/admin/v1/control-changes/${change!.id}/approve`,
      headers: checker,
      payload: { reason: '年终活动已批' },
    });
    expect(approved.json<{ code: number }>().code, approved.body).toBe(200);
    await page.reload();
    await page.getByText(/有效投注额的0\.50%发放/).waitFor();
    await screenshot(page, 'admin-invite-rules');
    const rules = await server.app.inject({ method: 'GET', url: '/v1/invite/rules' });
    expect(rules.json<{ data: { commission_rate: string } }>().data.commission_rate).toBe('0.50%');

    await page.goto('/admin/agents/rewards');
    await page.locator('.ant-table').waitFor();
    await screenshot(page, 'admin-invite-rewards');
    expect(pageErrors).toEqual([]);
  });

  it('sets a member’s stake limit, the larger bet is refused naming it; tags the member and finds them by the tag', async () => {
    await page.goto('/admin/sports/limits');
    await page.getByTestId('new-limit').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('会员账号或ID').fill('demo001');
    await dialog.getByLabel('单笔最高投注（元，留空为不限）').fill('10');
    await dialog.getByLabel('原因').fill('新户观察期');
    await dialog.getByRole('button', { name: OK_BUTTON }).click();
    await page.getByText('已保存').waitFor();
    await page.locator('tr', { hasText: 'demo001' }).getByText('10.00').waitFor();
    await screenshot(page, 'admin-member-limits');

    await server.app.services.feedSync.tick(clock.now());
    const open = await nextMatch(new Date(clock.now().getTime() + 30 * 60_000));
    const api = await memberApi('demo001', 'demo1234');
    const refused = await api('POST', '/v1/order/submit', {
      sport_type: 1,
      bet_mode: 'single',
      pass_type: 'single',
      multiple: 6,
      selections: [{ match_id: open.match.id, bet_type: 'winDrawLose', option: 'h', odds: open.odds.h }],
    });
    expect(refused).toMatchObject({
      code: 422,
      message: '投注金额超过您的账户单笔限额10.00元，本场最高可投 10.00 元',
    });

    // The same member tagged from their profile; the member list finds them by the tag.
    const demo = (
      await server.app.inject({
        method: 'POST',
        url: '/v1/login',
        payload: { username: 'demo001', password: 'demo1234' },
      })
    ).json<{
      data: { userinfo: { id: number } };
    }>().data.userinfo.id;
    await page.goto(`/admin/members/${demo}`);
    await page.getByTestId('open-tags').click();
    const tagInput = page.getByRole('dialog').locator('.ant-select-selector');
    await tagInput.click();
    await page.keyboard.type('新户观察');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByText('会员标签', { exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: OK_BUTTON }).click();
    await page.getByTestId('member-profile').getByText('新户观察').waitFor();
    await screenshot(page, 'admin-member-tags');
    await page.goto(`/admin/members?tag=${encodeURIComponent('新户观察')}`);
    await page.locator('tr', { hasText: 'demo001' }).getByText('新户观察').waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('shows a member’s limits and time-out read only under 理性投注', async () => {
    const member = await registerMember('rpadm');
    const api = await memberApi(member.username, 'abc12345');
    const limit = (amount: string) =>
      api('PUT', '/v1/responsible-play/limits', { kind: 'deposit', period: 'day', amount });
    expect(await limit('100')).toMatchObject({ code: 200 });
    // A raise waits its cooling-off: shown as pending with when it applies.
    expect(await limit('300')).toMatchObject({ code: 200 });
    expect(
      await api('POST', '/v1/responsible-play/exclusions', { choice: 'timeout_24h', password: 'abc12345' }),
    ).toMatchObject({ code: 200 });

    await page.goto(`/admin/members/${member.id}`);
    const section = page.getByTestId('member-responsible');
    await section.getByText('理性投注', { exact: true }).waitFor();
    await section.getByTestId('rp-exclusion-tag').getByText('冷静期中').waitFor();
    await section.getByText('会员自行设置，后台仅可查看；冷静期与自我排除不可由后台缩短或解除').waitFor();
    const daily = section.getByTestId('rp-limit-deposit-day');
    await daily.getByText('每日存款限额').waitFor();
    expect(await daily.locator('.money').first().getAttribute('data-amount')).toBe('100.00');
    expect(await daily.getByTestId('rp-limit-pending').textContent()).toMatch(/^提高至 300\.00 元，.+ 生效$/);
    await section.getByTestId('rp-limit-loss-week').getByText('未设置').waitFor();
    await section.getByTestId('rp-exclusion').getByText('冷静期 24小时').waitFor();
    await section.getByTestId('rp-exclusions').getByText('当前生效').waitFor();
    // Nothing in the section changes them: no buttons, links or inputs.
    expect(await section.locator('button, a, input, [role=button]').count()).toBe(0);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-member-responsible');
    expect(pageErrors).toEqual([]);
  });
});
