import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import {
  consoleLogin,
  consoleSignOut,
  consolePage as page,
  createOperator,
  pageErrors,
  server,
  useConsoleSuite,
} from './support/admin.ts';

// Production's rule for operators: admin and finance sign in with two-factor.
useConsoleSuite('admin-auth', { OPERATOR_TOTP_ROLES: 'admin,finance' });

describe('console sign-in', () => {
  it('an admin enrols two-factor from the console, then signs in with a code', async () => {
    await consoleLogin(page, 'admin', 'admin1234');
    // Required and not enrolled: the console sends the operator to enrol first.
    await page.waitForURL(/\/admin\/security/);
    await page.getByText('当前角色必须开启两步验证后才能使用后台').waitFor();
    await page.getByRole('button', { name: '绑定验证器' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await screenshot(page, 'admin-security-enrol');
    const { totpCode } = await import('./support/admin.ts');
    await page.getByLabel('动态验证码').fill(totpCode(secret));
    await page.getByRole('button', { name: '确认绑定' }).click();
    await page.getByText('已开启', { exact: true }).waitFor();

    await page.getByRole('link', { name: '概览' }).first().click();
    await page.getByTestId('dashboard-today').waitFor();
    await screenshot(page, 'admin-dashboard');

    // Sign out, then sign in again: the code is asked for.
    await consoleSignOut(page);
    await page.getByPlaceholder('用户名').fill('admin');
    await page.getByPlaceholder('密码').fill('admin1234');
    await page.getByRole('button', { name: /登\s?录/ }).click();
    await page.getByPlaceholder('6位动态验证码').waitFor();
    await screenshot(page, 'admin-login-totp');
    // A code from the next 30 s step (the enrolment code is spent).
    await page
      .getByPlaceholder('6位动态验证码')
      .fill(totpCode(secret, server.app.services.clock.now().getTime() + 30_000));
    await page.getByRole('button', { name: /登\s?录/ }).click();
    await page.getByTestId('dashboard-today').waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('a support operator sees only the menus of their role and signs in without a code', async () => {
    await consoleSignOut(page);
    const support = await createOperator('cs01', 'support');
    await consoleLogin(page, support.username, support.password);
    await page.getByTestId('dashboard-today').waitFor();
    const menu = await page.locator('.ant-pro-sider-menu, .ant-menu').first().innerText();
    expect(menu).toContain('概览');
    expect(menu).not.toContain('管理账号');
    expect(menu).not.toContain('审计日志');
    // Typing the address of a screen of another role lands back on the dashboard.
    await page.goto('/admin/operators');
    await page.waitForURL((url) => /^\/admin\/?$/.test(url.pathname));
    await screenshot(page, 'admin-support-menu');
  });
});
