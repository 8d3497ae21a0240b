import type { AppConfig } from '../../config.ts';
import type { Attempt, FailureLimiter, FailureRule } from './failures.ts';

/** Members and operators are counted apart: a member's failures never lock an operator out. */
export type LoginKind = 'member' | 'operator';

const HOUR_MS = 3_600_000;

/** A login in progress (see `LoginGuard.attempt`). */
export class LoginAttempt {
  constructor(
    private readonly attempt: Attempt,
    private readonly accountAddressKey: string,
  ) {}

  /** Failures this account has left from this address before 429 (once `failed` counted this one). */
  get left(): number {
    return this.attempt.left;
  }

  /** When the count from this address starts over. */
  get resetAt(): Date {
    return this.attempt.resetAt;
  }

  /** The password (or the second factor) was wrong. */
  failed(): Promise<void> {
    return this.attempt.failed();
  }

  /** Not an attempt after all (the password was right and the second factor is still to come). */
  notCounted(): Promise<void> {
    return this.attempt.notCounted();
  }

  /** The password was right: it was no failure, and the account's count from this address starts over. */
  succeeded(): Promise<void> {
    return this.attempt.succeeded([this.accountAddressKey]);
  }
}

/**
 * Login failure limits (OWASP ASVS V2.2.1; decision 015). Up to three counts, each holding a slot
 * while the password is checked (FailureLimiter: only wrong passwords count):
 * - the account from this address (5 in 15 min): slows a guesser without locking the owner,
 *   who signs in from another address;
 * - this address over every account of its kind (20 in 15 min): slows one address spraying
 *   many accounts. Not for an account that signed in from this address before: one address is
 *   often many people (an office's NAT, a carrier's gateway), and a guesser there must not
 *   lock them all out;
 * - the account from every address it never signed in from (100 an hour): slows a guesser
 *   spread over many addresses, while the owner's known addresses keep working.
 */
export class LoginGuard {
  constructor(
    private readonly limiter: FailureLimiter,
    private readonly limits: AppConfig['limits']['login'],
  ) {}

  /**
   * Runs `check` as one login attempt of `account` from `ip` (`knownAddress`: it signed in from
   * there before), or throws the 429 of a lock. `check` ends the attempt (see FailureLimiter).
   */
  attempt<T>(
    kind: LoginKind,
    account: string,
    ip: string,
    knownAddress: boolean,
    check: (attempt: LoginAttempt) => Promise<T>,
  ): Promise<T> {
    const k = kind === 'member' ? 'm' : 'o';
    const name = account.toLowerCase();
    const accountAddress: FailureRule = {
      key: `login:${k}:ai:${name}:${ip}`,
      max: this.limits.perAccountAddress,
      windowMs: this.limits.windowMs,
    };
    const rules: FailureRule[] = knownAddress
      ? [accountAddress]
      : [
          accountAddress,
          { key: `login:${k}:i:${ip}`, max: this.limits.perAddress, windowMs: this.limits.windowMs },
          { key: `login:${k}:a:${name}`, max: this.limits.perAccountPerHour, windowMs: HOUR_MS },
        ];
    return this.limiter.attempt(rules, 'limits.login_locked', (attempt) =>
      check(new LoginAttempt(attempt, accountAddress.key)),
    );
  }
}
