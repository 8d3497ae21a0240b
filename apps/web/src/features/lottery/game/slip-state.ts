import type { LotteryUnitMode } from '@app/shared';
import type { PickState, SlipLine } from '../model.ts';

/** What the member is building on the game page: the play, the picks, the stake and the slip. */
export interface SlipState {
  /** The chosen tab and play ('' = the first). */
  groupName: string;
  playCode: string;
  picks: PickState;
  multiple: number;
  unit: LotteryUnitMode;
  /** Lines added with 加入注单 (the current picks join them when the bet is placed). */
  lines: SlipLine[];
}

export type SlipAction =
  | { type: 'group'; name: string }
  | { type: 'play'; code: string }
  | { type: 'picks'; picks: PickState }
  | { type: 'multiple'; value: number }
  | { type: 'unit'; unit: LotteryUnitMode }
  | { type: 'add'; line: SlipLine }
  | { type: 'remove'; id: string }
  | { type: 'clear-lines' }
  /** The bet went through: nothing left to place. */
  | { type: 'placed' };

export const EMPTY_SLIP: SlipState = {
  groupName: '',
  playCode: '',
  picks: {},
  multiple: 1,
  unit: 'yuan',
  lines: [],
};

const MAX_MULTIPLE = 9999;

/** Changing the tab or the play starts the picks again (they belong to one play's board). */
export function slipReducer(state: SlipState, action: SlipAction): SlipState {
  switch (action.type) {
    case 'group':
      return { ...state, groupName: action.name, playCode: '', picks: {} };
    case 'play':
      return { ...state, playCode: action.code, picks: {} };
    case 'picks':
      return { ...state, picks: action.picks };
    case 'multiple':
      return { ...state, multiple: Math.max(1, Math.min(MAX_MULTIPLE, Math.floor(action.value || 1))) };
    case 'unit':
      return { ...state, unit: action.unit };
    case 'add':
      return { ...state, lines: [...state.lines, action.line], picks: {} };
    case 'remove':
      return { ...state, lines: state.lines.filter((l) => l.id !== action.id) };
    case 'clear-lines':
      return { ...state, lines: [] };
    case 'placed':
      return { ...state, lines: [], picks: {} };
  }
}
