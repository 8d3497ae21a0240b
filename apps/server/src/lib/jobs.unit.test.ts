import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JobRunner } from './jobs.ts';

const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };
const unreachable = () => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

/** A database health as the runner sees it: down after an unreachable error, until told otherwise. */
function health() {
  return {
    isDown: false,
    observe(err: unknown) {
      const down = (err as { code?: string }).code === 'ECONNREFUSED';
      if (down) this.isDown = true;
      return down;
    },
  };
}

function runner(options: { leader?: () => boolean; h?: ReturnType<typeof health> } = {}) {
  const ran: Array<{ job: string; outcome: string }> = [];
  const r = new JobRunner({
    leadership: { isLeader: async () => options.leader?.() ?? true, close: async () => undefined },
    log,
    ...(options.h ? { health: options.h } : {}),
    observer: { ran: (job, outcome) => ran.push({ job, outcome }) },
    maxBackoffMs: 8_000,
  });
  return { r, ran };
}

beforeEach(() => vi.useFakeTimers());
/** The fake timers' time: what the runner's timeouts run on. */
const fakeNow = () => vi.getMockedSystemTime()!.getTime();
afterEach(() => vi.useRealTimers());

describe('jobs registry', () => {
  it('starts nothing until start, then listeners always and timers only when asked', async () => {
    const { r } = runner();
    const job = vi.fn(async () => undefined);
    const unsubscribe = vi.fn();
    const listener = vi.fn(() => unsubscribe);
    r.listen('events', listener);
    r.every({ name: 'tick', everyMs: 1_000, run: job });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(listener).not.toHaveBeenCalled();
    expect(job).not.toHaveBeenCalled();

    r.start({ timers: false });
    expect(listener).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(job).not.toHaveBeenCalled();
    await r.stop();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('runs each job at once and then every period, on the leader only', async () => {
    let leader = false;
    const { r } = runner({ leader: () => leader });
    const job = vi.fn(async () => undefined);
    r.every({ name: 'tick', everyMs: 1_000, run: job });
    r.start({ timers: true });
    await vi.advanceTimersByTimeAsync(3_500);
    expect(job).not.toHaveBeenCalled();
    leader = true;
    await vi.advanceTimersByTimeAsync(3_000);
    expect(job).toHaveBeenCalledTimes(3);
    await r.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(job).toHaveBeenCalledTimes(3);
  });

  it('backs off after failures, pauses while the database is down, and resumes when it returns', async () => {
    const h = health();
    const { r, ran } = runner({ h });
    let fail = true;
    const job = vi.fn(async () => {
      if (fail) throw unreachable();
    });
    r.every({ name: 'tick', everyMs: 1_000, run: job });
    r.start({ timers: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(job).toHaveBeenCalledTimes(1);
    expect(h.isDown).toBe(true);
    expect(ran).toEqual([{ job: 'tick', outcome: 'failed' }]);

    // Down: paused, the job makes no call however long the outage lasts.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(job).toHaveBeenCalledTimes(1);

    // Back: it runs within one period, then keeps its own period.
    h.isDown = false;
    fail = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(job).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(job).toHaveBeenCalledTimes(5);
    expect(ran.at(-1)).toEqual({ job: 'tick', outcome: 'ok' });
    await r.stop();
  });

  it('doubles the wait after each ordinary failure, up to the cap, and never overlaps a run', async () => {
    const { r } = runner();
    const starts: number[] = [];
    r.every({
      name: 'flaky',
      everyMs: 1_000,
      run: async () => {
        starts.push(fakeNow());
        throw new Error('bug');
      },
    });
    const t0 = fakeNow();
    r.start({ timers: true });
    await vi.advanceTimersByTimeAsync(40_000);
    const gaps = starts.slice(1).map((s, i) => s - starts[i]!);
    expect(starts[0]).toBe(t0);
    expect(gaps.slice(0, 5)).toEqual([2_000, 4_000, 8_000, 8_000, 8_000]);
    expect(log.error).toHaveBeenCalled();
    await r.stop();
  });

  it('tells when a job’s first turn is over, ran or skipped', async () => {
    const { r } = runner({ leader: () => false });
    r.every({ name: 'feed', everyMs: 1_000, run: async () => undefined });
    const first = r.firstTurn('feed');
    r.start({ timers: true });
    await vi.advanceTimersByTimeAsync(0);
    await expect(first).resolves.toBeUndefined();
    await r.stop();
  });
});
