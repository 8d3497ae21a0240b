import { afterEach, describe, expect, it } from 'vitest';
import type { GatewayPaymentRequest } from '../../modules/payments/index.ts';
import { EpayError, EpayGateway } from './epay.ts';
import type { EpayOptions } from './epay.ts';
import { startEpayFake } from './fake.ts';
import type { EpayFake, EpayFakeOptions } from './fake.ts';
import { epaySign, epaySigningString, verifyEpaySign, withEpaySign } from './signature.ts';

/** 18:00:00 in China: the fake's trade numbers start 20261130180000. */
const FIXED_NOW = new Date('2026-11-30T10:00:00Z');
const fixedClock = (): Date => FIXED_NOW;
const PID = '1001';
const KEY = 'Xo9fK2mB7qL4tR8vW1zY3cN6hJ5pD0sA';
const ORDER_NO = 'D20261130180000123456';
const NOTIFY_URL = 'https://m.example.com/v1/payment-orders/notify/epay';
const RETURN_URL = 'https://m.example.com/?scheme=payment-success&order_no=D20261130180000123456&order_id=42';
/** The fake's first trade number at FIXED_NOW. */
const FIRST_TRADE_NO = '2026113018000010001';

const REQUEST: GatewayPaymentRequest = {
  orderNo: ORDER_NO,
  amount: 10_000n,
  subject: '充值 支付宝',
  method: 'alipay',
  notifyUrl: NOTIFY_URL,
  returnUrl: RETURN_URL,
  clientIp: '203.0.113.7',
};

/** A notification as the gateway sends it for REQUEST, paid, trade FIRST_TRADE_NO. */
const NOTIFICATION: Record<string, string> = {
  pid: PID,
  trade_no: FIRST_TRADE_NO,
  out_trade_no: ORDER_NO,
  type: 'alipay',
  name: '充值 支付宝',
  money: '100.00',
  trade_status: 'TRADE_SUCCESS',
  // Computed outside this code (see "signature vectors" below).
  sign: '6f95ad798ff982e7c18edd471485e3c8',
  sign_type: 'MD5',
};

function urlOf(input: Parameters<typeof fetch>[0]): string {
  return input instanceof Request ? input.url : input.toString();
}

/** A notify_url stand-in: records each notification and answers `answer`. */
function receiver(answer = 'success'): { fetch: typeof fetch; calls: URL[]; answer: (text: string) => void } {
  const calls: URL[] = [];
  let text = answer;
  return {
    calls,
    answer: (next) => void (text = next),
    fetch: async (input) => {
      calls.push(new URL(urlOf(input)));
      return new Response(text, { status: 200, headers: { 'content-type': 'text/plain' } });
    },
  };
}

/** A gateway stand-in answering every call with `body`, recording the URLs asked. */
function answering(body: unknown, status = 200): { fetch: typeof fetch; urls: string[] } {
  const urls: string[] = [];
  return {
    urls,
    fetch: async (input) => {
      urls.push(urlOf(input));
      return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
    },
  };
}

const fakes: EpayFake[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

async function fake(overrides: Partial<EpayFakeOptions> = {}): Promise<EpayFake> {
  const started = await startEpayFake({
    merchants: { [PID]: KEY },
    now: fixedClock,
    fetch: receiver().fetch,
    ...overrides,
  });
  fakes.push(started);
  return started;
}

function gateway(overrides: Partial<EpayOptions> = {}): EpayGateway {
  return new EpayGateway({
    apiUrl: 'https://pay.example.com/',
    pid: PID,
    key: KEY,
    mode: 'page',
    ...overrides,
  });
}

/** The EpayError a promise rejects with (fails the test if it resolves). */
async function epayError(promise: Promise<unknown>): Promise<EpayError> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EpayError);
  return error as EpayError;
}

describe('signature vectors (signature.ts)', () => {
  // Each expected value was computed independently of this code, with the shell:
  //   printf '%s' '<signing string><key>' | md5sum
  // (printf writes the Chinese as UTF-8), the signing string written out by hand from the
  // documented rule: sorted names, empty values and sign/sign_type left out, raw values, the key
  // appended without a separator.

  it('signs a payment request: Chinese name, an empty value skipped, sign and sign_type skipped', () => {
    const params = {
      pid: PID,
      type: 'alipay',
      out_trade_no: ORDER_NO,
      notify_url: NOTIFY_URL,
      return_url: RETURN_URL,
      name: '充值 支付宝',
      money: '100.00',
      param: '',
      sign: 'not-signed',
      sign_type: 'MD5',
    };
    const signing =
      'money=100.00&name=充值 支付宝&notify_url=https://m.example.com/v1/payment-orders/notify/epay' +
      '&out_trade_no=D20261130180000123456&pid=1001' +
      '&return_url=https://m.example.com/?scheme=payment-success&order_no=D20261130180000123456&order_id=42' +
      '&type=alipay';
    expect(epaySigningString(params)).toBe(signing);
    // printf '%s' "${signing}Xo9fK2mB7qL4tR8vW1zY3cN6hJ5pD0sA" | md5sum
    expect(epaySign(params, KEY)).toBe('23f906dcb91b3d76f5d7f2b45b6a022e');
  });

  it('signs a notification (the documented notify fields)', () => {
    expect(epaySigningString(NOTIFICATION)).toBe(
      'money=100.00&name=充值 支付宝&out_trade_no=D20261130180000123456&pid=1001' +
        '&trade_no=2026113018000010001&trade_status=TRADE_SUCCESS&type=alipay',
    );
    // printf '%s' "money=100.00&name=充值 支付宝&…&type=alipayXo9fK2mB7qL4tR8vW1zY3cN6hJ5pD0sA" | md5sum
    expect(epaySign(NOTIFICATION, KEY)).toBe('6f95ad798ff982e7c18edd471485e3c8');
  });

  it('sorts names in byte order, as PHP ksort does (not locale order)', () => {
    const params = { ab: '4', a_b: '3', aB: '2', a: '1' };
    expect(epaySigningString(params)).toBe('a=1&aB=2&a_b=3&ab=4');
    // printf '%s' 'a=1&aB=2&a_b=3&ab=4Xo9fK2mB7qL4tR8vW1zY3cN6hJ5pD0sA' | md5sum
    expect(epaySign(params, KEY)).toBe('f0ae6293224f422dddfff004fe05dcef');
  });

  it('verifies in constant time: case-insensitive hex, false when missing, malformed or wrong', () => {
    expect(verifyEpaySign(NOTIFICATION, KEY)).toBe(true);
    expect(verifyEpaySign({ ...NOTIFICATION, sign: NOTIFICATION.sign?.toUpperCase() }, KEY)).toBe(true);
    expect(verifyEpaySign({ ...NOTIFICATION, sign: undefined }, KEY)).toBe(false);
    expect(verifyEpaySign({ ...NOTIFICATION, sign: '6f95ad798ff982e7c18edd471485e3c' }, KEY)).toBe(false);
    expect(verifyEpaySign({ ...NOTIFICATION, sign: 'zz95ad798ff982e7c18edd471485e3c8' }, KEY)).toBe(false);
    expect(verifyEpaySign({ ...NOTIFICATION, money: '1000.00' }, KEY)).toBe(false);
    expect(verifyEpaySign(NOTIFICATION, 'another-key')).toBe(false);
    // An empty parameter is not signed, so adding one does not change the signature.
    expect(verifyEpaySign({ ...NOTIFICATION, param: '' }, KEY)).toBe(true);
  });

  it('withEpaySign drops empty values and adds sign and sign_type', () => {
    expect(withEpaySign({ b: '2', a: '1', c: '', sign: 'x' }, KEY)).toEqual({
      b: '2',
      a: '1',
      sign: epaySign({ a: '1', b: '2' }, KEY),
      sign_type: 'MD5',
    });
  });
});

describe('page mode: the signed submit.php link', () => {
  it('carries the documented parameters, signed, and never the key', async () => {
    const opened = await gateway().createPayment(REQUEST);

    expect(opened.tradeNo).toBeNull();
    expect(opened.payUrl.startsWith('https://pay.example.com/submit.php?')).toBe(true);
    const params = Object.fromEntries(new URL(opened.payUrl).searchParams);
    expect(params).toEqual({
      pid: PID,
      type: 'alipay',
      out_trade_no: ORDER_NO,
      notify_url: NOTIFY_URL,
      return_url: RETURN_URL,
      name: '充值 支付宝',
      money: '100.00',
      // The first vector above: the same parameters.
      sign: '23f906dcb91b3d76f5d7f2b45b6a022e',
      sign_type: 'MD5',
    });
    expect(opened.payUrl).not.toContain(KEY);
    expect(params.clientip).toBeUndefined();
  });

  it('is the same link when asked twice', async () => {
    const epay = gateway();
    expect(await epay.createPayment(REQUEST)).toEqual(await epay.createPayment(REQUEST));
  });

  it('maps methods to types (defaults and overrides) and formats 分 as yuan', async () => {
    const typeOf = async (epay: EpayGateway, request: GatewayPaymentRequest): Promise<string | null> =>
      new URL((await epay.createPayment(request)).payUrl).searchParams.get('type');
    const moneyOf = async (amount: bigint): Promise<string | null> =>
      new URL((await gateway().createPayment({ ...REQUEST, amount })).payUrl).searchParams.get('money');

    expect(await typeOf(gateway(), { ...REQUEST, method: 'wechat' })).toBe('wxpay');
    expect(await typeOf(gateway(), { ...REQUEST, method: 'bank' })).toBe('bank');
    expect(await typeOf(gateway({ types: { alipay: 'alipay2' } }), REQUEST)).toBe('alipay2');
    expect(await moneyOf(1n)).toBe('0.01');
    expect(await moneyOf(12_345n)).toBe('123.45');
    expect(await moneyOf(100_000_000n)).toBe('1000000.00');
    await epayError(gateway().createPayment({ ...REQUEST, amount: 0n }));
  });

  it('opens the cashier at the fake, pays, notifies and returns signed', async () => {
    const notifications = receiver();
    const server = await fake({ fetch: notifications.fetch });
    const epay = gateway({ apiUrl: server.url });
    const { payUrl } = await epay.createPayment(REQUEST);

    const page = await fetch(payUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('收银台');
    expect(html).toContain('￥100.00');
    expect(html).toContain('>支付</button>');
    expect(server.orders).toHaveLength(1);
    expect(server.orders[0]).toMatchObject({ tradeNo: FIRST_TRADE_NO, outTradeNo: ORDER_NO, status: 0 });

    // The link followed again (a reload) is the same order.
    await (await fetch(payUrl)).text();
    expect(server.orders).toHaveLength(1);

    const paid = await fetch(`${server.url}pay/${FIRST_TRADE_NO}`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(302);
    const back = new URL(paid.headers.get('location') ?? '');
    expect(back.origin + back.pathname).toBe('https://m.example.com/');
    expect(back.searchParams.get('order_no')).toBe(ORDER_NO);
    // The gateway appends its signed parameters to our return_url's own query (scheme, order_no,
    // order_id): the signature covers its parameters only. Nothing is credited from this page.
    const {
      scheme: _scheme,
      order_no: _orderNo,
      order_id: _orderId,
      ...returned
    } = Object.fromEntries(back.searchParams);
    expect(returned).toEqual(NOTIFICATION);
    expect(verifyEpaySign(returned, KEY)).toBe(true);

    expect(notifications.calls).toHaveLength(1);
    const sent = notifications.calls[0];
    expect(sent?.origin + (sent?.pathname ?? '')).toBe(NOTIFY_URL);
    const params = Object.fromEntries(sent?.searchParams ?? []);
    // The fake's notification is the documented one, signed as the vector above.
    expect(params).toEqual(NOTIFICATION);
    expect(epay.readNotification(params)).toEqual({
      valid: true,
      orderNo: ORDER_NO,
      tradeNo: FIRST_TRADE_NO,
      amount: 10_000n,
      status: 'paid',
      sentAt: null,
    });
    expect(server.notifyLog[0]?.delivered).toBe(true);
    expect(server.orders[0]).toMatchObject({ status: 1, acknowledged: true, endtime: '2026-11-30 18:00:00' });
  });

  it('the fake opens the order from a POSTed form too (the SDK’s auto-submitted form)', async () => {
    const server = await fake();
    const { payUrl } = await gateway({ apiUrl: server.url }).createPayment(REQUEST);
    const form = new URL(payUrl).searchParams;
    const answer = await fetch(`${server.url}submit.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });

    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('支付');
    expect(server.orders[0]?.via).toBe('submit');
  });
});

describe('api mode: mapi.php against the fake', () => {
  it('opens the order: form POST with clientip, the fake’s trade and page; twice the same', async () => {
    const server = await fake();
    const epay = gateway({ apiUrl: server.url, mode: 'api' });
    const opened = await epay.createPayment(REQUEST);

    expect(opened).toEqual({ tradeNo: FIRST_TRADE_NO, payUrl: `${server.url}pay/${FIRST_TRADE_NO}` });
    const request = server.requests[0];
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/mapi.php');
    expect(request?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    const sent = Object.fromEntries(new URLSearchParams(request?.body));
    expect(sent).toMatchObject({ pid: PID, clientip: '203.0.113.7', money: '100.00', sign_type: 'MD5' });
    expect(verifyEpaySign(sent, KEY)).toBe(true);
    expect(request?.body).not.toContain(KEY);

    expect(await epay.createPayment(REQUEST)).toEqual(opened);
    expect(server.orders).toHaveLength(1);
    expect(server.orders[0]).toMatchObject({ via: 'mapi', clientIp: '203.0.113.7' });
  });

  it('needs the payer’s IP and sends nothing without it', async () => {
    const server = await fake();
    const error = await epayError(
      gateway({ apiUrl: server.url, mode: 'api' }).createPayment({ ...REQUEST, clientIp: undefined }),
    );

    expect(error.message).toMatch(/clientip/);
    expect(server.requests).toHaveLength(0);
  });

  it('a wrong key: the fake refuses the signature, the error carries its msg', async () => {
    const server = await fake();
    const error = await epayError(
      gateway({ apiUrl: server.url, mode: 'api', key: 'wrong-key' }).createPayment(REQUEST),
    );

    expect(error.message).toBe('EPay refused the payment: 签名校验失败！');
    expect(server.orders).toHaveLength(0);
  });

  it('an unknown merchant is refused', async () => {
    const server = await fake();
    const error = await epayError(
      gateway({ apiUrl: server.url, mode: 'api', pid: '2002' }).createPayment(REQUEST),
    );

    expect(error.message).toBe('EPay refused the payment: 商户不存在！');
  });

  it('the same out_trade_no with another amount is refused', async () => {
    const server = await fake();
    const epay = gateway({ apiUrl: server.url, mode: 'api' });
    await epay.createPayment(REQUEST);
    const error = await epayError(epay.createPayment({ ...REQUEST, amount: 20_000n }));

    expect(error.message).toBe('EPay refused the payment: 该订单号已存在，且金额不一致');
  });

  it('HTTP 500, a non-JSON answer and a hang are errors', async () => {
    const server = await fake();
    const epay = gateway({ apiUrl: server.url, mode: 'api', timeoutMs: 100 });

    server.failNext('server-error');
    expect((await epayError(epay.createPayment(REQUEST))).message).toBe('EPay mapi.php: HTTP 500');
    server.failNext('garbage');
    expect((await epayError(epay.createPayment(REQUEST))).message).toBe(
      'EPay mapi.php: the answer is not a JSON object (HTTP 200)',
    );
    server.failNext('hang');
    expect((await epayError(epay.createPayment(REQUEST))).message).toBe(
      'EPay mapi.php: timeout after 100 ms',
    );
    expect(server.orders).toHaveLength(0);
  });

  it('code 1 without a page, or with a script URL as its page, is refused', async () => {
    const noPage = answering({ code: 1, msg: '', trade_no: FIRST_TRADE_NO });
    await epayError(gateway({ mode: 'api', fetch: noPage.fetch }).createPayment(REQUEST));
    const script = answering({ code: 1, trade_no: FIRST_TRADE_NO, payurl: 'javascript:alert(1)' });
    await epayError(gateway({ mode: 'api', fetch: script.fetch }).createPayment(REQUEST));
    const qr = answering({ code: '1', trade_no: FIRST_TRADE_NO, qrcode: 'https://qr.alipay.com/bax01' });
    expect(await gateway({ mode: 'api', fetch: qr.fetch }).createPayment(REQUEST)).toEqual({
      tradeNo: FIRST_TRADE_NO,
      payUrl: 'https://qr.alipay.com/bax01',
    });
  });
});

describe('reading notifications', () => {
  const epay = gateway();
  const signed = (fields: Record<string, string>): Record<string, string> => withEpaySign(fields, KEY);
  const { sign: _sign, sign_type: _signType, ...unsigned } = NOTIFICATION;

  it('a valid one: paid, amount in 分, no signed time', () => {
    expect(epay.readNotification(NOTIFICATION)).toEqual({
      valid: true,
      orderNo: ORDER_NO,
      tradeNo: FIRST_TRADE_NO,
      amount: 10_000n,
      status: 'paid',
      sentAt: null,
    });
  });

  it('tampered money is a bad signature, naming the order', () => {
    expect(epay.readNotification({ ...NOTIFICATION, money: '1000.00' })).toEqual({
      valid: false,
      orderNo: ORDER_NO,
      reason: 'bad_signature',
    });
  });

  it('another merchant (signed with our key) is wrong_merchant', () => {
    expect(epay.readNotification(signed({ ...unsigned, pid: '2002' }))).toEqual({
      valid: false,
      orderNo: ORDER_NO,
      reason: 'wrong_merchant',
    });
  });

  it('a missing or garbled sign, a missing field, an overlong one or another sign type are malformed', () => {
    const { sign: _s, ...noSign } = NOTIFICATION;
    expect(epay.readNotification(noSign)).toEqual({ valid: false, orderNo: ORDER_NO, reason: 'malformed' });
    expect(epay.readNotification({ ...NOTIFICATION, sign: 'abc' })).toMatchObject({ reason: 'malformed' });
    const { out_trade_no: _o, ...noOrder } = unsigned;
    expect(epay.readNotification(signed(noOrder))).toEqual({
      valid: false,
      orderNo: null,
      reason: 'malformed',
    });
    expect(epay.readNotification(signed({ ...unsigned, trade_no: '9'.repeat(65) }))).toMatchObject({
      reason: 'malformed',
    });
    expect(epay.readNotification({ ...NOTIFICATION, sign_type: 'RSA' })).toMatchObject({
      reason: 'malformed',
    });
    expect(epay.readNotification({})).toEqual({ valid: false, orderNo: null, reason: 'malformed' });
  });

  it('a status other than TRADE_SUCCESS is valid but failed', () => {
    expect(epay.readNotification(signed({ ...unsigned, trade_status: 'TRADE_CLOSED' }))).toMatchObject({
      valid: true,
      status: 'failed',
    });
  });

  it('money that is not an amount reads as amount null (no order matches it)', () => {
    expect(epay.readNotification(signed({ ...unsigned, money: '1e3' }))).toMatchObject({
      valid: true,
      amount: null,
    });
  });

  it('extra parameters the gateway adds are covered by the signature', () => {
    const withExtra = signed({ ...unsigned, param: 'x', api_trade_no: '4200001' });
    expect(epay.readNotification(withExtra)).toMatchObject({ valid: true });
    expect(epay.readNotification({ ...withExtra, api_trade_no: '4200002' })).toMatchObject({
      reason: 'bad_signature',
    });
  });
});

describe('the fake’s notifications', () => {
  it('count as delivered only when answered `success`, and are sent again until then', async () => {
    const notifications = receiver('ok');
    const server = await fake({ fetch: notifications.fetch });
    await gateway({ apiUrl: server.url, mode: 'api' }).createPayment(REQUEST);

    const { notify } = await server.pay(ORDER_NO);
    expect(notify).toMatchObject({ delivered: false, status: 200, body: 'ok' });
    notifications.answer('success');
    const again = await server.redeliver();
    expect(again).toHaveLength(1);
    expect(again[0]?.delivered).toBe(true);
    expect(await server.redeliver()).toEqual([]);
    expect(notifications.calls).toHaveLength(2);
  });

  it('a lost notification: paid at the gateway, nothing sent; the query says paid; redeliver sends it', async () => {
    const notifications = receiver();
    const server = await fake({ fetch: notifications.fetch });
    const epay = gateway({ apiUrl: server.url, mode: 'api' });
    await epay.createPayment(REQUEST);
    server.setNotifyDropping(true);

    const { notify } = await server.pay(FIRST_TRADE_NO);
    expect(notify).toMatchObject({ dropped: true, delivered: false });
    expect(notifications.calls).toHaveLength(0);
    expect(await epay.queryPayment(ORDER_NO)).toEqual({
      state: 'paid',
      tradeNo: FIRST_TRADE_NO,
      amount: 10_000n,
    });

    const resent = await server.redeliver();
    expect(resent[0]?.delivered).toBe(true);
    expect(notifications.calls).toHaveLength(1);
  });

  it('the fake refuses a bad signature and an unknown merchant on submit.php with an error page', async () => {
    const server = await fake();
    const { payUrl } = await gateway({ apiUrl: server.url }).createPayment(REQUEST);
    const forged = new URL(payUrl);
    forged.searchParams.set('money', '0.01');
    const refused = await fetch(forged);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('签名校验失败！');

    const { payUrl: stranger } = await gateway({ apiUrl: server.url, pid: '2002' }).createPayment(REQUEST);
    expect(await (await fetch(stranger)).text()).toContain('商户不存在！');
    expect(server.orders).toHaveLength(0);
  });

  it('the fake refuses a bad signature on mapi.php in the gateway’s JSON', async () => {
    const server = await fake();
    const params = withEpaySign({ pid: PID, type: 'alipay', out_trade_no: ORDER_NO, money: '1.00' }, 'other');
    const answer = await fetch(`${server.url}mapi.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
    });

    expect(await answer.json()).toEqual({ code: -1, msg: '签名校验失败！' });
  });
});

describe('queryPayment (api.php?act=order)', () => {
  it('paid: the trade and the amount; asks by out_trade_no with pid and key', async () => {
    const server = await fake();
    const epay = gateway({ apiUrl: server.url, mode: 'api' });
    await epay.createPayment(REQUEST);
    await server.pay(FIRST_TRADE_NO);

    expect(await epay.queryPayment(ORDER_NO)).toEqual({
      state: 'paid',
      tradeNo: FIRST_TRADE_NO,
      amount: 10_000n,
    });
    const asked = new URL(server.requests.at(-1)?.url ?? '', server.url);
    expect(asked.pathname).toBe('/api.php');
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      act: 'order',
      pid: PID,
      key: KEY,
      out_trade_no: ORDER_NO,
    });
  });

  it('opened but not paid, and not found at all, are unpaid', async () => {
    const server = await fake();
    const epay = gateway({ apiUrl: server.url });
    const { payUrl } = await epay.createPayment(REQUEST);

    expect(await epay.queryPayment(ORDER_NO)).toEqual({ state: 'unpaid' });
    await (await fetch(payUrl)).text();
    expect(await epay.queryPayment(ORDER_NO)).toEqual({ state: 'unpaid' });
    expect(await epay.queryPayment('D-nobody')).toEqual({ state: 'unpaid' });
  });

  it('reads status and money as numbers or strings', async () => {
    const answer = {
      code: '1',
      trade_no: FIRST_TRADE_NO,
      out_trade_no: ORDER_NO,
      pid: 1001,
      money: 100,
      status: '1',
    };
    expect(await gateway({ fetch: answering(answer).fetch }).queryPayment(ORDER_NO)).toEqual({
      state: 'paid',
      tradeNo: FIRST_TRADE_NO,
      amount: 10_000n,
    });
    const unpaid = { ...answer, status: 0 };
    expect(await gateway({ fetch: answering(unpaid).fetch }).queryPayment(ORDER_NO)).toEqual({
      state: 'unpaid',
    });
  });

  it('throws for a paid answer without an amount, about another order, or without a status', async () => {
    const paid = { code: 1, trade_no: FIRST_TRADE_NO, out_trade_no: ORDER_NO, money: '100.00', status: 1 };
    await epayError(gateway({ fetch: answering({ ...paid, money: 'abc' }).fetch }).queryPayment(ORDER_NO));
    await epayError(
      gateway({ fetch: answering({ ...paid, out_trade_no: 'D-other' }).fetch }).queryPayment(ORDER_NO),
    );
    await epayError(gateway({ fetch: answering({ ...paid, pid: '2002' }).fetch }).queryPayment(ORDER_NO));
    await epayError(gateway({ fetch: answering({ ...paid, status: null }).fetch }).queryPayment(ORDER_NO));
    await epayError(gateway({ fetch: answering({ msg: 'no code' }).fetch }).queryPayment(ORDER_NO));
  });

  it('garbage, HTTP 500, a hang and a closed port throw, and no error shows the key', async () => {
    const server = await fake();
    // One try each (the retries of the order query: call-log.unit.test.ts).
    const epay = gateway({ apiUrl: server.url, timeoutMs: 100, retries: 0 });
    const messages: string[] = [];

    server.failNext('garbage');
    messages.push((await epayError(epay.queryPayment(ORDER_NO))).message);
    server.failNext('server-error');
    messages.push((await epayError(epay.queryPayment(ORDER_NO))).message);
    server.failNext('hang');
    messages.push((await epayError(epay.queryPayment(ORDER_NO))).message);
    const url = server.url;
    await server.close();
    messages.push((await epayError(gateway({ apiUrl: url, retries: 0 }).queryPayment(ORDER_NO))).message);

    expect(messages.slice(0, 3)).toEqual([
      'EPay api.php: the answer is not a JSON object (HTTP 200)',
      'EPay api.php: HTTP 500',
      'EPay api.php: timeout after 100 ms',
    ]);
    expect(messages[3]).toMatch(/^EPay api\.php: network error/);
    for (const message of messages) expect(message).not.toContain(KEY);
  });
});

describe('configuration', () => {
  it('refuses a base URL that is not https (off loopback) or does not end with /', () => {
    expect(() => gateway({ apiUrl: 'http://pay.example.com/' })).toThrow(/https/);
    expect(() => gateway({ apiUrl: 'https://pay.example.com' })).toThrow(/ending with "\/"/);
    expect(() => gateway({ apiUrl: 'https://pay.example.com/submit.php?x=1' })).toThrow(/base URL/);
    expect(() => gateway({ apiUrl: 'pay.example.com/' })).toThrow(/not a URL/);
    expect(gateway({ apiUrl: 'http://127.0.0.1:8090/' }).name).toBe('epay');
    expect(gateway({ apiUrl: 'http://localhost:8090/epay/' }).acknowledgement).toBe('success');
  });

  it('fromEnv names every missing variable', () => {
    expect(() => EpayGateway.fromEnv({ EPAY_PID: ' ' }, undefined)).toThrow(
      'PAYMENT_GATEWAY=epay needs EPAY_API_URL, EPAY_PID, PAYMENT_GATEWAY_SECRET',
    );
    expect(() =>
      EpayGateway.fromEnv({ EPAY_API_URL: 'https://pay.example.com/', EPAY_PID: PID, EPAY_MODE: 'qr' }, KEY),
    ).toThrow('EPAY_MODE must be page or api');
  });

  it('fromEnv builds the adapter: page by default, type overrides', async () => {
    const epay = EpayGateway.fromEnv(
      { EPAY_API_URL: 'https://pay.example.com/', EPAY_PID: PID, EPAY_TYPE_WECHAT: 'wxpay2' },
      KEY,
    );
    const { tradeNo, payUrl } = await epay.createPayment({ ...REQUEST, method: 'wechat' });

    expect(tradeNo).toBeNull();
    expect(new URL(payUrl).searchParams.get('type')).toBe('wxpay2');
  });
});
