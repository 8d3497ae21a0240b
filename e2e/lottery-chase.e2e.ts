/**
 * 追号 in the member app (issue 39, point 1), at 375 px: from the slip of a 1-minute 快3 game the
 * member opens 追号, plans eight periods 翻倍 by a profit rate (the plan shown period by period),
 * confirms and lands on the chase: the whole amount frozen, the first period placed. Its first
 * period wins and the chase stops by itself (中奖停追), the rest returned. A second chase is
 * cancelled from its page. 追号记录 lists both.
 */
import { currentPeriod, deriveOpenCode, findLottery } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../apps/server/src/db/rows.ts';
import { sql } from '../apps/server/src/db/sql.ts';
import { deriveSeed } from '../apps/server/src/modules/lottery/draw-seed.ts';
import { TEST_DRAW_SEED_KEY } from '../apps/server/src/test/keys.ts';
import { dismissHomeModal, login, toast, toastsGone, waitForRoute } from './support/app.ts';
import { screenshot, settle } from './support/browser.ts';
import { memberApi } from './support/member-api.ts';
import { ShiftedClock } from './support/server.ts';
import { page, pageErrors, server, useBrowserSuite } from './support/suite.ts';

const CODE = 'k3_1m';
const config = findLottery(CODE)!;
const clock = new ShiftedClock();
useBrowserSuite('lottery-chase', { clock });

/** The 和值 a period will draw (the test holds the draw seed key). */
function sumDrawn(number: string): number {
  const seed = deriveSeed(Buffer.from(TEST_DRAW_SEED_KEY, 'hex'), CODE, number);
  return deriveOpenCode(config.family, seed, number)
    .split(',')
    .reduce((s, n) => s + Number(n), 0);
}

/** A period with at least 40 s before 封盘 (the clock jumps to the next one otherwise), its rows made. */
async function roomyPeriod() {
  const soon = currentPeriod(config, clock.now().getTime());
  if (soon.closeAt - clock.now().getTime() < 40_000) clock.jumpTo(soon.drawAt + 300);
  await server.app.services.lotteryScheduler.tick(clock.now(), { codes: [CODE] });
  return currentPeriod(config, clock.now().getTime());
}

/** The lottery's clock and then the chase job, as the leader would run them. */
async function runJobs(at: number) {
  clock.jumpTo(at);
  await server.app.services.lotteryScheduler.tick(clock.now(), { codes: [CODE] });
  return server.app.services.lotteryChase.run(clock.now());
}

/** On the game page: picks one 和值 and opens 追号 from the slip. */
async function openChaseSheet(sum: number) {
  await page.goto(`/#/pages/lottery/lottery-game?code=${CODE}`);
  await waitForRoute(page, '/pages/lottery/lottery-game');
  await page.getByTestId('number-picker').waitFor();
  await page.locator(`.lt-option[data-key="${sum}"]`).click();
  await expect.poll(() => page.getByTestId('slip-items').textContent()).toBe('共 1 注');
  await page.getByTestId('slip-items').click();
  await page.getByTestId('slip-chase').click();
  await page.getByTestId('chase-form').waitFor();
}

describe('追号', () => {
  it('plans eight periods 翻倍, places the first at once, stops after its win; cancels a second chase', async () => {
    const demo = await memberApi(server, 'demo001', 'demo1234');
    await demo('POST', '/v1/game/lottery/transfer-in', { amount: '500' });
    await login(page, 'demo001', 'demo1234');
    await waitForRoute(page, '/pages/home/home');
    await dismissHomeModal(page);

    const first = await roomyPeriod();
    const target = sumDrawn(first.number);
    await openChaseSheet(target);
    const sheet = page.locator('.lt-chase-popup');
    await sheet.getByTestId('chase-periods').locator('input').fill('8');
    await sheet.getByRole('radio', { name: '翻倍追号（利润率）' }).click();
    await sheet.getByTestId('chase-rate').locator('input').fill('50');
    await expect.poll(() => sheet.getByTestId('chase-plan-row').count()).toBe(8);
    const total = (await sheet.getByTestId('chase-total').textContent()) ?? '';
    expect(total).toMatch(/^共 8 期 合计 [\d,]+\.\d{2} 元$/);
    expect(await sheet.getByTestId('chase-plan-row').first().textContent()).toContain(first.number.slice(-4));
    await settle(page);
    await screenshot(page, 'chase-plan');

    await sheet.getByTestId('chase-confirm').click();
    await toast(page, '追号成功，共8期').waitFor();
    await waitForRoute(page, '/pages/lottery/chase-detail');
    await expect.poll(() => page.getByTestId('chase-progress').first().textContent()).toBe('1/8');
    expect(await page.getByTestId('chase-status').textContent()).toBe('追号中');
    expect(await page.getByTestId('chase-period').count()).toBe(8);
    await toastsGone(page);
    await settle(page);
    await screenshot(page, 'chase-detail-running');

    // The first period draws its 和值: won, and the chase stops, returning the four not placed.
    const report = await runJobs(first.drawAt + 200);
    expect(report).toMatchObject({ decided: 1, stopped: 1 });
    await page.reload();
    await expect.poll(() => page.getByTestId('chase-status').textContent()).toBe('中奖停追');
    expect(await page.getByTestId('chase-stop-reason').textContent()).toMatch(
      new RegExp(`^第${first.number}期中奖 .+ 元，追号停止$`),
    );
    expect(await page.getByTestId('chase-payout').textContent()).not.toBe('0.00');
    expect(await page.getByTestId('chase-cancel').count()).toBe(0);
    await settle(page);
    await screenshot(page, 'chase-detail-stopped');

    // A second chase, cancelled from its page: what is not placed goes back.
    const second = await roomyPeriod();
    const miss = sumDrawn(second.number) === 3 ? 18 : 3;
    await openChaseSheet(miss);
    await page.locator('.lt-chase-popup').getByTestId('chase-periods').locator('input').fill('3');
    await expect.poll(() => page.locator('.lt-chase-popup').getByTestId('chase-plan-row').count()).toBe(3);
    await page.locator('.lt-chase-popup').getByTestId('chase-confirm').click();
    await waitForRoute(page, '/pages/lottery/chase-detail');
    await page.getByTestId('chase-cancel').click();
    await page.getByRole('button', { name: '确认撤销' }).click();
    await toast(page, '追号已撤销').waitFor();
    await expect.poll(() => page.getByTestId('chase-status').textContent()).toBe('已撤销');
    expect(await page.getByTestId('chase-refunded').textContent()).toBe('4.00');
    await toastsGone(page);
    await settle(page);
    await screenshot(page, 'chase-detail-cancelled');

    // 追号记录: both, reached from the bet records.
    await page.goto('/#/pages/lottery/lottery-records');
    await page.getByTestId('chase-records-link').click();
    await waitForRoute(page, '/pages/lottery/chase-records');
    await expect.poll(() => page.getByTestId('chase-card').count()).toBe(2);
    expect(await page.getByTestId('chase-card').getByTestId('chase-status').allTextContents()).toEqual([
      '已撤销',
      '中奖停追',
    ]);
    await settle(page);
    await screenshot(page, 'chase-records');
    // Nothing of either chase is still frozen.
    const [row] = rowsOf<{ id: number }>(
      await server.app.services.database.db.execute(sql`SELECT id FROM members WHERE username = 'demo001'`),
    );
    expect((await server.app.services.ledger.balances(row!.id)).get('frozen') ?? 0n).toBe(0n);
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
