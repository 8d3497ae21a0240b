/**
 * The five lottery families: what a draw looks like and how an open code (开奖号码) is
 * written. An open code is the list of drawn numbers in draw order, except 快3 whose dice
 * are shown sorted (no play depends on their order).
 */

export const FAMILY_CODES = ['k3', 'pk10', 'ssc', '11x5', 'lhc'] as const;
export type FamilyCode = (typeof FAMILY_CODES)[number];

export interface DrawShape {
  /** How many numbers a draw has. */
  readonly count: number;
  readonly min: number;
  readonly max: number;
  /** Drawn without replacement (no number twice). */
  readonly distinct: boolean;
  /** Digits each number is written with ("03" for 2). */
  readonly width: number;
}

export interface LotteryFamily {
  readonly code: FamilyCode;
  readonly name: string;
  readonly shape: DrawShape;
  /** Labels of the draw positions, in draw order. */
  readonly positions: readonly string[];
  readonly description: string;
}

export const LOTTERY_FAMILIES: Readonly<Record<FamilyCode, LotteryFamily>> = {
  k3: {
    code: 'k3',
    name: '快3',
    shape: { count: 3, min: 1, max: 6, distinct: false, width: 1 },
    positions: ['第一骰', '第二骰', '第三骰'],
    description: '三颗骰子，每颗1-6点，开奖号码按从小到大显示',
  },
  pk10: {
    code: 'pk10',
    name: 'PK10赛车',
    shape: { count: 10, min: 1, max: 10, distinct: true, width: 2 },
    positions: [
      '冠军',
      '亚军',
      '第三名',
      '第四名',
      '第五名',
      '第六名',
      '第七名',
      '第八名',
      '第九名',
      '第十名',
    ],
    description: '十辆赛车01-10的名次，依次为冠军至第十名',
  },
  ssc: {
    code: 'ssc',
    name: '时时彩',
    shape: { count: 5, min: 0, max: 9, distinct: false, width: 1 },
    positions: ['万位', '千位', '百位', '十位', '个位'],
    description: '五位数字，每位0-9，依次为万位、千位、百位、十位、个位',
  },
  '11x5': {
    code: '11x5',
    name: '11选5',
    shape: { count: 5, min: 1, max: 11, distinct: true, width: 2 },
    positions: ['第一位', '第二位', '第三位', '第四位', '第五位'],
    description: '从01-11中按顺序开出5个不重复号码',
  },
  lhc: {
    code: 'lhc',
    name: '六合彩',
    shape: { count: 7, min: 1, max: 49, distinct: true, width: 2 },
    positions: ['正码一', '正码二', '正码三', '正码四', '正码五', '正码六', '特码'],
    description: '从01-49中开出7个不重复号码，前6个为正码，最后1个为特码',
  },
};

export const isFamilyCode = (value: string): value is FamilyCode =>
  (FAMILY_CODES as readonly string[]).includes(value);

/** A number as the family writes it: 3 -> "03" in PK10, 11选5 and 六合彩, "3" in 快3 and 时时彩. */
export function formatDrawNumber(family: FamilyCode, value: number): string {
  return String(value).padStart(LOTTERY_FAMILIES[family].shape.width, '0');
}

/** Why a list of numbers is not a valid draw of the family, or null when it is. */
export function openCodeProblem(family: FamilyCode, numbers: readonly number[]): string | null {
  const { shape, name } = LOTTERY_FAMILIES[family];
  if (numbers.length !== shape.count) return `${name}开奖号码须为${shape.count}个号码`;
  for (const n of numbers) {
    if (!Number.isInteger(n) || n < shape.min || n > shape.max) return `开奖号码「${n}」超出范围`;
  }
  if (shape.distinct && new Set(numbers).size !== numbers.length) return `${name}开奖号码不能重复`;
  if (family === 'k3' && numbers.some((n, i) => i > 0 && n < numbers[i - 1]!))
    return '快3开奖号码须从小到大排列';
  return null;
}

/** Canonical text of an open code: "1,3,6" (快3), "01,05,07,09,11" (11选5). Throws if invalid. */
export function formatOpenCode(family: FamilyCode, numbers: readonly number[]): string {
  const problem = openCodeProblem(family, numbers);
  if (problem) throw new Error(problem);
  return numbers.map((n) => formatDrawNumber(family, n)).join(',');
}

export type ParsedOpenCode = { ok: true; numbers: number[] } | { ok: false; message: string };

/** Parses an open code text (canonical or with single-digit numbers) and checks it. */
export function parseOpenCode(family: FamilyCode, text: string): ParsedOpenCode {
  const parts = text.trim().split(',');
  const numbers: number[] = [];
  for (const part of parts) {
    const token = part.trim();
    if (!/^\d{1,2}$/.test(token)) return { ok: false, message: `开奖号码格式不正确：「${token}」` };
    numbers.push(Number(token));
  }
  const problem = openCodeProblem(family, numbers);
  return problem ? { ok: false, message: problem } : { ok: true, numbers };
}

/** Parsed numbers of a trusted open code (stored by the server); throws when it is not valid. */
export function openCodeNumbers(family: FamilyCode, openCode: string | readonly number[]): readonly number[] {
  if (typeof openCode !== 'string') {
    const problem = openCodeProblem(family, openCode);
    if (problem) throw new Error(problem);
    return openCode;
  }
  const parsed = parseOpenCode(family, openCode);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.numbers;
}
