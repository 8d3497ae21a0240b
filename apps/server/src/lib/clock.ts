import { setTimeout as wait } from 'node:timers/promises';

/**
 * The one source of "now" for services and jobs. Production uses the system clock; tests pass
 * a `ManualClock` and move it instead of sleeping.
 */
export interface Clock {
  now(): Date;
  /**
   * Resolves once `ms` have passed on this clock (time limits on outside calls). Aborting the
   * signal drops the wait and rejects it.
   */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: (ms, signal) => wait(ms, undefined, signal ? { signal } : {}),
};

interface Sleeper {
  until: number;
  wake: () => void;
}

/** A clock that stands still until a test moves it; sleepers wake when it passes their time. */
export class ManualClock implements Clock {
  private ms: number;
  private readonly sleepers = new Set<Sleeper>();
  private readonly watchers: Array<() => void> = [];

  constructor(start: Date | number = Date.now()) {
    this.ms = typeof start === 'number' ? start : start.getTime();
  }

  now(): Date {
    return new Date(this.ms);
  }

  set(to: Date | number): Date {
    this.ms = typeof to === 'number' ? to : to.getTime();
    for (const sleeper of [...this.sleepers].sort((a, b) => a.until - b.until)) {
      if (sleeper.until > this.ms) continue;
      this.sleepers.delete(sleeper);
      sleeper.wake();
    }
    return this.now();
  }

  advance(ms: number): Date {
    return this.set(this.ms + ms);
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    if (ms <= 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const sleeper: Sleeper = { until: this.ms + ms, wake: resolve };
      this.sleepers.add(sleeper);
      signal?.addEventListener(
        'abort',
        () => {
          this.sleepers.delete(sleeper);
          reject(signal.reason as Error);
        },
        { once: true },
      );
      for (const notify of this.watchers.splice(0)) notify();
    });
  }

  /** How many waits are pending on this clock. */
  get sleeping(): number {
    return this.sleepers.size;
  }

  /** Resolves once something waits on this clock (at once if something does already). */
  untilSleeping(): Promise<void> {
    if (this.sleepers.size > 0) return Promise.resolve();
    return new Promise((resolve) => this.watchers.push(resolve));
  }
}
