/**
 * Tells a database that cannot be reached (down, restarting, failing over, refusing
 * connections) from every other failure. Such errors answer 503 and pause the jobs; anything
 * else is a bug or a rule and keeps its own answer.
 */

/** SQLSTATE classes and codes that mean "the server is not there for us right now". */
const UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a restart
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, in recovery
  '53300', // too_many_connections
  // read_only_sql_transaction: a write reached a node that is a standby now (during a failover
  // the proxy may still route to the old primary as it is demoted, or to the new one before its
  // promotion finished); the primary is elsewhere for a few seconds.
  '25006',
]);

/** Errors of the socket itself (Node's codes). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres reports a lost or never-made connection with these messages and no code. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'is not currently accepting connections',
  'the database system is',
];

function codeAndMessage(err: unknown): { code: string | undefined; message: string } | null {
  if (typeof err !== 'object' || err === null) return null;
  const { code, message } = err as { code?: unknown; message?: unknown };
  return {
    code: typeof code === 'string' ? code : undefined,
    message: typeof message === 'string' ? message : '',
  };
}

/** True when the error (or any error it wraps, as Drizzle's DrizzleQueryError does) means the database is unreachable. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = err;
  while (current && !seen.has(current)) {
    seen.add(current);
    const info = codeAndMessage(current);
    if (!info) return false;
    if (info.code && (UNAVAILABLE_CODES.has(info.code) || NETWORK_CODES.has(info.code))) return true;
    // Class 08: connection exception.
    if (info.code && /^08[0-9A-Z]{3}$/.test(info.code)) return true;
    if (CONNECTION_MESSAGES.some((m) => info.message.includes(m))) return true;
    if (current instanceof AggregateError && current.errors.some((e) => isDatabaseUnavailable(e)))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Every pooled connection stayed busy for the whole connect timeout while this caller waited
 * for one. The database answers (those connections are working); this process has more to do
 * than its pool runs at once. pg-pool says 'timeout exceeded when trying to connect' for it, as
 * for a connection that could not be opened, so the pool (db/client.ts) throws this instead.
 */
export class PoolExhausted extends Error {
  readonly code = 'POOL_EXHAUSTED';
  constructor(waitedMs: number) {
    super(`no pooled database connection came free within ${waitedMs} ms`);
    this.name = 'PoolExhausted';
  }
}

/** SQLSTATEs of a statement that gave up under load: a limit hit, a lock not granted, a conflict. */
const BUSY_CODES = new Set([
  '57014', // query_canceled: statement_timeout
  '55P03', // lock_not_available: lock_timeout
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '25P03', // idle_in_transaction_session_timeout
  'POOL_EXHAUSTED', // not a SQLSTATE: PoolExhausted
]);

/** True when the database answered but gave up on this statement; a retry may well succeed. */
export function isDatabaseBusy(err: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = err;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && BUSY_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
