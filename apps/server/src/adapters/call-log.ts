/**
 * Every HTTP call an adapter makes, recorded without touching the adapter: `recordedFetch` wraps
 * the `fetch` each adapter takes by injection (the registry and the composition root wire it).
 * The wrapped fetch answers exactly what the real one answers, when it answers it; the record is
 * made from a clone of the answer, afterwards, and handed to a sink that must never block or throw
 * into the call path (AdapterCallLog queues it and writes batches in the background).
 *
 * What a record keeps: the adapter, an operation name read from the request, method, the URL with
 * the values of secret-looking query parameters masked, the body sent (form or JSON fields masked
 * the same way, cut to REQUEST_MAX_CHARS), status, the answer's start (ANSWER_MAX_CHARS), the
 * duration answer included, an outcome and the attempt. Headers are never recorded (TronGrid's
 * key travels in one).
 */

/** What became of one call. */
export type AdapterCallOutcome = 'ok' | 'refused' | 'invalid' | 'http_error' | 'timeout' | 'network';

export interface AdapterCall {
  adapter: string;
  operation: string;
  method: string;
  url: string;
  request: string | null;
  status: number | null;
  answer: string | null;
  durationMs: number;
  outcome: AdapterCallOutcome;
  attempt: number;
  createdAt: Date;
}

/** Where records go; `record` must return at once and never throw. */
export interface AdapterCallSink {
  record(call: AdapterCall): void;
}

/** How one provider's calls are named and judged. */
export interface AdapterCallProfile {
  /** The operation a request is, from its URL and method (e.g. epay: mapi.php → order). */
  operation(url: URL, method: string): string;
  /**
   * A 2xx answer read: ok, the provider's own refusal (`refused`: a JSON error code), or an answer
   * that cannot be read (`invalid`). Default: JSON is ok, anything else invalid.
   */
  judge?(text: string, operation: string): 'ok' | 'refused' | 'invalid';
}

export const REQUEST_MAX_CHARS = 2_048;
export const ANSWER_MAX_CHARS = 2_048;
/** A failed identical request repeated within this is counted as its next attempt. */
const RETRY_WINDOW_MS = 60_000;
/** Identical requests remembered for attempt numbers. */
const MAX_REMEMBERED = 500;

/**
 * Names (lower-case, compared without `_` and `-`) whose values are secrets: shown only as `***`.
 * TemplateParam carries an SMS verification code.
 */
const SECRET_NAMES = new Set([
  'key',
  'apikey',
  'accesskeysecret',
  'secret',
  'password',
  'token',
  'privatekey',
  'templateparam',
]);
/** Names whose values are signatures or identifiers of a key: only their first 4 characters shown. */
const PARTIAL_NAMES = new Set(['sign', 'signature', 'accesskeyid']);
/** Names whose values are phone numbers: 138****5678. */
const PHONE_NAMES = new Set(['phonenumbers', 'phone', 'mobile']);
/** Fields that change with every try of the same request (left out of the attempt key). */
const VOLATILE_NAMES = new Set(['timestamp', 'signaturenonce', 'signature', 'sign']);

const normal = (name: string) => name.toLowerCase().replace(/[-_]/g, '');

/** A field's value as a record may show it. */
export function maskValue(name: string, value: string): string {
  const n = normal(name);
  if (SECRET_NAMES.has(n)) return value ? '***' : '';
  if (PARTIAL_NAMES.has(n)) return value.length > 4 ? `${value.slice(0, 4)}…` : value ? '***' : '';
  if (PHONE_NAMES.has(n))
    return value.replace(/\d{3,}/g, (d) => (d.length > 7 ? `${d.slice(0, 3)}****${d.slice(-4)}` : '****'));
  return value;
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…（共 ${text.length} 字符）` : text;
}

/** The URL with secret query values masked (path and the rest as sent). */
export function maskUrl(url: URL): string {
  if (!url.search) return `${url.origin}${url.pathname}`;
  const params = new URLSearchParams();
  for (const [k, v] of url.searchParams) params.append(k, maskValue(k, v));
  return `${url.origin}${url.pathname}?${params.toString()}`;
}

function maskJson(value: unknown, name = ''): unknown {
  if (typeof value === 'string') return maskValue(name, value);
  if (Array.isArray(value)) return value.map((v) => maskJson(v, name));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskJson(v, k)]));
  return value;
}

/** A request body as a record shows it: form fields (decoded) and JSON fields masked, anything else as text. */
export function maskBody(body: string, contentType: string): string {
  if (
    /application\/x-www-form-urlencoded/i.test(contentType) ||
    /^[\w.-]+=[^&]*(&[\w.-]+=[^&]*)*$/.test(body)
  ) {
    // Decoded, to be read by people (Chinese subjects, the … of a masked signature).
    return [...new URLSearchParams(body)].map(([k, v]) => `${k}=${maskValue(k, v)}`).join('&');
  }
  try {
    return JSON.stringify(maskJson(JSON.parse(body)));
  } catch {
    return body;
  }
}

/** The body's fields that stay the same from one try of a request to the next. */
function stablePart(body: string | null): string {
  if (!body) return '';
  const params = new URLSearchParams(body);
  for (const k of [...params.keys()]) if (VOLATILE_NAMES.has(normal(k))) params.delete(k);
  return params.toString();
}

function bodyText(body: unknown): string | null {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  return '[body]';
}

function headerOf(headers: RequestInit['headers'], name: string): string {
  if (!headers) return '';
  return new Headers(headers).get(name) ?? '';
}

/** Whether a thrown fetch error is a time-out (AbortSignal.timeout) or an abort. */
function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** A JSON answer is ok; anything else invalid. */
function judgeJson(text: string): 'ok' | 'invalid' {
  try {
    JSON.parse(text.replace(/^\uFEFF/, ''));
    return 'ok';
  } catch {
    return 'invalid';
  }
}

export interface RecordedFetchOptions {
  /** The fetch to wrap. Default the global fetch. */
  fetch?: typeof fetch;
  /** When a call started (the app's clock). */
  now: () => Date;
  /** A monotonic reading in ms, for durations. Default performance.now. */
  monotonic?: () => number;
  /** Counted for /metrics with each call, at once (the sink may drop a record; the count never). */
  observe?: (call: AdapterCall) => void;
}

/**
 * `fetch` for `adapter`, recording every call it makes to `sink`. The answer is the real one,
 * untouched; nothing the recording does (a clone's read, the sink) can fail or slow the call.
 */
export function recordedFetch(
  adapter: string,
  profile: AdapterCallProfile,
  sink: AdapterCallSink,
  options: RecordedFetchOptions,
): typeof fetch {
  const inner = options.fetch ?? globalThis.fetch.bind(globalThis);
  const monotonic = options.monotonic ?? (() => performance.now());
  /** Identical requests that failed last time: their attempt count and when. */
  const failing = new Map<string, { attempt: number; at: number }>();

  const emit = (base: Omit<AdapterCall, 'attempt'>, key: string): void => {
    const at = base.createdAt.getTime();
    const before = failing.get(key);
    const attempt = before && at - before.at <= RETRY_WINDOW_MS ? before.attempt + 1 : 1;
    failing.delete(key);
    if (base.outcome !== 'ok') {
      failing.set(key, { attempt, at });
      if (failing.size > MAX_REMEMBERED) failing.delete(failing.keys().next().value ?? '');
    }
    const call = { ...base, attempt };
    try {
      options.observe?.(call);
      sink.record(call);
    } catch {
      // Recording never breaks a call.
    }
  };

  const wrapped = async (input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> => {
    const startedAt = options.now();
    const started = monotonic();
    let base: Omit<AdapterCall, 'attempt' | 'status' | 'answer' | 'durationMs' | 'outcome'> | null = null;
    let key = '';
    try {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      const raw = bodyText(init?.body);
      const operation = profile.operation(url, method);
      base = {
        adapter,
        operation,
        method,
        url: cut(maskUrl(url), REQUEST_MAX_CHARS),
        request:
          raw === null
            ? null
            : cut(maskBody(raw, headerOf(init?.headers, 'content-type')), REQUEST_MAX_CHARS),
        createdAt: startedAt,
      };
      key = `${operation} ${method} ${base.url} ${stablePart(raw)}`;
    } catch {
      base = null;
    }
    let response: Response;
    try {
      response = await inner(input, init);
    } catch (error) {
      if (base) {
        const reason =
          error instanceof Error ? ((error as Error & { cause?: unknown }).cause ?? error) : error;
        emit(
          {
            ...base,
            status: null,
            answer: isTimeout(error)
              ? '无应答（超时）'
              : cut(reason instanceof Error ? reason.message : String(reason), ANSWER_MAX_CHARS),
            durationMs: Math.round(monotonic() - started),
            outcome: isTimeout(error) ? 'timeout' : 'network',
          },
          key,
        );
      }
      throw error;
    }
    if (base) {
      const known = base;
      let copy: Response | null = null;
      try {
        copy = response.clone();
      } catch {
        copy = null;
      }
      const status = response.status;
      // Read beside the adapter, never awaited by it: the record follows the answer.
      void (async () => {
        let text: string | null = null;
        let failure: unknown = null;
        try {
          text = copy ? await copy.text() : null;
        } catch (error) {
          failure = error;
        }
        const durationMs = Math.round(monotonic() - started);
        if (failure !== null) {
          emit(
            {
              ...known,
              status,
              answer: '应答读取中断',
              durationMs,
              outcome: isTimeout(failure) ? 'timeout' : 'network',
            },
            key,
          );
          return;
        }
        const answer = text === null ? null : cut(text, ANSWER_MAX_CHARS);
        let outcome: AdapterCallOutcome;
        if (status < 200 || status >= 300) outcome = 'http_error';
        else {
          try {
            outcome = profile.judge ? profile.judge(text ?? '', known.operation) : judgeJson(text ?? '');
          } catch {
            outcome = 'invalid';
          }
        }
        emit({ ...known, status, answer, durationMs, outcome }, key);
      })();
    }
    return response;
  };
  return wrapped;
}

// ---- the providers' profiles ----

/** The JSON object an answer is, or null. */
function jsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text.replace(/^\uFEFF/, ''));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** 易支付: mapi.php opens an order, api.php?act=… queries; `code` 1 is ok. */
export const EPAY_PROFILE: AdapterCallProfile = {
  operation(url) {
    const file = url.pathname.split('/').pop() ?? '';
    if (file === 'mapi.php') return 'order';
    if (file === 'api.php')
      return `query${url.searchParams.get('act') ? `:${url.searchParams.get('act')}` : ''}`;
    return file || 'other';
  },
  judge(text) {
    const answer = jsonObject(text);
    const code = answer?.code;
    if (typeof code !== 'string' && typeof code !== 'number') return 'invalid';
    return String(code).trim() === '1' ? 'ok' : 'refused';
  },
};

/** The 竞彩 gateway: the query's file name; `success: true` with errorCode "0" is ok. */
export const SPORTTERY_PROFILE: AdapterCallProfile = {
  operation(url) {
    const parts = url.pathname.split('/').filter(Boolean);
    const file = (parts.pop() ?? '').replace(/\.qry$/, '');
    const sport = parts.includes('basketball') ? 'basketball' : parts.includes('football') ? 'football' : '';
    return [sport, file].filter(Boolean).join(':') || 'other';
  },
  judge(text) {
    const answer = jsonObject(text);
    if (!answer || typeof answer.success !== 'boolean') return 'invalid';
    return answer.success && (answer.errorCode === '0' || answer.errorCode === 0) ? 'ok' : 'refused';
  },
};

/** TronGrid: v1 listings and java-tron's HTTP API; v1's `success: false` is a refusal. */
export const TRONGRID_PROFILE: AdapterCallProfile = {
  operation(url) {
    const path = url.pathname;
    if (/^\/v1\/accounts\/[^/]+\/transactions\/trc20$/.test(path)) return 'trc20-transfers';
    return path.replace(/^\//, '') || 'other';
  },
  judge(text) {
    const answer = jsonObject(text);
    if (!answer) return 'invalid';
    return answer.success === false || typeof answer.Error === 'string' ? 'refused' : 'ok';
  },
};

/** Aliyun SMS (RPC style): the Action; `Code` OK is ok. */
export const ALIYUN_SMS_PROFILE: AdapterCallProfile = {
  operation: () => 'SendSms',
  judge(text) {
    const answer = jsonObject(text);
    if (!answer || typeof answer.Code !== 'string') return 'invalid';
    return answer.Code === 'OK' ? 'ok' : 'refused';
  },
};

/** The profile of each adapter this build records, by the name its rows carry. */
export const ADAPTER_CALL_PROFILES = {
  epay: EPAY_PROFILE,
  sporttery: SPORTTERY_PROFILE,
  trongrid: TRONGRID_PROFILE,
  'aliyun-sms': ALIYUN_SMS_PROFILE,
} as const satisfies Record<string, AdapterCallProfile>;
export type RecordedAdapter = keyof typeof ADAPTER_CALL_PROFILES;
