import { AppError, unprocessable } from '../../lib/errors.ts';
import type { CounterHit, Counters } from './counters.ts';

/** One limit on failed attempts: at most `max` in a window of `windowMs` for this key. */
export interface FailureRule {
  key: string;
  max: number;
  windowMs: number;
}

/** How long until `at`, in the words of a 429: `30秒` / `15分钟` / `2小时`. */
export function waitWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds}秒`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 60) return `${minutes}分钟`;
  return `${Math.ceil(minutes / 60)}小时`;
}

/** A 429 in the envelope: says in Chinese when to retry; the error handler sends `Retry-After`. */
export function tooManyAttempts(what: string, retryAfterMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(429, `${what}，请${waitWords(retryAfterMs)}后再试`, { retry_after: seconds });
}

/**
 * An attempt in progress: its hits are already counted (so a concurrent burst is limited like a
 * sequence: the count is taken before the password is checked, not after). A failure keeps them;
 * `succeeded` takes them back and clears the keys that count consecutive failures.
 */
export class Attempt {
  constructor(
    private readonly counters: Counters,
    private readonly hits: ReadonlyArray<{ rule: FailureRule; hit: CounterHit }>,
  ) {}

  /** Failures left under the first (tightest) rule after this one fails. */
  get left(): number {
    const first = this.hits[0];
    return first ? Math.max(0, first.rule.max - first.hit.hits) : Infinity;
  }

  /** When the first (tightest) rule's window ends. */
  get resetAt(): Date {
    return this.hits[0]?.hit.resetAt ?? new Date(0);
  }

  async succeeded(clear: ReadonlyArray<string> = []): Promise<void> {
    await Promise.all(
      this.hits.map(({ rule, hit }) =>
        clear.includes(rule.key) ? this.counters.clear(rule.key) : this.counters.refund(rule.key, hit),
      ),
    );
  }
}

/**
 * Limits on failed attempts (passwords, payment passwords, two-factor codes), OWASP ASVS V2.2:
 * every attempt counts on each rule before it is tried; past any rule's `max` it is refused with
 * 429 until that rule's window ends, without trying it (and counts only on the rules it broke).
 */
export class FailureLimiter {
  constructor(private readonly counters: Counters) {}

  async begin(rules: ReadonlyArray<FailureRule>, refusal: string, now: Date): Promise<Attempt> {
    const hits = await Promise.all(
      rules.map(async (rule) => ({ rule, hit: await this.counters.hit(rule.key, rule.windowMs) })),
    );
    const over = hits.filter(({ rule, hit }) => hit.hits > rule.max);
    if (over.length > 0) {
      // Not tried, so not a failure on the rules it was still within.
      await Promise.all(
        hits.filter((h) => !over.includes(h)).map(({ rule, hit }) => this.counters.refund(rule.key, hit)),
      );
      const until = Math.max(...over.map(({ hit }) => hit.resetAt.getTime()));
      throw tooManyAttempts(refusal, until - now.getTime());
    }
    return new Attempt(this.counters, hits);
  }

  /**
   * Checks a secret (old password, payment password) under one rule, counted before the check: a
   * wrong one says how many tries are left, the last wrong one says when to retry, and further
   * tries answer 429 until the window ends.
   */
  async checkSecret(check: SecretCheck, now: Date): Promise<void> {
    const attempt = await this.begin([check.rule], check.tooMany, now);
    if (await check.verify()) return attempt.succeeded();
    await check.onWrong?.();
    const left = attempt.left;
    if (left > 0) throw unprocessable(`${check.wrong}，还可尝试${left}次`);
    throw unprocessable(`${check.tooMany}，请${waitWords(attempt.resetAt.getTime() - now.getTime())}后再试`);
  }
}

/** A secret checked under a failure limit (see `FailureLimiter.checkSecret`). */
export interface SecretCheck {
  rule: FailureRule;
  /** The 429's words, e.g. `支付密码错误次数过多`. */
  tooMany: string;
  /** The 422's words for a wrong secret, e.g. `支付密码不正确`. */
  wrong: string;
  /** True when the secret is right. */
  verify: () => Promise<boolean>;
  /** Runs for a wrong secret before the refusal (the caller's record of it). */
  onWrong?: (() => Promise<void>) | undefined;
}
