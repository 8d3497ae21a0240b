import { describe, expect, it } from 'vitest';
import { TERMS_VERSION } from '@app/shared';
import { inTransaction } from '../apps/server/src/db/tx.ts';
import {
  dismissHomeModal,
  input,
  login,
  toast,
  toastsGone,
  uniqueUsername,
  waitForRoute,
} from './support/app.ts';
import { openRoute, screenshot } from './support/browser.ts';
import { ShiftedClock } from './support/server.ts';
import { page, pageErrors, server, useBrowserSuite } from './support/suite.ts';

// The server's clock runs with the wall's; the reality check test moves it 31 minutes on.
const clock = new ShiftedClock();
useBrowserSuite('responsible', { clock });

const PASSWORD = 'abc12345';
let addresses = 0;

/** A member of this test's own, registered through the API (with the terms consent), logged in on the phone. */
async function freshMember(prefix: string): Promise<{ id: number; username: string }> {
  const username = uniqueUsername(prefix);
  const res = await server.app.inject({
    method: 'POST',
    url: '/v1/register',
    payload: { username, password: PASSWORD, accept_terms: true, terms_version: TERMS_VERSION },
    remoteAddress: `203.0.113.${100 + ++addresses}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json<{ data: { userinfo: { id: number } } }>().data.userinfo.id;
  await login(page, username, PASSWORD);
  await waitForRoute(page, '/pages/home/home');
  await dismissHomeModal(page);
  return { id, username };
}

/** Settings → 理性投注, as a member finds it. */
async function openResponsiblePage(): Promise<void> {
  await openRoute(page, '/minePages/setApp');
  await page.getByTestId('settings-responsible').click();
  await waitForRoute(page, '/pages/responsible/responsible');
  await page.getByTestId('rp-limits-deposit').waitFor();
}

const limitRow = (kind: string, period: string) => page.getByTestId(`rp-limit-${kind}-${period}`);

const tokenOf = () => page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null') as string);

describe('responsible play', () => {
  it('a daily deposit limit of 100 refuses a deposit of 200 with the limit message and lets 50 through', async () => {
    await freshMember('rpd');
    await openResponsiblePage();
    await limitRow('deposit', 'day').getByRole('button', { name: '设置' }).click();
    const sheet = page.getByTestId('rp-limit-sheet');
    await sheet.getByTestId('rp-limit-input').locator('input').fill('100');
    await sheet.getByTestId('rp-limit-save').click();
    await toast(page, '每日存款限额已设为 100.00 元，立即生效').waitFor();
    await toastsGone(page);
    await expect
      .poll(() =>
        limitRow('deposit', 'day')
          .locator('[data-testid=rp-limit-amount] .money')
          .getAttribute('data-amount'),
      )
      .toBe('100.00');
    await limitRow('deposit', 'day').getByText('剩余 100.00').waitFor();

    // A raise waits its 24 hours: the server's answer says when.
    await limitRow('deposit', 'day').getByRole('button', { name: '修改' }).click();
    await sheet.getByTestId('rp-limit-input').locator('input').fill('300');
    await sheet.getByTestId('rp-limit-save').click();
    const answer = page.locator('.adm-dialog', { hasText: '已提交' });
    await answer
      .getByText(/每日存款限额提高至 300\.00 元将于 .+ 生效（24小时冷静期），此前仍按 100\.00 元执行/)
      .waitFor();
    await screenshot(page, 'responsible-limit-pending');
    await answer.getByRole('button', { name: '知道了' }).click();
    await answer.waitFor({ state: 'detached' });
    await limitRow('deposit', 'day').getByTestId('rp-limit-pending').getByText('提高至 300.00 元').waitFor();
    await page.locator('.rp-page').evaluate((body) => body.scrollTo(0, 0));
    await screenshot(page, 'responsible-limits');

    await openRoute(page, '/financePages/recharge');
    await page.getByRole('button', { name: '支付宝' }).click();
    await page.getByRole('textbox', { name: '充值金额' }).fill('200');
    await page.getByRole('button', { name: '立即充值' }).click();
    await toast(page, /^超出每日存款限额：本期剩余 100\.00 元/).waitFor();
    await screenshot(page, 'responsible-deposit-refused');
    expect(page.url()).toContain('/financePages/recharge');

    await page.getByRole('textbox', { name: '充值金额' }).fill('50');
    await page.getByRole('button', { name: '立即充值' }).click();
    await waitForRoute(page, '/pages/payment/webview');
    const gateway = page.frameLocator('[data-testid=payment-frame]');
    await gateway.getByRole('button', { name: '支付 ¥50.00' }).click();
    await waitForRoute(page, '/pages/payment/success', 15_000);
    await page.getByText('充值成功').waitFor();

    // The credited 50.00 counts against the day's limit.
    await openRoute(page, '/pages/responsible/responsible');
    await limitRow('deposit', 'day').getByText('本期已用 50.00').waitFor();
    await limitRow('deposit', 'day').getByText('剩余 50.00').waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('the reality check shows this login’s figures when the server’s clock reaches it, survives a reload, and 继续 closes it', async () => {
    const member = await freshMember('rpr');
    await openResponsiblePage();
    await page.getByTestId('rp-reality-check').getByText('30分钟').click();
    await toast(page, '已开启，每30分钟提醒一次').waitFor();

    // Play in this login (the betting flows are tested elsewhere): 120.00 staked, 80.00 paid out.
    const { ledger, database } = server.app.services;
    await inTransaction(database.db, async (work) => {
      await ledger.post(work, { memberId: member.id, amount: 50_000n, type: 'deposit' });
      await ledger.post(work, { memberId: member.id, amount: -12_000n, type: 'bet' });
      await ledger.post(work, { memberId: member.id, amount: 8_000n, type: 'payout' });
    });

    clock.jumpTo(clock.now().getTime() + 31 * 60_000);
    // A route change asks the server again (otherwise the 30 s poll does).
    await openRoute(page, '/pages/mine/mine');
    const check = page.getByTestId('reality-check');
    await check.waitFor({ timeout: 15_000 });
    await check.getByTestId('reality-check-duration').getByText('31分钟').waitFor();
    await check.locator('div', { hasText: '投注金额' }).getByText('120.00').first().waitFor();
    await check.locator('div', { hasText: '派彩金额' }).getByText('80.00').first().waitFor();
    expect(await check.getByTestId('reality-check-net').textContent()).toBe('-40.00 元');
    await toastsGone(page);
    await screenshot(page, 'responsible-reality-check');

    // The server keeps the clock: a reload shows the check again until it is answered.
    await page.reload();
    await check.waitFor({ timeout: 15_000 });
    await check.getByRole('button', { name: '继续' }).click();
    await check.waitFor({ state: 'hidden' });

    // Answered: the next one is 30 minutes on, so a reload stays quiet once the app has the
    // server's session (and rendered it): from the session poll, or from /v1/responsible-play,
    // whose answer carries the session and fills the same query when it comes first.
    const asked = page.waitForResponse(
      (r) =>
        ['/v1/responsible-play/session', '/v1/responsible-play'].includes(new URL(r.url()).pathname) &&
        r.ok(),
    );
    await page.reload();
    await asked;
    await page.locator('.mine-page').waitFor();
    await page.evaluate(
      () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
    );
    expect(await check.isVisible()).toBe(false);
    const session = await server.app.inject({
      method: 'GET',
      url: '/v1/responsible-play/session',
      headers: { authorization: `Bearer ${await tokenOf()}` },
    });
    const next = session.json<{ data: { next_check_at: string; now: string } }>().data;
    expect(Date.parse(next.next_check_at) - Date.parse(next.now)).toBeGreaterThan(29 * 60_000);
    expect(pageErrors).toEqual([]);
  });

  it('a self-exclusion of 6 months, confirmed twice, blocks the deposit and lottery screens but not records or withdrawal', async () => {
    await freshMember('rpx');
    await openResponsiblePage();
    await page.getByTestId('rp-choice-exclusion_6m').click();
    const terms = page.locator('.adm-dialog', { hasText: '确认开启自我排除 6个月' });
    await terms.getByText('不能投注、充值、转入游戏或彩票钱包，也不能领取优惠活动').waitFor();
    await terms.getByText(/需您主动申请恢复，申请24小时后方可再次投注/).waitFor();
    await screenshot(page, 'responsible-exclusion-terms');
    await terms.getByRole('button', { name: '下一步' }).click();

    const second = page.getByTestId('rp-exclusion-password');
    await input(page, 'password').fill('wrong-password');
    await second.getByRole('button', { name: '确认开启' }).click();
    await second.getByText('登录密码不正确').waitFor();
    await input(page, 'password').fill(PASSWORD);
    await screenshot(page, 'responsible-exclusion-password');
    await second.getByRole('button', { name: '确认开启' }).click();

    const status = page.getByTestId('rp-exclusion-status');
    await status.getByText('自我排除中').waitFor();
    await toastsGone(page);
    await status.getByText(/^自我排除至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}，期满后需申请恢复$/).waitFor();
    await expect.poll(() => page.getByTestId('rp-exclusion-picker').isVisible()).toBe(true);
    await page.getByTestId('rp-choice-exclusion_6m').waitFor({ state: 'detached' });
    await screenshot(page, 'responsible-exclusion-status');
    const ends = await status.getByTestId('rp-exclusion-end').textContent();

    await openRoute(page, '/financePages/recharge');
    const notice = page.getByTestId('exclusion-notice');
    await notice.getByText('自我排除中').waitFor();
    await notice.getByText(`自我排除至 ${ends}，期满后需申请恢复`).waitFor();
    await expect.poll(() => page.getByRole('button', { name: '立即充值' }).count()).toBe(0);
    await screenshot(page, 'responsible-blocked-deposit');

    await openRoute(page, '/pages/lottery/lottery-game?code=k3_1m');
    await notice.getByText('自我排除中').waitFor();
    await expect.poll(() => page.getByTestId('number-picker').count()).toBe(0);
    await screenshot(page, 'responsible-blocked-lottery');

    // The way out of the notice: records and withdrawal work.
    await notice.getByRole('button', { name: '提现' }).click();
    await waitForRoute(page, '/financePages/withdrawal');
    await page.getByTestId('withdraw-balance').waitFor();
    expect(await notice.count()).toBe(0);
    await openRoute(page, '/financePages/billdetails');
    await page.getByTestId('bill-summary-note').waitFor();
    expect(await notice.count()).toBe(0);

    await openRoute(page, '/pages/mine/mine');
    await page.getByTestId('exclusion-banner').getByText(`自我排除至 ${ends}，期满后需申请恢复`).waitFor();
    await screenshot(page, 'responsible-mine-banner');

    // The server refuses anyway.
    const refused = await server.app.inject({
      method: 'POST',
      url: '/v1/payment-orders',
      headers: { authorization: `Bearer ${await tokenOf()}` },
      payload: { method: 'bank', amount: '100' },
    });
    expect(refused.json<{ message: string }>().message).toMatch(
      /^您已设置自我排除至 .+，期间不能投注、充值或转入$/,
    );
    expect(pageErrors).toEqual([]);
  });
  it('a self-exclusion past its end offers 申请恢复, and play resumes 24 hours after the request', async () => {
    const member = await freshMember('rpb');
    const started = await server.app.inject({
      method: 'POST',
      url: '/v1/responsible-play/exclusions',
      headers: { authorization: `Bearer ${await tokenOf()}` },
      payload: { choice: 'exclusion_6m', password: PASSWORD },
    });
    expect(started.statusCode, started.body).toBe(200);
    const endsAt = Date.parse(started.json<{ data: { ends_at: string } }>().data.ends_at);

    // Six months on the login has long expired (30 days): the member logs in again, as they may.
    clock.jumpTo(endsAt + 60_000);
    await page.evaluate(() => localStorage.clear());
    await login(page, member.username, PASSWORD);
    await waitForRoute(page, '/pages/home/home');
    await dismissHomeModal(page);

    await openRoute(page, '/pages/responsible/responsible');
    const status = page.getByTestId('rp-exclusion-status');
    await status.getByText('自我排除期已满').waitFor();
    await status.getByText(/已于 .+ 期满，申请恢复24小时后可恢复投注/).waitFor();
    await screenshot(page, 'responsible-exclusion-ended');
    await status.getByRole('button', { name: '申请恢复' }).click();
    await page
      .locator('.adm-dialog', { hasText: '提交后24小时恢复投注' })
      .getByRole('button', { name: '提交申请' })
      .click();
    await toast(page, '已申请恢复').waitFor();
    await status.getByText('已申请恢复').waitFor();
    const again = await status.getByTestId('rp-play-again').textContent();
    await status.getByText(`将于 ${again} 恢复投注`).waitFor();
    await toastsGone(page);
    await screenshot(page, 'responsible-exclusion-returning');

    // Until then the deposit screen still says no, and when.
    await openRoute(page, '/financePages/recharge');
    await page.getByTestId('exclusion-notice').getByText(`将于 ${again} 恢复投注`).waitFor();

    clock.jumpTo(clock.now().getTime() + 24 * 3_600_000 + 60_000);
    await page.reload();
    await page.getByRole('button', { name: '立即充值' }).waitFor();
    expect(await page.getByTestId('exclusion-notice').count()).toBe(0);
    await openRoute(page, '/pages/mine/mine');
    await page.locator('.mine-page').waitFor();
    await page.locator('.balance-card').waitFor();
    expect(await page.getByTestId('exclusion-banner').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
