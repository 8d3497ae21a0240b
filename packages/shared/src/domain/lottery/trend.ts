/**
 * Trend helpers over history open codes, newest first: 遗漏 (periods since a value last
 * appeared: current and longest) and hot/cold numbers over a window.
 */
import { type FamilyCode, LOTTERY_FAMILIES, openCodeNumbers } from './families.ts';

export interface MissingStat {
  readonly value: number;
  /** Periods since the value last appeared (0 = in the newest); the history length when it never did. */
  readonly current: number;
  /** Longest run of periods without the value in the history (runs at the edges included). */
  readonly max: number;
  /** Periods in which it appeared. */
  readonly hits: number;
}

type History = ReadonlyArray<string | readonly number[]>;

const rangeOf = (family: FamilyCode) => {
  const { min, max } = LOTTERY_FAMILIES[family].shape;
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
};

/** 遗漏 of each value of `universe` over periods given as the values each showed, newest first. */
export function missingCounts(
  periods: ReadonlyArray<Iterable<number>>,
  universe: readonly number[],
): MissingStat[] {
  const sets = periods.map((p) => new Set(p));
  return universe.map((value) => {
    let current = -1;
    let run = 0;
    let max = 0;
    let hits = 0;
    sets.forEach((set, index) => {
      if (set.has(value)) {
        if (current < 0) current = index;
        hits += 1;
        run = 0;
      } else {
        run += 1;
        if (run > max) max = run;
      }
    });
    return { value, current: current < 0 ? sets.length : current, max, hits };
  });
}

/** 遗漏 per draw position (定位 trend) for every value of the family's range. */
export function positionMissing(
  family: FamilyCode,
  history: History,
): Array<{ position: number; label: string; stats: MissingStat[] }> {
  const draws = history.map((code) => openCodeNumbers(family, code));
  const universe = rangeOf(family);
  return LOTTERY_FAMILIES[family].positions.map((label, i) => ({
    position: i + 1,
    label,
    stats: missingCounts(
      draws.map((d) => [d[i]!]),
      universe,
    ),
  }));
}

/** 遗漏 of each number appearing anywhere in the draw (快3 faces, 11选5 and 六合彩 balls). */
export function numberMissing(family: FamilyCode, history: History): MissingStat[] {
  return missingCounts(
    history.map((code) => openCodeNumbers(family, code)),
    rangeOf(family),
  );
}

export interface HotCold {
  /** Draws actually counted (the window, or fewer when the history is shorter). */
  readonly draws: number;
  readonly counts: ReadonlyArray<{ readonly value: number; readonly count: number }>;
  /** Most frequent first; ties to the smaller number. */
  readonly hot: readonly number[];
  /** Least frequent first; ties to the smaller number. */
  readonly cold: readonly number[];
}

/**
 * Hot and cold numbers over the newest `window` draws: occurrences anywhere in the draw, or at
 * one 1-based `position` (PK10 draws every car each time, so only positions say anything there).
 */
export function hotCold(
  family: FamilyCode,
  history: History,
  options: { window?: number; size?: number; position?: number } = {},
): HotCold {
  const { window = 30, size = 5, position } = options;
  const draws = history.slice(0, window).map((code) => openCodeNumbers(family, code));
  const counts = rangeOf(family).map((value) => ({
    value,
    count: draws.reduce((sum, draw) => {
      const seen =
        position === undefined
          ? draw.filter((n) => n === value).length
          : draw[position - 1] === value
            ? 1
            : 0;
      return sum + seen;
    }, 0),
  }));
  const byHot = [...counts].sort((a, b) => b.count - a.count || a.value - b.value);
  const byCold = [...counts].sort((a, b) => a.count - b.count || a.value - b.value);
  return {
    draws: draws.length,
    counts,
    hot: byHot.slice(0, size).map((c) => c.value),
    cold: byCold.slice(0, size).map((c) => c.value),
  };
}
