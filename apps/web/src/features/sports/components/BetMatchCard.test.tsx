// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Match } from '../model.ts';
import { footballMatch } from '../testing.ts';

const toasts = vi.hoisted(() => ({ warnings: [] as string[] }));
vi.mock('@/lib/toast.tsx', () => ({
  toast: { warning: (message: string) => toasts.warnings.push(message) },
}));

const { syncServerTime } = await import('../clock.ts');
const { clearSlipSelections, enterSport, toggleOption, useSlipStore } = await import('../slip/store.ts');
const { useSalesDeadlines } = await import('../use-deadlines.ts');
const { BetMatchCard } = await import('./BetMatchCard.tsx');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const CLOSE = Date.parse('2026-11-21T12:00:00.000Z');
const NO_KEYS: ReadonlySet<string> = new Set();

function match(overrides: Partial<Match> = {}): Match {
  return footballMatch(
    7,
    [
      { key: 'h', name: '胜', odds: '2.00' },
      { key: 'd', name: '平', odds: '3.10' },
      { key: 'a', name: '负', odds: '3.60' },
    ],
    overrides,
  );
}

/** The betting page in small: cards closed by the deadline hook. */
function Cards({ matches }: { matches: Match[] }) {
  const closed = useSalesDeadlines(matches);
  return (
    <>
      {matches.map((m) => (
        <BetMatchCard
          key={m.id}
          match={m}
          betType="winDrawLose"
          selectedKeys={NO_KEYS}
          closed={closed.has(m.id)}
          onTap={() => undefined}
        />
      ))}
    </>
  );
}

let root: Root;
let host: HTMLDivElement;
beforeEach(() => {
  vi.useFakeTimers();
  toasts.warnings.length = 0;
  enterSport('football');
  clearSlipSelections();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  syncServerTime(0, 0);
  vi.useRealTimers();
});

const buttons = () => [...host.querySelectorAll<HTMLButtonElement>('button.odds-button')];
const tag = () => host.querySelector('[data-testid="sales-closed"]')?.textContent ?? null;

describe('a match card at its sales deadline', () => {
  it('greys out with 已停售 when the server clock passes it, with no new data, and the slip drops the leg', () => {
    // The phone's clock is an hour behind the server's: 10 s before the deadline by the server.
    const device = CLOSE - 3_600_000 - 10_000;
    vi.setSystemTime(device);
    syncServerTime(CLOSE - 10_000, device);
    const m = match();
    toggleOption(
      { matchId: '7', sport: 'football', betType: 'winDrawLose', option: 'h', odds: '2.00', line: null },
      m,
    );
    act(() => root.render(<Cards matches={[m]} />));
    expect(tag()).toBeNull();
    expect(buttons().every((b) => !b.disabled)).toBe(true);

    act(() => {
      vi.advanceTimersByTime(9_000);
    });
    expect(tag()).toBeNull();
    expect(useSlipStore.getState().slip.selectedBets).toHaveLength(1);

    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(tag()).toBe('已停售');
    expect(host.querySelector('[data-testid="bet-match"]')?.getAttribute('data-closed')).toBe('true');
    expect(buttons().map((b) => b.disabled)).toEqual([true, true, true]);
    expect(useSlipStore.getState().slip.selectedBets).toHaveLength(0);
    expect(useSlipStore.getState().dropped.map((d) => d.reason)).toEqual(['closed']);
    expect(toasts.warnings).toEqual(['周六007 已停售，已移出投注单']);
  });

  it('shows 暂停 on a suspended market’s options and 盘口暂停 on the card, disabled', () => {
    vi.setSystemTime(CLOSE - 60_000);
    const base = match();
    const m = match({ markets: base.markets.map((k) => ({ ...k, suspended: true })) });
    act(() => root.render(<Cards matches={[m]} />));
    expect(tag()).toBeNull();
    expect(host.querySelector('[data-testid="market-suspended"]')?.textContent).toBe('盘口暂停');
    expect(buttons().map((b) => [b.disabled, b.querySelector('.odds-value')?.textContent])).toEqual([
      [true, '暂停'],
      [true, '暂停'],
      [true, '暂停'],
    ]);
  });
});
