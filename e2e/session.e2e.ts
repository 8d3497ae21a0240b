import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../apps/server/src/db/schema.ts';
import { dismissHomeModal, login, storageKeys, toast, waitForRoute } from './support/app.ts';
import { screenshot } from './support/browser.ts';
import { page, server, useBrowserSuite } from './support/suite.ts';

useBrowserSuite('session');

async function loginDemo(): Promise<number> {
  await login(page, 'demo001', 'demo1234');
  await waitForRoute(page, '/pages/home/home');
  await dismissHomeModal(page);
  return page.evaluate(() => (JSON.parse(localStorage.getItem('userinfo') ?? '{}') as { id: number }).id);
}

/** Ends every session of the member on the server, as an expiry would. */
async function expireSessions(memberId: number): Promise<void> {
  await server.app.services.database.db
    .update(sessions)
    .set({ expiresAt: new Date(server.app.services.clock.now().getTime() - 60_000) })
    .where(eq(sessions.memberId, memberId));
}

describe('session', () => {
  it('an expired token found by the launch login check sends the member to the login page', async () => {
    const memberId = await loginDemo();
    await page.goto('/#/pages/mine/mine');
    await expect.poll(() => page.locator('.balance-main').textContent()).toBe('10,000.00');

    await expireSessions(memberId);
    await page.reload();
    // The login check runs 1 s after launch; the 401 logs out, tells, and relaunches login after 1.5 s.
    await toast(page, '您还未登录，请先登录').waitFor({ timeout: 10_000 });
    await waitForRoute(page, '/pages/login/login', 10_000);
    expect(page.url()).toMatch(/#\/pages\/login\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('userinfo'))).toBeNull();
  });

  it('a 401 on a member call (balance refresh) logs out and relaunches the login page', async () => {
    const memberId = await loginDemo();
    await page.goto('/#/pages/mine/mine');
    await expect.poll(() => page.locator('.balance-main').textContent()).toBe('10,000.00');
    // The login check (GET /v1/me every 30 s) would find the expiry too, and on a loaded machine it
    // can come first and leave the mine page before the click: it is held off, so the balance
    // refresh is the call that meets the 401.
    await page.route('**/v1/me', (route) => route.abort());
    await expireSessions(memberId);
    // Together: a click that fails must not leave the wait to reject later, unheard (vitest fails
    // the whole run on an unhandled rejection even when the retry passes).
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/v1/user/balance')),
      page.getByRole('button', { name: '刷新余额' }).click(),
    ]);
    expect(refused.status()).toBe(401);
    await toast(page, '您还未登录，请先登录').waitFor({ timeout: 10_000 });
    await waitForRoute(page, '/pages/login/login', 10_000);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.unroute('**/v1/me');
    await screenshot(page, 'login-after-expiry');
  });

  it('keeps only the keys userinfo, token and appinfo in local storage', async () => {
    await loginDemo();
    const keys = await storageKeys(page);
    expect(keys).toEqual(['appinfo', 'token', 'userinfo']);

    // Clearing the cache in settings removes foreign keys and keeps the session.
    await page.evaluate(() => localStorage.setItem('legacy_cache', 'x'));
    await page.goto('/#/minePages/setApp');
    await page.locator('.adm-list-item', { hasText: '清除缓存' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: '清除', exact: true }).click();
    await toast(page, '缓存已清除').waitFor();
    await expect.poll(() => storageKeys(page)).toEqual(['appinfo', 'token', 'userinfo']);
  });

  it('restores the session from storage on launch and clears it when the stored member differs', async () => {
    await loginDemo();
    await page.reload();
    await page.goto('/#/pages/mine/mine');
    await expect.poll(() => page.getByTestId('mine-username').textContent()).toBe('demo001');

    // Another tab logs in as someone else: ids differ, everything is cleared.
    await page.evaluate(() => {
      const info = JSON.parse(localStorage.getItem('userinfo') ?? '{}') as { id: number };
      localStorage.setItem('userinfo', JSON.stringify({ ...info, id: info.id + 999 }));
      window.dispatchEvent(new StorageEvent('storage', { key: 'userinfo' }));
    });
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.getByText('您还未登录').waitFor();
  });

  it('logout calls the server so the token stops working', async () => {
    await loginDemo();
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? '""') as string);
    await page.goto('/#/pages/mine/mine');
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: '退出', exact: true }).click();
    await toast(page, '已退出登录').waitFor();
    const me = await server.app.inject({
      method: 'GET',
      url: '/v1/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(401);
  });
});
