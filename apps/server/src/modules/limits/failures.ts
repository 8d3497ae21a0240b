import type { ReasonNameWith } from '@app/shared';
import type { Clock } from '../../lib/clock.ts';
import { refuse, type AppError } from '../../lib/errors.ts';
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

/** A refusal that says when to retry (a limit's 429). */
export type WaitReason = ReasonNameWith<{ wait: string }>;

/** A wrong secret's refusal: the tries left, or the lock's length once it began. */
export type WrongSecretReason = ReasonNameWith<{ left: number; wait: string }>;

/** A 429 in the envelope: says in Chinese when to retry; the error handler sends `Retry-After`. */
export function tooManyAttempts(reason: WaitReason, retryAfterMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return refuse(reason, { wait: waitWords(retryAfterMs) }, { retry_after: seconds });
}

/**
 * How long (on the app's clock) an attempt waits for slots held by attempts of other processes
 * before it is refused. Attempts of this process are waited for as long as their checks take.
 */
const ELSEWHERE_WAIT_MS = 5_000;
/** The first pause between looks at slots held elsewhere; it doubles up to the second. */
const POLL_FIRST_MS = 20;
const POLL_MAX_MS = 320;

/**
 * What a look at the counts found: slots (check the answer), checks of this process holding the
 * slots (wait for one to end), a check here that ended meanwhile (look again at once), or slots
 * held by other processes (look again after a pause).
 */
type Look =
  | { next: 'check'; attempt: Attempt }
  | { next: 'wait'; ended: Promise<void> }
  | { next: 'again' }
  | { next: 'elsewhere' };

interface Held {
  rule: FailureRule;
  hit: CounterHit;
}

/** This process's attempts on one key. */
class Local {
  /** Attempts let through here whose answer is still being checked. */
  checking = 0;
  /** Checks ended here so far: a look that saw one end while it ran looks again at once. */
  ended = 0;
  /** Looks at the key, one at a time in this process: the end of the last one queued. */
  queue: Promise<void> = Promise.resolve();
  queued = 0;
  /** Attempts waiting for a check here to end (their slots are taken by those checks). */
  readonly waiting = new Set<() => void>();
}

/**
 * An attempt let through: each rule counts a hit for it while its answer is checked (so a
 * concurrent burst is limited like a sequence). Exactly one of `failed`, `succeeded` and
 * `notCounted` ends it; the first one to run decides.
 */
export class Attempt {
  private open = true;
  private failures = 0;

  constructor(
    private readonly counters: Counters,
    private readonly held: ReadonlyArray<Held>,
    private readonly ended: () => void,
  ) {}

  get isOpen(): boolean {
    return this.open;
  }

  /** Failures left under the first (tightest) rule, once `failed` has counted this one. */
  get left(): number {
    const first = this.held[0];
    return first ? Math.max(0, first.rule.max - this.failures) : Infinity;
  }

  /** When the first (tightest) rule's window ends. */
  get resetAt(): Date {
    return this.held[0]?.hit.resetAt ?? new Date(0);
  }

  /** The answer was checked and wrong: its hits stay, and count as confirmed failures. */
  failed(): Promise<void> {
    return this.end(async () => {
      const counts = await Promise.all(this.held.map(({ rule, hit }) => this.counters.fail(rule.key, hit)));
      this.failures = counts[0] ?? 0;
    });
  }

  /** The answer was right: no failure; the keys in `clear` start over (consecutive failures). */
  succeeded(clear: ReadonlyArray<string> = []): Promise<void> {
    return this.end(() =>
      Promise.all(
        this.held.map(({ rule, hit }) =>
          clear.includes(rule.key) ? this.counters.clear(rule.key) : this.counters.refund(rule.key, hit),
        ),
      ),
    );
  }

  /** Not an attempt after all (e.g. the password was right and the second factor is still to come). */
  notCounted(): Promise<void> {
    return this.end(() => Promise.all(this.held.map(({ rule, hit }) => this.counters.refund(rule.key, hit))));
  }

  private async end(work: () => Promise<unknown>): Promise<void> {
    if (!this.open) return;
    this.open = false;
    try {
      await work();
    } finally {
      this.ended();
    }
  }
}

/**
 * Limits on failed attempts (passwords, payment passwords, two-factor codes), OWASP ASVS V2.2,
 * decision 015. Only a wrong answer counts; a right one, or a refused one, never does:
 *
 * - an attempt takes a slot on each rule (a hit) before its answer is checked, so at most `max`
 *   answers are ever checked for every `max` failures, however many come at once;
 * - a wrong answer keeps its slots (they are its failures); a right one gives them back;
 * - an attempt that finds no slot gives back what it took and is refused with 429 only when the
 *   rule's window already holds `max` confirmed failures (the lock); otherwise the slots are taken
 *   by answers still being checked, and it waits for them to end and looks again. So a right
 *   answer is never refused because others are in flight.
 *
 * Looks at a key go one at a time within a process, so a slot this process holds is known here
 * and its end is awaited; slots held by other processes (sharing the counters) are looked at
 * again after a pause, for up to ELSEWHERE_WAIT_MS, then refused with a 429 to retry that much
 * later. A check lost with its process keeps its slot until the window ends.
 */
export class FailureLimiter {
  private readonly local = new Map<string, Local>();

  constructor(
    private readonly counters: Counters,
    private readonly clock: Clock,
  ) {}

  /**
   * Runs `check` as one attempt under `rules` once it has its slots (or throws the 429 of
   * `refusal`). `check` ends the attempt; one it leaves open, or that throws before ending it,
   * counts as a failure (the answer may have been tried).
   */
  async attempt<T>(
    rules: ReadonlyArray<FailureRule>,
    refusal: WaitReason,
    check: (attempt: Attempt) => Promise<T>,
  ): Promise<T> {
    const attempt = await this.begin(rules, refusal);
    let result: T;
    try {
      result = await check(attempt);
    } catch (err) {
      await attempt.failed().catch(() => undefined);
      throw err;
    }
    await attempt.failed();
    return result;
  }

  /**
   * Checks a secret (old password, payment password) under one rule: a wrong one says how many
   * tries are left, the last wrong one says when to retry, and further tries answer 429 until the
   * window ends. `_now` is not read: the limiter reads its own clock, after any wait for checks
   * in flight.
   */
  async checkSecret(check: SecretCheck, _now?: Date): Promise<void> {
    await this.attempt([check.rule], check.tooMany, async (attempt) => {
      if (await check.verify()) return attempt.succeeded();
      await attempt.failed();
      await check.onWrong?.();
      const wait = waitWords(attempt.resetAt.getTime() - this.clock.now().getTime());
      throw refuse(check.wrong, { left: attempt.left, wait });
    });
  }

  private async begin(rules: ReadonlyArray<FailureRule>, refusal: WaitReason): Promise<Attempt> {
    const keys = [...new Set(rules.map((r) => r.key))].sort();
    const giveUpAt = this.clock.now().getTime() + ELSEWHERE_WAIT_MS;
    for (let pause = POLL_FIRST_MS; ;) {
      const seen = await this.look(rules, keys, refusal);
      if (seen.next === 'check') return seen.attempt;
      if (seen.next === 'again') continue;
      if (seen.next === 'wait') {
        await seen.ended;
        continue;
      }
      const left = giveUpAt - this.clock.now().getTime();
      if (left <= 0) throw tooManyAttempts(refusal, ELSEWHERE_WAIT_MS);
      await this.clock.sleep(Math.min(pause, left));
      pause = Math.min(pause * 2, POLL_MAX_MS);
    }
  }

  /**
   * One look at the rules' counts, the only one on these keys in this process meanwhile: the
   * attempt, a 429 (locked), or what to do before the next look.
   */
  private async look(
    rules: ReadonlyArray<FailureRule>,
    keys: ReadonlyArray<string>,
    refusal: WaitReason,
  ): Promise<Look> {
    const release = await this.queue(keys);
    try {
      const endedBefore = new Map(keys.map((k) => [k, this.localOf(k).ended]));
      const held = await this.hitAll(rules);
      const over = held.filter(({ rule, hit }) => hit.hits > rule.max);
      if (over.length === 0) {
        for (const key of keys) this.localOf(key).checking++;
        return { next: 'check', attempt: new Attempt(this.counters, held, () => this.checkEnded(keys)) };
      }
      // Refused or waiting, it is no attempt: it counts on no rule.
      await Promise.all(held.map(({ rule, hit }) => this.counters.refund(rule.key, hit)));
      const failures = await Promise.all(over.map(({ rule, hit }) => this.counters.failures(rule.key, hit)));
      const locked = over.filter(({ rule }, i) => failures[i]! >= rule.max);
      if (locked.length > 0) {
        const until = Math.max(...locked.map(({ hit }) => hit.resetAt.getTime()));
        throw tooManyAttempts(refusal, until - this.clock.now().getTime());
      }
      // Not locked: the slots are held by answers still being checked.
      const busy = over.map(({ rule }) => rule.key);
      if (busy.some((k) => this.localOf(k).ended !== endedBefore.get(k))) return { next: 'again' };
      const ours = busy.map((k) => this.localOf(k)).filter((l) => l.checking > 0);
      if (ours.length === 0) return { next: 'elsewhere' };
      const ended = new Promise<void>((resolve) => {
        const wake = () => {
          for (const l of ours) l.waiting.delete(wake);
          resolve();
        };
        for (const l of ours) l.waiting.add(wake);
      });
      return { next: 'wait', ended };
    } finally {
      release();
    }
  }

  /** A hit on every rule; if one fails, the others are given back. */
  private async hitAll(rules: ReadonlyArray<FailureRule>): Promise<Held[]> {
    const results = await Promise.allSettled(rules.map((rule) => this.counters.hit(rule.key, rule.windowMs)));
    const held: Held[] = [];
    const errors: unknown[] = [];
    results.forEach((r, i) => {
      if (r.status === 'fulfilled') held.push({ rule: rules[i]!, hit: r.value });
      else errors.push(r.reason);
    });
    if (errors.length > 0) {
      await Promise.allSettled(held.map(({ rule, hit }) => this.counters.refund(rule.key, hit)));
      throw errors[0];
    }
    return held;
  }

  /** Waits for this process's looks at `keys` (sorted: two attempts never wait on each other). */
  private async queue(keys: ReadonlyArray<string>): Promise<() => void> {
    const releases: Array<() => void> = [];
    for (const key of keys) {
      const local = this.localOf(key);
      local.queued++;
      const previous = local.queue;
      let done!: () => void;
      local.queue = new Promise<void>((resolve) => (done = resolve));
      await previous;
      releases.push(() => {
        local.queued--;
        done();
        this.forget(key, local);
      });
    }
    return () => {
      for (const release of releases) release();
    };
  }

  private checkEnded(keys: ReadonlyArray<string>): void {
    for (const key of keys) {
      const local = this.localOf(key);
      local.checking--;
      local.ended++;
      for (const wake of [...local.waiting]) wake();
      this.forget(key, local);
    }
  }

  private localOf(key: string): Local {
    let local = this.local.get(key);
    if (!local) this.local.set(key, (local = new Local()));
    return local;
  }

  private forget(key: string, local: Local): void {
    if (
      local.queued === 0 &&
      local.checking === 0 &&
      local.waiting.size === 0 &&
      this.local.get(key) === local
    )
      this.local.delete(key);
  }
}

/** A secret checked under a failure limit (see `FailureLimiter.checkSecret`). */
export interface SecretCheck {
  rule: FailureRule;
  /** The 429 once the lock holds, e.g. `limits.payment_password_locked`. */
  tooMany: WaitReason;
  /** The 422 of a wrong secret (tries left, or the lock begun), e.g. `accounts.payment_password_wrong`. */
  wrong: WrongSecretReason;
  /** True when the secret is right. */
  verify: () => Promise<boolean>;
  /** Runs for a wrong secret before the refusal (the caller's record of it). */
  onWrong?: (() => Promise<void>) | undefined;
}
