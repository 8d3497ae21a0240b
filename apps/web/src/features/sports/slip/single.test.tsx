// @vitest-environment happy-dom
/**
 * 单关 per pool in the member app: the badge on a market that takes singles, a market that takes
 * none greyed out in 单关 mode (and fine in 混合过关), and the slip refusing a slip of singles
 * whose pool stopped taking them, with the server's message.
 */
import { BET_MESSAGES } from '@app/shared';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BetMatchCard } from '../components/BetMatchCard.tsx';
import type { Match } from '../model.ts';
import { footballMatch } from '../testing.ts';
import { previewSlip } from './preview.ts';
import {
  chooseMode,
  clearSlipSelections,
  enterSport,
  noteSlipOddsPush,
  toggleOption,
  useSlipStore,
} from './store.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const NO_KEYS: ReadonlySet<string> = new Set();

function match(id: number, single: boolean): Match {
  const m = footballMatch(id, [
    { key: 'h', name: '胜', odds: '2.00' },
    { key: 'd', name: '平', odds: '3.10' },
    { key: 'a', name: '负', odds: '3.60' },
  ]);
  return { ...m, markets: m.markets.map((k) => ({ ...k, single })) };
}

const pick = (m: Match) =>
  toggleOption(
    {
      matchId: String(m.id),
      sport: 'football',
      betType: 'winDrawLose',
      option: 'h',
      odds: '2.00',
      line: null,
    },
    m,
  );

describe('the slip and 单关', () => {
  beforeEach(() => {
    enterSport('football');
    chooseMode('single');
    clearSlipSelections();
  });

  it('takes a single on a pool with 单关', () => {
    pick(match(1, true));
    expect(previewSlip(useSlipStore.getState()).ok).toBe(true);
  });

  it('refuses a single on a pool without it, with the server’s message', () => {
    pick(match(2, false));
    expect(previewSlip(useSlipStore.getState())).toEqual({
      ok: false,
      message: BET_MESSAGES.singleNotOffered,
    });
  });

  it('leaves parlays alone', () => {
    chooseMode('mixed');
    pick(match(3, false));
    pick(match(4, false));
    useSlipStore.setState({ passType: '2x1' });
    expect(previewSlip(useSlipStore.getState()).ok).toBe(true);
  });

  it('follows a flag flip pushed for a picked match', () => {
    pick(match(5, true));
    noteSlipOddsPush({
      id: 5,
      markets: [{ play_type: 'football.winDrawLose', line: null, odds: { h: '2.00' }, single: false }],
    });
    expect(previewSlip(useSlipStore.getState())).toMatchObject({ ok: false });
    noteSlipOddsPush({
      id: 5,
      markets: [{ play_type: 'football.winDrawLose', line: null, odds: { h: '2.00' }, single: true }],
    });
    expect(previewSlip(useSlipStore.getState()).ok).toBe(true);
  });
});

describe('the betting card and 单关', () => {
  let root: Root;
  let host: HTMLDivElement;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });

  const render = (m: Match, singleMode: boolean) =>
    act(() =>
      root.render(
        <BetMatchCard
          match={m}
          betType="winDrawLose"
          selectedKeys={NO_KEYS}
          closed={false}
          singleMode={singleMode}
          onTap={() => undefined}
        />,
      ),
    );
  const buttons = () => [...host.querySelectorAll<HTMLButtonElement>('button.odds-button')];

  it('badges a market that takes singles, and lets it be picked in 单关 mode', () => {
    render(match(1, true), true);
    expect(host.querySelector('[data-testid="single-badge"]')?.textContent).toBe('单关');
    expect(buttons().every((b) => !b.disabled)).toBe(true);
    expect(host.querySelector('[data-testid="single-off"]')).toBeNull();
  });

  it('greys a market without 单关 out in 单关 mode, saying why, and not in 混合过关', () => {
    render(match(2, false), true);
    expect(host.querySelector('[data-testid="single-badge"]')).toBeNull();
    expect(buttons().every((b) => b.disabled)).toBe(true);
    expect(host.querySelector('[data-testid="single-off"]')?.textContent).toContain('不支持单关');
    render(match(2, false), false);
    expect(buttons().every((b) => !b.disabled)).toBe(true);
    expect(host.querySelector('[data-testid="single-off"]')).toBeNull();
  });
});
