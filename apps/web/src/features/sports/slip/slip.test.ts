import {
  fenFromDecimal,
  maxPrize,
  groupSelections,
  passTypeOf,
  BET_MESSAGES,
  type BetSelection,
} from '@app/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Match } from '../model.ts';
import { footballMatch } from '../testing.ts';
import {
  buildSubmitBody,
  effectivePassType,
  groupByMatch,
  offeredPassTypes,
  previewSlip,
} from './preview.ts';
import {
  applyOddsChanges,
  chooseBetType,
  chooseMode,
  chooseMultiple,
  choosePassType,
  clearSlipSelections,
  dismissDroppedLegs,
  acceptOddsChanges,
  dropClosedLegs,
  enterSport,
  noteSlipMatches,
  noteSlipOddsPush,
  slipOddsChanges,
  toggleOption,
  useSlipStore,
} from './store.ts';

function match(id: number, odds: Record<string, string> = { h: '2.00', d: '3.00', a: '4.00' }): Match {
  return footballMatch(
    id,
    Object.entries(odds).map(([key, value]) => ({ key, name: key, odds: value })),
  );
}

function pick(m: Match, option = 'h', betType: BetSelection['betType'] = 'winDrawLose'): BetSelection {
  const odds = m.markets[0]?.options.find((o) => o.key === option)?.odds ?? '1.00';
  return { matchId: String(m.id), sport: 'football', betType, option, odds, line: null };
}

beforeEach(() => {
  enterSport('football');
  chooseMode('single');
  clearSlipSelections();
});

describe('bet slip store (SPEC.md §4, engine from @app/shared)', () => {
  it('removes an option tapped a second time', () => {
    const m = match(1);
    expect(toggleOption(pick(m), m).ok).toBe(true);
    expect(useSlipStore.getState().slip.selectedBets).toHaveLength(1);
    expect(toggleOption(pick(m), m).ok).toBe(true);
    expect(useSlipStore.getState().slip.selectedBets).toHaveLength(0);
  });

  it('clears the slip when the bet type changes or mixed mode is chosen', () => {
    const m = match(1);
    toggleOption(pick(m), m);
    chooseBetType('handicap');
    expect(useSlipStore.getState().slip.selectedBets).toHaveLength(0);
    expect(useSlipStore.getState().slip.currentBetType).toBe('handicap');

    chooseBetType('winDrawLose');
    toggleOption(pick(m), m);
    chooseMode('mixed');
    expect(useSlipStore.getState().slip.selectedBets).toHaveLength(0);
  });

  it('refuses a ninth match with the engine message', () => {
    for (let id = 1; id <= 8; id++) expect(toggleOption(pick(match(id)), match(id)).ok).toBe(true);
    const ninth = toggleOption(pick(match(9)), match(9));
    expect(ninth).toMatchObject({ ok: false, message: BET_MESSAGES.tooManyMatches });
    expect(useSlipStore.getState().slip.selectedBets).toHaveLength(8);
  });

  it('clears the slip when another sport section opens', () => {
    toggleOption(pick(match(1)), match(1));
    enterSport('basketball');
    const state = useSlipStore.getState().slip;
    expect(state.currentSport).toBe('basketball');
    expect(state.currentBetType).toBe('win-lose');
    expect(state.selectedBets).toHaveLength(0);
  });

  it('keeps the multiple within 1-99', () => {
    chooseMultiple(150);
    expect(useSlipStore.getState().multiple).toBe(99);
    chooseMultiple(0);
    expect(useSlipStore.getState().multiple).toBe(1);
    chooseMultiple(3.7);
    expect(useSlipStore.getState().multiple).toBe(3);
  });

  it('marks odds that moved in a refreshed list beside the accepted price until the member takes them', () => {
    const m = match(1);
    toggleOption(pick(m), m);
    expect(noteSlipMatches([match(1, { h: '2.10', d: '3.00', a: '4.00' })])).toBe(1);
    // The accepted price stays what submit sends; the change waits for 接受赔率变化.
    expect(useSlipStore.getState().slip.selectedBets[0]?.odds).toBe('2.00');
    expect(slipOddsChanges(useSlipStore.getState())).toMatchObject([
      { oldOdds: '2.00', newOdds: '2.10', direction: 'up' },
    ]);
    expect(acceptOddsChanges()).toBe(1);
    expect(useSlipStore.getState().slip.selectedBets[0]?.odds).toBe('2.10');
    expect(slipOddsChanges(useSlipStore.getState())).toEqual([]);
    // Seeing the same price again is no news.
    expect(noteSlipMatches([match(1, { h: '2.10', d: '3.00', a: '4.00' })])).toBe(0);
  });

  it('marks a 409 the same way and removes options no longer offered', () => {
    const m = match(1);
    toggleOption(pick(m), m);
    applyOddsChanges([
      {
        match_id: 1,
        bet_type: 'winDrawLose',
        option: 'h',
        old_odds: '2.00',
        new_odds: '1.85',
        direction: 'down',
      },
    ]);
    expect(slipOddsChanges(useSlipStore.getState())).toMatchObject([
      { oldOdds: '2.00', newOdds: '1.85', direction: 'down' },
    ]);
    acceptOddsChanges();
    expect(useSlipStore.getState().slip.selectedBets[0]?.odds).toBe('1.85');
    applyOddsChanges([
      { match_id: 1, bet_type: 'winDrawLose', option: 'h', old_odds: '1.85', new_odds: null },
    ]);
    expect(useSlipStore.getState().slip.selectedBets).toHaveLength(0);
  });

  it('follows in-play prices pushed for a picked match, line included', () => {
    const live = footballMatch(5, [{ key: 'h', name: '主胜', odds: '1.90' }], {
      status: 'live',
      live_betting: true,
    });
    const handicap = { ...pick(live), betType: 'handicap' as const, line: '-1' };
    toggleOption(handicap, live);
    expect(
      noteSlipOddsPush({
        id: 5,
        markets: [{ play_type: 'football.handicap', line: '-1', odds: { h: '2.05', d: '3.1', a: '3.3' } }],
      }),
    ).toBe(1);
    expect(slipOddsChanges(useSlipStore.getState())).toMatchObject([{ newOdds: '2.05', direction: 'up' }]);
    // Another match's push, or another play type, leaves the slip alone.
    expect(noteSlipOddsPush({ id: 6, markets: [] })).toBe(0);
    noteSlipOddsPush({
      id: 5,
      markets: [{ play_type: 'football.handicap', line: '-0.5', odds: { h: '1.70' } }],
    });
    expect(slipOddsChanges(useSlipStore.getState())).toMatchObject([
      { newOdds: '1.70', oldLine: '-1', newLine: '-0.5', direction: 'line' },
    ]);
    acceptOddsChanges();
    expect(useSlipStore.getState().slip.selectedBets[0]).toMatchObject({ odds: '1.70', line: '-0.5' });
  });

  it('takes only the changes the member was shown when confirming', () => {
    const m = match(1);
    toggleOption(pick(m), m);
    noteSlipMatches([match(1, { h: '2.10', d: '3.00', a: '4.00' })]);
    const shown = slipOddsChanges(useSlipStore.getState());
    // The price moves again while the dialog is open: the shown change no longer applies.
    noteSlipMatches([match(1, { h: '1.95', d: '3.00', a: '4.00' })]);
    expect(acceptOddsChanges(shown)).toBe(1);
    expect(useSlipStore.getState().slip.selectedBets[0]?.odds).toBe('2.10');
    expect(slipOddsChanges(useSlipStore.getState())).toMatchObject([
      { oldOdds: '2.10', newOdds: '1.95', direction: 'down' },
    ]);
    // A change listed against a price the slip no longer holds is ignored.
    expect(acceptOddsChanges(shown)).toBe(0);
  });

  it('keeps an in-play leg through a suspension and drops it when its match stops taking bets', () => {
    const open = footballMatch(9, [{ key: 'h', name: '主胜', odds: '1.90' }], {
      status: 'live',
      live_betting: true,
    });
    toggleOption(pick(open), open);
    expect(useSlipStore.getState().matches['9']?.inPlay).toBe(true);
    const now = Date.parse('2026-11-21T13:00:00.000Z');
    // Long past its pre-match deadline: an in-play leg is not judged by it.
    expect(dropClosedLegs([], now)).toEqual([]);
    const suspended = { ...open, live_betting: false, live_suspended: true, live_suspend_reason: '进球' };
    noteSlipMatches([suspended]);
    expect(dropClosedLegs([suspended], now)).toEqual([]);
    expect(useSlipStore.getState().matches['9']).toMatchObject({
      liveSuspended: true,
      liveSuspendReason: '进球',
    });
    const stopped = { ...open, live_betting: false, live_suspended: false, live_suspend_reason: null };
    expect(dropClosedLegs([stopped], now).map((d) => d.reason)).toEqual(['stopped']);
    expect(useSlipStore.getState().slip.selectedBets).toHaveLength(0);
  });
});

describe('slip preview', () => {
  it('offers 3串1, 3串3 and 3串4 for three matches and prices 3串4 like the engine', () => {
    chooseMode('mixed');
    const matches = [
      match(1, { h: '2.08', d: '3', a: '4' }),
      match(2, { h: '2.29', d: '3', a: '4' }),
      match(3, { h: '3.82', d: '3', a: '4' }),
    ];
    for (const m of matches) toggleOption(pick(m), m);
    const state = useSlipStore.getState();
    expect(offeredPassTypes(state.slip).map((t) => t.name)).toEqual(['3串1', '3串3', '3串4']);
    expect(effectivePassType(state)?.code).toBe('3x1');

    choosePassType('3x4');
    const preview = previewSlip(useSlipStore.getState());
    if (!preview.ok) throw new Error(preview.message);
    expect(preview.betCount).toBe(4);
    expect(preview.totalStake).toBe(800n);
    const grouped = groupSelections(useSlipStore.getState().slip.selectedBets);
    if (!grouped.ok) throw new Error(grouped.message);
    expect(preview.maxPrize).toBe(maxPrize(grouped.picks, passTypeOf('3x4'), 1));
    expect(preview.maxPrize).toBe(fenFromDecimal('79.29'));

    const body = buildSubmitBody(useSlipStore.getState(), preview);
    expect(body).toMatchObject({
      sport_type: 1,
      bet_mode: 'mixed',
      pass_type: '3x4',
      multiple: 1,
      total_amount: '8.00',
    });
    expect(body.selections).toEqual([
      { match_id: 1, bet_type: 'winDrawLose', option: 'h', odds: '2.08' },
      { match_id: 2, bet_type: 'winDrawLose', option: 'h', odds: '2.29' },
      { match_id: 3, bet_type: 'winDrawLose', option: 'h', odds: '3.82' },
    ]);
  });

  it('falls back to M串1 when the chosen type is no longer offered', () => {
    chooseMode('mixed');
    for (const id of [1, 2, 3]) toggleOption(pick(match(id)), match(id));
    choosePassType('3x4');
    toggleOption(pick(match(3)), match(3));
    expect(effectivePassType(useSlipStore.getState())?.code).toBe('2x1');
  });

  it('says why a slip cannot be placed (engine messages)', () => {
    expect(previewSlip(useSlipStore.getState())).toEqual({ ok: false, message: BET_MESSAGES.noSelection });
    chooseMode('mixed');
    toggleOption(pick(match(1)), match(1));
    expect(previewSlip(useSlipStore.getState())).toEqual({
      ok: false,
      message: BET_MESSAGES.mixedMinMatches,
    });
  });

  it('counts each option as a single bet in single mode and groups by match', () => {
    const m = match(1);
    toggleOption(pick(m, 'h'), m);
    toggleOption(pick(m, 'd'), m);
    toggleOption(pick(match(2), 'a'), match(2));
    chooseMultiple(5);
    const preview = previewSlip(useSlipStore.getState());
    expect(preview.ok && preview.betCount).toBe(3);
    expect(preview.ok && preview.totalStake).toBe(3000n);
    expect(
      groupByMatch(useSlipStore.getState().slip.selectedBets).map((g) => [g.matchId, g.selections.length]),
    ).toEqual([
      ['1', 2],
      ['2', 1],
    ]);
  });
});

describe('legs that closed (停售, 盘口暂停)', () => {
  const CLOSE = Date.parse('2026-11-21T12:00:00.000Z');
  const later = (id: number): Match => ({
    ...match(id),
    kickoff_at: '2026-11-21T14:00:00.000Z',
    sales_close_at: '2026-11-21T14:00:00.000Z',
  });

  it('drops the leg of a match past its deadline, keeps the rest, and says why', () => {
    const a = match(1);
    const b = later(2);
    toggleOption(pick(a), a);
    toggleOption(pick(b, 'd'), b);
    expect(dropClosedLegs([a, b], CLOSE - 1)).toEqual([]);

    const dropped = dropClosedLegs([a, b], CLOSE);
    expect(dropped.map((d) => [d.selection.matchId, d.reason, d.match?.matchNo])).toEqual([
      ['1', 'closed', '周六001'],
    ]);
    const state = useSlipStore.getState();
    expect(state.slip.selectedBets.map((s) => s.matchId)).toEqual(['2']);
    expect(state.dropped).toHaveLength(1);
    // Nothing more to drop a second later: the note is not repeated.
    expect(dropClosedLegs([a, b], CLOSE + 1_000)).toEqual([]);
    dismissDroppedLegs();
    expect(useSlipStore.getState().dropped).toEqual([]);
  });

  it('judges a match the list no longer holds by the deadline the slip kept', () => {
    const a = match(1);
    toggleOption(pick(a), a);
    expect(dropClosedLegs([], CLOSE - 1)).toEqual([]);
    expect(dropClosedLegs([], CLOSE).map((d) => d.reason)).toEqual(['closed']);
    expect(useSlipStore.getState().slip.selectedBets).toEqual([]);
  });

  it('drops a leg whose market was suspended or whose match started, whatever the clock', () => {
    const a = later(1);
    const b = later(2);
    toggleOption(pick(a), a);
    toggleOption(pick(b), b);
    const suspended: Match = { ...a, markets: a.markets.map((m) => ({ ...m, suspended: true })) };
    const started: Match = { ...b, status: 'live', betting_open: false };
    const dropped = dropClosedLegs([suspended, started], CLOSE - 3_600_000);
    expect(dropped.map((d) => [d.selection.matchId, d.reason])).toEqual([
      ['1', 'suspended'],
      ['2', 'closed'],
    ]);
    expect(useSlipStore.getState().slip.selectedBets).toEqual([]);
    // Clearing the slip forgets the note too.
    clearSlipSelections();
    expect(useSlipStore.getState().dropped).toEqual([]);
  });
});
