import { randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { signRpc, stringToSign } from './signature.ts';
import { listenFake } from '../fake-http.ts';

/**
 * A stand-in for the Dysmsapi endpoint, speaking SendSms (2017-05-25) as the real one does: it
 * checks the RPC signature v1.0 exactly as the gateway does (same canonical string, HMAC-SHA1
 * under `secret&`), the required parameters, the 15-minute Timestamp window and SignatureNonce
 * reuse, then the number, and answers in Aliyun's JSON with Aliyun's codes and HTTP statuses.
 * Used by the unit tests over loopback, and runnable by hand for a staging site (README.md).
 */

/** What the next request(s) should suffer instead of a normal answer. */
export type AliyunSmsFakeFailure =
  /** HTTP 500 with the gateway's InternalError. */
  | 'server-error'
  /** Takes the request and never answers (the client's time-out has to end it). */
  | 'hang'
  /** A signed, valid request refused with isv.BUSINESS_LIMIT_CONTROL (HTTP 200, as Aliyun does). */
  | 'throttle';

export interface AliyunSmsFakeOptions {
  /** Accepted AccessKey pairs, id → secret. */
  accessKeys: Readonly<Record<string, string>>;
  /** Default 127.0.0.1: keep it on loopback. */
  host?: string;
  /** Default 0 (any free port). */
  port?: number;
  /** The fake's clock for the Timestamp window. Default the system clock. */
  now?: () => Date;
  /** How far Timestamp may be from `now`. Default 15 minutes, as Aliyun's gateway. */
  timestampWindowMs?: number;
  /** Approved 签名; default any. */
  signNames?: readonly string[];
  /** Approved template codes; default any. */
  templateCodes?: readonly string[];
  /** The variables the template needs in TemplateParam. Default ['code']. */
  templateVariables?: readonly string[];
  /** Called with each delivered message (the hand-run fake prints it). */
  onSent?: (sms: FakeSms) => void;
}

/** A message the fake accepted. */
export interface FakeSms {
  bizId: string;
  requestId: string;
  accessKeyId: string;
  phoneNumbers: string;
  signName: string;
  templateCode: string;
  templateParam: Record<string, string>;
  /** The fake's clock when it was accepted. */
  receivedAt: Date;
}

/** A request exactly as it arrived (to check what a client puts on the wire). */
export interface FakeRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface AliyunSmsFake {
  /** Base URL, e.g. http://127.0.0.1:40123 (the adapter's endpoint). */
  url: string;
  sent: FakeSms[];
  requests: FakeRequest[];
  /** The next `times` requests fail as `kind` (queued after any failure already asked for). */
  failNext(kind: AliyunSmsFakeFailure, times?: number): void;
  close(): Promise<void>;
}

const HOST_ID = 'dysmsapi.aliyuncs.com';
const API_VERSION = '2017-05-25';
const MAX_BODY_BYTES = 64 * 1024;
const TIMESTAMP_FORMAT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
/** A mainland mobile number, with the prefixes SendSms documents (+, +86, 0086, 86) or none. */
const MAINLAND_MOBILE = /^(?:\+|\+86|0086|86)?1[3-9]\d{9}$/;
/** The common parameters every RPC call carries (Format is optional). */
const COMMON_PARAMETERS = [
  'Action',
  'Version',
  'AccessKeyId',
  'Signature',
  'SignatureMethod',
  'SignatureVersion',
  'SignatureNonce',
  'Timestamp',
] as const;
const SEND_SMS_PARAMETERS = ['PhoneNumbers', 'SignName', 'TemplateCode'] as const;

/** An answer: HTTP status and Aliyun's JSON body. */
interface Reply {
  status: number;
  body: Record<string, string>;
}

/** The gateway's error shape (RequestId, HostId, Code, Message, Recommend). */
function gatewayError(status: number, code: string, message: string): Reply {
  const requestId = randomUUID().toUpperCase();
  return {
    status,
    body: {
      RequestId: requestId,
      HostId: HOST_ID,
      Code: code,
      Message: message,
      Recommend: `https://error-center.aliyun.com/status/search?Keyword=${encodeURIComponent(code)}&source=PopGw`,
    },
  };
}

/** SendSms's own refusal: HTTP 200, Code and Message. */
function businessError(code: string, message: string): Reply {
  return { status: 200, body: { RequestId: randomUUID().toUpperCase(), Code: code, Message: message } };
}

/** Constant-time comparison of two signatures. */
function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** TemplateParam as Aliyun accepts it: a JSON object of string values, or null. */
function parseTemplateParam(raw: string): Record<string, string> | null {
  try {
    const value: unknown = JSON.parse(raw);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
    const result: Record<string, string> = {};
    for (const [name, v] of Object.entries(value)) {
      if (typeof v !== 'string') return null;
      result[name] = v;
    }
    return result;
  } catch {
    return null;
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

/** Query and form body merged, as the gateway signs them together. */
function requestParams(url: URL, method: string, body: string, contentType: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of url.searchParams) params[name] = value;
  if (method === 'POST' && contentType.startsWith('application/x-www-form-urlencoded')) {
    for (const [name, value] of new URLSearchParams(body)) params[name] = value;
  }
  return params;
}

export async function startAliyunSmsFake(options: AliyunSmsFakeOptions): Promise<AliyunSmsFake> {
  const now = options.now ?? (() => new Date());
  const windowMs = options.timestampWindowMs ?? 15 * 60_000;
  const templateVariables = options.templateVariables ?? ['code'];
  const sent: FakeSms[] = [];
  const requests: FakeRequest[] = [];
  const failures: AliyunSmsFakeFailure[] = [];
  /** Nonces seen per AccessKeyId, with when they may be forgotten. */
  const nonces = new Map<string, number>();
  let nextBizId = 900619746936498;

  /** Checks the common parameters and the signature; null when the caller is who it says. */
  const authenticate = (method: string, params: Record<string, string>): Reply | null => {
    for (const name of COMMON_PARAMETERS) {
      if (!params[name]) return gatewayError(400, `Missing${name}`, `${name} is mandatory for this action.`);
    }
    if (params.Action !== 'SendSms') {
      return gatewayError(
        404,
        'InvalidApi.NotFound',
        'Specified api is not found, please check your url and method.',
      );
    }
    if (params.Version !== API_VERSION) {
      return gatewayError(400, 'InvalidVersion', 'Specified parameter Version is not valid.');
    }
    if (params.SignatureMethod !== 'HMAC-SHA1') {
      return gatewayError(400, 'InvalidSignatureMethod', 'Specified signature method is not valid.');
    }
    if (params.SignatureVersion !== '1.0') {
      return gatewayError(400, 'InvalidSignatureVersion', 'Specified signature version is not valid.');
    }
    const timestamp = params.Timestamp ?? '';
    const at = Date.parse(timestamp);
    if (!TIMESTAMP_FORMAT.test(timestamp) || Number.isNaN(at)) {
      return gatewayError(
        400,
        'InvalidTimeStamp.Format',
        'Specified time stamp or date value is not well formatted.',
      );
    }
    const clock = now().getTime();
    if (Math.abs(clock - at) > windowMs) {
      return gatewayError(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
    }
    const accessKeyId = params.AccessKeyId ?? '';
    const secret = options.accessKeys[accessKeyId];
    if (secret === undefined) {
      return gatewayError(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    }
    const expected = signRpc(method, params, secret);
    if (!sameSignature(params.Signature ?? '', expected)) {
      return gatewayError(
        400,
        'SignatureDoesNotMatch',
        `Specified signature is not matched with our calculation. server string to sign is:${stringToSign(method, params)}`,
      );
    }
    for (const [key, until] of nonces) if (until < clock) nonces.delete(key);
    const nonceKey = `${accessKeyId}\n${params.SignatureNonce ?? ''}`;
    if (nonces.has(nonceKey)) {
      return gatewayError(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    }
    nonces.set(nonceKey, clock + 2 * windowMs);
    return null;
  };

  /** SendSms itself, once the caller is authenticated. */
  const sendSms = (params: Record<string, string>): Reply => {
    for (const name of SEND_SMS_PARAMETERS) {
      if (!params[name]) return gatewayError(400, `Missing${name}`, `${name} is mandatory for this action.`);
    }
    const phoneNumbers = params.PhoneNumbers ?? '';
    const numbers = phoneNumbers.split(',');
    if (numbers.length > 1000) return businessError('isv.MOBILE_COUNT_OVER_LIMIT', '手机号码数量超过限制');
    if (!numbers.every((n) => MAINLAND_MOBILE.test(n)))
      return businessError('isv.MOBILE_NUMBER_ILLEGAL', '非法手机号');
    const signName = params.SignName ?? '';
    if (options.signNames && !options.signNames.includes(signName)) {
      return businessError('isv.SMS_SIGNATURE_ILLEGAL', '该账号下找不到对应签名');
    }
    const templateCode = params.TemplateCode ?? '';
    if (options.templateCodes && !options.templateCodes.includes(templateCode)) {
      return businessError('isv.SMS_TEMPLATE_ILLEGAL', '该账号下找不到对应模板');
    }
    const templateParam = parseTemplateParam(params.TemplateParam ?? '{}');
    if (!templateParam) return businessError('isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
    if (!templateVariables.every((name) => templateParam[name] !== undefined)) {
      return businessError('isv.TEMPLATE_MISSING_PARAMETERS', '模板缺少变量');
    }
    if (failures[0] === 'throttle') {
      failures.shift();
      return businessError('isv.BUSINESS_LIMIT_CONTROL', '触发分钟级流控Permits:1');
    }
    const sms: FakeSms = {
      bizId: `${nextBizId++}^0`,
      requestId: randomUUID().toUpperCase(),
      accessKeyId: params.AccessKeyId ?? '',
      phoneNumbers,
      signName,
      templateCode,
      templateParam,
      receivedAt: now(),
    };
    sent.push(sms);
    options.onSent?.(sms);
    return { status: 200, body: { RequestId: sms.requestId, Message: 'OK', BizId: sms.bizId, Code: 'OK' } };
  };

  /** One HTTP request to the fake. */
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = (req.method ?? 'GET').toUpperCase();
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const body = await readBody(req);
    requests.push({ method, url: req.url ?? '/', headers: req.headers, body: body ?? '' });
    const reply = (answer: Reply): void => {
      res.writeHead(answer.status, { 'content-type': 'application/json;charset=utf-8' });
      res.end(JSON.stringify(answer.body));
    };
    if (method === 'GET' && url.pathname === '/__fake/sent') {
      res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
      res.end(JSON.stringify(sent));
      return;
    }
    if (body === null) return reply(gatewayError(413, 'InvalidParameter', 'The request body is too large.'));
    if (url.pathname !== '/') {
      return reply(
        gatewayError(
          404,
          'InvalidApi.NotFound',
          'Specified api is not found, please check your url and method.',
        ),
      );
    }
    if (method !== 'GET' && method !== 'POST') {
      return reply(gatewayError(400, 'UnsupportedHTTPMethod', 'This http method is not supported.'));
    }
    if (failures[0] === 'hang') {
      failures.shift();
      return; // never answered; close() or the client's time-out ends the connection
    }
    if (failures[0] === 'server-error') {
      failures.shift();
      return reply(
        gatewayError(
          500,
          'InternalError',
          'The request processing has failed due to some unknown error, exception or failure.',
        ),
      );
    }
    const params = requestParams(url, method, body, req.headers['content-type'] ?? '');
    reply(authenticate(method, params) ?? sendSms(params));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json;charset=utf-8' });
      res.end(JSON.stringify(gatewayError(500, 'InternalError', 'fake failed').body));
    });
  });
  const listening = await listenFake(server, options);

  return {
    url: listening.origin,
    sent,
    requests,
    failNext(kind, times = 1) {
      for (let i = 0; i < times; i++) failures.push(kind);
    },
    close: listening.close,
  };
}

/** `npx tsx apps/server/src/adapters/aliyun-sms/fake.ts`: the fake for a staging site. */
async function main(): Promise<void> {
  const env = process.env;
  const id = env.ALIYUN_SMS_ACCESS_KEY_ID?.trim();
  const secret = env.ALIYUN_SMS_ACCESS_KEY_SECRET?.trim();
  if (!id || !secret) {
    process.stderr.write(
      'The fake needs ALIYUN_SMS_ACCESS_KEY_ID and ALIYUN_SMS_ACCESS_KEY_SECRET (the keys it accepts).\n',
    );
    process.exit(1);
  }
  const signName = env.ALIYUN_SMS_SIGN_NAME?.trim();
  const templateCode = env.ALIYUN_SMS_TEMPLATE_CODE?.trim();
  const fake = await startAliyunSmsFake({
    accessKeys: { [id]: secret },
    host: env.ALIYUN_SMS_FAKE_HOST?.trim() || '127.0.0.1',
    port: Number(env.ALIYUN_SMS_FAKE_PORT || 8089),
    ...(signName ? { signNames: [signName] } : {}),
    ...(templateCode ? { templateCodes: [templateCode] } : {}),
    onSent: (sms) =>
      process.stdout.write(
        `${sms.receivedAt.toISOString()} SendSms ${sms.phoneNumbers} 【${sms.signName}】${sms.templateCode} ${JSON.stringify(sms.templateParam)} BizId ${sms.bizId}\n`,
      ),
  });
  process.stdout.write(`Aliyun SMS fake listening on ${fake.url} (set ALIYUN_SMS_ENDPOINT=${fake.url})\n`);
  const stop = (): void => {
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
