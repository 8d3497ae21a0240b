import type { Page } from '@app/shared';
import type {
  BackofficeBody,
  BackofficeJsonPath,
  BackofficeListPath,
  BackofficeMethod,
  BackofficeParams,
  BackofficePath,
  BackofficeResponse,
  BackofficeRow,
} from '@app/shared/backoffice-api';
import type { z } from 'zod';
import { clearSession, getToken } from './session.ts';

/** A refused call: the envelope's code (the HTTP status) and its Chinese message. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: Record<string, unknown> | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface CallOptions {
  /** Path parameters (filled into `:name` segments) and the query string. */
  params?: Query;
  body?: unknown;
  /** Sent as Idempotency-Key (money-moving POSTs). */
  idempotencyKey?: string;
}

/** Where the console goes when the session ends or two-factor must be enrolled first. */
let onSessionProblem: (kind: 'expired' | 'enrol') => void = () => undefined;
export function setSessionProblemHandler(handler: (kind: 'expired' | 'enrol') => void): void {
  onSessionProblem = handler;
}

export function queryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

/**
 * The address of a route (`/admin/v1/members/:id`): `:name` segments take the parameter of that
 * name (encoded), the other parameters form the query string.
 */
export function routeUrl(route: string, params: Query | undefined): string {
  const rest: Query = { ...params };
  const path = route.replace(/:(\w+)/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    if (value === null || value === undefined || value === '')
      throw new Error(`${route}: 缺少路径参数 ${name}`);
    return encodeURIComponent(String(value));
  });
  return `${path}${queryString(rest)}`;
}

/**
 * One /admin/v1 call: bearer token, JSON, the `{code, message, data}` envelope unwrapped. Untyped:
 * screens call `get`/`post`/`put`/`del`, whose types come from the route contracts.
 */
export async function call(
  method: BackofficeMethod,
  route: string,
  options: CallOptions = {},
): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let res: Response;
  try {
    res = await fetch(routeUrl(route, options.params), {
      method,
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError(0, '网络异常，请检查网络连接', null);
  }
  let payload: { code: number; message: string; data: unknown };
  try {
    payload = (await res.json()) as typeof payload;
  } catch {
    throw new ApiError(res.status, '服务端返回数据异常', null);
  }
  if (payload.code !== 200) {
    const data = (payload.data ?? null) as Record<string, unknown> | null;
    if (payload.code === 401 && token && !data?.totp_required) {
      clearSession();
      onSessionProblem('expired');
    }
    if (payload.code === 403 && data?.totp_enrolment_required) onSessionProblem('enrol');
    throw new ApiError(payload.code, payload.message || '发生未知错误', data);
  }
  return payload.data;
}

type WriteMethod = Exclude<BackofficeMethod, 'GET'>;

/** Parameters may be left out when the route has no required one. */
type GetArgs<P extends BackofficeJsonPath> =
  object extends BackofficeParams<'GET', P>
    ? [params?: BackofficeParams<'GET', P>]
    : [params: BackofficeParams<'GET', P>];

/** Writes take path parameters in `options.params`, required when the path has any. */
type WriteOptions<M extends WriteMethod, P extends BackofficePath<M>> = {
  idempotencyKey?: string;
} & (object extends BackofficeParams<M, P>
  ? { params?: BackofficeParams<M, P> }
  : { params: BackofficeParams<M, P> });
type WriteArgs<M extends WriteMethod, P extends BackofficePath<M>> =
  object extends BackofficeParams<M, P>
    ? undefined extends BackofficeBody<M, P>
      ? [body?: BackofficeBody<M, P>, options?: WriteOptions<M, P>]
      : [body: BackofficeBody<M, P>, options?: WriteOptions<M, P>]
    : [body: BackofficeBody<M, P>, options: WriteOptions<M, P>];

function write<M extends WriteMethod>(method: M) {
  return <P extends BackofficePath<M>>(path: P, ...[body, options]: WriteArgs<M, P>) =>
    // The one cast: the answer's type is the route's response contract (backofficeApi), which the
    // server serialises with the same schema.
    call(method, path, {
      ...(options as CallOptions | undefined),
      // A POST without a body still sends JSON (`{}`), as the server's JSON parser expects one.
      body: body ?? (method === 'POST' ? {} : undefined),
    }) as Promise<BackofficeResponse<M, P>>;
}

/**
 * The console's API, typed by route from the shared contracts (`@app/shared/backoffice-api`): the
 * path is a route pattern (`'/admin/v1/control-changes/:id/approve'`), parameters fill its `:name`
 * segments and the query string, and the result is the route's response type. Type-only imports
 * keep zod out of the bundle. A CSV export is downloaded, not called (lib/download.ts).
 */
export const get = <P extends BackofficeJsonPath>(path: P, ...[params]: GetArgs<P>) =>
  call('GET', path, params ? { params: params as Query } : {}) as Promise<BackofficeResponse<'GET', P>>;
/**
 * One page of a list route, its filters as a table's search form holds them (free-form: the server
 * checks them against the route's query); the rows are the route's.
 */
export const getPage = <P extends BackofficeListPath>(path: P, params: Query) =>
  call('GET', path, { params }) as Promise<Page<BackofficeRow<P>>>;
export const post = write('POST');
export const put = write('PUT');
export const del = write('DELETE');

/**
 * Checks a form's values with the shared contract before sending, so the console refuses what
 * the server would, with the same Chinese message.
 */
export function validate<S extends z.ZodType>(schema: S, values: unknown): z.input<S> {
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiError(400, issue?.message ?? '请求参数错误，请检查输入内容', null);
  }
  return values as z.input<S>;
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * The words for an answer that may only have proposed what was asked: what one operator must not
 * do alone (dual control) answers with `pending_change` and waits in 复核 for a second operator.
 */
export function doneOrPending(data: unknown, done: string): string {
  const pending =
    typeof data === 'object' && data !== null && 'pending_change' in data
      ? (data as { pending_change?: { id: number } }).pending_change
      : undefined;
  return pending ? `已提交复核（#${pending.id}），需另一位管理员在「复核中心」通过后生效` : done;
}
