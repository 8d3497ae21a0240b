import { describe, expect, it } from 'vitest';
import { isDatabaseBusy, isDatabaseUnavailable, PoolExhausted } from './errors.ts';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
/** Drizzle wraps the driver's error as `cause`. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('database error classes', () => {
  it('calls a lost or refused connection unavailable, however it is wrapped', () => {
    expect(
      isDatabaseUnavailable(pgError('57P01', 'terminating connection due to administrator command')),
    ).toBe(true);
    expect(isDatabaseUnavailable(wrapped(pgError('57P03')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(pgError('08006')))).toBe(true);
    expect(isDatabaseUnavailable(pgError('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(
      isDatabaseUnavailable(pgError('55000', 'database "x" is not currently accepting connections')),
    ).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([pgError('ECONNREFUSED')]))).toBe(true);
    // A write that reached a standby mid-failover: the primary is elsewhere for a moment.
    expect(
      isDatabaseUnavailable(wrapped(pgError('25006', 'cannot execute INSERT in a read-only transaction'))),
    ).toBe(true);
  });

  it('leaves rule and data errors alone', () => {
    expect(isDatabaseUnavailable(pgError('23505', 'duplicate key value'))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(pgError('23514', 'check constraint')))).toBe(false);
    expect(isDatabaseUnavailable(new Error('余额不足'))).toBe(false);
    expect(isDatabaseUnavailable('text')).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });

  it('calls a statement the server gave up on busy, not unavailable', () => {
    for (const code of ['57014', '55P03', '40001', '40P01']) {
      expect(isDatabaseBusy(wrapped(pgError(code)))).toBe(true);
      expect(isDatabaseUnavailable(wrapped(pgError(code)))).toBe(false);
    }
    expect(isDatabaseBusy(pgError('23505'))).toBe(false);
  });

  it('calls a wait for a free pooled connection that timed out busy, not unavailable', () => {
    expect(isDatabaseBusy(new PoolExhausted(5_000))).toBe(true);
    expect(isDatabaseBusy(wrapped(new PoolExhausted(5_000)))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new PoolExhausted(5_000)))).toBe(false);
  });
});
