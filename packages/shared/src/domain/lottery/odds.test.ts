import { describe, expect, it } from 'vitest';
import { validateBetCodes } from './bet-codes.ts';
import type { FamilyCode } from './families.ts';
import { numbersOfZodiac, type Zodiac } from './lhc-attributes.ts';
import { choose, DEFAULT_RETURN_BP, fraction, oddsFromProbability, returnPpm } from './math.ts';
import type { OddsLine, LotteryPlay, LotterySelection } from './play-kit.ts';
import { allPlays, playsOf } from './plays/index.ts';

/** Weighted draws that together are the exact distribution of what the selection looks at. */
type Space = Array<{ draw: number[]; weight: bigint }>;

function k3Space(): Space {
  const space: Space = [];
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++)
      for (let c = 1; c <= 6; c++) space.push({ draw: [a, b, c].sort((x, y) => x - y), weight: 1n });
  return space;
}

/** Every digit combination at the given positions (1-based), the other digits 0. */
function sscSpace(positions: readonly number[]): Space {
  const space: Space = [];
  for (let n = 0; n < 10 ** positions.length; n++) {
    const digits = String(n).padStart(positions.length, '0').split('').map(Number);
    const draw = [0, 0, 0, 0, 0];
    positions.forEach((p, i) => (draw[p - 1] = digits[i]!));
    space.push({ draw, weight: 1n });
  }
  return space;
}

/** The positions an 时时彩 selection reads. */
function sscPositions(play: LotteryPlay, selection: LotterySelection): number[] {
  if (selection.kind === 'positions') return selection.positions.map((p) => p.position);
  const fixed: Record<string, number[]> = {
    ssc_q3zx: [1, 2, 3],
    ssc_z3zx: [2, 3, 4],
    ssc_h3zx: [3, 4, 5],
    ssc_lhh: [1, 5],
  };
  return fixed[play.code] ?? [1, 2, 3, 4, 5];
}

function x115Space(): Space {
  const space: Space = [];
  const walk = (prefix: number[]) => {
    if (prefix.length === 5) {
      space.push({ draw: prefix, weight: 1n });
      return;
    }
    for (let n = 1; n <= 11; n++) if (!prefix.includes(n)) walk([...prefix, n]);
  };
  walk([]);
  return space;
}

/** Every ordered pair of cars at positions i and j (1-based), the other cars in ascending order. */
function pk10Space(i: number, j: number): Space {
  const space: Space = [];
  for (let a = 1; a <= 10; a++)
    for (let b = 1; b <= 10; b++) {
      if (a === b) continue;
      const rest = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].filter((n) => n !== a && n !== b);
      const draw: number[] = [];
      for (let p = 1; p <= 10; p++) draw.push(p === i ? a : p === j ? b : rest.shift()!);
      space.push({ draw, weight: 1n });
    }
  return space;
}

/** Every 特码, the 正码 the six smallest other numbers: exact for plays that only read 特码. */
function lhcSpecialSpace(): Space {
  return Array.from({ length: 49 }, (_, s) => {
    const others = Array.from({ length: 49 }, (_, i) => i + 1).filter((n) => n !== s + 1);
    return { draw: [...others.slice(0, 6), s + 1], weight: 1n };
  });
}

/** 正码 number n: it is among the first six (6/49), the 特码 (1/49) or not drawn (42/49). */
function lhcNumberSpace(n: number): Space {
  const others = Array.from({ length: 49 }, (_, i) => i + 1).filter((x) => x !== n);
  return [
    { draw: [n, ...others.slice(0, 6)], weight: 6n },
    { draw: [...others.slice(0, 6), n], weight: 1n },
    { draw: others.slice(0, 7), weight: 42n },
  ];
}

/** A zodiac class of m numbers: draws with j of the seven in the class, weighted C(m,j)·C(49−m,7−j). */
function lhcZodiacSpace(members: number[]): Space {
  const outside = Array.from({ length: 49 }, (_, i) => i + 1).filter((x) => !members.includes(x));
  const space: Space = [];
  for (let j = 0; j <= Math.min(7, members.length); j++) {
    space.push({
      draw: [...members.slice(0, j), ...outside.slice(0, 7 - j)],
      weight: BigInt(choose(members.length, j) * choose(outside.length, 7 - j)),
    });
  }
  return space;
}

const cached = new Map<string, Space>();
function spaceFor(play: LotteryPlay, selection: LotterySelection, lineKey: string): Space {
  const memo = (key: string, build: () => Space) => {
    let space = cached.get(key);
    if (!space) cached.set(key, (space = build()));
    return space;
  };
  const family: FamilyCode = play.family;
  switch (family) {
    case 'k3':
      return memo('k3', k3Space);
    case 'ssc': {
      const positions = sscPositions(play, selection);
      return memo(`ssc:${positions.join()}`, () => sscSpace(positions));
    }
    case '11x5':
      return memo('11x5', x115Space);
    case 'pk10': {
      const position = selection.kind === 'positions' ? selection.positions[0]!.position : 1;
      const other = selection.kind === 'positions' ? 11 - position : 2;
      return memo(`pk10:${position}:${other}`, () => pk10Space(position, other));
    }
    case 'lhc':
      if (play.code === 'lhc_zm') return lhcNumberSpace(1);
      if (play.code === 'lhc_yx') return lhcZodiacSpace(numbersOfZodiac(lineKey as Zodiac, '马'));
      return memo('lhc:special', lhcSpecialSpace);
  }
}

/** Bet codes of exactly one item on the line, for each position the play has. */
function singleItemCodes(play: LotteryPlay, line: OddsLine): string[] {
  const input = play.input;
  switch (input.kind) {
    case 'picks':
      return [
        line.key === '*'
          ? input.field.options
              .slice(0, input.field.minPicks)
              .map((o) => o.key)
              .join(',')
          : line.key,
      ];
    case 'positions':
      return input.positions.map(
        (p) => `${p.position}:${line.key === '*' ? input.field.options[0]!.key : line.key}`,
      );
    case 'groups':
      return [input.groups.map((g, i) => g.options[i]!.key).join('|')];
  }
}

describe('odds against exact probability', () => {
  it('derives odds as the return divided by the probability, rounded down to the hundredth', () => {
    expect(oddsFromProbability(fraction(1, 2))).toBe(194);
    expect(oddsFromProbability(fraction(1, 1000))).toBe(97_000);
    expect(oddsFromProbability(fraction(105, 216))).toBe(199);
    expect(oddsFromProbability(fraction(1, 49), 10_000)).toBe(4_900);
    expect(() => oddsFromProbability(fraction(0, 2))).toThrow();
    expect(() => oddsFromProbability(fraction(1, 2), 10_001)).toThrow();
  });

  const plays = allPlays();
  it('covers every play of every family', () => {
    expect(plays.length).toBe(39);
    for (const family of ['k3', 'pk10', 'ssc', '11x5', 'lhc'] as const)
      expect(playsOf(family).length).toBeGreaterThan(4);
    expect(new Set(plays.map((p) => p.code)).size).toBe(plays.length);
  });

  for (const play of plays) {
    it(`${play.code} ${play.name}: each odds line pays 96–97% of the stake over its exact probability`, () => {
      expect(play.odds.length).toBeGreaterThan(0);
      for (const line of play.odds) {
        // Return in parts per million: at most the target, at most one hundredth of odds × p below it.
        const ppm = returnPpm(line.oddsX100, line.probability);
        expect(ppm).toBeLessThanOrEqual(DEFAULT_RETURN_BP * 100);
        expect(ppm).toBeGreaterThan(960_000);

        for (const codes of singleItemCodes(play, line)) {
          const parsed = validateBetCodes(play, codes);
          if (!parsed.ok) throw new Error(`${play.code} ${codes}: ${parsed.message}`);
          expect(parsed.itemCount).toBe(1);
          let total = 0n;
          let won = 0n;
          for (const { draw, weight } of spaceFor(play, parsed.selection, line.key)) {
            total += weight;
            const wins = play.winningItems(parsed.selection, draw);
            for (const w of wins) expect(w.key).toBe(line.key);
            won += weight * BigInt(wins.reduce((s, w) => s + w.count, 0));
          }
          // Exact: won / total === num / den.
          expect(`${play.code} ${codes}: ${won * line.probability.den}`).toBe(
            `${play.code} ${codes}: ${line.probability.num * total}`,
          );
        }
      }
      // Walks every draw of the play's space (up to a few seconds of CPU for 总和 plays): its own budget.
    }, 30_000);
  }
});
