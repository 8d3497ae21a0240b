import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentPeriod, findLottery, formatFen } from '@app/shared';
import { lotteryBets } from '../apps/server/src/db/schema.ts';
import { dismissHomeModal, login, toast, waitForRoute } from './support/app.ts';
import { screenshot } from './support/browser.ts';
import { ShiftedClock } from './support/server.ts';
import { page, server, useBrowserSuite } from './support/suite.ts';

const CODE = 'k3_1m';
const config = findLottery(CODE)!;

// The server's clock runs with the wall's, and the test jumps it to 封盘 and to the draw.
const clock = new ShiftedClock();
useBrowserSuite('lottery', { clock });
let ticker: ReturnType<typeof setInterval> | undefined;

/** Jobs are off in tests: this drives the lottery scheduler as the job would, every 500 ms. */
function startTicker(): void {
  let running = false;
  ticker = setInterval(() => {
    if (running) return;
    running = true;
    void server.app.services.lotteryScheduler
      .tick(clock.now())
      .catch(() => undefined)
      .finally(() => {
        running = false;
      });
  }, 500);
}

beforeAll(async () => {
  // Twenty minutes of history: the scheduler ran in the past, then catches up now.
  const now = clock.now().getTime();
  for (const minutesAgo of [20, 15, 10, 5]) {
    await server.app.services.lotteryScheduler.tick(new Date(now - minutesAgo * 60_000), {
      codes: [CODE, 'pk10_1m', '11x5_1m', 'lhc_1m'],
    });
  }
  await server.app.services.lotteryScheduler.tick(clock.now());
  startTicker();
});
afterAll(() => clearInterval(ticker));

async function loginDemo(): Promise<void> {
  await login(page, 'demo001', 'demo1234');
  await waitForRoute(page, '/pages/home/home');
  await dismissHomeModal(page);
}

const wallet = (which: 'lottery' | 'main') => page.getByTestId(`wallet-${which}`).locator('.money');

describe('lottery', () => {
  it('transfers in, bets 快3 和值 on a 1-minute game, sees the countdown and the draw arrive live, and gets settled', async () => {
    await loginDemo();
    // Enough time before 封盘 to pick and confirm; otherwise the clock jumps to the next period.
    const soon = currentPeriod(config, clock.now().getTime());
    if (soon.closeAt - clock.now().getTime() < 25_000) clock.jumpTo(soon.drawAt + 300);
    const period = currentPeriod(config, clock.now().getTime());

    await page.goto('/#/pages/lottery/lottery-list');
    const card = page.locator(`[data-testid="lottery-card"][data-code="${CODE}"]`);
    await card.getByText(`${period.number}期`).waitFor();
    await screenshot(page, 'lottery-list');
    await card.click();
    await waitForRoute(page, '/pages/lottery/lottery-game');
    await page.getByTestId('number-picker').waitFor();
    await expect.poll(() => wallet('main').textContent()).toBe('10,000.00');

    // An amount into the lottery wallet: typed as it is, refused when wrong, never rewritten.
    await page.getByRole('button', { name: '转入', exact: true }).click();
    const sheet = page.getByTestId('lottery-transfer');
    await sheet.getByTestId('lottery-transfer-amount').locator('input').fill('-200');
    await expect
      .poll(() => sheet.getByTestId('lottery-transfer-amount-error').textContent())
      .toBe('转账金额不能为负数');
    await sheet.getByTestId('lottery-transfer-amount').locator('input').fill('200');
    await screenshot(page, 'lottery-transfer');
    await sheet.getByTestId('lottery-transfer-submit').click();
    await expect.poll(() => wallet('lottery').textContent()).toBe('200.00');
    await expect.poll(() => wallet('main').textContent()).toBe('9,800.00');

    // 和值 is the first tab: pick 10 and 11 (two items, 2元 each).
    expect(await page.getByTestId('number-picker').getAttribute('data-play')).toBe('k3_hz');
    await page.locator('.lt-option[data-key="10"]').click();
    await page.locator('.lt-option[data-key="11"]').click();
    await expect.poll(() => page.getByTestId('slip-items').textContent()).toBe('共 2 注');
    await expect.poll(() => page.getByTestId('slip-amount').textContent()).toBe('4.00 元');
    const countdown = page.getByTestId('countdown');
    expect(await countdown.getAttribute('data-phase')).toBe('open');
    await screenshot(page, 'lottery-game');

    await page.getByRole('button', { name: '立即投注' }).click();
    await page.getByText(`确认投注 第${period.number}期`).waitFor();
    await screenshot(page, 'lottery-game-confirm');
    await page.getByRole('button', { name: '确认投注' }).click();
    await toast(page, '投注成功').waitFor();
    const bet = page.getByTestId('my-bets').getByTestId('lottery-bet').first();
    await expect.poll(() => bet.getAttribute('data-status')).toBe('pending');
    await expect.poll(() => wallet('lottery').textContent()).toBe('196.00');

    // 封盘: the clock jumps there, the scheduler closes the period and the page hears it.
    clock.jumpTo(period.closeAt + 100);
    await expect.poll(() => countdown.getAttribute('data-phase'), { timeout: 10_000 }).not.toBe('open');
    // The draw arrives over the socket and the bet settles.
    clock.jumpTo(period.drawAt + 100);
    const drawn = page.getByTestId('last-draw').getByText(`第${period.number}期开奖`);
    await drawn.waitFor({ timeout: 15_000 });
    await screenshot(page, 'lottery-game-drawn');
    await expect.poll(() => bet.getAttribute('data-status'), { timeout: 15_000 }).not.toBe('pending');

    const rows = await server.app.services.database.db
      .select()
      .from(lotteryBets)
      .where(eq(lotteryBets.lotteryCode, CODE));
    const mine = rows.filter((r) => r.status !== 'pending');
    expect(mine).toHaveLength(1);
    const payout = mine[0]!.payout;
    const openCode = (
      await server.app.inject({
        method: 'GET',
        url: `/v1/liujiu/lottery/open-code?code=${CODE}&expect=${period.number}`,
      })
    ).json<{ data: { open_code: string } }>().data.open_code;
    expect(await page.getByTestId('last-draw').getByTestId('open-code').getAttribute('data-code')).toBe(
      openCode,
    );
    const sum = openCode.split(',').reduce((s, n) => s + Number(n), 0);
    expect(await bet.getAttribute('data-status')).toBe(sum === 10 || sum === 11 ? 'won' : 'lost');
    expect(payout > 0n).toBe(sum === 10 || sum === 11);
    const grouped = (fen: bigint) => formatFen(fen).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    const expected = grouped(19_600n + payout);
    await expect.poll(() => wallet('lottery').textContent(), { timeout: 10_000 }).toBe(expected);
    await screenshot(page, 'lottery-game-settled');

    // And everything back to the main wallet: 转出 → 全部.
    await page.getByRole('button', { name: '转出', exact: true }).click();
    await sheet.getByRole('button', { name: '全部' }).click();
    await sheet.getByTestId('lottery-transfer-submit').click();
    await expect.poll(() => wallet('lottery').textContent()).toBe('0.00');
    await expect.poll(() => wallet('main').textContent()).toBe(grouped(980_000n + 19_600n + payout));

    // 自动转入: switched on, a bet would take its stake from the main wallet (the server's rule).
    await page.getByTestId('auto-transfer').getByRole('switch').click();
    await toast(page, '已开启自动转入：投注直接从主钱包扣款').waitFor();
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null') as string);
    const state = await server.app.inject({
      method: 'GET',
      url: '/v1/game/lottery/balance',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(state.json<{ data: { auto_transfer: boolean } }>().data.auto_transfer).toBe(true);
    await screenshot(page, 'lottery-auto-transfer');
  }, 180_000);

  it('shows categories, history with the trend chart, records and verifies a draw in the browser', async () => {
    await loginDemo();
    // A 赛车 card's last period stays on one line; its ten cars go under it.
    await page.goto('/#/pages/lottery/lottery-list');
    const racing = page.locator('[data-testid="lottery-card"][data-code="pk10_1m"]');
    await racing.getByTestId('open-code').waitFor();
    const lineHeight = (selector: string) =>
      racing.locator(selector).evaluate((el) => el.getBoundingClientRect().height);
    expect(await lineHeight('.lt-card-latest > .mono')).toBeLessThanOrEqual(
      (await lineHeight('.lt-card-period > .mono')) + 1,
    );

    await page.goto('/#/pages/lottery/lottery-categories');
    await page.getByTestId('lottery-categories').getByText('极速快3').waitFor();
    await screenshot(page, 'lottery-categories');

    await page.goto(`/#/pages/lottery/lottery-detail?code=${CODE}`);
    await page.getByTestId('draw-history').getByTestId('open-code').first().waitFor();
    await screenshot(page, 'lottery-detail-history');
    await page.getByRole('tab', { name: '走势图' }).click();
    await page.getByTestId('trend-chart').waitFor();
    expect(await page.locator('.lt-trend-cell.hit').count()).toBeGreaterThan(10);
    await screenshot(page, 'lottery-detail-trend');

    // Pickers of other families: positions (PK10 定位胆), 49 numbers (六合彩 特码), 机选 on 时时彩.
    await page.goto('/#/pages/lottery/lottery-game?code=pk10_1m');
    await page.getByTestId('number-picker').locator('.lt-field').nth(9).waitFor();
    await screenshot(page, 'lottery-game-pk10');
    await page.goto('/#/pages/lottery/lottery-game?code=lhc');
    await page.locator('.lt-option[data-key="49"]').waitFor();
    await page.locator('.lt-option[data-key="07"]').click();
    await screenshot(page, 'lottery-game-lhc');
    await page.goto('/#/pages/lottery/lottery-game?code=ssc_5m');
    await page.getByTestId('number-picker').waitFor();
    await page.getByRole('button', { name: '机选' }).click();
    await expect.poll(() => page.getByTestId('slip-items').textContent()).toBe('共 1 注');
    await page.getByRole('button', { name: '加入注单' }).click();
    await page.getByRole('button', { name: '机选' }).click();
    await page.getByTestId('slip-items').click();
    await page.locator('.lt-slip-popup').getByText('确认投注').waitFor();
    await screenshot(page, 'lottery-game-slip');

    await page.goto('/#/pages/lottery/lottery-records');
    await page.getByTestId('bet-stats').waitFor();
    await page.getByTestId('bet-records').getByTestId('lottery-bet').first().waitFor();
    await screenshot(page, 'lottery-records');

    await page.goto(`/#/pages/lottery/lottery-verify?code=${CODE}`);
    const result = page.getByTestId('verify-result');
    await result.getByText('验证通过').waitFor();
    await screenshot(page, 'lottery-verify');
    // Change one character of the seed: the browser's own computation refuses it.
    const seedInput = page.locator('.lt-verify-form label', { hasText: '种子' }).locator('input');
    const seed = await seedInput.inputValue();
    await seedInput.fill(`${seed.slice(0, -1)}${seed.endsWith('0') ? '1' : '0'}`);
    await result.getByText('验证未通过').waitFor();
  });

  it('fits the 11选5 and PK10 trend charts to a 375 px phone, and scrolls 六合彩 with the period column in place', async () => {
    /** Where column `index` of the chart's header is, and what the member sees there. */
    const column = (index: number) =>
      page
        .getByTestId('trend-chart')
        .locator('.lt-trend-header > span')
        .nth(index)
        .evaluate((cell) => {
          const c = cell.getBoundingClientRect();
          const scroll = cell.closest('.lt-trend-scroll')!;
          const corner = scroll.querySelector('.lt-trend-corner')!.getBoundingClientRect();
          const hit = document.elementFromPoint(c.left + c.width / 2, c.top + c.height / 2);
          return {
            text: cell.textContent,
            left: c.left,
            right: c.right,
            // Nothing covers it (a clipped or overlapped cell is not what the point hits).
            seen: hit === cell || cell.contains(hit),
            // The period column (期号) is still on screen, left of it.
            periodsInView: corner.left >= 0 && corner.right <= c.left + 0.5,
            overflow: scroll.scrollWidth - scroll.clientWidth,
          };
        });
    const openTrend = async (code: string) => {
      await page.goto(`/#/pages/lottery/lottery-detail?code=${code}`);
      await page.getByRole('tab', { name: '走势图' }).click();
      await page.getByTestId('trend-chart').locator('.lt-trend-cell').first().waitFor();
      // The page at its top, as a member arrives (a route change keeps the page's scroll).
      await page.getByTestId('trend-chart').evaluate((chart) => {
        for (let el: Element | null = chart; el; el = el.parentElement) el.scrollTop = 0;
      });
    };

    // Eleven and ten columns fit the phone: the last one is whole and on screen without scrolling.
    for (const [code, columns] of [
      ['11x5_1m', 11],
      ['pk10_1m', 10],
    ] as const) {
      await openTrend(code);
      expect(await page.getByTestId('trend-chart').locator('.lt-trend-header > span').count()).toBe(columns);
      const last = await column(columns - 1);
      expect(last).toMatchObject({ text: String(columns).padStart(2, '0'), seen: true, periodsInView: true });
      expect(last.overflow).toBe(0);
      expect(last.left).toBeGreaterThanOrEqual(0);
      expect(last.right).toBeLessThanOrEqual(375);
      expect(await page.getByTestId('trend-scroll-hint').count()).toBe(0);
      if (code === '11x5_1m') {
        await screenshot(page, 'lottery-trend-11x5');
        await page.getByTestId('trend-chart').locator('.lt-trend-bars').scrollIntoViewIfNeeded();
        await screenshot(page, 'lottery-trend-11x5-stats');
      }
    }

    // 49 numbers do not fit: the chart says so, scrolls to the last one, and 期号 stays put.
    await openTrend('lhc_1m');
    await page.getByTestId('trend-scroll-hint').waitFor();
    expect(await page.getByTestId('trend-scroll-hint').textContent()).toBe('共 49 个号码，左右滑动查看');
    expect(await page.locator('.lt-trend-frame.more').count()).toBe(1);
    expect((await column(48)).seen).toBe(false);
    await screenshot(page, 'lottery-trend-lhc');
    await page.getByTestId('trend-scroll').evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect.poll(() => page.locator('.lt-trend-frame.more').count()).toBe(0);
    const end = await column(48);
    expect(end).toMatchObject({ text: '49', seen: true, periodsInView: true });
    expect(end.right).toBeLessThanOrEqual(375);
    await screenshot(page, 'lottery-trend-lhc-end');
  });

  it('cancels a bet before 封盘 from the records page', async () => {
    await loginDemo();
    const soon = currentPeriod(config, clock.now().getTime());
    if (soon.closeAt - clock.now().getTime() < 20_000) clock.jumpTo(soon.drawAt + 300);
    // Fund the lottery wallet and bet through the API as this member, then cancel in the UI.
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null') as string);
    const headers = { authorization: `Bearer ${token}` };
    await server.app.inject({
      method: 'POST',
      url: '/v1/game/lottery/transfer-in',
      headers,
      payload: { amount: '10' },
    });
    const period = currentPeriod(config, clock.now().getTime());
    const placed = await server.app.inject({
      method: 'POST',
      url: '/v1/liujiu/bet/create',
      headers,
      payload: {
        lottery_code: CODE,
        expect: period.number,
        bets: [{ play_code: 'k3_dxds', bet_codes: '大', multiple: 1 }],
      },
    });
    expect(placed.statusCode).toBe(200);
    await page.goto(`/#/pages/lottery/lottery-records?code=${CODE}`);
    const pending = page
      .getByTestId('bet-records')
      .locator('[data-testid="lottery-bet"][data-status="pending"]')
      .first();
    await pending.getByRole('button', { name: '撤单' }).click();
    await page.getByRole('button', { name: '确认撤单' }).click();
    await toast(page, '撤单成功').waitFor();
    await expect
      .poll(() => page.locator('[data-testid="lottery-bet"][data-status="cancelled"]').count())
      .toBeGreaterThan(0);
  });
});
