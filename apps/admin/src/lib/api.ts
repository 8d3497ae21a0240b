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

type Query = Record<string, string | number | boolean | null | undefined>;

export interface CallOptions {
  query?: Query;
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

/** One /admin/v1 call: bearer token, JSON, the `{code, message, data}` envelope unwrapped. */
export async function call<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: CallOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let res: Response;
  try {
    res = await fetch(`/admin/v1${path}${queryString(options.query)}`, {
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
  return payload.data as T;
}

export const get = <T>(path: string, query?: Query) => call<T>('GET', path, query ? { query } : {});
export const post = <T>(path: string, body?: unknown, idempotencyKey?: string) =>
  call<T>('POST', path, { body: body ?? {}, ...(idempotencyKey ? { idempotencyKey } : {}) });
export const put = <T>(path: string, body: unknown) => call<T>('PUT', path, { body });
export const del = <T>(path: string) => call<T>('DELETE', path);

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
