import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { verifyEpaySign, withEpaySign } from './signature.ts';
import { listenFake } from '../fake-http.ts';

/**
 * A stand-in for a 易支付 (彩虹易支付) gateway, speaking the merchant protocol as a real one does:
 * `submit.php` (GET or form POST, answered with a small cashier page), `mapi.php` (form POST,
 * answered in JSON) and `api.php?act=order` (the order query, authenticated by pid and key). It
 * checks the MD5 signature exactly as the gateway does (signature.ts), keeps one order per
 * (pid, out_trade_no), and when an order is paid it calls the notify_url with the signed GET and
 * counts the notification delivered only when the answer is `success`. Used by the unit tests over
 * loopback, and runnable by hand for a staging site (README.md).
 */

/** What the next gateway request(s) should suffer instead of a normal answer. */
export type EpayFakeFailure =
  /** HTTP 500 with an HTML error page. */
  | 'server-error'
  /** Takes the request and never answers (the client's time-out has to end it). */
  | 'hang'
  /** HTTP 200 with a PHP warning instead of JSON (a gateway with a broken database). */
  | 'garbage';

export interface EpayFakeOptions {
  /** Accepted merchants, pid → key. */
  merchants: Readonly<Record<string, string>>;
  /** Default 127.0.0.1: keep it on loopback. */
  host?: string;
  /** Default 0 (any free port). */
  port?: number;
  /** Where payers' browsers reach the fake (payurl, the cashier form). Default its own URL. */
  publicUrl?: string;
  /** The fake's clock (trade numbers, addtime, endtime). Default the system clock. */
  now?: () => Date;
  /** The `type` values it accepts. Default alipay, wxpay, qqpay, bank, jdpay. */
  types?: readonly string[];
  /** Delivers the notifications. Default the global fetch. */
  fetch?: typeof fetch;
  /** Limit for one notification, answer included. Default 5000 ms. */
  notifyTimeoutMs?: number;
  /** Called with a line for each event (the hand-run fake prints them; never with a key). */
  onEvent?: (line: string) => void;
  /**
   * Awaited when mapi.php has taken an order, before it answers: a test pays here (`pay`) so the
   * notification reaches the merchant while its own request to open the order is still waiting.
   */
  beforeOrderAnswer?: (order: FakeEpayOrder) => Promise<void> | void;
}

/** An order as the fake keeps it. */
export interface FakeEpayOrder {
  tradeNo: string;
  pid: string;
  outTradeNo: string;
  type: string;
  name: string;
  /** As the merchant sent it (and as it is signed back): yuan, e.g. "100.00". */
  money: string;
  notifyUrl: string;
  returnUrl: string;
  param: string;
  clientIp: string;
  device: string;
  via: 'submit' | 'mapi';
  /** 0 unpaid, 1 paid (api.php's status). */
  status: 0 | 1;
  /** China time, `YYYY-MM-DD HH:mm:ss`. */
  addtime: string;
  endtime: string | null;
  /** Whether a notification of the payment has been answered `success`. */
  acknowledged: boolean;
}

/** One notification the fake sent (or dropped). */
export interface FakeNotify {
  tradeNo: string;
  outTradeNo: string;
  /** The notify_url with the signed query, as called. */
  url: string;
  /** Not sent: dropping was on (setNotifyDropping). */
  dropped: boolean;
  /** HTTP status of the answer, null when none came. */
  status: number | null;
  body: string | null;
  /** Why no answer came (network error, time-out). */
  error: string | null;
  /** Answered HTTP 2xx with exactly `success`. */
  delivered: boolean;
}

/** A request exactly as it arrived (to check what a client puts on the wire). */
export interface FakeRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface EpayFake {
  /** Base URL ending with '/', e.g. http://127.0.0.1:40123/ (the adapter's apiUrl). */
  url: string;
  orders: FakeEpayOrder[];
  notifyLog: FakeNotify[];
  requests: FakeRequest[];
  /**
   * The payer pays order `id` (a trade_no, or an out_trade_no): it is marked paid (once) and its
   * notification sent, unless dropping is on. Throws for an unknown order.
   */
  pay(id: string): Promise<{ order: FakeEpayOrder; notify: FakeNotify }>;
  /** On: payments are recorded but their notifications are lost (recorded as dropped). */
  setNotifyDropping(drop: boolean): void;
  /** Sends again every paid order's notification not yet answered `success` (dropping or not). */
  redeliver(): Promise<FakeNotify[]>;
  /** The next `times` gateway requests (submit, mapi, api) fail as `kind`. */
  failNext(kind: EpayFakeFailure, times?: number): void;
  close(): Promise<void>;
}

const DEFAULT_TYPES = ['alipay', 'wxpay', 'qqpay', 'bank', 'jdpay'];
const TYPE_NAMES: Readonly<Record<string, string>> = {
  alipay: '支付宝',
  wxpay: '微信支付',
  qqpay: 'QQ钱包',
  bank: '网银支付',
  jdpay: '京东支付',
};
const MAX_BODY_BYTES = 64 * 1024;
const CHINA_OFFSET_MS = 8 * 3_600_000;
const OUT_TRADE_NO = /^[0-9A-Za-z_.|-]{1,64}$/;
const MONEY = /^(0|[1-9]\d{0,9})(\.\d{1,2})?$/;
const HTML = 'text/html; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';

/** `YYYY-MM-DD HH:mm:ss` in China time. */
function chinaTime(at: Date): string {
  return new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** Constant-time comparison of two secrets of any length. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );
}

/** A URL with a query appended, after any query it already has. */
function withQuery(url: string, query: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/** Whether a URL is one the fake may call or send a browser to. */
function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Reads a request body, refusing one larger than MAX_BODY_BYTES. */
async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The page a PHP site shows for a refusal (系统提示). */
function errorPage(message: string): string {
  return `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>站点提示信息</title></head><body><h3>站点提示信息</h3><p>${escapeHtml(message)}</p></body></html>`;
}

export async function startEpayFake(options: EpayFakeOptions): Promise<EpayFake> {
  const now = options.now ?? (() => new Date());
  const types = new Set(options.types ?? DEFAULT_TYPES);
  const deliver = options.fetch ?? globalThis.fetch.bind(globalThis);
  const notifyTimeoutMs = options.notifyTimeoutMs ?? 5_000;
  const event = options.onEvent ?? (() => undefined);
  const orders: FakeEpayOrder[] = [];
  const notifyLog: FakeNotify[] = [];
  const requests: FakeRequest[] = [];
  const failures: EpayFakeFailure[] = [];
  let dropping = false;
  let sequence = 10_000;
  let base = '';

  const findByTradeNo = (tradeNo: string): FakeEpayOrder | undefined =>
    orders.find((o) => o.tradeNo === tradeNo);
  const findByOut = (pid: string, outTradeNo: string): FakeEpayOrder | undefined =>
    orders.find((o) => o.pid === pid && o.outTradeNo === outTradeNo);

  /** `2026113018000010001`: China time to the second and a five-digit sequence. */
  const newTradeNo = (): string => {
    sequence = sequence >= 99_999 ? 10_001 : sequence + 1;
    return `${chinaTime(now()).replace(/\D/g, '')}${sequence}`;
  };

  /** The signed parameters of a paid order's notification (and of its return to the merchant). */
  const signedResult = (order: FakeEpayOrder): Record<string, string> =>
    withEpaySign(
      {
        pid: order.pid,
        trade_no: order.tradeNo,
        out_trade_no: order.outTradeNo,
        type: order.type,
        name: order.name,
        money: order.money,
        trade_status: 'TRADE_SUCCESS',
        param: order.param,
      },
      options.merchants[order.pid] ?? '',
    );

  /** Calls the notify_url (unless dropping and not forced) and records what happened. */
  const notify = async (order: FakeEpayOrder, force: boolean): Promise<FakeNotify> => {
    const url = withQuery(order.notifyUrl, new URLSearchParams(signedResult(order)).toString());
    const record: FakeNotify = {
      tradeNo: order.tradeNo,
      outTradeNo: order.outTradeNo,
      url,
      dropped: false,
      status: null,
      body: null,
      error: null,
      delivered: false,
    };
    notifyLog.push(record);
    if (dropping && !force) {
      record.dropped = true;
      event(`notify ${order.tradeNo} dropped (lost notification)`);
      return record;
    }
    try {
      const response = await deliver(url, {
        method: 'GET',
        redirect: 'manual',
        signal: AbortSignal.timeout(notifyTimeoutMs),
      });
      record.status = response.status;
      record.body = await response.text();
      record.delivered = response.status >= 200 && response.status < 300 && record.body === 'success';
    } catch (error) {
      const cause = error instanceof Error ? (error as Error & { cause?: unknown }).cause : undefined;
      record.error =
        cause instanceof Error
          ? `${(error as Error).message}: ${cause.message}`
          : error instanceof Error
            ? error.message
            : String(error);
    }
    if (record.delivered) order.acknowledged = true;
    event(
      `notify ${order.tradeNo} ${record.delivered ? 'delivered' : `not delivered (${record.error ?? `HTTP ${record.status} ${JSON.stringify(record.body?.slice(0, 60))}`})`}`,
    );
    return record;
  };

  const pay = async (id: string): Promise<{ order: FakeEpayOrder; notify: FakeNotify }> => {
    const order = findByTradeNo(id) ?? orders.find((o) => o.outTradeNo === id);
    if (!order) throw new Error(`EPay fake: no order ${id}`);
    if (order.status === 0) {
      order.status = 1;
      order.endtime = chinaTime(now());
      event(`paid ${order.tradeNo} (out_trade_no ${order.outTradeNo}) ${order.money} 元`);
    }
    return { order, notify: await notify(order, false) };
  };

  /** Every paid order's notification not yet answered `success`, sent again. */
  const redeliver = async (): Promise<FakeNotify[]> => {
    const sent: FakeNotify[] = [];
    for (const order of orders.filter((o) => o.status === 1 && !o.acknowledged)) {
      sent.push(await notify(order, true));
    }
    return sent;
  };

  type Refusal = { refused: string };

  /** A payment request (submit.php or mapi.php) checked as the gateway checks it; the order, or why not. */
  const openOrder = (params: Record<string, string>, via: 'submit' | 'mapi'): FakeEpayOrder | Refusal => {
    const pid = params.pid ?? '';
    const key = options.merchants[pid];
    if (!pid) return { refused: '商户ID不能为空' };
    if (key === undefined) return { refused: '商户不存在！' };
    if (!params.sign) return { refused: '签名不能为空' };
    if (!verifyEpaySign(params, key)) return { refused: '签名校验失败！' };
    const type = params.type ?? '';
    const outTradeNo = params.out_trade_no ?? '';
    const notifyUrl = params.notify_url ?? '';
    const returnUrl = params.return_url ?? '';
    const name = params.name ?? '';
    const money = params.money ?? '';
    if (!outTradeNo) return { refused: '订单号(out_trade_no)不能为空' };
    if (!OUT_TRADE_NO.test(outTradeNo)) return { refused: '订单号(out_trade_no)格式不正确' };
    if (!notifyUrl || !isHttpUrl(notifyUrl)) return { refused: '通知地址(notify_url)不正确' };
    if (returnUrl && !isHttpUrl(returnUrl)) return { refused: '回调地址(return_url)不正确' };
    if (!name) return { refused: '商品名称(name)不能为空' };
    if (!MONEY.test(money) || /^0(\.0{1,2})?$/.test(money)) return { refused: '金额(money)不合法' };
    if (!types.has(type)) return { refused: '支付方式(type)不存在' };
    const clientIp = params.clientip ?? '';
    if (via === 'mapi' && !clientIp) return { refused: '用户IP地址(clientip)不能为空' };
    const existing = findByOut(pid, outTradeNo);
    if (existing) {
      // One order per merchant order number: the same one again, but not another amount.
      if (existing.money !== money) return { refused: '该订单号已存在，且金额不一致' };
      return existing;
    }
    const order: FakeEpayOrder = {
      tradeNo: newTradeNo(),
      pid,
      outTradeNo,
      type,
      name,
      money,
      notifyUrl,
      returnUrl,
      param: params.param ?? '',
      clientIp,
      device: params.device ?? '',
      via,
      status: 0,
      addtime: chinaTime(now()),
      endtime: null,
      acknowledged: false,
    };
    orders.push(order);
    event(`order ${order.tradeNo} (pid ${pid}, out_trade_no ${outTradeNo}) ${money} 元 via ${via}.php`);
    return order;
  };

  /** The cashier (收银台): the order and, while unpaid, a 支付 button. */
  const cashierPage = (order: FakeEpayOrder): string => {
    const action = `${base}pay/${encodeURIComponent(order.tradeNo)}`;
    const state =
      order.status === 1
        ? '<p class="paid">该订单已支付</p>'
        : `<form method="post" action="${escapeHtml(action)}"><button type="submit">支付</button></form>`;
    return `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>收银台</title></head><body>
<h2>收银台（测试网关）</h2>
<table>
<tr><th>商品名称</th><td>${escapeHtml(order.name)}</td></tr>
<tr><th>商户订单号</th><td>${escapeHtml(order.outTradeNo)}</td></tr>
<tr><th>平台订单号</th><td>${escapeHtml(order.tradeNo)}</td></tr>
<tr><th>支付方式</th><td>${escapeHtml(TYPE_NAMES[order.type] ?? order.type)}</td></tr>
<tr><th>应付金额</th><td>￥${escapeHtml(order.money)}</td></tr>
</table>
${state}
</body></html>`;
  };

  /** The page after paying, when the merchant gave no return_url. */
  const paidPage = (order: FakeEpayOrder): string =>
    `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>支付成功</title></head><body><h3>支付成功</h3><p>订单 ${escapeHtml(order.outTradeNo)} 已支付 ￥${escapeHtml(order.money)}</p></body></html>`;

  /** api.php?act=order: pid and key, then trade_no or out_trade_no. */
  const queryOrder = (params: URLSearchParams): Record<string, unknown> => {
    const pid = params.get('pid') ?? '';
    const key = options.merchants[pid];
    if (params.get('act') !== 'order') return { code: -1, msg: '不支持的操作(act)' };
    if (key === undefined) return { code: -1, msg: '商户不存在！' };
    if (!sameSecret(params.get('key') ?? '', key)) return { code: -1, msg: '商户密钥错误' };
    const tradeNo = params.get('trade_no');
    const outTradeNo = params.get('out_trade_no');
    if (!tradeNo && !outTradeNo) return { code: -1, msg: '订单号不能为空' };
    const order = tradeNo
      ? orders.find((o) => o.pid === pid && o.tradeNo === tradeNo)
      : findByOut(pid, outTradeNo ?? '');
    if (!order) return { code: -1, msg: '订单号不存在' };
    return {
      code: 1,
      msg: '查询订单号成功！',
      trade_no: order.tradeNo,
      out_trade_no: order.outTradeNo,
      api_trade_no: order.status === 1 ? `FAKE${order.tradeNo}` : '',
      type: order.type,
      pid: order.pid,
      addtime: order.addtime,
      endtime: order.endtime,
      name: order.name,
      money: order.money,
      status: order.status,
      param: order.param,
      buyer: order.status === 1 ? 'fake-buyer' : '',
    };
  };

  /** One HTTP request to the fake. */
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = (req.method ?? 'GET').toUpperCase();
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const body = await readBody(req);
    requests.push({ method, url: req.url ?? '/', headers: req.headers, body: body ?? '' });
    const send = (status: number, type: string, text: string, headers: Record<string, string> = {}): void => {
      res.writeHead(status, { 'content-type': type, ...headers });
      res.end(text);
    };
    const json = (value: unknown): void => send(200, JSON_TYPE, JSON.stringify(value));
    const path = url.pathname;

    if (method === 'GET' && path === '/__fake/orders') return json(orders);
    if (method === 'POST' && path === '/__fake/redeliver') return json(await redeliver());
    if (method === 'POST' && path === '/__fake/drop-notifies') {
      dropping = url.searchParams.get('on') !== '0';
      return json({ dropping });
    }
    if (body === null) return send(413, HTML, errorPage('请求过大'));

    const payMatch = /^\/pay\/([^/]+)$/.exec(path);
    if (payMatch) {
      const order = findByTradeNo(decodeURIComponent(payMatch[1] ?? ''));
      if (!order) return send(404, HTML, errorPage('订单不存在'));
      if (method === 'GET') return send(200, HTML, cashierPage(order));
      if (method !== 'POST') return send(405, HTML, errorPage('不支持的请求方式'));
      await pay(order.tradeNo);
      if (!order.returnUrl) return send(200, HTML, paidPage(order));
      const back = withQuery(order.returnUrl, new URLSearchParams(signedResult(order)).toString());
      return send(302, HTML, '', { location: back });
    }

    const gateway = path === '/submit.php' || path === '/mapi.php' || path === '/api.php';
    if (!gateway) return send(404, HTML, errorPage('页面不存在'));
    const failure = failures.shift();
    if (failure === 'hang') return; // never answered; close() or the client's time-out ends it
    if (failure === 'server-error') return send(500, HTML, errorPage('服务器内部错误'));
    if (failure === 'garbage') {
      return send(
        200,
        HTML,
        '<br />\n<b>Warning</b>:  mysqli::__construct(): (HY000/2002): Connection refused in <b>/www/includes/db.class.php</b> on line <b>12</b><br />\n数据库连接失败',
      );
    }

    const form =
      method === 'POST' && (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')
        ? Object.fromEntries(new URLSearchParams(body))
        : {};
    if (path === '/api.php') return json(queryOrder(url.searchParams));
    if (path === '/mapi.php') {
      if (method !== 'POST') return json({ code: -1, msg: '请使用POST方式提交' });
      const opened = openOrder(form, 'mapi');
      if ('refused' in opened) return json({ code: -1, msg: opened.refused });
      await options.beforeOrderAnswer?.(opened);
      return json({ code: 1, msg: '', trade_no: opened.tradeNo, payurl: `${base}pay/${opened.tradeNo}` });
    }
    // submit.php: the payer's browser, by GET link or auto-submitted form.
    const params = method === 'POST' ? form : Object.fromEntries(url.searchParams);
    const opened = openOrder(params, 'submit');
    if ('refused' in opened) return send(400, HTML, errorPage(opened.refused));
    return send(200, HTML, cashierPage(opened));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': HTML });
      res.end(errorPage('服务器内部错误'));
    });
  });
  const listening = await listenFake(server, options);
  const url = `${listening.origin}/`;
  base = options.publicUrl ? options.publicUrl.replace(/\/*$/, '/') : url;

  return {
    url,
    orders,
    notifyLog,
    requests,
    pay,
    setNotifyDropping(drop) {
      dropping = drop;
    },
    redeliver,
    failNext(kind, times = 1) {
      for (let i = 0; i < times; i++) failures.push(kind);
    },
    close: listening.close,
  };
}

/**
 * `EPAY_FAKE_PID=1001 EPAY_FAKE_KEY=… npx tsx apps/server/src/adapters/epay/fake.ts`: the fake for
 * a staging site. Unacknowledged notifications are sent again every EPAY_FAKE_REDELIVER_SECONDS
 * (default 60; 0 never), as a real gateway retries.
 */
async function main(): Promise<void> {
  const env = process.env;
  const pid = env.EPAY_FAKE_PID?.trim();
  const key = env.EPAY_FAKE_KEY?.trim();
  if (!pid || !key) {
    process.stderr.write('The fake needs EPAY_FAKE_PID and EPAY_FAKE_KEY (the merchant it accepts).\n');
    process.exit(1);
  }
  const publicUrl = env.EPAY_FAKE_PUBLIC_URL?.trim();
  const fake = await startEpayFake({
    merchants: { [pid]: key },
    host: env.EPAY_FAKE_HOST?.trim() || '127.0.0.1',
    port: Number(env.EPAY_FAKE_PORT || 8090),
    ...(publicUrl ? { publicUrl } : {}),
    onEvent: (line) => process.stdout.write(`${new Date().toISOString()} ${line}\n`),
  });
  process.stdout.write(
    `EPay fake listening on ${fake.url} (set EPAY_API_URL=${publicUrl ?? fake.url}, EPAY_PID=${pid}, PAYMENT_GATEWAY_SECRET=<the key>)\n`,
  );
  const every = Number(env.EPAY_FAKE_REDELIVER_SECONDS ?? 60);
  const timer =
    every > 0
      ? setInterval(() => {
          void fake.redeliver();
        }, every * 1000)
      : null;
  const stop = (): void => {
    if (timer) clearInterval(timer);
    void fake.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
