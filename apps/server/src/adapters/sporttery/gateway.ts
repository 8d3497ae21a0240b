/**
 * The 竞彩 gateway over HTTP: one GET per call, answered as data. A time-out, an HTTP error, a
 * body that is not JSON, JSON of another shape or the gateway's own refusal (`success: false`)
 * all come back as a failure with its reason; nothing here throws.
 */
import { setTimeout as wait } from 'node:timers/promises';
import type { z } from 'zod';
import { backoffDelayMs, retryableStatus } from '../backoff.ts';

export const SPORTTERY_DEFAULT_BASE_URL = 'https://webapi.sporttery.cn/';
/** The gateway paths, relative to the base URL. */
export const SPORTTERY_PATHS = {
  footballCalculator: 'gateway/jc/football/getMatchCalculatorV1.qry',
  basketballCalculator: 'gateway/jc/basketball/getMatchCalculatorV1.qry',
  footballResults: 'gateway/uniform/football/getUniformMatchResultV1.qry',
  basketballResults: 'gateway/uniform/basketball/getUniformMatchResultV2.qry',
} as const;
export type SportterySource = keyof typeof SPORTTERY_PATHS;

export type SourceFailure =
  'http-error' | 'timeout' | 'network-error' | 'not-json' | 'provider-error' | 'invalid';

export type Answer<T> = { ok: true; value: T } | { ok: false; reason: SourceFailure; detail: string };

/** Every gateway answer's envelope, once checked. */
export interface Envelope<T> {
  success: boolean;
  errorCode: string;
  errorMessage?: string | undefined;
  value?: T | null | undefined;
}

/** The sources send these: the gateway is known to turn away requests without a Referer. */
const HEADERS = {
  Accept: 'application/json, text/plain, */*',
  'Accept-Language': 'zh-CN,zh;q=0.9',
  Referer: 'https://www.sporttery.cn/',
  'User-Agent': 'Mozilla/5.0',
};

/** How a read is tried again: after a time-out, a network error or HTTP 5xx/429/408 only. */
export interface GatewayRetry {
  /** Further tries. Default 2. */
  retries?: number | undefined;
  /** Waits between tries. Default a real timer. */
  sleep?: ((ms: number) => Promise<void>) | undefined;
  /** Jitter source in [0, 1). Default Math.random. */
  random?: (() => number) | undefined;
}
/** Back-off between tries: 250 ms, 500 ms … at most 2 s, with jitter (the feed polls again soon anyway). */
const BACKOFF_BASE_MS = 250;
const BACKOFF_MAX_MS = 2_000;
const TRANSIENT: ReadonlySet<SourceFailure> = new Set(['timeout', 'network-error']);

export class SportteryGateway {
  private readonly baseUrl: string;
  private readonly retries: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;

  constructor(
    baseUrl: string,
    private readonly fetchImpl: typeof fetch,
    private readonly timeoutMs: number,
    retry: GatewayRetry = {},
  ) {
    this.baseUrl = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
    this.retries = Math.max(0, Math.floor(retry.retries ?? 2));
    this.sleep = retry.sleep ?? ((ms) => wait(ms));
    this.random = retry.random ?? Math.random;
  }

  /**
   * `source` read with `params` (`getOnce`), tried again with back-off while the failure is one
   * another try may fix (a time-out, a network error, HTTP 5xx/429/408); a refusal, a body that is
   * not JSON (the WAF's challenge page) or of another shape is answered at once.
   */
  async get<T>(
    source: SportterySource,
    params: Record<string, string>,
    schema: z.ZodType<Envelope<T>>,
  ): Promise<Answer<T>> {
    for (let attempt = 1; ; attempt++) {
      const answer = await this.getOnce(source, params, schema);
      if (answer.ok || attempt > this.retries) return answer;
      const transient =
        TRANSIENT.has(answer.reason) ||
        (answer.reason === 'http-error' && retryableStatus(Number(answer.detail.replace(/^HTTP /, ''))));
      if (!transient) return answer;
      await this.sleep(backoffDelayMs(attempt, this.random, BACKOFF_BASE_MS, BACKOFF_MAX_MS));
    }
  }

  /** One GET of `source` with `params`, read and checked against `schema`. */
  private async getOnce<T>(
    source: SportterySource,
    params: Record<string, string>,
    schema: z.ZodType<Envelope<T>>,
  ): Promise<Answer<T>> {
    const url = new URL(SPORTTERY_PATHS[source], this.baseUrl);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    let text: string;
    try {
      const res = await this.fetchImpl(url, {
        headers: HEADERS,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await res.text();
      if (!res.ok) return { ok: false, reason: 'http-error', detail: `HTTP ${res.status}` };
    } catch (err) {
      const name = err instanceof Error ? err.name : '';
      if (name === 'TimeoutError' || name === 'AbortError')
        return { ok: false, reason: 'timeout', detail: `${this.timeoutMs} ms 内无应答` };
      return { ok: false, reason: 'network-error', detail: err instanceof Error ? err.message : String(err) };
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return { ok: false, reason: 'not-json', detail: `不是 JSON：${text.slice(0, 80)}` };
    }
    const checked = schema.safeParse(body);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      return {
        ok: false,
        reason: 'invalid',
        detail: `格式不符：${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`,
      };
    }
    const answer = checked.data;
    if (!answer.success || answer.errorCode !== '0' || answer.value === null || answer.value === undefined)
      return {
        ok: false,
        reason: 'provider-error',
        detail: `${answer.errorCode} ${answer.errorMessage ?? ''}`.trim(),
      };
    return { ok: true, value: answer.value };
  }
}
