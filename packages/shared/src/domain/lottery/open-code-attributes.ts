/** Derived attributes of an open code for display (sum, 大小单双, 龙虎, 形态, 生肖, 波色). */
import { type FamilyCode, openCodeNumbers } from './families.ts';
import { type Colour, colourOf, type Zodiac, zodiacOf } from './lhc-attributes.ts';
import { DEFAULT_PLAY_CONTEXT } from './play-kit.ts';

export type BigSmall = '大' | '小';
export type OddEven = '单' | '双';
/** Form of three digits: all equal, one pair, all different. */
export type TripleForm = '豹子' | '组三' | '组六';

export interface PositionAttributes {
  readonly position: number;
  readonly value: number;
  readonly bigSmall: BigSmall;
  readonly oddEven: OddEven;
}

export type OpenCodeAttributes =
  | {
      readonly family: 'k3';
      readonly numbers: readonly number[];
      readonly sum: number;
      /** null on a triple, which loses 大小单双. */
      readonly bigSmall: BigSmall | null;
      readonly oddEven: OddEven | null;
      readonly form: '三同号' | '二同号' | '三不同号';
      readonly consecutive: boolean;
    }
  | {
      readonly family: 'pk10';
      readonly numbers: readonly number[];
      readonly firstTwoSum: number;
      readonly firstTwoBigSmall: BigSmall;
      readonly firstTwoOddEven: OddEven;
      readonly positions: readonly PositionAttributes[];
      readonly dragonTiger: ReadonlyArray<{ readonly position: number; readonly result: '龙' | '虎' }>;
    }
  | {
      readonly family: 'ssc';
      readonly numbers: readonly number[];
      readonly total: number;
      readonly totalBigSmall: BigSmall;
      readonly totalOddEven: OddEven;
      readonly positions: readonly PositionAttributes[];
      readonly dragonTiger: '龙' | '虎' | '和';
      readonly forms: { readonly front: TripleForm; readonly middle: TripleForm; readonly back: TripleForm };
    }
  | {
      readonly family: '11x5';
      readonly numbers: readonly number[];
      readonly sum: number;
      /** 大 above 30, 小 below, 和 at 30. */
      readonly bigSmall: BigSmall | '和';
      readonly oddEven: OddEven;
      /** Odd numbers among the five (单双比 oddCount : 5 − oddCount). */
      readonly oddCount: number;
    }
  | {
      readonly family: 'lhc';
      readonly numbers: ReadonlyArray<{
        readonly value: number;
        readonly zodiac: Zodiac;
        readonly colour: Colour;
      }>;
      readonly sum: number;
      readonly special: {
        readonly value: number;
        readonly zodiac: Zodiac;
        readonly colour: Colour;
        /** 和 for 49. */
        readonly bigSmall: BigSmall | '和';
        readonly oddEven: OddEven | '和';
      };
    };

const oddEven = (n: number): OddEven => (n % 2 === 1 ? '单' : '双');
const bigSmall = (n: number, bigFrom: number): BigSmall => (n >= bigFrom ? '大' : '小');
const sumOf = (numbers: readonly number[]) => numbers.reduce((s, n) => s + n, 0);

function tripleForm(digits: readonly number[]): TripleForm {
  const distinct = new Set(digits).size;
  return distinct === 1 ? '豹子' : distinct === 2 ? '组三' : '组六';
}

function positions(numbers: readonly number[], bigFrom: number): PositionAttributes[] {
  return numbers.map((value, i) => ({
    position: i + 1,
    value,
    bigSmall: bigSmall(value, bigFrom),
    oddEven: oddEven(value),
  }));
}

/** Attributes of an open code (text or numbers); throws when it is not a valid draw of the family. */
export function describeOpenCode(
  family: FamilyCode,
  openCode: string | readonly number[],
  ctx: { zodiacOfOne?: Zodiac } = {},
): OpenCodeAttributes {
  const numbers = [...openCodeNumbers(family, openCode)];
  switch (family) {
    case 'k3': {
      const sum = sumOf(numbers);
      const distinct = new Set(numbers).size;
      const [a = 0, b = 0, c = 0] = numbers;
      return {
        family,
        numbers,
        sum,
        bigSmall: distinct === 1 ? null : bigSmall(sum, 11),
        oddEven: distinct === 1 ? null : oddEven(sum),
        form: distinct === 1 ? '三同号' : distinct === 2 ? '二同号' : '三不同号',
        consecutive: b === a + 1 && c === b + 1,
      };
    }
    case 'pk10': {
      const firstTwoSum = numbers[0]! + numbers[1]!;
      return {
        family,
        numbers,
        firstTwoSum,
        firstTwoBigSmall: bigSmall(firstTwoSum, 12),
        firstTwoOddEven: oddEven(firstTwoSum),
        positions: positions(numbers, 6),
        dragonTiger: [1, 2, 3, 4, 5].map((position) => ({
          position,
          result: numbers[position - 1]! > numbers[10 - position]! ? '龙' : '虎',
        })),
      };
    }
    case 'ssc': {
      const total = sumOf(numbers);
      const first = numbers[0]!;
      const last = numbers[4]!;
      return {
        family,
        numbers,
        total,
        totalBigSmall: bigSmall(total, 23),
        totalOddEven: oddEven(total),
        positions: positions(numbers, 5),
        dragonTiger: first > last ? '龙' : first < last ? '虎' : '和',
        forms: {
          front: tripleForm(numbers.slice(0, 3)),
          middle: tripleForm(numbers.slice(1, 4)),
          back: tripleForm(numbers.slice(2, 5)),
        },
      };
    }
    case '11x5': {
      const sum = sumOf(numbers);
      return {
        family,
        numbers,
        sum,
        bigSmall: sum === 30 ? '和' : bigSmall(sum, 31),
        oddEven: oddEven(sum),
        oddCount: numbers.filter((n) => n % 2 === 1).length,
      };
    }
    case 'lhc': {
      const zodiacOfOne = ctx.zodiacOfOne ?? DEFAULT_PLAY_CONTEXT.zodiacOfOne;
      const special = numbers[6]!;
      return {
        family,
        numbers: numbers.map((value) => ({
          value,
          zodiac: zodiacOf(value, zodiacOfOne),
          colour: colourOf(value),
        })),
        sum: sumOf(numbers),
        special: {
          value: special,
          zodiac: zodiacOf(special, zodiacOfOne),
          colour: colourOf(special),
          bigSmall: special === 49 ? '和' : bigSmall(special, 25),
          oddEven: special === 49 ? '和' : oddEven(special),
        },
      };
    }
  }
}
