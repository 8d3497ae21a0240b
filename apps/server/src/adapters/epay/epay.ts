import { formatFen, parseYuan } from '@app/shared';
import { z } from 'zod';
import type {
  GatewayMethod,
  GatewayNotice,
  GatewayPaymentOpened,
  GatewayPaymentRequest,
  GatewayPaymentState,
  PaymentGateway,
} from '../../modules/payments/index.ts';
import { setTimeout as wait } from 'node:timers/promises';
import { backoffDelayMs, retryableStatus } from '../backoff.ts';
import { verifyEpaySign, withEpaySign } from './signature.ts';

/**
 * PAYMENT_GATEWAY=epay: the 易支付 merchant protocol (彩虹易支付 and the many sites running it),
 * MD5 signature (signature.ts). A payment is opened either as a signed link to `submit.php` that
 * the payer's browser follows (mode `page`, no call from us), or by a server-to-server order at
 * `mapi.php` that answers the page to send the payer to (mode `api`). The gateway then calls our
 * notify_url with a signed GET, which is answered `success` once the credit has committed, and
 * `api.php?act=order` answers for an order whose notification was lost. README.md beside this
 * file has the setup and the protocol as implemented.
 */

export type EpayMode = 'page' | 'api';

export interface EpayOptions {
  /** The gateway's base URL, ending with `/` (submit.php, mapi.php and api.php lie under it). */
  apiUrl: string;
  /** Our merchant id (商户ID). */
  pid: string;
  /** The merchant key (商户密钥): the MD5 signature's secret, and the query's credential. */
  key: string;
  /** `page`: a signed submit.php link; `api`: an order at mapi.php. */
  mode: EpayMode;
  /** The gateway's `type` for each of our methods. Default bank → bank, alipay → alipay, wechat → wxpay. */
  types?: Partial<Record<GatewayMethod, string>>;
  /** Limit for one call to the gateway, answer included. Default 10000 ms. */
  timeoutMs?: number;
  /**
   * Further tries of an order query (api.php, a read) after a network error, a time-out or HTTP
   * 5xx/429/408. Default 2. mapi.php, which opens an order, is never tried again blindly.
   */
  retries?: number;
  /** Waits between tries. Default a real timer. */
  sleep?: (ms: number) => Promise<void>;
  /** Jitter source in [0, 1). Default Math.random. */
  random?: () => number;
  /** Default the global fetch. */
  fetch?: typeof fetch;
}

/** The environment variables EpayGateway.fromEnv reads (the key is PAYMENT_GATEWAY_SECRET, passed in). */
export const EPAY_ENV = {
  apiUrl: 'EPAY_API_URL',
  pid: 'EPAY_PID',
  mode: 'EPAY_MODE',
  typeAlipay: 'EPAY_TYPE_ALIPAY',
  typeWechat: 'EPAY_TYPE_WECHAT',
  typeBank: 'EPAY_TYPE_BANK',
  key: 'PAYMENT_GATEWAY_SECRET',
} as const;

/** The `type` values the 易支付 documentation gives for our methods. */
export const EPAY_DEFAULT_TYPES: Readonly<Record<GatewayMethod, string>> = {
  bank: 'bank',
  alipay: 'alipay',
  wechat: 'wxpay',
};

/** The only status of a notification that means paid (the documentation: 只有TRADE_SUCCESS是成功). */
export const EPAY_TRADE_SUCCESS = 'TRADE_SUCCESS';

const DEFAULT_TIMEOUT_MS = 10_000;
/** Back-off of the order query's tries: 300 ms, 600 ms … at most 3 s, with jitter. */
const BACKOFF_BASE_MS = 300;
const BACKOFF_MAX_MS = 3_000;
/** How much of the gateway's `msg` an error keeps. */
const MAX_MESSAGE_CHARS = 200;
/** An answer larger than this is not one of the gateway's JSON answers. */
const MAX_ANSWER_CHARS = 64 * 1024;
const TYPE_FORMAT = /^[A-Za-z0-9_]{1,32}$/;
/** Schemes a payment page may not have, whoever answered it (the member's browser opens it). */
const UNSAFE_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:']);

/** A call to the gateway that did not give an answer to act on (network, HTTP, refusal, shape). */
export class EpayError extends Error {
  override readonly name = 'EpayError';
  constructor(
    message: string,
    /** A failure another try may fix (network, time-out, 5xx/429/408). */
    readonly transient = false,
  ) {
    super(message);
  }
}

/** A notification's fields, bounded (the signature covers whatever else the gateway adds). */
const notificationSchema = z.object({
  pid: z.string().min(1).max(32),
  trade_no: z.string().min(1).max(64),
  out_trade_no: z.string().min(1).max(64),
  type: z.string().max(32).optional(),
  name: z.string().max(512).optional(),
  money: z.string().min(1).max(32),
  trade_status: z.string().min(1).max(32),
  param: z.string().max(1024).optional(),
  sign: z.string().regex(/^[0-9a-fA-F]{32}$/),
  sign_type: z.string().regex(/^md5$/i).optional(),
});

/** A JSON scalar the gateway may send as a number or as a string (PHP rows are strings). */
const scalar = z.union([z.string(), z.number()]);
/** `msg` as a string whatever the gateway put there. */
const message = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === 'string' ? value : ''));

/** mapi.php's answer. */
const mapiAnswerSchema = z.object({
  code: scalar,
  msg: message,
  trade_no: scalar.nullish(),
  payurl: z.string().nullish(),
  qrcode: z.string().nullish(),
  urlscheme: z.string().nullish(),
});

/** api.php?act=order's answer (only what is acted on; the rest is allowed and ignored). */
const orderAnswerSchema = z.object({
  code: scalar,
  msg: message,
  trade_no: scalar.nullish(),
  out_trade_no: scalar.nullish(),
  pid: scalar.nullish(),
  money: scalar.nullish(),
  status: scalar.nullish(),
});

/** `1` as the gateway writes it: the number or the string. */
function isOne(value: string | number | null | undefined): boolean {
  return value !== null && value !== undefined && String(value).trim() === '1';
}

function isZero(value: string | number | null | undefined): boolean {
  return value !== null && value !== undefined && String(value).trim() === '0';
}

/** The gateway's msg, cut to an error's length. */
function cut(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > MAX_MESSAGE_CHARS ? `${trimmed.slice(0, MAX_MESSAGE_CHARS)}…` : trimmed;
}

/** Whether a host name is this machine (where plain http is allowed: tests, a fake on staging). */
function isLoopback(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname) ||
    hostname.endsWith('.localhost')
  );
}

/** The base URL checked: http(s), ending with '/', no query, fragment or credentials; https off loopback. */
function checkApiUrl(apiUrl: string): string {
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    throw new Error(`EpayGateway: apiUrl is not a URL: "${apiUrl}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`EpayGateway: apiUrl must be https://…/, got "${apiUrl}"`);
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw new Error(
      `EpayGateway: apiUrl must use https (the key travels in the order query), got "${apiUrl}"`,
    );
  }
  if (url.username || url.password || url.search || url.hash || !apiUrl.endsWith('/')) {
    throw new Error(`EpayGateway: apiUrl must be a base URL ending with "/", got "${apiUrl}"`);
  }
  return url.href;
}

/** A payment page the member's browser may be sent to: a URL whose scheme is not a script's. */
function safePage(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text || text.length > 4096) return null;
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*:)/.exec(text)?.[1]?.toLowerCase();
  if (!scheme || UNSAFE_SCHEMES.has(scheme)) return null;
  return text;
}

export class EpayGateway implements PaymentGateway {
  readonly name = 'epay';
  readonly acknowledgement = 'success';

  private readonly apiUrl: string;
  private readonly pid: string;
  private readonly key: string;
  private readonly mode: EpayMode;
  private readonly types: Readonly<Record<GatewayMethod, string>>;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private readonly fetch: typeof fetch;

  constructor(options: EpayOptions) {
    this.apiUrl = checkApiUrl(options.apiUrl);
    const pid = options.pid.trim();
    if (!pid || pid.length > 32 || /\s/.test(pid)) {
      throw new Error('EpayGateway: pid must be the merchant id (1–32 characters, no spaces)');
    }
    this.pid = pid;
    if (!options.key) throw new Error('EpayGateway: key (the merchant key) is required');
    this.key = options.key;
    if (options.mode !== 'page' && options.mode !== 'api') {
      throw new Error(`EpayGateway: mode must be page or api, got "${String(options.mode)}"`);
    }
    this.mode = options.mode;
    const types = { ...EPAY_DEFAULT_TYPES };
    for (const method of Object.keys(EPAY_DEFAULT_TYPES) as GatewayMethod[]) {
      const type = options.types?.[method]?.trim();
      if (type === undefined || type === '') continue;
      if (!TYPE_FORMAT.test(type)) throw new Error(`EpayGateway: "${type}" is not a payment type`);
      types[method] = type;
    }
    this.types = types;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.retries = Math.max(0, Math.floor(options.retries ?? 2));
    this.sleep = options.sleep ?? ((ms) => wait(ms));
    this.random = options.random ?? Math.random;
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /**
   * Builds the adapter from EPAY_* variables (README.md) and the merchant key, which the caller
   * passes in (PAYMENT_GATEWAY_SECRET), naming every required one that is missing.
   */
  static fromEnv(
    env: Readonly<Record<string, string | undefined>>,
    key: string | undefined,
    overrides: Partial<EpayOptions> = {},
  ): EpayGateway {
    const read = (name: string): string | undefined => env[name]?.trim() || undefined;
    const missing: string[] = [EPAY_ENV.apiUrl, EPAY_ENV.pid].filter((name) => !read(name));
    if (!key?.trim()) missing.push(EPAY_ENV.key);
    if (missing.length > 0) {
      throw new Error(
        `PAYMENT_GATEWAY=epay needs ${missing.join(', ')} (not set or empty; see the EPay README)`,
      );
    }
    const mode = read(EPAY_ENV.mode) ?? 'page';
    if (mode !== 'page' && mode !== 'api') {
      throw new Error(`${EPAY_ENV.mode} must be page or api, got "${mode}"`);
    }
    const types: Partial<Record<GatewayMethod, string>> = {};
    const alipay = read(EPAY_ENV.typeAlipay);
    const wechat = read(EPAY_ENV.typeWechat);
    const bank = read(EPAY_ENV.typeBank);
    if (alipay) types.alipay = alipay;
    if (wechat) types.wechat = wechat;
    if (bank) types.bank = bank;
    return new EpayGateway({
      apiUrl: read(EPAY_ENV.apiUrl) ?? '',
      pid: read(EPAY_ENV.pid) ?? '',
      key: key ?? '',
      mode,
      types,
      ...overrides,
    });
  }

  /**
   * Opens the payment. `page`: the signed submit.php link, built here without a call (the same
   * request gives the same link, so asked twice it is the same payment: the gateway keeps one
   * order per out_trade_no); the trade number comes with the notification. `api`: a signed order
   * at mapi.php, whose answer names the trade and the page.
   */
  async createPayment(request: GatewayPaymentRequest): Promise<GatewayPaymentOpened> {
    if (request.amount <= 0n) throw new EpayError('EPay: the amount must be positive');
    if (!request.orderNo || !request.subject.trim()) {
      throw new EpayError('EPay: an order number and a subject are required');
    }
    const params: Record<string, string> = {
      pid: this.pid,
      type: this.types[request.method],
      out_trade_no: request.orderNo,
      notify_url: request.notifyUrl,
      return_url: request.returnUrl,
      name: request.subject.trim(),
      money: formatFen(request.amount),
    };
    if (this.mode === 'page') {
      const query = new URLSearchParams(withEpaySign(params, this.key)).toString();
      return { tradeNo: null, payUrl: `${this.apiUrl}submit.php?${query}` };
    }
    const clientIp = request.clientIp?.trim();
    if (!clientIp) throw new EpayError("EPay mapi.php: the payer's IP (clientip) is required");
    const body = new URLSearchParams(withEpaySign({ ...params, clientip: clientIp }, this.key));
    const answer = mapiAnswerSchema.safeParse(await this.call('mapi.php', 'mapi.php', body));
    if (!answer.success) throw new EpayError('EPay mapi.php: unexpected answer');
    const { code, msg, trade_no: tradeNo } = answer.data;
    if (!isOne(code)) {
      throw new EpayError(`EPay refused the payment: ${cut(msg) || `code ${String(code)}`}`);
    }
    const payUrl =
      safePage(answer.data.payurl) ?? safePage(answer.data.urlscheme) ?? safePage(answer.data.qrcode);
    if (tradeNo === null || tradeNo === undefined || String(tradeNo).trim() === '' || !payUrl) {
      throw new EpayError('EPay mapi.php: answered code 1 without a trade number and a payment page');
    }
    return { tradeNo: String(tradeNo).trim(), payUrl };
  }

  /**
   * Reads a notification (a GET query: pid, trade_no, out_trade_no, type, name, money,
   * trade_status, param, sign, sign_type). The MD5 covers every parameter received but sign and
   * sign_type, as the gateway signed them. Only TRADE_SUCCESS is paid; any other status (the
   * protocol sends none, but variants might) reads as failed, which closes a pending order and
   * leaves a later TRADE_SUCCESS free to credit it. 易支付 signs no time, so sentAt is null:
   * a replayed notification is stopped by the order's state, not by a clock window.
   */
  readNotification(params: Readonly<Record<string, string>>): GatewayNotice {
    const named = params.out_trade_no;
    const orderNo = typeof named === 'string' && named.length > 0 && named.length <= 64 ? named : null;
    try {
      const parsed = notificationSchema.safeParse(params);
      if (!parsed.success) return { valid: false, orderNo, reason: 'malformed' };
      if (!verifyEpaySign(params, this.key)) return { valid: false, orderNo, reason: 'bad_signature' };
      const fields = parsed.data;
      if (fields.pid !== this.pid) return { valid: false, orderNo, reason: 'wrong_merchant' };
      const money = parseYuan(fields.money);
      return {
        valid: true,
        orderNo: fields.out_trade_no,
        tradeNo: fields.trade_no,
        amount: money.ok ? money.fen : null,
        status: fields.trade_status === EPAY_TRADE_SUCCESS ? 'paid' : 'failed',
        sentAt: null,
      };
    } catch {
      return { valid: false, orderNo, reason: 'malformed' };
    }
  }

  /**
   * Asks `api.php?act=order` for our order by out_trade_no. The protocol authenticates this query
   * with the merchant key in the URL (hence https, and the URL is never logged or put in an
   * error). code 1 with status 1 is paid; status 0, or any code but 1 (e.g. 订单号不存在), is not
   * paid. Throws when the gateway cannot be asked or its answer cannot be read, or when a paid
   * answer is about another order or has no amount.
   */
  async queryPayment(orderNo: string): Promise<GatewayPaymentState> {
    const query = new URLSearchParams({ act: 'order', pid: this.pid, key: this.key, out_trade_no: orderNo });
    const answer = orderAnswerSchema.safeParse(await this.call('api.php', `api.php?${query.toString()}`));
    if (!answer.success) throw new EpayError('EPay api.php: unexpected answer');
    const order = answer.data;
    if (!isOne(order.code)) return { state: 'unpaid' };
    if (order.out_trade_no !== null && order.out_trade_no !== undefined) {
      if (String(order.out_trade_no) !== orderNo) {
        throw new EpayError('EPay api.php: answered about another order');
      }
    }
    if (order.pid !== null && order.pid !== undefined && String(order.pid) !== this.pid) {
      throw new EpayError("EPay api.php: answered another merchant's order");
    }
    if (isZero(order.status)) return { state: 'unpaid' };
    if (!isOne(order.status)) {
      if (order.status === null || order.status === undefined) {
        throw new EpayError('EPay api.php: the answer has no status');
      }
      // Not 0 and not 1: not a paid order (deployments use other values for refunded or frozen).
      return { state: 'unpaid' };
    }
    const tradeNo =
      order.trade_no === null || order.trade_no === undefined ? '' : String(order.trade_no).trim();
    if (!tradeNo) throw new EpayError('EPay api.php: a paid order without its trade number');
    const money = order.money === null || order.money === undefined ? null : parseYuan(order.money);
    if (!money?.ok) throw new EpayError('EPay api.php: a paid order whose money is not an amount');
    return { state: 'paid', tradeNo, amount: money.fen };
  }

  /**
   * One call to `path` under the base URL (a form POST when `form` is given, else a GET): its JSON
   * answer, or an EpayError naming `label` (never the URL, which may carry the key) and what went
   * wrong. A GET (the order query: a read) is tried again with back-off after a failure another
   * try may fix; a POST (mapi.php opens an order) is tried once.
   */
  private async call(label: string, path: string, form?: URLSearchParams): Promise<unknown> {
    const tries = form ? 1 : 1 + this.retries;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.callOnce(label, path, form);
      } catch (error) {
        const transient = error instanceof EpayError && error.transient;
        if (!transient || attempt >= tries) throw error;
      }
      await this.sleep(backoffDelayMs(attempt, this.random, BACKOFF_BASE_MS, BACKOFF_MAX_MS));
    }
  }

  /** One try of `call`. */
  private async callOnce(label: string, path: string, form?: URLSearchParams): Promise<unknown> {
    let status: number;
    let text: string;
    try {
      const response = await this.fetch(`${this.apiUrl}${path}`, {
        method: form ? 'POST' : 'GET',
        headers: form
          ? {
              accept: 'application/json',
              'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
            }
          : { accept: 'application/json' },
        ...(form ? { body: form.toString() } : {}),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw new EpayError(`EPay ${label}: ${this.redact(this.describeNetworkError(error))}`, true);
    }
    if (status < 200 || status >= 300)
      throw new EpayError(`EPay ${label}: HTTP ${status}`, retryableStatus(status));
    if (text.length > MAX_ANSWER_CHARS) throw new EpayError(`EPay ${label}: answer too large`);
    try {
      const value: unknown = JSON.parse(text.replace(/^\uFEFF/, ''));
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value;
    } catch {
      // Falls through to the error below.
    }
    throw new EpayError(`EPay ${label}: the answer is not a JSON object (HTTP ${status})`);
  }

  /** Why a fetch failed: a time-out, or the network error's own words. */
  private describeNetworkError(error: unknown): string {
    if (error instanceof Error) {
      if (error.name === 'TimeoutError' || error.name === 'AbortError') {
        return `timeout after ${this.timeoutMs} ms`;
      }
      const cause = (error as Error & { cause?: unknown }).cause;
      return `network error: ${cause instanceof Error ? cause.message : error.message}`;
    }
    return 'network error';
  }

  /** The text with the key taken out, should a network error ever quote the URL. */
  private redact(text: string): string {
    return text.split(this.key).join('***').split(encodeURIComponent(this.key)).join('***');
  }
}
