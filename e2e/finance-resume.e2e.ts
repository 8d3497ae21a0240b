import { describe, expect, it } from 'vitest';
import { TERMS_VERSION } from '@app/shared';
import { dismissHomeModal, login, toast, toastsGone, uniqueUsername, waitForRoute } from './support/app.ts';
import { openRoute, screenshot } from './support/browser.ts';
import { page, pageErrors, server, useBrowserSuite } from './support/suite.ts';

// Issue 44, point 9: a deposit left unfinished comes back where the member left it, and a failed
// gateway payment ends on the app's own result page, not on a page of the gateway's.

useBrowserSuite('finance-resume');

interface Order {
  id: number;
  order_no: string;
  status: string;
  status_text: string;
}

let registrations = 0;

/** A member of the test's own, signed in on the phone; `api` makes their calls from another device. */
async function signedInMember() {
  const username = uniqueUsername('res');
  const registered = await server.app.inject({
    method: 'POST',
    url: '/v1/register',
    payload: { username, password: 'abc12345', accept_terms: true, terms_version: TERMS_VERSION },
    remoteAddress: `203.0.113.${70 + registrations++}`,
  });
  expect(registered.statusCode, registered.body).toBe(200);
  const auth = { authorization: `Bearer ${registered.json<{ data: { token: string } }>().data.token}` };
  const api = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await server.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
    return res.json<{ code: number; message: string; data: unknown }>();
  };
  const deposits = async () =>
    ((await api('GET', '/v1/payment-orders?per_page=50')).data as { list: Order[] }).list;
  await login(page, username, 'abc12345');
  await waitForRoute(page, '/pages/home/home');
  await dismissHomeModal(page);
  return { api, deposits };
}

const usdtPanel = () => page.getByTestId('usdt-panel');
const panelOrderId = async () => Number(await usdtPanel().getAttribute('data-order-id'));

describe('an unfinished deposit', () => {
  it('shows a USDT order left before its transfer again on 充值, and makes no second one', async () => {
    const { api, deposits } = await signedInMember();
    await openRoute(page, '/financePages/recharge');
    await page.getByRole('button', { name: 'USDT-TRC20' }).click();
    await page.getByRole('textbox', { name: '充值金额' }).fill('50');
    await page.getByRole('button', { name: '获取收款地址' }).click();
    await usdtPanel().waitFor();
    // Made just now: not yet an "unfinished order".
    expect(await page.getByTestId('usdt-resumed').count()).toBe(0);
    const [made] = await deposits();
    const first = made!.id;

    // The member leaves for home before sending the USDT, then comes back to 充值: the same order.
    await openRoute(page, '/pages/home/home');
    await waitForRoute(page, '/pages/home/home');
    await openRoute(page, '/financePages/recharge');
    await usdtPanel().waitFor();
    expect(await panelOrderId()).toBe(first);
    await page.getByTestId('usdt-resumed').waitFor();
    expect(await usdtPanel().innerText()).toContain(made!.order_no);
    // Held for 30 minutes from when it was made.
    expect(await page.getByTestId('usdt-time-left').textContent()).toMatch(/^(30:00|29:\d\d)$/);
    expect(await page.getByRole('button', { name: 'USDT-TRC20' }).getAttribute('aria-pressed')).toBe('true');
    expect(await usdtPanel().innerText()).toContain('请向以下 TRC20 地址转账 50.00 USDT');
    expect(await page.getByRole('button', { name: '获取收款地址' }).count()).toBe(0);
    await screenshot(page, 'finance-usdt-resumed');
    // The app opened afresh (another launch) shows it as well: the server keeps it.
    await page.reload();
    await page.getByTestId('usdt-resumed').waitFor();
    expect(await panelOrderId()).toBe(first);
    await page.getByRole('button', { name: '取消订单，重新下单' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'finance-usdt-resumed-actions');

    // Another method is still at hand; back on USDT, the same order.
    await page.getByRole('button', { name: '支付宝' }).click();
    await page.getByRole('button', { name: '立即充值' }).waitFor();
    await page.getByRole('button', { name: 'USDT-TRC20' }).click();
    expect(await panelOrderId()).toBe(first);
    expect((await deposits()).map((o) => o.id)).toEqual([first]);

    // A second order from another device is refused, naming the open one.
    const [open] = await deposits();
    expect(await api('POST', '/v1/payment-orders', { method: 'usdt_erc20', amount: '100' })).toMatchObject({
      code: 409,
      message: `您有一笔未完成的USDT充值（订单 ${open!.order_no}，50.00 USDT），请完成转账或取消该订单后再下单`,
    });

    // Starting another deliberately: cancel this one, and the form is back.
    await page.getByRole('button', { name: '取消订单，重新下单' }).click();
    await page.getByRole('button', { name: '确认取消' }).waitFor();
    await screenshot(page, 'finance-usdt-cancel-confirm');
    await page.getByRole('button', { name: '确认取消' }).click();
    await toast(page, '订单已取消，可重新下单').waitFor();
    await page.getByRole('button', { name: '获取收款地址' }).waitFor();
    expect(await page.getByRole('button', { name: 'USDT-TRC20' }).getAttribute('aria-pressed')).toBe('true');

    // Meanwhile another device made one: the form's order is refused and that one shows instead.
    const other = (await api('POST', '/v1/payment-orders', { method: 'usdt_trc20', amount: '70' })) as {
      data: { order: Order };
    };
    await page.getByRole('textbox', { name: '充值金额' }).fill('60');
    await page.getByRole('button', { name: '获取收款地址' }).click();
    await toast(page, `您有一笔未完成的USDT充值（订单 ${other.data.order.order_no}`).waitFor();
    await page.getByTestId('usdt-resumed').waitFor();
    expect(await panelOrderId()).toBe(other.data.order.id);
    expect(await usdtPanel().innerText()).toContain('转账 70.00 USDT');

    // Declared, it leaves the page for the records; the page then offers a new order.
    await page.getByRole('textbox', { name: '交易哈希' }).fill('5e'.repeat(32));
    await page.getByRole('button', { name: '提交转账信息' }).click();
    await page.getByTestId('deposit-record').first().getByText('待确认').waitFor();
    await toastsGone(page);
    await screenshot(page, 'finance-usdt-resume-records');
    expect((await deposits()).map((o) => [o.id, o.status])).toEqual([
      [other.data.order.id, 'confirming'],
      [first, 'cancelled'],
    ]);
    await page.getByRole('tab', { name: '充值', exact: true }).click();
    await page.getByRole('button', { name: 'USDT-TRC20' }).click();
    await page.getByRole('button', { name: '获取收款地址' }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});

describe('a failed gateway payment', () => {
  it('ends on the app’s own failure page, which pays again or returns to 充值', async () => {
    const { deposits } = await signedInMember();
    await openRoute(page, '/financePages/recharge');
    await page.getByRole('button', { name: '支付宝' }).click();
    await page.locator('.fin-chip', { hasText: /^100$/ }).click();
    await page.getByRole('button', { name: '立即充值' }).click();
    await waitForRoute(page, '/pages/payment/webview');
    const gateway = page.frameLocator('[data-testid=payment-frame]');
    await gateway.getByRole('button', { name: '模拟失败' }).click();

    await waitForRoute(page, '/pages/payment/success', 15_000);
    const result = page.getByTestId('payment-success');
    await result.getByText('支付失败').waitFor();
    expect(await result.getAttribute('data-status')).toBe('failed');
    expect(await page.getByTestId('payment-reason').textContent()).toBe('支付未完成');
    // The app's page (its bar and title), not the gateway's.
    expect(await page.locator('.page-nav').innerText()).toContain('支付结果');
    expect(await page.getByText('模拟支付网关').count()).toBe(0);
    await screenshot(page, 'finance-payment-failed');
    const [failed] = await deposits();
    expect(failed).toMatchObject({ status: 'failed' });

    // 重新支付: a new order of the same method and amount, on the gateway's page again.
    await page.getByRole('button', { name: '重新支付' }).click();
    await waitForRoute(page, '/pages/payment/webview');
    await gateway.getByRole('button', { name: '支付 ¥100.00' }).waitFor();
    const [again] = await deposits();
    expect(again!.id).not.toBe(failed!.id);
    expect(page.url()).toContain(`order_id=${again!.id}`);

    // The payer gives up on another device (or the gateway's answer comes first): the app sees
    // the order fail and shows its result in place, without leaving the page it is.
    await page.evaluate(() => {
      (window as { stayed?: boolean }).stayed = true;
    });
    const payUrl = await page.locator('[data-testid=payment-frame]').getAttribute('src');
    expect((await server.app.inject({ method: 'POST', url: `${payUrl}/fail` })).statusCode).toBe(303);
    await waitForRoute(page, '/pages/payment/success', 15_000);
    await result.getByText('支付失败').waitFor();
    expect(page.url()).toContain(`order_id=${again!.id}`);
    expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);

    // 返回充值: the form, ready for another try.
    await page.getByRole('button', { name: '返回充值' }).click();
    await waitForRoute(page, '/financePages/recharge');
    await page.getByRole('button', { name: '立即充值' }).waitFor();
    expect((await deposits()).map((o) => o.status)).toEqual(['failed', 'failed']);
    expect(pageErrors).toEqual([]);
  });
});
