import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The page loader logs a failed load; the log itself (navigator, storage) is not under test.
vi.mock('../lib/logger.ts', () => ({ logger: { error: vi.fn(), warn: vi.fn(), info: vi.fn() } }));

// The module keeps whether the first page has painted; each test starts from a fresh copy.
async function freshModule() {
  vi.resetModules();
  return import('./first-paint.ts');
}

describe('work that waits for the first page', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // Node has no frames: a frame is 16 ms of the fake clock here.
    vi.stubGlobal('requestAnimationFrame', (run: () => void) => setTimeout(run, 16));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs once the page that committed has had a frame, and right away after that', async () => {
    const { afterFirstPaint, notePagePainted } = await freshModule();
    const ran: string[] = [];
    afterFirstPaint(() => ran.push('realtime'));
    afterFirstPaint(() => ran.push('service worker'));
    vi.advanceTimersByTime(1_000);
    expect(ran).toEqual([]); // no page yet: nothing starts

    notePagePainted();
    notePagePainted(); // a second page committing changes nothing
    expect(ran).toEqual([]); // the commit is not on screen before the next frame
    vi.advanceTimersByTime(16);
    expect(ran).toEqual([]); // the frame's own task first
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual([]); // then the task that releases the work
    // Each piece of work in a task of its own: input is answered between them.
    expect(vi.getTimerCount()).toBe(2);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(['realtime', 'service worker']);

    afterFirstPaint(() => ran.push('later'));
    expect(ran).toEqual(['realtime', 'service worker', 'later']);
  });
});

describe('a lazily loaded page', () => {
  it('asks for its code once, whether preloaded, rendered or both', async () => {
    vi.resetModules();
    const { lazyPage } = await import('./lazy-page.tsx');
    const Screen = () => null;
    const load = vi.fn(() => Promise.resolve({ default: Screen }));
    const Page = lazyPage('/pages/x/x', load);
    await Page.preload();
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('settles its preload when the code fails to come, so the first render is not held back', async () => {
    vi.resetModules();
    const { lazyPage } = await import('./lazy-page.tsx');
    const Page = lazyPage('/pages/x/x', () => Promise.reject(new Error('offline')));
    await expect(Page.preload()).resolves.toBeUndefined();
  });
});
