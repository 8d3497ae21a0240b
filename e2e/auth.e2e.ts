import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TERMS_VERSION } from '@app/shared';
import { members } from '../apps/server/src/db/schema.ts';
import { dismissHomeModal, input, login, toast, uniqueUsername, waitForRoute } from './support/app.ts';
import { screenshot } from './support/browser.ts';
import { page, server, useBrowserSuite } from './support/suite.ts';

useBrowserSuite('auth');

/** The agent the member logged in on the page belongs to, asked from the server. */
async function agentOfCurrentMember(): Promise<number | null> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? '""') as string);
  const me = await server.app.inject({
    method: 'GET',
    url: '/v1/me',
    headers: { authorization: `Bearer ${token}` },
  });
  return me.json<{ data: { agent_id: number | null } }>().data.agent_id;
}

/** The demo agent's member id (agent code AG8888). */
async function agentId(): Promise<number | null> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/v1/agent/validate',
    payload: { agent_code: 'AG8888' },
  });
  return res.json<{ data: { agent_id: number | null } }>().data.agent_id;
}

/** Ticks 「我已年满18周岁，并已阅读同意《用户协议》和《隐私政策》」 (on its box: the titles are links). */
async function acceptTerms(page: Page): Promise<void> {
  await page.getByTestId('accept-terms').locator('.adm-checkbox-icon').click();
}

/** The terms version and acceptance time stored for a member. */
async function storedConsent(username: string) {
  const [row] = await server.app.services.database.db
    .select({ version: members.termsVersion, at: members.termsAcceptedAt })
    .from(members)
    .where(eq(members.username, username));
  return row;
}

describe('registration and login', () => {
  it('registers a member who lands on mine with 0.00 and a VIP level, changes the password, logs out and logs in with it', async () => {
    const username = uniqueUsername('reg');
    await page.goto('/#/pages/login/register');
    await input(page, 'username').fill(username);
    await input(page, 'password').fill('abc12345');
    await input(page, 'password_confirmation').fill('abc12345');
    await acceptTerms(page);
    await page.getByRole('button', { name: '立即注册' }).click();

    await waitForRoute(page, '/pages/mine/mine');
    await expect.poll(() => page.getByTestId('mine-username').textContent()).toBe(username);
    await expect.poll(() => page.locator('.balance-main').textContent()).toBe('0.00');
    await expect.poll(() => page.getByTestId('vip-badge').textContent()).toContain('VIP0');
    await expect.poll(() => page.getByTestId('vip-badge').textContent()).toContain('普通会员');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

    // Account centre: change the login password.
    await page.getByTestId('mine-username').click();
    await waitForRoute(page, '/minePages/set');
    await page.locator('.adm-list-item', { hasText: '登录密码' }).click();
    await input(page, 'old_password').fill('abc12345');
    await input(page, 'password').fill('xyz98765');
    await input(page, 'password_confirmation').fill('xyz98765');
    await screenshot(page, 'set-change-password');
    await page.getByRole('button', { name: '确认修改' }).click();
    await toast(page, '密码修改成功').waitFor();

    // Log out from mine (with confirmation).
    await page.locator('.page-nav .adm-nav-bar-back').click();
    await waitForRoute(page, '/pages/mine/mine');
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: '退出', exact: true }).click();
    await waitForRoute(page, '/pages/home/home');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // The old password no longer works; the new one does.
    await login(page, username, 'abc12345');
    await page.getByTestId('login-error').waitFor();
    expect(await page.getByTestId('login-error').textContent()).toContain('用户名或密码错误');
    await input(page, 'password').fill('xyz98765');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await waitForRoute(page, '/pages/home/home');
    await dismissHomeModal(page);
    await page.goto('/#/pages/mine/mine');
    await expect.poll(() => page.getByTestId('mine-username').textContent()).toBe(username);
  });

  it("shows the server's message 用户名或密码错误 for a wrong password", async () => {
    await login(page, 'demo001', 'wrong999');
    const error = page.getByTestId('login-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('用户名或密码错误');
    // Said once, under the form: no toast repeats it.
    expect(await toast(page, '用户名或密码错误').count()).toBe(0);
    expect(page.url()).toContain('#/pages/login/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await screenshot(page, 'login-wrong-password');
  });

  it('counts down the tries left, then says when to retry; the owner elsewhere still signs in', async () => {
    const username = uniqueUsername('lock');
    const registered = await server.app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: { username, password: 'abc12345', accept_terms: true, terms_version: TERMS_VERSION },
      remoteAddress: '203.0.113.50',
    });
    expect(registered.statusCode).toBe(200);
    const error = page.getByTestId('login-error');
    for (const left of [null, null, 2, 1, 0]) {
      await login(page, username, 'wrong999');
      await expect
        .poll(() => error.textContent())
        .toContain(
          left === null
            ? '用户名或密码错误'
            : left > 0
              ? `用户名或密码错误，还可尝试${left}次`
              : '用户名或密码错误，登录已暂时锁定，请15分钟后再试',
        );
    }
    // The sixth try from this address is refused, the right password too, with the time to wait.
    await login(page, username, 'abc12345');
    await expect.poll(() => error.textContent()).toContain('登录失败次数过多，请15分钟后再试');
    await screenshot(page, 'login-locked-out');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The owner, from their own address, is not locked out.
    const owner = await server.app.inject({
      method: 'POST',
      url: '/v1/login',
      payload: { username, password: 'abc12345' },
      remoteAddress: '203.0.113.50',
    });
    expect(owner.statusCode).toBe(200);
  });

  it('smart registration shows the generated account and password once and they work', async () => {
    await page.goto('/#/');
    await page.getByRole('button', { name: '一键注册' }).click();
    // The same consent as the register page, in a dialog: refused on the page until ticked.
    const consent = page.getByTestId('smart-consent');
    await consent.waitFor();
    await page.getByRole('button', { name: '确认注册' }).click();
    await consent.getByRole('alert').getByText('请确认已满18周岁并同意《用户协议》和《隐私政策》').waitFor();
    expect(await consent.getByRole('link', { name: '《用户协议》' }).getAttribute('href')).toBe(
      '#/pages/legal/user-agreement',
    );
    await screenshot(page, 'smart-register-consent');
    await acceptTerms(page);
    await page.getByRole('button', { name: '确认注册' }).click();
    const usernameCell = page.getByTestId('smart-username');
    await usernameCell.waitFor();
    const username = (await usernameCell.textContent())?.trim() ?? '';
    const password = (await page.getByTestId('smart-password').textContent())?.trim() ?? '';
    expect(username).toMatch(/^[a-z][a-z0-9]{5,15}$/);
    expect(password).toMatch(/^(?=.*[A-Za-z])(?=.*\d)\S{6,20}$/);
    await screenshot(page, 'smart-register-dialog');

    // The credentials really log in.
    const response = await fetch(`${server.baseUrl}/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    expect(((await response.json()) as { code: number }).code).toBe(200);

    await page.getByRole('button', { name: '我已保存，进入个人中心' }).click();
    await waitForRoute(page, '/pages/mine/mine');
    await expect.poll(() => page.getByTestId('mine-username').textContent()).toBe(username);
    // Shown once: the dialog is gone and nothing on the page repeats the password.
    await page.getByTestId('smart-password').waitFor({ state: 'detached' });
    expect(await page.content()).not.toContain(password);
    expect(await storedConsent(username)).toMatchObject({ version: TERMS_VERSION });
  });

  it('the demo member logs in and sees 10,000.00', async () => {
    await login(page, 'demo001', 'demo1234');
    await waitForRoute(page, '/pages/home/home');
    await dismissHomeModal(page);
    await expect.poll(() => page.locator('.member-balance-value').textContent()).toBe('10,000.00');
    await page.goto('/#/pages/mine/mine');
    await expect.poll(() => page.locator('.balance-main').textContent()).toBe('10,000.00');
    expect(await page.getByTestId('mine-username').textContent()).toBe('demo001');
  });

  it('registers through /areg with agent code AG8888 after validating it live', async () => {
    const username = uniqueUsername('agt');
    await page.goto('/#/areg?code=AG8888');
    expect(await input(page, 'agent_code').inputValue()).toBe('AG8888');
    await page.locator('.code-status.ok').waitFor();
    await input(page, 'username').fill(username);
    await input(page, 'password').fill('abc12345');
    await input(page, 'password_confirmation').fill('abc12345');
    await acceptTerms(page);
    await page.getByRole('button', { name: '立即注册' }).click();
    await waitForRoute(page, '/pages/mine/mine');
    await expect.poll(() => page.getByTestId('mine-username').textContent()).toBe(username);
    expect(await agentOfCurrentMember()).toBe(await agentId());
  });

  it('registers through /areg without a code on a domain bound to an agent', async () => {
    const username = uniqueUsername('dom');
    const port = new URL(server.baseUrl).port;
    // Chromium resolves *.localhost to this machine; the seed binds agent.localhost to agent AG8888.
    await page.goto(`http://agent.localhost:${port}/#/areg`);
    await page.getByText('已绑定代理').waitFor();
    await input(page, 'username').fill(username);
    await input(page, 'password').fill('abc12345');
    await input(page, 'password_confirmation').fill('abc12345');
    await acceptTerms(page);
    await page.getByRole('button', { name: '立即注册' }).click();
    await waitForRoute(page, '/pages/mine/mine');
    await expect.poll(() => page.getByTestId('mine-username').textContent()).toBe(username);
    expect(await agentOfCurrentMember()).toBe(await agentId());
  });

  it('registers through /ireg with the invite code from ?code= and shows the inviter', async () => {
    const demo = await server.app.inject({
      method: 'POST',
      url: '/v1/login',
      payload: { username: 'demo001', password: 'demo1234' },
    });
    const inviteCode = demo.json<{ data: { userinfo: { invite_code: string } } }>().data.userinfo.invite_code;
    const username = uniqueUsername('inv');
    await page.goto(`/#/ireg?code=${inviteCode}`);
    expect(await input(page, 'invite_code').inputValue()).toBe(inviteCode);
    await page.locator('.code-status.ok', { hasText: '邀请人' }).waitFor();
    await input(page, 'username').fill(username);
    await input(page, 'password').fill('abc12345');
    await input(page, 'password_confirmation').fill('abc12345');
    await acceptTerms(page);
    await page.getByRole('button', { name: '立即注册' }).click();
    await waitForRoute(page, '/pages/mine/mine');
    await expect.poll(() => page.getByTestId('mine-username').textContent()).toBe(username);
  });

  it('checks the invite code live on the join page and refuses a wrong one', async () => {
    await page.goto('/#/pages/login/register?invite_code=NOPE1234');
    expect(await input(page, 'invite_code').inputValue()).toBe('NOPE1234');
    await page.locator('.code-status.bad', { hasText: '邀请码无效' }).waitFor();
    await input(page, 'username').fill(uniqueUsername('bad'));
    await input(page, 'password').fill('abc12345');
    await input(page, 'password_confirmation').fill('abc12345');
    await acceptTerms(page);
    await page.getByRole('button', { name: '立即注册' }).click();
    await page.locator('.adm-form-item-feedback-error', { hasText: '邀请码无效' }).waitFor();
    expect(page.url()).toContain('#/pages/login/register');
  });

  it('refuses to register without the consent, opens 《用户协议》 and 《隐私政策》 from it, and registers once it is ticked', async () => {
    const username = uniqueUsername('tos');
    const registerCalls: string[] = [];
    const onRequest = (request: { url(): string }) => {
      if (/\/v1\/(.*\/)?register/.test(request.url())) registerCalls.push(request.url());
    };
    page.on('request', onRequest);
    try {
      await page.goto('/#/pages/login/register');
      await input(page, 'username').fill(username);
      await input(page, 'password').fill('abc12345');
      await input(page, 'password_confirmation').fill('abc12345');
      await page.getByRole('button', { name: '立即注册' }).click();
      const refusal = page.locator('.terms-consent').getByRole('alert');
      await refusal.getByText('请确认已满18周岁并同意《用户协议》和《隐私政策》').waitFor();
      expect(page.url()).toContain('#/pages/login/register');
      expect(registerCalls).toEqual([]);
      await screenshot(page, 'legal-register-refused');

      // 《用户协议》 from the consent: a page of its own with the version on top, then back.
      await page.getByTestId('terms-link-user-agreement').click();
      await waitForRoute(page, '/pages/legal/user-agreement');
      await page.getByRole('heading', { name: '《用户协议》' }).waitFor();
      expect(await page.getByTestId('legal-version').textContent()).toContain(`版本号：${TERMS_VERSION}`);
      expect(await page.getByTestId('legal-version').textContent()).toContain('生效日期：2026年11月26日');
      await page.getByRole('heading', { name: '七、理性投注' }).waitFor();
      expect(await page.locator('.legal-section').count()).toBeGreaterThanOrEqual(10);
      await screenshot(page, 'legal-user-agreement');
      await page.locator('.legal-foot').scrollIntoViewIfNeeded();
      await screenshot(page, 'legal-user-agreement-end');
      await page.locator('.page-nav .adm-nav-bar-back').click();
      await waitForRoute(page, '/pages/login/register');
      // The name typed is still there; the passwords and the consent are asked again.
      expect(await input(page, 'username').inputValue()).toBe(username);

      await page.getByTestId('terms-link-privacy-policy').click();
      await waitForRoute(page, '/pages/legal/privacy-policy');
      await page.getByRole('heading', { name: '《隐私政策》' }).waitFor();
      expect(await page.getByTestId('legal-version').textContent()).toContain(`版本号：${TERMS_VERSION}`);
      await page.getByRole('heading', { name: '六、您的权利' }).waitFor();
      await screenshot(page, 'legal-privacy-policy');
      await page.locator('.legal-foot').scrollIntoViewIfNeeded();
      await screenshot(page, 'legal-privacy-policy-end');
      await page.locator('.page-nav .adm-nav-bar-back').click();
      await waitForRoute(page, '/pages/login/register');

      expect(registerCalls).toEqual([]);
      await input(page, 'password').fill('abc12345');
      await input(page, 'password_confirmation').fill('abc12345');
      await acceptTerms(page);
      await screenshot(page, 'legal-register-accepted');
      await page.getByRole('button', { name: '立即注册' }).click();
      await waitForRoute(page, '/pages/mine/mine');
      await expect.poll(() => page.getByTestId('mine-username').textContent()).toBe(username);
      expect(registerCalls).toHaveLength(1);
    } finally {
      page.off('request', onRequest);
    }
    const stored = await storedConsent(username);
    expect(stored?.version).toBe(TERMS_VERSION);
    expect(Math.abs((stored?.at?.getTime() ?? 0) - server.app.services.clock.now().getTime())).toBeLessThan(
      60_000,
    );
  });

  it('lists 《用户协议》 and 《隐私政策》 under 设置', async () => {
    await page.goto('/#/minePages/setApp');
    await page.locator('.adm-list-item', { hasText: '隐私政策' }).click();
    await waitForRoute(page, '/pages/legal/privacy-policy');
    await page.getByRole('heading', { name: '《隐私政策》' }).waitFor();
    await page.goto('/#/minePages/setApp');
    await page.locator('.adm-list-item', { hasText: '用户协议' }).click();
    await waitForRoute(page, '/pages/legal/user-agreement');
    await page.getByRole('heading', { name: '《用户协议》' }).waitFor();
  });

  it('validates the form with the shared rules before calling the server', async () => {
    await page.goto('/#/pages/login/register');
    await input(page, 'username').fill('1abc');
    await input(page, 'password').fill('abcdefg');
    await input(page, 'password_confirmation').fill('abcdefh');
    await page.getByRole('button', { name: '立即注册' }).click();
    await page.getByText('用户名须为6-16位字母或数字，且以字母开头').waitFor();
    await page.getByText('密码须同时包含字母和数字').waitFor();
    await page.getByText('两次输入的密码不一致').waitFor();
    await screenshot(page, 'register-validation');
  });
});
