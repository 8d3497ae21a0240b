/**
 * 跟单 in the member app (issue 39, point 3), at 375 px: demo001 shares (晒单) an open single from
 * its order page with a comment and a 5 % commission; a second member finds it in the 跟单大厅,
 * copies it ×3 (a new order of their own at the current odds) and lands on that order. Once the
 * match is settled, demo001 is on the 战绩榜. A third member subscribes (定制跟单) to demo001 from a
 * 晒单, and demo001's next 晒单 is copied for them by the job.
 */
import { TERMS_VERSION } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../apps/server/src/db/rows.ts';
import { sql } from '../apps/server/src/db/sql.ts';
import { inTransaction } from '../apps/server/src/db/tx.ts';
import { dismissHomeModal, login, toast, toastsGone, uniqueUsername, waitForRoute } from './support/app.ts';
import { screenshot, settle } from './support/browser.ts';
import { memberApi } from './support/member-api.ts';
import { ShiftedClock } from './support/server.ts';
import { footballOnSale, winDrawLoseOdds } from './support/sports.ts';
import { page, pageErrors, server, useBrowserSuite } from './support/suite.ts';

const clock = new ShiftedClock();
useBrowserSuite('follow', { page: 'file', clock });

/** Logs the page out and in as `username`. */
async function signIn(username: string, password: string) {
  await page.goto('/#/pages/login/login');
  await page.evaluate(() => localStorage.clear());
  await login(page, username, password);
  await waitForRoute(page, '/pages/home/home');
  await dismissHomeModal(page);
}

describe('跟单', () => {
  it('shares an open single from its order page; another member copies it ×3 from the 跟单大厅; the 战绩榜 ranks it once settled', async () => {
    const services = server.app.services;
    await services.feedSync.tick(clock.now());
    const [match] = await footballOnSale(server, clock.now().getTime(), 60 * 60_000);
    if (!match) throw new Error('an open football match is needed');
    const [option, odds] = Object.entries(await winDrawLoseOdds(server, match.id))[0]!;
    const demo = await memberApi(server, 'demo001', 'demo1234');
    const placed = await demo<{ order_no: string }>('POST', '/v1/order/submit', {
      sport_type: 1,
      bet_mode: 'single',
      pass_type: 'single',
      multiple: 5,
      selections: [{ match_id: match.id, bet_type: 'winDrawLose', option, odds }],
    });

    // demo001 shares it from the order page.
    await signIn('demo001', 'demo1234');
    await page.goto(`/#/betPages/order/detail?order_no=${placed.order_no}`);
    await page.getByTestId('follow-share').click();
    const form = page.locator('.adm-dialog').getByTestId('follow-share-form');
    await form.locator('textarea').fill('主队近况不错，稳胆');
    // The dialog has finished fading in (antd-mobile animates it in script, which settle() does not see).
    await page.waitForFunction(() => {
      const shown = document.querySelector('.adm-dialog .adm-center-popup-wrap > div');
      return shown !== null && getComputedStyle(shown).opacity === '1';
    });
    await screenshot(page, 'follow-share');
    await page.getByRole('button', { name: '确认晒单' }).click();
    await toast(page, '晒单成功').waitFor();
    await waitForRoute(page, '/pages/follow/post');
    await page.getByTestId('follow-mine-note').waitFor();
    expect(await page.getByTestId('follow-copy-bar').count()).toBe(0);

    // A second member, funded, copies it ×3 from the hall.
    const username = uniqueUsername('fl');
    const registered = await server.app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: { username, password: 'abc12345', accept_terms: true, terms_version: TERMS_VERSION },
      remoteAddress: '203.0.113.91',
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const memberId = registered.json<{ data: { userinfo: { id: number } } }>().data.userinfo.id;
    await inTransaction(services.database.db, (work) =>
      services.ledger.post(work, { memberId, amount: 10_000n, type: 'adjust' }),
    );
    await signIn(username, 'abc12345');
    await page.goto('/#/betPages/order/list');
    await page.getByTestId('follow-hall-link').click();
    await waitForRoute(page, '/pages/follow/hall');
    const card = page.getByTestId('follow-post').first();
    await card.waitFor();
    expect(await card.textContent()).toContain('主队近况不错，稳胆');
    expect(await card.textContent()).toContain('de***');
    await toastsGone(page);
    await settle(page);
    await screenshot(page, 'follow-hall');
    await card.click();
    await waitForRoute(page, '/pages/follow/post');
    await page.getByTestId('follow-leg').first().waitFor();
    await page.getByTestId('follow-multiple').locator('input').fill('3');
    await expect.poll(() => page.getByTestId('follow-copy-total').textContent()).toBe('6.00 元');
    await settle(page);
    await screenshot(page, 'follow-post');
    await page.getByTestId('follow-copy').click();
    await page.locator('.adm-dialog').getByTestId('follow-confirm').waitFor();
    await page.getByRole('button', { name: '确认跟单' }).click();
    // Lands on the copy's own order (the 跟单成功 toast may give way at once to the balance push's).
    await waitForRoute(page, '/betPages/order/detail');
    await expect.poll(() => page.getByTestId('order-multiple').textContent()).toBe('3倍');
    // A copy is not shared again.
    expect(await page.getByTestId('follow-share').count()).toBe(0);
    await toastsGone(page);
    await settle(page);
    await screenshot(page, 'follow-copied-order');
    const post = await demo<{ list: Array<{ copies: number; copied_amount: string }> }>(
      'GET',
      '/v1/follow/posts?mine=1',
    );
    expect(post.list[0]).toMatchObject({ copies: 1, copied_amount: '6.00' });

    // The match is played and settled: demo001 is on the 战绩榜, from the hall.
    await services.feedSync.tick(new Date(match.kickoffAt.getTime() + 86_400_000));
    await page.goto('/#/pages/follow/hall');
    await waitForRoute(page, '/pages/follow/hall');
    await page.getByTestId('follow-board-link').click();
    await waitForRoute(page, '/pages/follow/leaderboard');
    const row = page.getByTestId('follow-board-row').first();
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('de***');
    expect(text).toMatch(/\d\/[1-9]/);
    await settle(page);
    await screenshot(page, 'follow-leaderboard');
    expect(pageErrors).toEqual([]);
  });

  it('定制跟单: a member subscribes from a 晒单; the publisher’s next 晒单 is copied for them by the job', async () => {
    const services = server.app.services;
    await services.feedSync.tick(clock.now());
    const [first, second] = await footballOnSale(server, clock.now().getTime(), 60 * 60_000);
    if (!first || !second) throw new Error('two open football matches are needed');
    const demo = await memberApi(server, 'demo001', 'demo1234');
    const publish = async (matchId: number) => {
      const [option, odds] = Object.entries(await winDrawLoseOdds(server, matchId))[0]!;
      const placed = await demo<{ order_no: string }>('POST', '/v1/order/submit', {
        sport_type: 1,
        bet_mode: 'single',
        pass_type: 'single',
        multiple: 4,
        selections: [{ match_id: matchId, bet_type: 'winDrawLose', option, odds }],
      });
      return (
        await demo<{ id: number }>('POST', '/v1/follow/posts', {
          order_no: placed.order_no,
          comment: '继续稳',
          commission_bp: 0,
        })
      ).id;
    };
    const postId = await publish(first.id);

    const username = uniqueUsername('fs');
    const registered = await server.app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: { username, password: 'abc12345', accept_terms: true, terms_version: TERMS_VERSION },
      remoteAddress: '203.0.113.93',
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const memberId = registered.json<{ data: { userinfo: { id: number } } }>().data.userinfo.id;
    await inTransaction(services.database.db, (work) =>
      services.ledger.post(work, { memberId, amount: 10_000n, type: 'adjust' }),
    );
    await signIn(username, 'abc12345');
    await page.goto(`/#/pages/follow/post?id=${postId}`);
    await waitForRoute(page, '/pages/follow/post');
    await page.getByTestId('follow-subscribe').click();
    const sheet = page.getByTestId('follow-subscribe-sheet');
    await sheet.waitFor();
    await sheet.getByRole('radio', { name: '按发单人倍数比例' }).click();
    await sheet.getByTestId('follow-subscribe-value').locator('input').fill('50');
    await sheet.getByTestId('follow-subscribe-cap').locator('input').fill('20');
    await sheet.getByTestId('follow-subscribe-stop').locator('input').fill('50');
    await toastsGone(page);
    await settle(page);
    await screenshot(page, 'follow-subscribe');
    await sheet.getByTestId('follow-subscribe-submit').click();
    await waitForRoute(page, '/pages/follow/subscriptions');
    await page.getByTestId('follow-subscription').first().waitFor();

    // demo001's next 晒单 (×4) is copied at half its multiple (×2, 4.00 元) by the job.
    const next = await publish(second.id);
    expect(await services.followSubscriptions.run()).toEqual({ placed: 1, refused: 0 });
    await page.reload();
    await waitForRoute(page, '/pages/follow/subscriptions');
    await expect.poll(() => page.getByTestId('follow-subscription-copies').first().textContent()).toBe('1');
    const copy = page.getByTestId('follow-subscription-copy').first();
    expect(await copy.textContent()).toContain(`晒单 #${next}`);
    expect(await copy.textContent()).toContain('已跟单');
    await toastsGone(page);
    await settle(page);
    await screenshot(page, 'follow-subscriptions');
    expect(pageErrors).toEqual([]);
  });

  it('an expert who bets as demo001 shows demo001’s 晒单 as 实单 on the expert page', async () => {
    const db = server.app.services.database.db;
    const [expert] = rowsOf<{ id: number }>(
      await db.execute(sql`SELECT id FROM experts WHERE enabled ORDER BY id LIMIT 1`),
    );
    await db.execute(
      sql`UPDATE experts SET member_id = (SELECT id FROM members WHERE username = 'demo001') WHERE id = ${expert!.id}`,
    );
    await page.goto(`/#/expertPages/ExpertDetail?id=${expert!.id}`);
    const slips = page.getByTestId('expert-slips');
    await slips.getByTestId('follow-post').first().waitFor();
    expect(await slips.getByTestId('follow-post').count()).toBeGreaterThanOrEqual(2);
    expect(await slips.textContent()).toContain('de***');
    await slips.scrollIntoViewIfNeeded();
    await toastsGone(page);
    await settle(page);
    await screenshot(page, 'expert-slips');
    expect(pageErrors).toEqual([]);
  });
});
