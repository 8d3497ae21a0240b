import { selectionKey, type BetSelection } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { changeOf, oddsDirection, pendingOddsChanges } from './odds-changes.ts';

const home: BetSelection = {
  matchId: '1',
  sport: 'football',
  betType: 'winDrawLose',
  option: 'h',
  odds: '2.00',
  line: null,
};
const handicap: BetSelection = { ...home, matchId: '2', betType: 'handicap', line: '-1', odds: '1.90' };

describe('odds changes in the slip (红涨绿跌)', () => {
  it('compares prices by value, not by text', () => {
    expect(oddsDirection('2.00', '2.10')).toBe('up');
    expect(oddsDirection('2.00', '1.95')).toBe('down');
    expect(oddsDirection('2.1', '2.10')).toBeNull();
    expect(oddsDirection('2.00', '--')).toBeNull();
  });

  it('says nothing while the quote agrees with the accepted price', () => {
    expect(changeOf(home, undefined)).toBeNull();
    expect(changeOf(home, { odds: '2.0', line: null })).toBeNull();
  });

  it('calls a moved line a line change whatever the odds did', () => {
    expect(changeOf(handicap, { odds: '2.30', line: '-0.5' })).toMatchObject({
      direction: 'line',
      oldLine: '-1',
      newLine: '-0.5',
      oldOdds: '1.90',
      newOdds: '2.30',
    });
  });

  it('lists the pending changes in slip order', () => {
    const quotes = {
      [selectionKey(home)]: { odds: '1.80', line: null },
      [selectionKey(handicap)]: { odds: '2.05', line: '-1' },
    };
    const changes = pendingOddsChanges([home, handicap], quotes);
    expect(changes.map((c) => [c.selection.matchId, c.direction])).toEqual([
      ['1', 'down'],
      ['2', 'up'],
    ]);
    expect(pendingOddsChanges([{ ...home, odds: '1.80' }], quotes)).toEqual([]);
  });
});
