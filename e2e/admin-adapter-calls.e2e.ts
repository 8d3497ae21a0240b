/**
 * 系统 › 外部调用 in the browser, against a server whose payment gateway is the 易支付 fake in
 * api mode: a member's deposits make real calls to mapi.php (one refused by an HTTP 500 first),
 * which the console lists with their outcome and opens to the masked request and answer.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startEpayFake, type EpayFake } from '../apps/server/src/adapters/epay/fake.ts';
import { screenshot } from './support/browser.ts';
import { consoleLogin, consolePage as page, pageErrors, server, useConsoleSuite } from './support/admin.ts';
import { memberApi } from './support/member-api.ts';

const PID = '1001';
const KEY = 'Kq3vN8xZp2LmR7tY5wB1cD4fG6hJ9sAe';
let fake: EpayFake;
/** Filled before the suite's server starts (useConsoleSuite reads it then). */
const env: Record<string, string> = {};

beforeAll(async () => {
  fake = await startEpayFake({ merchants: { [PID]: KEY }, fetch: async () => new Response('success') });
  Object.assign(env, {
    PAYMENT_GATEWAY: 'epay',
    PAYMENT_GATEWAY_SECRET: KEY,
    EPAY_API_URL: fake.url,
    EPAY_PID: PID,
    EPAY_MODE: 'api',
    // Where the gateway would notify (nothing is paid here: the calls to it are what is shown).
    PUBLIC_URL: 'https://jc.example',
  });
  return () => fake.close();
});
useConsoleSuite('admin-adapter-calls', env);

describe('系统 › 外部调用', () => {
  it('lists the gateway calls a deposit made, with the failed try, and opens one to its request and answer', async () => {
    const api = await memberApi(server, 'demo001', 'demo1234');
    fake.failNext('server-error');
    const refused = await server.app.inject({
      method: 'POST',
      url: '/v1/payment-orders',
      headers: { authorization: (await loginToken()).authorization, 'idempotency-key': 'e2e-calls-1' },
      payload: { method: 'alipay', amount: '100' },
    });
    expect(refused.json<{ code: number }>().code).toBe(503);
    await api('POST', '/v1/payment-orders', { method: 'alipay', amount: '100' });
    await api('POST', '/v1/payment-orders', { method: 'wechat', amount: '200' });
    await server.app.services.adapterCallLog.flush();

    await consoleLogin(page, 'admin', 'admin1234');
    await page.getByTestId('dashboard-today').waitFor();
    await page.getByRole('menuitem', { name: '系统' }).waitFor();
    await page.goto('/admin/system/adapter-calls');
    const failed = page.locator('tr', { hasText: 'HTTP 错误' }).first();
    await failed.waitFor();
    await expect.poll(() => page.locator('tr', { hasText: 'mapi.php' }).count()).toBe(3);
    await screenshot(page, 'admin-adapter-calls');

    await page.locator('tr', { hasText: '成功' }).first().getByText('order').click();
    const request = page.getByTestId('call-request');
    await request.waitFor();
    expect(await request.textContent()).toMatch(/sign=[0-9a-f]{4}…/);
    expect(await page.getByTestId('call-answer').textContent()).toContain('"code":1');
    expect(await page.locator('.ant-drawer').textContent()).not.toContain(KEY);
    await screenshot(page, 'admin-adapter-call-detail');
    expect(pageErrors).toEqual([]);
  });
});

/** demo001's bearer header, for a request with headers of its own. */
async function loginToken(): Promise<{ authorization: string }> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/v1/login',
    payload: { username: 'demo001', password: 'demo1234' },
  });
  return { authorization: `Bearer ${res.json<{ data: { token: string } }>().data.token}` };
}
