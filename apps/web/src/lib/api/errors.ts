import {
  CLIENT_ERROR_MESSAGES,
  HTTP_MESSAGES,
  httpMessage,
  type ClientErrorKind,
  type ReasonName,
} from '@app/shared';

/**
 * - `business`: the server answered HTTP 200 with an envelope code other than 200;
 * - `http`: the server answered with an HTTP error status;
 * - a client kind: we never got a usable answer (network, time-out, unreadable body);
 * - `aborted`: the caller cancelled (never shown to the member).
 */
export type ApiErrorKind = 'business' | 'http' | 'aborted' | ClientErrorKind;

export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    /** The envelope code, else the HTTP status, else 0. */
    readonly code: number,
    readonly status: number | null = null,
    readonly data: unknown = null,
  ) {
    super(message);
  }

  /**
   * Why the server refused (`data.reason`, a name of the reasons catalogue in @app/shared), or null
   * for a failure that is not a refusal (network, 5xx, a framework's answer). Features branch on
   * this, never on the message or a bare status.
   */
  get reason(): ReasonName | null {
    // The name as the server sent it: the catalogue itself stays out of the first load (its
    // messages are the server's; a name the app does not know matches no `is(…)`).
    const reason = (this.data as { reason?: unknown } | null)?.reason;
    return typeof reason === 'string' ? (reason as ReasonName) : null;
  }

  /** Whether the server refused for one of these reasons. */
  is(...reasons: ReasonName[]): boolean {
    const reason = this.reason;
    return reason !== null && reasons.includes(reason);
  }

  /** Field errors of a 400 validation failure (`data.errors`). */
  get fieldErrors(): FieldError[] {
    const errors = (this.data as { errors?: unknown } | null)?.errors;
    if (!Array.isArray(errors)) return [];
    return errors.filter(
      (e): e is FieldError =>
        typeof (e as FieldError | null)?.field === 'string' && typeof (e as FieldError).message === 'string',
    );
  }
}

const NETWORK_KINDS = new Set<ApiErrorKind>([
  'NETWORK_ERROR',
  'NETWORK_TIMEOUT',
  'NETWORK_UNAVAILABLE',
  'CONNECTION_FAILED',
  'SSL_ERROR',
]);

/** Time-outs, failed connections and gateway/server failures: the kind of error a retry may fix. */
export function isNetworkError(error: ApiError): boolean {
  if (NETWORK_KINDS.has(error.kind)) return true;
  return error.kind === 'http' && error.status !== null && (error.status >= 500 || error.status === 408);
}

/** Classifies a failed fetch by its message (SPEC.md §8: timeout, fail, ssl/certificate, connection). */
export function classifyNetworkFailure(error: unknown, online = navigator.onLine): ClientErrorKind {
  if (!online) return 'NETWORK_UNAVAILABLE';
  const message = (error instanceof Error ? `${error.name} ${error.message}` : String(error)).toLowerCase();
  if (message.includes('timeout') || message.includes('timed out')) return 'NETWORK_TIMEOUT';
  if (message.includes('ssl') || message.includes('certificate') || message.includes('cert_'))
    return 'SSL_ERROR';
  if (message.includes('connection') || message.includes('refused') || message.includes('reset')) {
    return 'CONNECTION_FAILED';
  }
  if (message.includes('fail') || message.includes('network')) return 'NETWORK_ERROR';
  return 'NETWORK_ERROR';
}

export function clientError(kind: ClientErrorKind, status: number | null = null): ApiError {
  return new ApiError(CLIENT_ERROR_MESSAGES[kind], kind, status ?? 0, status);
}

/** HTTP non-200: the body's message, else the status message, else 发生未知错误. */
export function httpError(status: number, body: unknown): ApiError {
  const envelope = body as { code?: unknown; message?: unknown; data?: unknown } | null;
  let message = typeof envelope?.message === 'string' && envelope.message.trim() ? envelope.message : '';
  // Frameworks answer 401 in English; members read the catalogue's text instead.
  if (status === 401 && (!message || /unauthenticated|unauthorized/i.test(message)))
    message = HTTP_MESSAGES[401];
  if (!message) message = httpMessage(status);
  const code = typeof envelope?.code === 'number' ? envelope.code : status;
  return new ApiError(message, 'http', code, status, envelope?.data ?? null);
}

/** Turns anything thrown into a message a member can read. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return CLIENT_ERROR_MESSAGES.UNKNOWN;
}
