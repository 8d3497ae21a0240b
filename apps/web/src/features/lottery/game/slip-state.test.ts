import { describe, expect, it } from 'vitest';
import type { SlipLine } from '../model.ts';
import { EMPTY_SLIP, slipReducer } from './slip-state.ts';

const line = (id: string): SlipLine => ({
  id,
  playCode: 'k3_hz',
  playName: '和值',
  codes: '10',
  items: 1,
  multiple: 1,
  unit: 'yuan',
  amountFen: 200n,
});

describe('slipReducer', () => {
  it('starts the picks again when the tab or the play changes', () => {
    const picked = slipReducer(EMPTY_SLIP, { type: 'picks', picks: { p: ['10'] } });
    expect(slipReducer(picked, { type: 'play', code: 'k3_dx' })).toMatchObject({
      playCode: 'k3_dx',
      picks: {},
    });
    expect(slipReducer({ ...picked, playCode: 'k3_dx' }, { type: 'group', name: '两面' })).toMatchObject({
      groupName: '两面',
      playCode: '',
      picks: {},
    });
  });

  it('keeps the multiple a whole number from 1 to 9999', () => {
    expect(slipReducer(EMPTY_SLIP, { type: 'multiple', value: 0 }).multiple).toBe(1);
    expect(slipReducer(EMPTY_SLIP, { type: 'multiple', value: 12.7 }).multiple).toBe(12);
    expect(slipReducer(EMPTY_SLIP, { type: 'multiple', value: 50_000 }).multiple).toBe(9999);
  });

  it('adds lines (clearing the board), removes one, and empties after a placed bet', () => {
    let state = slipReducer(EMPTY_SLIP, { type: 'picks', picks: { p: ['10'] } });
    state = slipReducer(state, { type: 'add', line: line('a') });
    expect(state.picks).toEqual({});
    state = slipReducer(state, { type: 'add', line: line('b') });
    state = slipReducer(state, { type: 'remove', id: 'a' });
    expect(state.lines.map((l) => l.id)).toEqual(['b']);
    state = slipReducer({ ...state, picks: { p: ['9'] } }, { type: 'placed' });
    expect(state).toMatchObject({ lines: [], picks: {} });
  });
});
