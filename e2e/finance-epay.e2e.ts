/**
 * PAYMENT_GATEWAY=epay in the browser (issue 38): a member deposits through a 易支付 gateway (the
 * fake, speaking the merchant protocol over loopback). The app gives the gateway's signed
 * submit.php page; the member opens it in its own window (an http fake cannot be framed under
 * the app's CSP, as many real cashiers refuse frames), pays, the gateway's signed GET notification
 * credits the deposit, and the app's page, watching the order, shows 充值成功 with the balance
 * up. Screenshots `finance-epay-*.png`.
 */
import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startEpayFake } from '../apps/server/src/adapters/epay/fake.ts';
import { dismissHomeModal, login, waitForRoute } from './support/app.ts';
import { openRoute, screenshot } from './support/browser.ts';
import { context, page, pageErrors, useBrowserSuite } from './support/suite.ts';

const PID = '1001';
const KEY = 'e2eMerchantKey0123456789abcdefXY';

/** A loopback port free now, for a server whose address the fake must know before it starts. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const port = await freePort();
const fake = await startEpayFake({ merchants: { [PID]: KEY } });
afterAll(() => fake.close());

useBrowserSuite('finance-epay', {
  env: {
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PAYMENT_GATEWAY: 'epay',
    PAYMENT_GATEWAY_SECRET: KEY,
    EPAY_API_URL: fake.url,
    EPAY_PID: PID,
  },
});

describe('deposit through 易支付', () => {
  it('pays on the gateway’s cashier in its own window; the signed notification credits once', async () => {
    await login(page, 'demo001', 'demo1234');
    await waitForRoute(page, '/pages/home/home');
    await dismissHomeModal(page);
    await openRoute(page, '/financePages/recharge');
    await page.getByRole('button', { name: '支付宝' }).click();
    await page.locator('.fin-chip', { hasText: /^100$/ }).click();
    await page.getByRole('button', { name: '立即充值' }).click();
    await waitForRoute(page, '/pages/payment/webview');

    const open = page.getByTestId('payment-open-window');
    const payUrl = new URL((await open.getAttribute('href'))!);
    expect(`${payUrl.origin}${payUrl.pathname}`).toBe(`${fake.url}submit.php`);
    expect(payUrl.searchParams.get('type')).toBe('alipay');
    expect(payUrl.searchParams.get('money')).toBe('100.00');
    await screenshot(page, 'finance-epay-webview');

    const [cashier] = await Promise.all([context.waitForEvent('page'), open.click()]);
    const pay = cashier.getByRole('button', { name: '支付', exact: true });
    await pay.waitFor();
    expect(await cashier.textContent('body')).toContain('100.00');
    await screenshot(cashier, 'finance-epay-cashier');
    await pay.click();
    // The gateway sends the payer back to our return URL with its signed result.
    await cashier.waitForURL((url) => url.searchParams.get('trade_status') === 'TRADE_SUCCESS');

    // The app's page saw the order paid and shows the result.
    await waitForRoute(page, '/pages/payment/success', 20_000);
    await page.getByText('充值成功').waitFor();
    await expect
      .poll(() => page.locator('.fin-success-amount .money').getAttribute('data-amount'))
      .toBe('100.00');
    await screenshot(page, 'finance-epay-success');

    const [notified] = fake.notifyLog;
    expect(notified).toMatchObject({ status: 200, body: 'success', delivered: true });
    expect(fake.orders).toHaveLength(1);
    expect(fake.orders[0]).toMatchObject({ status: 1, acknowledged: true, money: '100.00' });
    await cashier.close();
    expect(pageErrors).toEqual([]);
  });
});
