import { and, asc, eq, gt } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TERMS_VERSION } from '@app/shared';
import { members } from '../apps/server/src/db/schema.ts';
import { inTransaction } from '../apps/server/src/db/tx.ts';
import { matches, matchMarkets } from '../apps/server/src/modules/sports/sports.table.ts';
import { dismissHomeModal, login, toast, uniqueUsername, waitForRoute } from './support/app.ts';
import { openRoute, screenshot } from './support/browser.ts';
import { page, pageErrors, server, useBrowserSuite } from './support/suite.ts';

const DAY = 86_400_000;
const PASSWORD = 'abc12345';

let username: string;
let memberId: number;

const mainBalance = async () => (await server.app.services.ledger.balances(memberId)).get('main') ?? 0n;

/**
 * A member who deposited 1,500.00 with 3,000.00 of turnover (VIP1, upgrade bonus 18.00) and lost
 * a 100.00 single on a match the simulator has played to the end.
 */
async function prepareMember(): Promise<void> {
  const { app } = server;
  const services = app.services;
  username = uniqueUsername('rec');
  const res = await app.inject({
    method: 'POST',
    url: '/v1/register',
    payload: { username, password: PASSWORD, accept_terms: true, terms_version: TERMS_VERSION },
  });
  const registered = res.json<{ data: { token: string; userinfo: { id: number } } }>().data;
  memberId = registered.userinfo.id;
  await inTransaction(services.database.db, async (work) => {
    await work.tx
      .update(members)
      .set({ paysum: 150_000n, totalgame: 300_000n })
      .where(eq(members.id, memberId));
    await services.ledger.post(work, { memberId, amount: 150_000n, type: 'deposit' });
  });
  await services.vip.idle();

  const now = services.clock.now();
  await services.feedSync.tick(now);
  const candidates = await services.database.db
    .select()
    .from(matches)
    .where(
      and(
        eq(matches.feed, services.config.sports.feedName),
        eq(matches.sport, 'football'),
        eq(matches.status, 'scheduled'),
        gt(matches.kickoffAt, new Date(now.getTime() + 5 * 60_000)),
      ),
    )
    .orderBy(asc(matches.kickoffAt));
  const match = candidates.find(
    (m) =>
      services.sportsFeed.state(m.externalId, new Date(m.kickoffAt.getTime() + DAY))?.status === 'finished',
  )!;
  const final = services.sportsFeed.state(match.externalId, new Date(match.kickoffAt.getTime() + DAY))!;
  const winner =
    final.score.home > final.score.away ? 'h' : final.score.home === final.score.away ? 'd' : 'a';
  const option = winner === 'h' ? 'a' : 'h';
  const [market] = await services.database.db
    .select()
    .from(matchMarkets)
    .where(and(eq(matchMarkets.matchId, match.id), eq(matchMarkets.playType, 'football.winDrawLose')));
  const submitted = await app.inject({
    method: 'POST',
    url: '/v1/order/submit',
    headers: { authorization: `Bearer ${registered.token}` },
    payload: {
      sport_type: 1,
      bet_mode: 'single',
      pass_type: 'single',
      multiple: 50,
      selections: [{ match_id: match.id, bet_type: 'winDrawLose', option, odds: market!.odds[option] }],
    },
  });
  if (submitted.statusCode !== 200) throw new Error(submitted.body);
  await services.feedSync.tick(new Date(match.kickoffAt.getTime() + DAY));
}

useBrowserSuite('records');
beforeAll(() => prepareMember(), 120_000);

async function signIn(): Promise<void> {
  await login(page, username, PASSWORD);
  await waitForRoute(page, '/pages/home/home');
  await dismissHomeModal(page);
}

describe('records', { timeout: 90_000 }, () => {
  it('shows the VIP level, the progress to the next one and the upgrade paid', async () => {
    await signIn();
    await openRoute(page, '/minePages/vip');
    const hero = page.getByTestId('vip-hero');
    await hero.waitFor();
    await expect.poll(() => hero.getByTestId('vip-badge').textContent()).toContain('VIP1');
    expect(await hero.textContent()).toContain('距 VIP2');
    // VIP2 needs 5,000.00 deposited (1,500 now: 10 % of the way from 1,000) and 20,000.00 of turnover.
    expect(await page.getByTestId('vip-progress').textContent()).toContain('0%');
    expect(await hero.textContent()).toContain('1,500.00 / 5,000.00');
    expect(await page.getByTestId('vip-benefits').textContent()).toContain('0.40%');
    await expect.poll(() => page.getByTestId('vip-upgrade').count()).toBe(1);
    expect(await page.getByTestId('vip-upgrade').locator('strong').textContent()).toBe('VIP1晋级礼金');
    expect(await page.getByTestId('vip-upgrade').locator('.vip-bonus').textContent()).toBe('+18.00');
    expect(await page.locator('.vip-row.on').textContent()).toContain('VIP1');
    await screenshot(page, 'records-vip');
  });

  it('turns a settled bet into a rebate the member claims, and the balance rises', async () => {
    const before = await mainBalance();
    expect(before).toBe(150_000n + 1_800n - 10_000n);
    await signIn();
    await openRoute(page, '/financePages/rebaterecord');
    const card = page.getByTestId('rebate-claimable');
    // 100.00 of settled valid bets at the VIP1 sports rate 0.40%.
    await expect.poll(() => card.textContent()).toContain('0.40 元');
    await screenshot(page, 'records-rebate-pending');
    await card.getByRole('button', { name: '申请返水' }).click();
    const applied = toast(page, '已生成1条返水，共 0.40 元');
    await applied.waitFor();
    const item = page.getByTestId('rebate-item');
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.getAttribute('data-status')).toBe('claimable');
    expect(await item.textContent()).toContain('比例 0.40%');
    await applied.waitFor({ state: 'hidden' });
    await screenshot(page, 'records-rebate-claimable');

    await card.getByRole('button', { name: '一键领取' }).click();
    await toast(page, '成功领取返水 0.40 元').waitFor();
    await expect.poll(() => item.getAttribute('data-status')).toBe('claimed');
    expect(await mainBalance()).toBe(before + 40n);
    await screenshot(page, 'records-rebate-claimed');

    await item.click();
    await waitForRoute(page, '/financePages/rebatedetail');
    await expect.poll(() => page.getByTestId('rebate-bet').count()).toBe(1);
    expect(await page.getByTestId('rebate-detail').textContent()).toContain('已领取');
    await screenshot(page, 'records-rebate-detail');

    await openRoute(page, '/pages/mine/mine');
    await expect.poll(() => page.locator('.balance-main').textContent()).toBe('1,418.40');
  });

  it('lists the bill entries with a type filter, the bonuses and the comprehensive report', async () => {
    await signIn();
    await openRoute(page, '/financePages/billdetails');
    const items = page.getByTestId('bill-item');
    await expect.poll(() => items.count()).toBe(4);
    const rows = await items.evaluateAll((nodes) =>
      nodes.map(
        (n) => `${n.querySelector('strong')?.textContent} ${n.querySelector('.rc-amount')?.textContent}`,
      ),
    );
    // Newest first.
    expect(rows).toEqual(['返水 +0.40', '投注扣款 -100.00', 'VIP晋级奖励 +18.00', '充值到账 +1,500.00']);
    expect(await page.getByTestId('bill-summary').textContent()).toContain('支出100.00');
    await screenshot(page, 'records-bills');
    await page.locator('.rc-chip', { hasText: '投注扣款' }).click();
    await expect.poll(() => items.count()).toBe(1);
    expect(await items.getAttribute('data-type')).toBe('bet');

    await openRoute(page, '/financePages/bonusrecord');
    await expect.poll(() => page.getByTestId('bonus-item').count()).toBe(1);
    expect(await page.getByTestId('bonus-summary').textContent()).toContain('18.00');
    await screenshot(page, 'records-bonus');

    await openRoute(page, '/financePages/comprehensive');
    const summary = page.getByTestId('report-summary');
    await summary.waitFor();
    // Profit: payouts 0 + rebates 0.40 + bonuses 18.00 − bets 100.00.
    expect(await summary.textContent()).toContain('-81.60');
    expect(await summary.textContent()).toContain('充值1,500.00');
    const categories = page.getByTestId('report-categories');
    expect(await categories.locator('[data-category="sports"]').textContent()).toContain('100.00');
    expect(
      await categories
        .locator('[data-category]')
        .evaluateAll((n) => n.map((x) => x.getAttribute('data-category'))),
    ).toEqual(['sports', 'lottery', 'games']);
    expect(await categories.locator('[data-category="games"]').textContent()).toContain('电子游戏');
    await screenshot(page, 'records-comprehensive');
    expect(pageErrors).toEqual([]);
  });

  it('shows moves between the member’s own wallets as neutral transfers that income and spending leave out', async () => {
    await signIn();
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null') as string);
    const headers = { authorization: `Bearer ${token}` };
    for (const [url, payload] of [
      ['/v1/game/lottery/transfer-in', { amount: '200.00' }],
      ['/v1/game/lottery/transfer-out', { amount: '100.00' }],
      ['/v1/game/ng/transfer', { type: 'in', amount: '50.00' }],
    ] as const) {
      const res = await server.app.inject({ method: 'POST', url, headers, payload });
      expect(res.statusCode, url).toBe(200);
    }
    await openRoute(page, '/financePages/billdetails');
    const items = page.getByTestId('bill-item');
    await expect.poll(() => items.count()).toBe(9);
    const transfers = page.locator('[data-testid="bill-item"][data-kind="transfer"]');
    expect(await transfers.count()).toBe(5);
    expect(await transfers.first().getByTestId('bill-transfer').textContent()).toBe('转账50.00');
    // 收入 and 支出 are what they were before the moves; the note says where the 50.00 is.
    const summary = await page.getByTestId('bill-summary').textContent();
    expect(summary).toContain('收入1,518.40');
    expect(summary).toContain('支出100.00');
    expect(await page.getByTestId('bill-summary-note').textContent()).toContain(
      '期间净转入游戏钱包 50.00 元',
    );
    await screenshot(page, 'records-bills-transfers');
    expect(pageErrors).toEqual([]);
  });
});
