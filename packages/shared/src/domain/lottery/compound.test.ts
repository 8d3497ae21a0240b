import { describe, expect, it } from 'vitest';
import { validateBetCodes } from './bet-codes.ts';
import { deriveOpenNumbers } from './fair-draw.ts';
import type { PickField, LotteryPlay, LotterySelection } from './play-kit.ts';
import { allPlays } from './plays/index.ts';
import { sha256Hex } from './sha256.ts';

/** Up to `count` options of a field, skipping any that clash with one already taken. */
function someOptions(pickField: PickField, count: number): string[] {
  const taken: string[] = [];
  for (const option of pickField.options) {
    if (taken.length >= count) break;
    const clashes = pickField.exclusive.some(
      ([a, b]) => (a === option.key && taken.includes(b)) || (b === option.key && taken.includes(a)),
    );
    if (!clashes) taken.push(option.key);
  }
  return taken;
}

const GROUP_BETS: Record<string, string> = {
  k3_ethdx: '11,22|3,4,5',
  ssc_q3zx: '1,2,3|3,4|5,6,7',
  ssc_z3zx: '1,2,3|3,4|5,6,7',
  ssc_h3zx: '1,2,3|3,4|5,6,7',
  '11x5_q2zx': '01,02,03|02,03,04',
  '11x5_q3zx': '01,02,03|02,03,04|01,04,05',
};

/** A bet with many items for the play. */
function compoundCodes(play: LotteryPlay): string {
  const input = play.input;
  switch (input.kind) {
    case 'picks':
      return someOptions(input.field, Math.min(input.field.maxPicks, input.field.minPicks + 3)).join(',');
    case 'positions':
      return input.positions.map((p) => `${p.position}:${someOptions(input.field, 3).join(',')}`).join('|');
    case 'groups':
      return GROUP_BETS[play.code] ?? '';
  }
}

function subsets<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  return items.flatMap((first, i) => subsets(items.slice(i + 1), k - 1).map((rest) => [first, ...rest]));
}

/** The one-item bets a compound selection stands for (invalid ones, e.g. 直选 repeats, dropped). */
function singleItems(play: LotteryPlay, selection: LotterySelection): LotterySelection[] {
  let candidates: string[];
  switch (selection.kind) {
    case 'picks': {
      const k = play.input.kind === 'picks' ? play.input.field.minPicks : 1;
      candidates = subsets(selection.picks, k).map((s) => s.join(','));
      break;
    }
    case 'positions':
      candidates = selection.positions.flatMap((p) => p.picks.map((pick) => `${p.position}:${pick}`));
      break;
    case 'groups':
      candidates = selection.groups
        .reduce<string[][]>((acc, group) => acc.flatMap((prefix) => group.map((g) => [...prefix, g])), [[]])
        .map((tuple) => tuple.join('|'));
      break;
  }
  return candidates.flatMap((codes) => {
    const result = validateBetCodes(play, codes);
    return result.ok && result.itemCount === 1 ? [result.selection] : [];
  });
}

describe('compound bets are the sum of their single items', () => {
  const drawsByFamily = new Map<string, number[][]>();
  const drawsOf = (play: LotteryPlay) => {
    let draws = drawsByFamily.get(play.family);
    if (!draws) {
      draws = Array.from({ length: 1_000 }, (_, i) =>
        deriveOpenNumbers(play.family, sha256Hex(`compound-${i}`), `${i}`),
      );
      drawsByFamily.set(play.family, draws);
    }
    return draws;
  };

  for (const play of allPlays()) {
    it(`${play.code} ${play.name}: item count and wins match item by item`, () => {
      const codes = compoundCodes(play);
      const compound = validateBetCodes(play, codes);
      if (!compound.ok) throw new Error(`${play.code} ${codes}: ${compound.message}`);
      const singles = singleItems(play, compound.selection);
      expect(compound.itemCount).toBe(singles.length);

      let totalWins = 0;
      for (const draw of drawsOf(play)) {
        const wins = (selection: LotterySelection) =>
          play.winningItems(selection, draw).reduce((sum, line) => sum + line.count, 0);
        const expected = singles.reduce((sum, single) => sum + wins(single), 0);
        expect(wins(compound.selection)).toBe(expected);
        totalWins += expected;
      }
      expect(totalWins).toBeGreaterThan(0);
    });
  }
});
