import {
  httpMessage,
  reasonMessage,
  REASONS,
  type HttpErrorStatus,
  type ReasonName,
  type ReasonParams,
  type Refusal,
} from '@app/shared';

/**
 * A failure the member should read: an HTTP status (also the envelope code) and a Chinese
 * message. Thrown anywhere below the transport; one handler turns it into the envelope.
 */
export class AppError extends Error {
  constructor(
    readonly status: HttpErrorStatus,
    message: string = httpMessage(status),
    readonly data: Record<string, unknown> | null = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/**
 * A refusal by its name in the reasons catalogue (packages/shared/src/reasons): the status and
 * message come from there, and the envelope carries the name in `data.reason` for the apps.
 */
export function refuse<N extends ReasonName>(
  name: N,
  ...[params, data]: ReasonParams<N> extends undefined
    ? [params?: undefined, data?: Record<string, unknown>]
    : [params: ReasonParams<N>, data?: Record<string, unknown>]
): AppError {
  return new AppError(REASONS[name].status, reasonMessage(name, params), { ...data, reason: name });
}

/** Throws a refusal a rule decided (its reason and figures). */
export function refuseWith(refusal: Refusal, data?: Record<string, unknown>): AppError {
  const refuseAny = refuse as (
    name: ReasonName,
    params?: unknown,
    data?: Record<string, unknown>,
  ) => AppError;
  return refuseAny(refusal.reason, refusal.params, data);
}

/** Whether a failure is the refusal of one of these reasons (e.g. the ledger's insufficient balance). */
export function isRefusal(err: unknown, ...names: ReasonName[]): err is AppError {
  if (!(err instanceof AppError)) return false;
  const reason = err.data?.['reason'];
  return names.some((name) => name === reason);
}

export const badRequest = (message?: string, data?: Record<string, unknown>) =>
  new AppError(400, message, data);
export const unauthorized = (message?: string) => new AppError(401, message);
export const forbidden = (message?: string, data?: Record<string, unknown>) =>
  new AppError(403, message, data);
export const notFound = (message?: string) => new AppError(404, message);
export const conflict = (message?: string, data?: Record<string, unknown>) =>
  new AppError(409, message, data);
export const unprocessable = (message?: string, data?: Record<string, unknown>) =>
  new AppError(422, message, data);
export const tooManyRequests = (message?: string) => new AppError(429, message);

/** PostgreSQL error code of a failed query, looking through driver and ORM wrappers. */
export function pgErrorCode(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
export const PG_CHECK_VIOLATION = '23514';

/** The constraint a failed query violated (a unique index's name), looking through wrappers. */
export function pgConstraint(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const name = (current as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
