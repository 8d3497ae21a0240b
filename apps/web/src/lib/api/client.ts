import { HTTP_MESSAGES, REQUEST_RETRY, TIMEOUTS } from '@app/shared';
import type { ApiBody, ApiMethod, ApiParams, ApiPath, ApiResponse } from '@app/shared/api';
import { beginLoading } from '../loading.ts';
import { logger } from '../logger.ts';
import { randomId } from '../random.ts';
import { remoteConfigStore } from '../remote-config.ts';
import { toast } from '../toast.tsx';
import { ApiError, classifyNetworkFailure, clientError, httpError, isNetworkError } from './errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  /** Path parameters (filled into `:name` segments) and the query string; null and undefined are dropped. */
  params?: QueryParams;
  /** JSON body (POST, PUT, DELETE). */
  body?: unknown;
  /** Light call: 10 s instead of 30 s. */
  light?: boolean;
  timeoutMs?: number;
  /** Makes a POST safe to retry: the server runs it at most once per key. */
  idempotencyKey?: string;
  /** Show the loading overlay when the call takes over 300 ms (true or the text to show). */
  loading?: boolean | string;
  /** Toast the failure (default true). */
  toast?: boolean;
  /** Treat a 401 as login expiry: log out, tell, go to the login page (default true). */
  handleUnauthorized?: boolean;
  /** Allow retries on eligible calls (default true). */
  retry?: boolean;
  signal?: AbortSignal;
}

interface ApiHooks {
  getToken(): string | null;
  /** Called once per 401 of a call that needs a member: log out, tell, and send to the login page. */
  onUnauthorized(message: string): void;
  /**
   * The server's time as its answer left (`x-server-time`, ms since the epoch), with the device
   * time it arrived: every answer re-measures the clock offset, even one the server kept in memory.
   */
  onServerTime?(serverTime: number, receivedAt: number): void;
}

let hooks: ApiHooks = { getToken: () => null, onUnauthorized: () => undefined };

/** Connects the client to the session (done once at start, keeps lib/ free of feature imports). */
export function configureApi(next: ApiHooks): void {
  hooks = next;
}

/** Calls that never carry the bearer token (SPEC.md §6). */
const PUBLIC_PATHS = [
  /^\/v1\/login$/,
  /^\/v1\/register$/,
  /^\/v1\/(invite|agent)\/register$/,
  /^\/v1\/agent\/register-by-domain$/,
  /^\/v1\/smart\/register$/,
  /^\/v1\/(forgot|reset)-password$/,
  /^\/v1\/sms\/send$/,
];

export function isPublicPath(path: string): boolean {
  return PUBLIC_PATHS.some((pattern) => pattern.test(path));
}

export function newIdempotencyKey(): string {
  return randomId(32);
}

/**
 * The address of an API path. `:name` segments take the parameter of that name (encoded); the
 * other parameters form the query string. The API lives where the remote config's `apiServerUrl`
 * says (".../v1"); when that is this page's own origin the path stays relative (the dev server
 * proxies /v1), otherwise it is absolute and the server answers with CORS headers.
 */
export function apiUrl(
  route: string,
  params: QueryParams | undefined,
  apiServerUrl: string,
  pageOrigin: string,
): string {
  const rest: QueryParams = { ...params };
  const path = route.replace(/:(\w+)/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    if (value === null || value === undefined || value === '')
      throw new Error(`${route}: 缺少路径参数 ${name}`);
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(rest)) {
    if (value !== null && value !== undefined) query.append(key, String(value));
  }
  const text = query.toString();
  const relative = text ? `${path}?${text}` : path;
  let apiOrigin: string;
  try {
    const api = new URL(apiServerUrl.replace(/\/v1\/?$/, ''), pageOrigin);
    apiOrigin = `${api.origin}${api.pathname.replace(/\/$/, '')}`;
  } catch {
    return relative;
  }
  return apiOrigin === pageOrigin ? relative : `${apiOrigin}${relative}`;
}

function buildUrl(path: string, params: QueryParams | undefined): string {
  return apiUrl(path, params, remoteConfigStore.getState().config.apiServerUrl, window.location.origin);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * 401s answered to a session that is no longer the current one (a call sent before the member
 * logged in again): they say nothing about the session in use, so they neither log it out nor toast.
 */
const staleSessionAnswers = new WeakSet<ApiError>();

async function attempt(method: HttpMethod, path: string, options: RequestOptions): Promise<unknown> {
  const timeoutMs = options.timeoutMs ?? (options.light ? TIMEOUTS.lightRequestMs : TIMEOUTS.requestMs);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort);

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  const token = isPublicPath(path) ? null : hooks.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  try {
    let response: Response;
    let text: string;
    try {
      response = await fetch(buildUrl(path, options.params), {
        method,
        headers,
        body: options.body === undefined ? null : JSON.stringify(options.body),
        signal: controller.signal,
        credentials: 'same-origin',
        cache: 'no-store',
      });
      text = await response.text();
      const serverTime = Number(response.headers.get('x-server-time'));
      if (serverTime > 0) hooks.onServerTime?.(serverTime, Date.now());
    } catch (err) {
      if (timedOut) throw clientError('NETWORK_TIMEOUT', 408);
      if (options.signal?.aborted) throw new ApiError('请求已取消', 'aborted', 0);
      throw clientError(classifyNetworkFailure(err));
    }

    let body: unknown = undefined;
    let parsed = false;
    try {
      body = JSON.parse(text) as unknown;
      parsed = true;
    } catch {
      parsed = false;
    }
    if (!response.ok) throw httpError(response.status, parsed ? body : null);
    const envelope = body as { code?: unknown; message?: unknown; data?: unknown } | null;
    if (!parsed || typeof envelope !== 'object' || envelope === null || typeof envelope.code !== 'number') {
      throw clientError('INVALID_RESPONSE', response.status);
    }
    if (envelope.code !== 200) {
      const message = typeof envelope.message === 'string' && envelope.message ? envelope.message : '';
      const error = httpError(envelope.code, { ...envelope, message });
      throw new ApiError(error.message, 'business', envelope.code, response.status, envelope.data ?? null);
    }
    return envelope.data;
  } catch (err) {
    if (err instanceof ApiError && err.code === 401 && token !== hooks.getToken())
      staleSessionAnswers.add(err);
    throw err;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

/** Retries only what is safe to repeat: GETs, and writes that carry an Idempotency-Key. */
function retriesFor(method: HttpMethod, options: RequestOptions): number {
  if (options.retry === false) return 0;
  return method === 'GET' || options.idempotencyKey ? REQUEST_RETRY.attempts : 0;
}

function isRetryable(error: ApiError): boolean {
  if (error.kind === 'aborted') return false;
  if (error.status !== null && (REQUEST_RETRY.statuses as readonly number[]).includes(error.status))
    return true;
  return isNetworkError(error) && error.kind !== 'http';
}

/**
 * One call to the API: envelope `{code, message, data}` in, `data` out. Failures reject with an
 * ApiError carrying the message to show; they are toasted unless `toast: false`. Untyped: features
 * call `api`, whose types come from the shared route contracts; this is for the debug pages that
 * call any path.
 */
export async function request(
  method: HttpMethod,
  path: string,
  options: RequestOptions = {},
): Promise<unknown> {
  const started = performance.now();
  const endLoading = options.loading
    ? beginLoading(typeof options.loading === 'string' ? options.loading : undefined)
    : () => undefined;
  const retries = retriesFor(method, options);
  try {
    for (let n = 0; ; n++) {
      try {
        const data = await attempt(method, path, options);
        logger.debug('api', `${method} ${path} 成功`, { ms: Math.round(performance.now() - started) });
        return data;
      } catch (err) {
        const error = err instanceof ApiError ? err : clientError('UNKNOWN');
        if (n < retries && isRetryable(error)) {
          logger.warn('api', `${method} ${path} 第${n + 1}次重试：${error.message}`);
          await sleep(REQUEST_RETRY.baseDelayMs * (n + 1));
          continue;
        }
        throw error;
      }
    }
  } catch (err) {
    const error = err as ApiError;
    endLoading();
    if (error.kind === 'aborted') throw error;
    logger.warn('api', `${method} ${path} 失败：${error.message}`, {
      code: error.code,
      status: error.status,
      kind: error.kind,
    });
    if (staleSessionAnswers.has(error)) {
      // The member has signed in again since this call left: the current session stands.
    } else if (error.code === 401 && !isPublicPath(path) && options.handleUnauthorized !== false) {
      // By status, not by reason: on a member path a 401 means no live session whatever names it
      // (accounts.sign_in_required, accounts.session_ended), and a proxy's 401 names nothing.
      hooks.onUnauthorized(error.message || HTTP_MESSAGES[401]);
    } else if (options.toast !== false) {
      toast.error(error.message);
    }
    throw error;
  } finally {
    endLoading();
  }
}

type CallOptions = Omit<RequestOptions, 'params' | 'body'>;
type WriteMethod = Exclude<ApiMethod, 'GET'>;

/** Parameters may be left out when the route has no required one. */
type GetArgs<P extends ApiPath<'GET'>> =
  object extends ApiParams<'GET', P>
    ? [params?: ApiParams<'GET', P>, options?: CallOptions]
    : [params: ApiParams<'GET', P>, options?: CallOptions];

/** Writes take path parameters in `options.params`, required when the path has any. */
type WriteOptions<M extends WriteMethod, P extends ApiPath<M>> = CallOptions &
  (object extends ApiParams<M, P> ? { params?: ApiParams<M, P> } : { params: ApiParams<M, P> });
type WriteArgs<M extends WriteMethod, P extends ApiPath<M>> =
  object extends ApiParams<M, P>
    ? undefined extends ApiBody<M, P>
      ? [body?: ApiBody<M, P>, options?: WriteOptions<M, P>]
      : [body: ApiBody<M, P>, options?: WriteOptions<M, P>]
    : [body: ApiBody<M, P>, options: WriteOptions<M, P>];

/** A write call of one method: its path, then its body and options. */
type Write<M extends WriteMethod> = <P extends ApiPath<M>>(
  path: P,
  ...args: WriteArgs<M, P>
) => Promise<ApiResponse<M, P>>;

function write<M extends WriteMethod>(method: M): Write<M> {
  return <P extends ApiPath<M>>(path: P, ...[body, options]: WriteArgs<M, P>) =>
    // The one cast: the answer's type is the route's response contract (memberApi), which the
    // server serialises with the same schema.
    request(method, path, { ...(options as RequestOptions | undefined), body }) as Promise<ApiResponse<M, P>>;
}

/**
 * The member API, typed by route from the shared contracts (`@app/shared/api`): the path is a
 * route pattern (`'/v1/withdraws/:id/cancel'`), parameters fill its `:name` segments and the query
 * string, and the result is the route's response type. Type-only imports keep zod out of the bundle.
 * Its type is written out: inferred, it grows with memberApi past what tsc will emit (TS7056).
 */
export const api: {
  get: <P extends ApiPath<'GET'>>(path: P, ...args: GetArgs<P>) => Promise<ApiResponse<'GET', P>>;
  post: Write<'POST'>;
  put: Write<'PUT'>;
  delete: Write<'DELETE'>;
} = {
  get: <P extends ApiPath<'GET'>>(path: P, ...[params, options]: GetArgs<P>) =>
    request('GET', path, { ...options, params: params as QueryParams | undefined }) as Promise<
      ApiResponse<'GET', P>
    >,
  post: write('POST'),
  put: write('PUT'),
  delete: write('DELETE'),
};
