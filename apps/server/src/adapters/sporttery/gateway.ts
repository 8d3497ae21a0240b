/**
 * The 竞彩 gateway over HTTP: one GET per call, answered as data. A time-out, an HTTP error, a
 * body that is not JSON, JSON of another shape or the gateway's own refusal (`success: false`)
 * all come back as a failure with its reason; nothing here throws.
 */
import type { z } from 'zod';

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

export class SportteryGateway {
  private readonly baseUrl: string;

  constructor(
    baseUrl: string,
    private readonly fetchImpl: typeof fetch,
    private readonly timeoutMs: number,
  ) {
    this.baseUrl = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  }

  /** One GET of `source` with `params`, read and checked against `schema`. */
  async get<T>(
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
