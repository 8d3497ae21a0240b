import { randomUUID } from 'node:crypto';
import { setTimeout as wait } from 'node:timers/promises';
import { SmsSendError } from '../../modules/verification/index.ts';
import type { SmsMessage, SmsSender, SmsSendResult } from '../../modules/verification/index.ts';
import { rpcTimestamp, signedQuery } from './signature.ts';

/**
 * SMS_PROVIDER=aliyun: Aliyun SMS (阿里云短信服务), Dysmsapi `SendSms` of API version 2017-05-25,
 * called the RPC way with signature version 1.0 (HMAC-SHA1, signature.ts). One message per call,
 * to one mainland number, with the operator's approved 签名 (SignName) and 验证码 template
 * (TemplateCode) whose only variable is `${code}`. README.md beside this file has the setup.
 */

export const ALIYUN_SMS_DEFAULT_ENDPOINT = 'https://dysmsapi.aliyuncs.com';
const API_VERSION = '2017-05-25';
const ACTION = 'SendSms';
/** First back-off step and its ceiling (before jitter). */
const BACKOFF_BASE_MS = 200;
const BACKOFF_MAX_MS = 2_000;
/** How much of an answer's Message is kept in a send record. */
const MAX_MESSAGE_CHARS = 200;

export interface AliyunSmsOptions {
  /** The RAM user's AccessKey ID. */
  accessKeyId: string;
  /** The RAM user's AccessKey secret: only ever used as the HMAC key, never sent. */
  accessKeySecret: string;
  /** The approved 短信签名, e.g. 某某科技. */
  signName: string;
  /** The approved 验证码 template's code, e.g. SMS_123456789; its variable is `${code}`. */
  templateCode: string;
  /** Default https://dysmsapi.aliyuncs.com (a fake's URL in tests and staging). */
  endpoint?: string;
  /** Limit for one call, answer included. Default 5000 ms. */
  timeoutMs?: number;
  /** Further tries after a failure another try may fix (network, time-out, 5xx, throttling). Default 2. */
  retries?: number;
  /** Default the global fetch. */
  fetch?: typeof fetch;
  /** The source of `Timestamp`. Default the system clock. */
  now?: () => Date;
  /** The source of `SignatureNonce`, unique per request. Default a random UUID. */
  nonce?: () => string;
  /** Waits between tries. Default a real timer. */
  sleep?: (ms: number) => Promise<void>;
  /** Jitter source in [0, 1). Default Math.random. */
  random?: () => number;
}

/** The environment variables AliyunSms.fromEnv reads; the first four are required. */
export const ALIYUN_SMS_ENV = {
  accessKeyId: 'ALIYUN_SMS_ACCESS_KEY_ID',
  accessKeySecret: 'ALIYUN_SMS_ACCESS_KEY_SECRET',
  signName: 'ALIYUN_SMS_SIGN_NAME',
  templateCode: 'ALIYUN_SMS_TEMPLATE_CODE',
  endpoint: 'ALIYUN_SMS_ENDPOINT',
} as const;

/**
 * Codes for which Aliyun asks the caller to slow down: another try a moment later may pass.
 * `isv.BUSINESS_LIMIT_CONTROL` is the SMS product's own flow control (per number per minute/hour/
 * day); the rest are the API gateway's.
 */
const THROTTLING_CODES = new Set([
  'isv.BUSINESS_LIMIT_CONTROL',
  'Throttling',
  'Throttling.User',
  'Throttling.Api',
  'ServiceUnavailable',
]);

/**
 * Refusals another try cannot fix: a wrong number, a signature or template that is not (or no
 * longer) approved, a bad key or permission, an account out of money or service. The operator
 * (or the member, for the number) has to change something first.
 */
const PERMANENT_CODES = new Set([
  // The number.
  'isv.MOBILE_NUMBER_ILLEGAL',
  'isv.MOBILE_COUNT_OVER_LIMIT',
  'isv.DOMESTIC_NUMBER_NOT_SUPPORTED',
  // The 签名 and the template.
  'isv.SMS_SIGNATURE_ILLEGAL',
  'isv.SMS_SIGN_ILLEGAL',
  'isv.SIGN_STATE_ILLEGAL',
  'isv.SMS_SIGNATURE_SCENE_ILLEGAL',
  'isv.SMS_TEMPLATE_ILLEGAL',
  'isv.TEMPLATE_MISSING_PARAMETERS',
  'isv.TEMPLATE_PARAMS_ILLEGAL',
  'isv.INVALID_JSON_PARAM',
  'isv.INVALID_PARAMETERS',
  'isv.PARAM_LENGTH_LIMIT',
  'isv.PARAM_NOT_SUPPORT_URL',
  'isv.SMS_CONTENT_ILLEGAL',
  'isv.BLACK_KEY_CONTROL_LIMIT',
  'isv.EXTEND_CODE_ERROR',
  'isv.DENY_IP_RANGE',
  // The account and the key.
  'isv.AMOUNT_NOT_ENOUGH',
  'isv.OUT_OF_SERVICE',
  'isv.ACCOUNT_NOT_EXISTS',
  'isv.ACCOUNT_ABNORMAL',
  'isv.PRODUCT_UN_SUBSCRIPT',
  'isv.PRODUCT_UNSUBSCRIBE',
  'isp.RAM_PERMISSION_DENY',
  'SignatureDoesNotMatch',
  'IncompleteSignature',
  'InvalidAccessKeyId.NotFound',
  'InvalidAccessKeyId.Inactive',
  'InvalidSignatureMethod',
  'InvalidVersion',
  'InvalidAction',
  'InvalidApi.NotFound',
  'Forbidden.RAM',
  'Forbidden.AccessKeyDisabled',
]);

/** How a failed try is handled. */
type Outcome = 'retry' | 'permanent' | 'refused';

/** One failed try: what the record keeps and whether to try again. */
interface Failure {
  outcome: Outcome;
  detail: string;
}

/** The JSON the endpoint answers with (SendSms result or gateway error). */
interface AliyunAnswer {
  Code?: unknown;
  Message?: unknown;
  BizId?: unknown;
  RequestId?: unknown;
}

/** How a refusal code is treated: throttled (retry), permanent, or refused for now. */
export function classifyAliyunCode(code: string): Outcome {
  if (THROTTLING_CODES.has(code)) return 'retry';
  if (PERMANENT_CODES.has(code)) return 'permanent';
  // The gateway's parameter checks (MissingSignName, InvalidTemplateCode.Malformed …) are this
  // adapter's configuration; a wrong clock (InvalidTimeStamp.*) is not, and may be fixed.
  if (/^(Missing|Invalid)/.test(code) && !code.startsWith('InvalidTimeStamp')) return 'permanent';
  return 'refused';
}

/** `Code Message`, the message cut to a record's length. */
function describe(code: string, message: unknown): string {
  const text = typeof message === 'string' ? message.trim() : '';
  const cut = text.length > MAX_MESSAGE_CHARS ? `${text.slice(0, MAX_MESSAGE_CHARS)}…` : text;
  return cut ? `${code} ${cut}` : code;
}

/** The answer as JSON, or null when it is not a JSON object. */
function parseAnswer(body: string): AliyunAnswer | null {
  try {
    const value: unknown = JSON.parse(body);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/** Why a fetch failed: a time-out, or the network error's own words. */
function describeNetworkError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return `timeout after ${timeoutMs} ms`;
    const cause = (error as Error & { cause?: unknown }).cause;
    const reason = cause instanceof Error ? cause.message : error.message;
    return `network error: ${reason}`;
  }
  return 'network error';
}

export class AliyunSms implements SmsSender {
  readonly name = 'aliyun';
  readonly showsCodes = false;

  private readonly endpoint: string;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly fetch: typeof fetch;
  private readonly now: () => Date;
  private readonly nonce: () => string;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;

  constructor(private readonly options: AliyunSmsOptions) {
    for (const key of ['accessKeyId', 'accessKeySecret', 'signName', 'templateCode'] as const) {
      if (!options[key]?.trim()) throw new Error(`AliyunSms: ${key} is required`);
    }
    const endpoint = (options.endpoint ?? ALIYUN_SMS_DEFAULT_ENDPOINT).replace(/\/+$/, '');
    if (!/^https?:\/\/[^/?#]+$/.test(endpoint)) {
      throw new Error(`AliyunSms: endpoint must be http(s)://host[:port], got "${endpoint}"`);
    }
    this.endpoint = endpoint;
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.retries = Math.max(0, Math.floor(options.retries ?? 2));
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.now = options.now ?? (() => new Date());
    this.nonce = options.nonce ?? randomUUID;
    this.sleep = options.sleep ?? ((ms) => wait(ms));
    this.random = options.random ?? Math.random;
  }

  /**
   * Builds the adapter from ALIYUN_SMS_* variables (README.md), naming every required one that is
   * missing.
   */
  static fromEnv(
    env: Readonly<Record<string, string | undefined>>,
    overrides: Partial<AliyunSmsOptions> = {},
  ): AliyunSms {
    const read = (name: string): string | undefined => env[name]?.trim() || undefined;
    const required = [
      ALIYUN_SMS_ENV.accessKeyId,
      ALIYUN_SMS_ENV.accessKeySecret,
      ALIYUN_SMS_ENV.signName,
      ALIYUN_SMS_ENV.templateCode,
    ];
    const missing = required.filter((name) => !read(name));
    if (missing.length > 0) {
      throw new Error(
        `SMS_PROVIDER=aliyun needs ${missing.join(', ')} (not set or empty; see the Aliyun SMS README)`,
      );
    }
    return new AliyunSms({
      accessKeyId: read(ALIYUN_SMS_ENV.accessKeyId) ?? '',
      accessKeySecret: read(ALIYUN_SMS_ENV.accessKeySecret) ?? '',
      signName: read(ALIYUN_SMS_ENV.signName) ?? '',
      templateCode: read(ALIYUN_SMS_ENV.templateCode) ?? '',
      endpoint: read(ALIYUN_SMS_ENV.endpoint) ?? ALIYUN_SMS_DEFAULT_ENDPOINT,
      ...overrides,
    });
  }

  async send(message: SmsMessage): Promise<SmsSendResult> {
    // PhoneNumbers takes a comma-separated list: one number, digits only, is all that may go out.
    if (!/^\d{5,20}$/.test(message.phone)) {
      throw new SmsSendError('Aliyun SMS: not one phone number', 'invalid phone number (not sent)', true);
    }
    let last: Failure = { outcome: 'refused', detail: 'not sent' };
    for (let attempt = 0; attempt <= this.retries; attempt++) {
      if (attempt > 0) await this.sleep(this.backoffMs(attempt));
      const result = await this.attempt(message);
      if ('providerMessageId' in result) return result;
      last = result;
      if (result.outcome !== 'retry') break;
    }
    throw this.toError(last);
  }

  /** The wait before try `attempt` (1-based): exponential, capped, with equal jitter. */
  private backoffMs(attempt: number): number {
    const step = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1));
    return Math.round(step / 2 + (step / 2) * this.random());
  }

  /** The SendSms parameters for one try, fresh Timestamp and SignatureNonce included. */
  private params(message: SmsMessage): Record<string, string> {
    return {
      Action: ACTION,
      Version: API_VERSION,
      Format: 'JSON',
      AccessKeyId: this.options.accessKeyId,
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      SignatureNonce: this.nonce(),
      Timestamp: rpcTimestamp(this.now()),
      PhoneNumbers: message.phone,
      SignName: this.options.signName,
      TemplateCode: this.options.templateCode,
      TemplateParam: JSON.stringify({ code: message.code }),
    };
  }

  /** One signed POST; the result, or why it failed and whether to try again. */
  private async attempt(message: SmsMessage): Promise<SmsSendResult | Failure> {
    const body = signedQuery('POST', this.params(message), this.options.accessKeySecret);
    let status: number;
    let text: string;
    try {
      const response = await this.fetch(`${this.endpoint}/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
          accept: 'application/json',
        },
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      return { outcome: 'retry', detail: describeNetworkError(error, this.timeoutMs) };
    }
    return this.interpret(status, text);
  }

  /** Reads an answer: OK with its BizId, or a classified failure. */
  private interpret(status: number, text: string): SmsSendResult | Failure {
    const answer = parseAnswer(text);
    const code = typeof answer?.Code === 'string' ? answer.Code : null;
    if (status >= 500) {
      return {
        outcome: 'retry',
        detail: `HTTP ${status}${code ? ` ${describe(code, answer?.Message)}` : ''}`,
      };
    }
    if (status === 429) {
      return { outcome: 'retry', detail: `HTTP 429${code ? ` ${describe(code, answer?.Message)}` : ''}` };
    }
    if (code === 'OK' && status >= 200 && status < 300) {
      const bizId = typeof answer?.BizId === 'string' && answer.BizId ? answer.BizId : null;
      const requestId = typeof answer?.RequestId === 'string' ? answer.RequestId : '';
      return { providerMessageId: bizId, detail: requestId ? `OK RequestId ${requestId}` : 'OK' };
    }
    if (code) return { outcome: classifyAliyunCode(code), detail: describe(code, answer?.Message) };
    return { outcome: 'refused', detail: `HTTP ${status} unexpected answer` };
  }

  /** The SmsSendError for the last failure. */
  private toError(failure: Failure): SmsSendError {
    const permanent = failure.outcome === 'permanent';
    const text = permanent
      ? `Aliyun SMS refused the message: ${failure.detail}`
      : `Aliyun SMS did not take the message: ${failure.detail}`;
    return new SmsSendError(text, failure.detail, permanent);
  }
}
