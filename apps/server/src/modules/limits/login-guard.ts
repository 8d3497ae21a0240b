import type { AppConfig } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Attempt, FailureLimiter, FailureRule } from './failures.ts';

/** Members and operators are counted apart: a member's failures never lock an operator out. */
export type LoginKind = 'member' | 'operator';

const HOUR_MS = 3_600_000;

/** A login in progress (see `LoginGuard.begin`). */
export class LoginAttempt {
  constructor(
    private readonly attempt: Attempt,
    private readonly accountAddressKey: string,
  ) {}

  /** Failures this account has left from this address before 429. */
  get left(): number {
    return this.attempt.left;
  }

  /** Not an attempt after all (the password was right and the second factor is still to come). */
  notCounted(): Promise<void> {
    return this.attempt.succeeded();
  }

  /** When the count from this address starts over. */
  get resetAt(): Date {
    return this.attempt.resetAt;
  }

  /** The password was right: it was no failure, and the account's count from this address starts over. */
  succeeded(): Promise<void> {
    return this.attempt.succeeded([this.accountAddressKey]);
  }
}

/**
 * Login failure limits (OWASP ASVS V2.2.1; decision 015). Three counts, each taken before the
 * password is checked:
 * - the account from this address (5 in 15 min): slows a guesser without locking the owner,
 *   who signs in from another address;
 * - this address over every account of its kind (20 in 15 min): slows one address spraying
 *   many accounts;
 * - the account from every address it never signed in from (100 an hour): slows a guesser
 *   spread over many addresses, while the owner's known addresses keep working.
 */
export class LoginGuard {
  constructor(
    private readonly limiter: FailureLimiter,
    private readonly limits: AppConfig['limits']['login'],
    private readonly clock: Clock,
  ) {}

  async begin(kind: LoginKind, account: string, ip: string, knownAddress: boolean): Promise<LoginAttempt> {
    const k = kind === 'member' ? 'm' : 'o';
    const name = account.toLowerCase();
    const rules: FailureRule[] = [
      {
        key: `login:${k}:ai:${name}:${ip}`,
        max: this.limits.perAccountAddress,
        windowMs: this.limits.windowMs,
      },
      { key: `login:${k}:i:${ip}`, max: this.limits.perAddress, windowMs: this.limits.windowMs },
    ];
    if (!knownAddress)
      rules.push({ key: `login:${k}:a:${name}`, max: this.limits.perAccountPerHour, windowMs: HOUR_MS });
    const attempt = await this.limiter.begin(rules, '登录失败次数过多', this.clock.now());
    return new LoginAttempt(attempt, rules[0]!.key);
  }
}
