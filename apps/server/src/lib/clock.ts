/**
 * The one source of "now" for services and jobs. Production uses the system clock; tests pass
 * a `ManualClock` and move it instead of sleeping.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until a test moves it. */
export class ManualClock implements Clock {
  private ms: number;

  constructor(start: Date | number = Date.now()) {
    this.ms = typeof start === 'number' ? start : start.getTime();
  }

  now(): Date {
    return new Date(this.ms);
  }

  set(to: Date | number): void {
    this.ms = typeof to === 'number' ? to : to.getTime();
  }

  advance(ms: number): Date {
    this.ms += ms;
    return this.now();
  }
}
