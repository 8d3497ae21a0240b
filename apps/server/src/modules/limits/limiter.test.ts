import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import { ManualClock, type Clock } from '../../lib/clock.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { DatabaseCounters, RedisCounters, type Counters } from './counters.ts';
import { FailureLimiter, type FailureRule } from './failures.ts';

const MINUTE = 60_000;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const start = new Date('2026-11-26T04:00:00Z');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Two processes' counters on one store (the database, or Redis under one prefix). */
interface Store {
  name: string;
  open: (clock: Clock) => Promise<{ a: Counters; b: Counters; close: () => Promise<void> }>;
}

const stores: Store[] = [
  {
    name: 'the database',
    open: (clock) =>
      Promise.resolve({
        a: new DatabaseCounters(t.database.db, clock),
        b: new DatabaseCounters(t.database.db, clock),
        close: () => Promise.resolve(),
      }),
  },
  {
    name: 'Redis',
    open: async (clock) => {
      const prefix = `limits-test-${randomBytes(4).toString('hex')}`;
      const log = { warn: () => undefined };
      const a = await RedisCounters.connect({ kind: 'url', url: REDIS_URL }, prefix, clock, log);
      const b = await RedisCounters.connect({ kind: 'url', url: REDIS_URL }, prefix, clock, log);
      return { a, b, close: async () => void (await Promise.all([a.close(), b.close()])) };
    },
  },
];

const ruleOf = (max = 5): FailureRule => ({
  key: `test:${randomBytes(6).toString('hex')}`,
  max,
  windowMs: 15 * MINUTE,
});

/** An answer the test gives when it likes: the check stays in flight until then. */
function pending() {
  let give!: (right: boolean) => void;
  const answer = new Promise<boolean>((resolve) => (give = resolve));
  return { answer, give };
}

/** Lets the event loop run (database and Redis round trips) until `done` holds. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
}

/** The status of a settled attempt: 200 right, 422 wrong, or the limiter's refusal. */
const statusOf = (r: PromiseSettledResult<unknown>) =>
  r.status === 'fulfilled' ? (r.value as number) : r.reason instanceof AppError ? r.reason.status : 500;

describe.each(stores)('failure counts in $name', (store) => {
  it('count confirmed failures per window; a later window and a clear start them over', async () => {
    const clock = new ManualClock(start);
    const { a, b, close } = await store.open(clock);
    const key = ruleOf().key;
    try {
      const first = await a.hit(key, MINUTE);
      expect(await a.fail(key, first)).toBe(1);
      expect(await b.fail(key, first)).toBe(2);
      expect(await b.failures(key, first)).toBe(2);
      clock.advance(MINUTE);
      const second = await b.hit(key, MINUTE);
      expect(await a.failures(key, second)).toBe(0);
      expect(await a.fail(key, second)).toBe(1);
      // A failure of the window that ended comes late: it counts for nothing.
      expect(await a.fail(key, first)).toBe(0);
      expect(await b.failures(key, second)).toBe(1);
      await a.clear(key);
      expect(await b.failures(key, second)).toBe(0);
    } finally {
      await a.clear(key);
      await close();
    }
  });
});

describe.each(stores)('two processes limiting one key in $name', (store) => {
  it('a right answer waits for slots held by the other process, then gets one: none is refused', async () => {
    const clock = new ManualClock(start);
    const { a, b, close } = await store.open(clock);
    const one = new FailureLimiter(a, clock);
    const two = new FailureLimiter(b, clock);
    const rule = ruleOf();
    let checked = 0;
    const tryWith = (limiter: FailureLimiter, answer: Promise<boolean>) =>
      limiter.attempt([rule], 'limits.password_locked', async (attempt) => {
        checked++;
        if (await answer) {
          await attempt.succeeded();
          return 200;
        }
        await attempt.failed();
        return 422;
      });
    try {
      const held = Array.from({ length: 5 }, () => pending());
      const first = held.map((p) => tryWith(one, p.answer));
      await until(() => checked === 5);
      // Every slot is held by the first process: the second's attempts wait (on the clock).
      const second = Array.from({ length: 3 }, () => tryWith(two, Promise.resolve(true)));
      await until(() => clock.sleeping === 3);
      expect(checked).toBe(5);
      for (const p of held) p.give(true);
      expect(await Promise.all(first)).toEqual([200, 200, 200, 200, 200]);
      await until(() => {
        if (clock.sleeping > 0) clock.advance(20);
        return checked === 8;
      });
      expect(await Promise.all(second)).toEqual([200, 200, 200]);
    } finally {
      await a.clear(rule.key);
      await close();
    }
  });

  it('50 wrong answers at once over both processes: exactly 5 are checked', async () => {
    // A clock that stands still and whose waits last one turn of the event loop: the slots held
    // elsewhere are looked at again and again until their checks end, never past a deadline.
    const manual = new ManualClock(start);
    const clock: Clock = { now: () => manual.now(), sleep: () => new Promise((r) => setImmediate(r)) };
    const { a, b, close } = await store.open(clock);
    const limiters = [new FailureLimiter(a, clock), new FailureLimiter(b, clock)];
    const rule = ruleOf();
    let checked = 0;
    try {
      const answers = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) =>
          limiters[i % 2]!.attempt([rule], 'limits.password_locked', async (attempt) => {
            checked++;
            await new Promise((r) => setImmediate(r));
            await attempt.failed();
            return 422;
          }),
        ),
      );
      expect(checked).toBe(5);
      const codes = answers.map(statusOf);
      expect(codes.filter((c) => c === 422)).toHaveLength(5);
      expect(codes.filter((c) => c === 429)).toHaveLength(45);
    } finally {
      await a.clear(rule.key);
      await close();
    }
  });

  it('slots held past the wait (checks lost with their process) refuse after 5 seconds, for a few seconds', async () => {
    const clock = new ManualClock(start);
    const { a, b, close } = await store.open(clock);
    const rule = ruleOf();
    try {
      // Five attempts counted by a process that died before their answers were known.
      for (let i = 0; i < 5; i++) await b.hit(rule.key, rule.windowMs);
      let done = false;
      const refused = new FailureLimiter(a, clock)
        .attempt([rule], 'limits.password_locked', () => Promise.resolve(200))
        .finally(() => (done = true));
      refused.catch(() => undefined);
      await until(() => {
        if (clock.sleeping > 0) clock.advance(320);
        return done;
      });
      await expect(refused).rejects.toMatchObject({
        status: 429,
        message: '密码错误次数过多，请5秒后再试',
        data: { retry_after: 5 },
      });
      expect(clock.now().getTime() - start.getTime()).toBeGreaterThanOrEqual(5_000);
    } finally {
      await a.clear(rule.key);
      await close();
    }
  });
});
