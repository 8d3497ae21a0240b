/**
 * What the RNG report observes in each family's draws, and what it expects to see.
 *
 * - features: a category per draw (a position's value, the sum, 大小, 单双, 龙虎, 形态, 生肖, 波色),
 *   read from the open code's attributes exactly as the app computes them (`describeOpenCode`),
 *   each with its exact null distribution: every outcome of the positions the feature reads is
 *   enumerated (the rest of the draw filled in canonically) and described the same way, so the
 *   expectation never comes from the code under test's own tables. 六合彩's sum of seven is the
 *   one exception, counted by a subset-sum recurrence.
 * - sequences: numeric features followed across consecutive periods (runs, lag-1 correlation, gaps).
 * - play lines: one single-item bet per odds line of every play (per position for positional
 *   plays), whose wins are held against the line's probability in the play table.
 */
import {
  COLOURS,
  describeOpenCode,
  type FamilyCode,
  LOTTERY_FAMILIES,
  type LotteryPlay,
  type LotterySelection,
  type OpenCodeAttributes,
  playsOf,
  ZODIACS,
} from '@app/shared';

export interface DrawView {
  readonly numbers: readonly number[];
  readonly attributes: OpenCodeAttributes;
}

export type CategoryKey = number | string;

export interface Feature {
  readonly id: string;
  readonly title: string;
  /** Categories in display order; a draw outside them is counted in one more, impossible, slot. */
  readonly labels: readonly CategoryKey[];
  readonly probabilities: readonly number[];
  readonly keyOf: (draw: DrawView) => CategoryKey;
  /** A position's value (`position`) or the family's sum (`sum`): charted and followed as a sequence. */
  readonly role: 'position' | 'sum' | 'attribute';
}

export interface PlayLineCheck {
  readonly play: string;
  readonly playName: string;
  readonly lineKey: string;
  readonly lineLabel: string;
  /** 1-based position of a positional bet, else null. */
  readonly position: number | null;
  readonly probability: number;
  readonly selection: LotterySelection;
  readonly bet: string;
  readonly winningItems: LotteryPlay['winningItems'];
}

export interface FamilySpec {
  readonly family: FamilyCode;
  readonly features: readonly Feature[];
  readonly plays: readonly PlayLineCheck[];
}

/** Canonical order of a drawn list: 快3 shows its dice sorted. */
const canonical = (family: FamilyCode, numbers: number[]): number[] =>
  family === 'k3' ? numbers.sort((a, b) => a - b) : numbers;

/**
 * Every draw of the family that varies the positions in `reads` over all their possible values
 * (ordered, without repeats for distinct families), the other positions filled with the smallest
 * numbers left. For features that read only those positions this is the uniform draw's law.
 */
function* partialDraws(family: FamilyCode, reads: readonly number[]): Generator<number[]> {
  const { shape } = LOTTERY_FAMILIES[family];
  const values = Array.from({ length: shape.max - shape.min + 1 }, (_, i) => shape.min + i);
  const chosen: number[] = [];
  function* walk(depth: number): Generator<number[]> {
    if (depth === reads.length) {
      const draw = new Array<number>(shape.count).fill(shape.min);
      reads.forEach((position, i) => (draw[position] = chosen[i]!));
      if (shape.distinct) {
        const free = values.filter((v) => !chosen.includes(v));
        let next = 0;
        for (let p = 0; p < shape.count; p++) if (!reads.includes(p)) draw[p] = free[next++]!;
      }
      yield canonical(family, draw);
      return;
    }
    for (const v of values) {
      if (shape.distinct && chosen.includes(v)) continue;
      chosen.push(v);
      yield* walk(depth + 1);
      chosen.pop();
    }
  }
  yield* walk(0);
}

const compareKeys = (a: CategoryKey, b: CategoryKey): number =>
  typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));

/** The exact law of a feature that reads only the positions `reads`. */
function enumerated(
  family: FamilyCode,
  reads: readonly number[],
  keyOf: (draw: DrawView) => CategoryKey,
  order?: readonly CategoryKey[],
): { labels: CategoryKey[]; probabilities: number[] } {
  const counts = new Map<CategoryKey, number>();
  let total = 0;
  for (const numbers of partialDraws(family, reads)) {
    const key = keyOf({ numbers, attributes: describeOpenCode(family, numbers) });
    counts.set(key, (counts.get(key) ?? 0) + 1);
    total += 1;
  }
  const labels = order ? [...order] : [...counts.keys()].sort(compareKeys);
  for (const key of counts.keys())
    if (!labels.includes(key)) throw new Error(`${family}: category ${key} is missing from its order`);
  return { labels, probabilities: labels.map((key) => (counts.get(key) ?? 0) / total) };
}

/** Law of the sum of `count` distinct numbers from min..max, all subsets equally likely. */
export function distinctSumLaw(min: number, max: number, count: number): Map<number, number> {
  // ways[k][s]: subsets of k numbers seen so far with sum s.
  const top = max * count;
  let ways = Array.from({ length: count + 1 }, () => new Array<number>(top + 1).fill(0));
  ways[0]![0] = 1;
  for (let n = min; n <= max; n++) {
    const next = ways.map((row) => [...row]);
    for (let k = 1; k <= count; k++) for (let s = n; s <= top; s++) next[k]![s]! += ways[k - 1]![s - n]!;
    ways = next;
  }
  const row = ways[count]!;
  const total = row.reduce((a, b) => a + b, 0);
  const law = new Map<number, number>();
  row.forEach((w, s) => {
    if (w > 0) law.set(s, w / total);
  });
  return law;
}

type Attributes<F extends FamilyCode> = Extract<OpenCodeAttributes, { family: F }>;
const as = <F extends FamilyCode>(family: F, view: DrawView): Attributes<F> => {
  if (view.attributes.family !== family) throw new Error(`expected a ${family} draw`);
  return view.attributes as Attributes<F>;
};

function positionFeatures(family: FamilyCode): Feature[] {
  const { positions } = LOTTERY_FAMILIES[family];
  return positions.map((label, p) => ({
    id: `position_${p + 1}`,
    title: `${label} (position ${p + 1})`,
    role: 'position' as const,
    keyOf: (draw: DrawView) => draw.numbers[p]!,
    // 快3's sorted dice are order statistics: their law comes from all 216 throws.
    ...enumerated(family, family === 'k3' ? [0, 1, 2] : [p], (draw) => draw.numbers[p]!),
  }));
}

type FeatureDraft = Omit<Feature, 'labels' | 'probabilities'>;

function feature(
  family: FamilyCode,
  reads: readonly number[],
  draft: FeatureDraft,
  order?: readonly CategoryKey[],
): Feature {
  return { ...draft, ...enumerated(family, reads, draft.keyOf, order) };
}

const ALL = (family: FamilyCode) => Array.from({ length: LOTTERY_FAMILIES[family].shape.count }, (_, i) => i);
const SIDES = ['大', '小', '和'];
const PARITIES = ['单', '双', '和'];

function attributeFeatures(family: FamilyCode): Feature[] {
  switch (family) {
    case 'k3': {
      const all = ALL('k3');
      return [
        feature('k3', all, {
          id: 'sum',
          title: '和值 (sum of the dice)',
          role: 'sum',
          keyOf: (d) => as('k3', d).sum,
        }),
        feature(
          'k3',
          all,
          {
            id: 'big_small',
            title: '大小 (sum, 豹子 loses)',
            role: 'attribute',
            keyOf: (d) => as('k3', d).bigSmall ?? '豹子',
          },
          ['大', '小', '豹子'],
        ),
        feature(
          'k3',
          all,
          {
            id: 'odd_even',
            title: '单双 (sum, 豹子 loses)',
            role: 'attribute',
            keyOf: (d) => as('k3', d).oddEven ?? '豹子',
          },
          ['单', '双', '豹子'],
        ),
        feature(
          'k3',
          all,
          {
            id: 'form',
            title: '形态 (三同号/二同号/三不同号)',
            role: 'attribute',
            keyOf: (d) => as('k3', d).form,
          },
          ['三同号', '二同号', '三不同号'],
        ),
      ];
    }
    case 'pk10':
      return [
        feature('pk10', [0, 1], {
          id: 'first_two_sum',
          title: '冠亚和 (sum of the first two)',
          role: 'sum',
          keyOf: (d) => as('pk10', d).firstTwoSum,
        }),
        feature(
          'pk10',
          [0, 1],
          {
            id: 'first_two_big_small',
            title: '冠亚和大小',
            role: 'attribute',
            keyOf: (d) => as('pk10', d).firstTwoBigSmall,
          },
          ['大', '小'],
        ),
        feature(
          'pk10',
          [0, 1],
          {
            id: 'first_two_odd_even',
            title: '冠亚和单双',
            role: 'attribute',
            keyOf: (d) => as('pk10', d).firstTwoOddEven,
          },
          ['单', '双'],
        ),
        ...[0, 1, 2, 3, 4].map((i) =>
          feature(
            'pk10',
            [i, 9 - i],
            {
              id: `dragon_tiger_${i + 1}`,
              title: `龙虎 ${LOTTERY_FAMILIES.pk10.positions[i]} vs ${LOTTERY_FAMILIES.pk10.positions[9 - i]}`,
              role: 'attribute',
              keyOf: (d) => as('pk10', d).dragonTiger[i]!.result,
            },
            ['龙', '虎'],
          ),
        ),
      ];
    case 'ssc': {
      const all = ALL('ssc');
      const forms = ['豹子', '组三', '组六'];
      return [
        feature('ssc', all, {
          id: 'total',
          title: '总和 (sum of the five digits)',
          role: 'sum',
          keyOf: (d) => as('ssc', d).total,
        }),
        feature(
          'ssc',
          all,
          {
            id: 'total_big_small',
            title: '总和大小',
            role: 'attribute',
            keyOf: (d) => as('ssc', d).totalBigSmall,
          },
          ['大', '小'],
        ),
        feature(
          'ssc',
          all,
          {
            id: 'total_odd_even',
            title: '总和单双',
            role: 'attribute',
            keyOf: (d) => as('ssc', d).totalOddEven,
          },
          ['单', '双'],
        ),
        feature(
          'ssc',
          [0, 4],
          {
            id: 'dragon_tiger',
            title: '龙虎和 (万位 vs 个位)',
            role: 'attribute',
            keyOf: (d) => as('ssc', d).dragonTiger,
          },
          ['龙', '虎', '和'],
        ),
        feature(
          'ssc',
          [0, 1, 2],
          { id: 'form_front', title: '前三形态', role: 'attribute', keyOf: (d) => as('ssc', d).forms.front },
          forms,
        ),
        feature(
          'ssc',
          [1, 2, 3],
          {
            id: 'form_middle',
            title: '中三形态',
            role: 'attribute',
            keyOf: (d) => as('ssc', d).forms.middle,
          },
          forms,
        ),
        feature(
          'ssc',
          [2, 3, 4],
          { id: 'form_back', title: '后三形态', role: 'attribute', keyOf: (d) => as('ssc', d).forms.back },
          forms,
        ),
      ];
    }
    case '11x5': {
      const all = ALL('11x5');
      return [
        feature('11x5', all, {
          id: 'sum',
          title: '和值 (sum of the five)',
          role: 'sum',
          keyOf: (d) => as('11x5', d).sum,
        }),
        feature(
          '11x5',
          all,
          {
            id: 'big_small',
            title: '和值大小 (和 at 30)',
            role: 'attribute',
            keyOf: (d) => as('11x5', d).bigSmall,
          },
          SIDES,
        ),
        feature(
          '11x5',
          all,
          { id: 'odd_even', title: '和值单双', role: 'attribute', keyOf: (d) => as('11x5', d).oddEven },
          ['单', '双'],
        ),
        feature('11x5', all, {
          id: 'odd_count',
          title: '单双比 (odd numbers among the five)',
          role: 'attribute',
          keyOf: (d) => as('11x5', d).oddCount,
        }),
      ];
    }
    case 'lhc': {
      const special = [6];
      const sumLaw = distinctSumLaw(1, 49, 7);
      const sums = [...sumLaw.keys()].sort((a, b) => a - b);
      return [
        {
          id: 'sum',
          title: '总和 (sum of the seven)',
          role: 'sum',
          keyOf: (d) => as('lhc', d).sum,
          labels: sums,
          probabilities: sums.map((s) => sumLaw.get(s)!),
        },
        feature(
          'lhc',
          special,
          {
            id: 'special_zodiac',
            title: '特肖 (zodiac of 特码)',
            role: 'attribute',
            keyOf: (d) => as('lhc', d).special.zodiac,
          },
          ZODIACS,
        ),
        feature(
          'lhc',
          special,
          {
            id: 'special_colour',
            title: '特码波色',
            role: 'attribute',
            keyOf: (d) => as('lhc', d).special.colour,
          },
          COLOURS,
        ),
        feature(
          'lhc',
          special,
          {
            id: 'special_big_small',
            title: '特码大小 (49 和)',
            role: 'attribute',
            keyOf: (d) => as('lhc', d).special.bigSmall,
          },
          SIDES,
        ),
        feature(
          'lhc',
          special,
          {
            id: 'special_odd_even',
            title: '特码单双 (49 和)',
            role: 'attribute',
            keyOf: (d) => as('lhc', d).special.oddEven,
          },
          PARITIES,
        ),
      ];
    }
  }
}

// ---- play lines ----

const probabilityOf = (line: LotteryPlay['odds'][number]): number =>
  Number(line.probability.num) / Number(line.probability.den);

/** Single-item selections of a play, each with the option key it bets on. */
function singleItemBets(
  play: LotteryPlay,
): Array<{ selection: LotterySelection; option: string; position: number | null }> {
  const valid = (selection: LotterySelection) =>
    play.check(selection) === null && play.countItems(selection) === 1;
  const input = play.input;
  switch (input.kind) {
    case 'picks': {
      const { options, minPicks } = input.field;
      if (minPicks === 1)
        return options
          .map((o) => ({
            selection: { kind: 'picks' as const, picks: [o.key] },
            option: o.key,
            position: null,
          }))
          .filter((bet) => valid(bet.selection));
      const selection: LotterySelection = {
        kind: 'picks',
        picks: options.slice(0, minPicks).map((o) => o.key),
      };
      return valid(selection) ? [{ selection, option: '*', position: null }] : [];
    }
    case 'positions':
      return input.positions.flatMap((spec) =>
        input.field.options
          .map((o) => ({
            selection: {
              kind: 'positions' as const,
              positions: [{ position: spec.position, picks: [o.key] }],
            },
            option: o.key,
            position: spec.position,
          }))
          .filter((bet) => valid(bet.selection)),
      );
    case 'groups': {
      // The first combination of one option per group that is a valid single bet (二同号单选 needs
      // its pair and single to differ).
      const sizes = input.groups.map((g) => g.options.length);
      const index = sizes.map(() => 0);
      for (;;) {
        const selection: LotterySelection = {
          kind: 'groups',
          groups: input.groups.map((g, i) => [g.options[index[i]!]!.key]),
        };
        if (valid(selection)) return [{ selection, option: '*', position: null }];
        let g = index.length - 1;
        while (g >= 0 && index[g] === sizes[g]! - 1) index[g--] = 0;
        if (g < 0) return [];
        index[g]! += 1;
      }
    }
  }
}

const betText = (selection: LotterySelection): string => {
  switch (selection.kind) {
    case 'picks':
      return selection.picks.join(',');
    case 'positions':
      return selection.positions.map((p) => `${p.position}:${p.picks.join(',')}`).join('|');
    case 'groups':
      return selection.groups.map((g) => g.join(',')).join('|');
  }
};

/**
 * One bet per odds line (and per position for positional plays): the first single-item bet on
 * that line. A play with one line (`*`) bets on its first option; a play with several lines has
 * one line per option key (和值 4, 大, 龙, 鼠 …).
 */
export function playLineChecks(family: FamilyCode): PlayLineCheck[] {
  const checks: PlayLineCheck[] = [];
  for (const play of playsOf(family)) {
    const single = play.odds.length === 1;
    const taken = new Set<string>();
    for (const bet of singleItemBets(play)) {
      const line = single ? play.odds[0]! : play.odds.find((l) => l.key === bet.option);
      if (!line) continue;
      const slot = `${line.key}@${bet.position ?? ''}`;
      if (taken.has(slot)) continue;
      taken.add(slot);
      checks.push({
        play: play.code,
        playName: play.name,
        lineKey: line.key,
        lineLabel: line.label,
        position: bet.position,
        probability: probabilityOf(line),
        selection: bet.selection,
        bet: betText(bet.selection),
        winningItems: play.winningItems,
      });
    }
  }
  return checks;
}

/** Everything the report observes in one family. */
export function familySpec(family: FamilyCode): FamilySpec {
  return {
    family,
    features: [...positionFeatures(family), ...attributeFeatures(family)],
    plays: playLineChecks(family),
  };
}

/** The smallest value whose cumulative probability reaches one half. */
export function medianOf(feature: Pick<Feature, 'labels' | 'probabilities'>): number {
  let cumulative = 0;
  for (let i = 0; i < feature.labels.length; i++) {
    cumulative += feature.probabilities[i]!;
    if (cumulative >= 0.5 - 1e-12) return Number(feature.labels[i]);
  }
  return Number(feature.labels[feature.labels.length - 1]);
}

export function meanOf(feature: Pick<Feature, 'labels' | 'probabilities'>): number {
  return feature.labels.reduce<number>((s, label, i) => s + Number(label) * feature.probabilities[i]!, 0);
}

/** P(value < threshold) under the feature's law. */
export function probabilityBelow(
  feature: Pick<Feature, 'labels' | 'probabilities'>,
  threshold: number,
): number {
  return feature.labels.reduce<number>(
    (s, label, i) => (Number(label) < threshold ? s + feature.probabilities[i]! : s),
    0,
  );
}
