// @vitest-environment happy-dom
import { playGroupsOf, type LotteryPeriodView, type LotteryPlayGroupsView } from '@app/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Hooks from '@/ui/hooks.ts';
import { lotteryKeys } from '../queries.ts';

/**
 * The game page re-renders for what the member does, its data and the period's phase, never for
 * the clock: only the countdown leaf ticks. Its body is counted through `useUrlParam`, which only
 * the page itself calls.
 */
const counter = vi.hoisted(() => ({ pageRenders: 0 }));

vi.mock('@/ui/hooks.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Hooks>();
  return {
    ...real,
    useUrlParam: (...names: string[]) => {
      counter.pageRenders += 1;
      return real.useUrlParam(...names);
    },
  };
});
// A live socket: the queries poll every 30 s, and no push arrives during the test.
vi.mock('@/lib/realtime/index.ts', () => ({
  useRealtimeStatus: () => ({ state: 'connected', method: 'websocket', socketId: '1.1' }),
  subscribePublic: () => () => undefined,
  subscribePrivate: () => () => undefined,
}));
vi.mock('../token.ts', () => ({ ensureLotteryToken: () => Promise.resolve() }));

const { default: LotteryGamePage } = await import('./LotteryGamePage.tsx');

const CODE = 'k3_1m';
const START = Date.parse('2026-11-20T08:00:00.000Z');

function period(expectNo: string, openMs: number, closeMs: number, drawMs: number): LotteryPeriodView {
  return {
    code: CODE,
    expect: expectNo,
    status: 'open',
    status_text: '销售中',
    open_at: new Date(START + openMs).toISOString(),
    close_at: new Date(START + closeMs).toISOString(),
    draw_at: new Date(START + drawMs).toISOString(),
    commitment: 'a'.repeat(64),
    seed: null,
    open_code: null,
    drawn_at: null,
    settled: false,
    cancel_reason: null,
  };
}

let root: Root;
let container: HTMLElement;

beforeEach(() => {
  vi.useFakeTimers({ now: START });
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // Nothing reaches a server: every query is answered from the cache below.
  vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
  counter.pageRenders = 0;
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const groups = JSON.parse(JSON.stringify(playGroupsOf('k3'))) as LotteryPlayGroupsView['groups'];
  client.setQueryData(lotteryKeys.plays(CODE), { code: CODE, type: 'k3', expect: '20261120-0001', groups });
  client.setQueryData(lotteryKeys.detail(CODE), {
    code: CODE,
    name: '极速快3',
    type: 'k3',
    server_time: START,
  });
  client.setQueryData(lotteryKeys.expect(CODE), {
    code: CODE,
    // 封盘 in 10.5 s, the draw 10 s later.
    current: period('20261120-0002', -50_000, 10_500, 20_500),
    previous: null,
    next: null,
    server_time: START,
  });
  act(() =>
    root.render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/pages/lottery/lottery-game?code=${CODE}`]}>
          <LotteryGamePage />
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
}

function tick(ms: number): void {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

const countdown = () => container.querySelector('[data-testid="countdown"]');
const betButton = () =>
  [...container.querySelectorAll('button')].find((b) => /立即投注|已封盘|未开盘/.test(b.textContent ?? ''));

describe('LotteryGamePage', () => {
  it('ticks only the countdown each second; the page renders again when the phase changes', () => {
    renderPage();
    expect(countdown()?.textContent).toContain('00:10');
    expect(betButton()?.textContent).toBe('立即投注');
    const settled = counter.pageRenders;

    for (let second = 1; second <= 5; second++) tick(1_000);
    expect(countdown()?.textContent).toContain('00:05');
    expect(countdown()?.getAttribute('data-phase')).toBe('open');
    expect(counter.pageRenders).toBe(settled);

    // Past 封盘: the page learns the new phase once (and asks the server for the next period).
    tick(6_000);
    expect(countdown()?.getAttribute('data-phase')).toBe('closed');
    expect(betButton()?.textContent).toBe('已封盘');
    const afterClose = counter.pageRenders;
    expect(afterClose).toBeGreaterThan(settled);
    expect(afterClose - settled).toBeLessThanOrEqual(3);

    for (let second = 1; second <= 5; second++) tick(1_000);
    expect(counter.pageRenders).toBe(afterClose);
  });
});
