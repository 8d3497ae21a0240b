/**
 * 红包 in the member app (issue 41, point 3), at 375 px: the rain falls over the home page while a
 * window is open and a tap claims a packet; a 口令 claims a 口令红包; 我的红包 lists both; once
 * the window has closed, the verification page recomputes the split from the revealed seed.
 */
import { describe, expect, it } from 'vitest';
import { login, uniqueUsername, waitForRoute } from './support/app.ts';
import { screenshot } from './support/browser.ts';
import { memberApi } from './support/member-api.ts';
import { ShiftedClock } from './support/server.ts';
import { page, pageErrors, server, useBrowserSuite } from './support/suite.ts';

const clock = new ShiftedClock();
useBrowserSuite('red-packets', { page: 'file', clock });

const MIN = 60_000;

async function schedule(over: { kind: 'rain' | 'code'; name: string; code?: string; minutes: number }) {
  const services = server.app.services;
  const operator = await services.operators.create({
    username: uniqueUsername('rp'),
    password: 'op-secret-1',
    name: '红包运营',
    role: 'content',
  });
  const now = clock.now().getTime();
  return services.redPackets.create(
    {
      kind: over.kind,
      name: over.name,
      code: over.code ?? null,
      startsAt: new Date(now - MIN),
      endsAt: new Date(now + over.minutes * MIN),
      budget: 10_000n,
      count: 10,
      minAmount: 100n,
      turnoverPct: 100,
      vipMin: null,
      depositMin: null,
      turnoverMin: null,
    },
    { operatorId: operator.id, ip: '127.0.0.1' },
  );
}

describe('红包', () => {
  it('rains on the home page while a window is open, and a tap claims a packet', async () => {
    await server.app.services.appConfig.updateAppInfo({ redpacket_switch: 1 });
    const rain = await schedule({ kind: 'rain', name: '午间红包雨', minutes: 10 });
    await schedule({ kind: 'code', name: '口令福利', code: 'E2E888', minutes: 60 });
    const demo = await memberApi(server, 'demo001', 'demo1234');
    const before = await demo<{ balance: string }>('GET', '/v1/user/balance');

    await login(page, 'demo001', 'demo1234');
    await waitForRoute(page, '/pages/home/home');
    const overlay = page.getByTestId('red-packet-rain');
    await overlay.waitFor();
    await expect.poll(() => overlay.textContent()).toContain('午间红包雨');
    expect(await overlay.getByTestId('red-packet-drop').count()).toBe(12);
    await screenshot(page, 'red-packets-rain');

    // The packets keep falling, so the tap is dispatched rather than waiting for one to stand still.
    await overlay.getByTestId('red-packet-drop').nth(3).dispatchEvent('click');
    const result = page.getByTestId('red-packet-result');
    await result.getByText('恭喜抢到红包').waitFor();
    const claims = await demo<{ list: Array<{ packet_id: number; amount: string }> }>(
      'GET',
      '/v1/red-packets/claims',
    );
    const mine = claims.list.find((c) => c.packet_id === rain.id)!;
    expect(await result.textContent()).toContain(mine.amount);
    const after = await demo<{ balance: string }>('GET', '/v1/user/balance');
    expect(Math.round(Number(after.balance) * 100) - Math.round(Number(before.balance) * 100)).toBe(
      Math.round(Number(mine.amount) * 100),
    );
    await screenshot(page, 'red-packets-won');
    await result.getByRole('button', { name: '查看我的红包' }).click();
    await waitForRoute(page, '/redPacketPages/index');
    await page.getByTestId('red-packet-claims').getByText('午间红包雨').waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('claims a 口令红包 with its code, once', async () => {
    await page.goto('/#/redPacketPages/index?tab=code');
    const code = page.getByRole('textbox', { name: '红包口令' });
    await code.fill('e2e888');
    await page.getByRole('button', { name: '领取口令红包' }).click();
    const said = page.getByTestId('red-packet-code-result');
    await expect.poll(() => said.textContent()).toMatch(/^领取成功：口令福利 \d+\.\d\d 元已存入主钱包$/);
    await screenshot(page, 'red-packets-code');
    await code.fill('E2E888');
    await page.getByRole('button', { name: '领取口令红包' }).click();
    await expect.poll(() => said.textContent()).toBe('您已领取过该红包');

    await page.getByRole('tab', { name: '我的红包' }).click();
    const list = page.getByTestId('red-packet-claims');
    await list.getByText('口令福利').waitFor();
    expect(await list.locator('.redp-card').count()).toBe(2);
    await screenshot(page, 'red-packets-mine');
    expect(pageErrors).toEqual([]);
  });

  it('once the window has closed, recomputes every amount from the revealed seed', async () => {
    clock.jumpTo(clock.now().getTime() + 11 * MIN);
    await page.goto('/#/redPacketPages/index?tab=rain');
    const card = page.getByTestId('red-packet-card').filter({ hasText: '午间红包雨' });
    await card.getByText('已结束').waitFor();
    await card.getByRole('button', { name: /验证公平性/ }).click();
    await waitForRoute(page, '/redPacketPages/verify');
    const verdict = page.getByTestId('red-packet-verdict');
    await expect
      .poll(() => verdict.textContent())
      .toBe('验证通过：种子与承诺值相符，您的红包金额与种子推导结果一致');
    expect(await page.locator('.redp-amounts span').count()).toBe(10);
    await screenshot(page, 'red-packets-verify');
    expect(pageErrors).toEqual([]);
  });
});
