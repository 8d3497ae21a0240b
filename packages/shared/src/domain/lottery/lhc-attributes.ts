/** 六合彩 number attributes: 生肖 (zodiac, follows the lunar year) and 波色 (fixed colours). */

export const ZODIACS = ['鼠', '牛', '虎', '兔', '龙', '蛇', '马', '羊', '猴', '鸡', '狗', '猪'] as const;
export type Zodiac = (typeof ZODIACS)[number];
export const isZodiac = (value: string): value is Zodiac => (ZODIACS as readonly string[]).includes(value);

/**
 * The zodiac of number 01 is the zodiac of the current lunar year (本命); numbers then walk
 * the zodiac cycle backwards: in a 马 year 01 马, 02 蛇, 03 龙 … 12 羊, 13 马 … 49 马.
 */
export function zodiacOf(number: number, zodiacOfOne: Zodiac): Zodiac {
  const start = ZODIACS.indexOf(zodiacOfOne);
  return ZODIACS[(((start - (number - 1)) % 12) + 12) % 12]!;
}

/** The numbers 1–49 that carry a zodiac (five for the year's own zodiac, four for the others). */
export function numbersOfZodiac(zodiac: Zodiac, zodiacOfOne: Zodiac): number[] {
  const numbers: number[] = [];
  for (let n = 1; n <= 49; n++) if (zodiacOf(n, zodiacOfOne) === zodiac) numbers.push(n);
  return numbers;
}

/**
 * Lunar new year (春节) dates in Beijing time and the zodiac that starts on each. The table is
 * configuration: extend it before 2031, or pass your own to zodiacYearAt.
 */
export const LUNAR_NEW_YEARS: ReadonlyArray<{ readonly date: string; readonly zodiac: Zodiac }> = [
  { date: '2024-02-10', zodiac: '龙' },
  { date: '2025-01-29', zodiac: '蛇' },
  { date: '2026-02-17', zodiac: '马' },
  { date: '2027-02-06', zodiac: '羊' },
  { date: '2028-01-26', zodiac: '猴' },
  { date: '2029-02-13', zodiac: '鸡' },
  { date: '2030-02-03', zodiac: '狗' },
  { date: '2031-01-23', zodiac: '猪' },
];

const BEIJING_OFFSET_MS = 8 * 3_600_000;

/**
 * The zodiac of number 01 at an instant (epoch ms): the zodiac of the table entry whose start
 * (00:00 Beijing time) is the latest one not after the instant. The last entry only closes the
 * table; an instant before the first or from the last entry on throws.
 */
export function zodiacYearAt(atMs: number, table = LUNAR_NEW_YEARS): Zodiac {
  const startOf = (date: string) => Date.parse(`${date}T00:00:00Z`) - BEIJING_OFFSET_MS;
  for (let i = 0; i + 1 < table.length; i++) {
    const entry = table[i]!;
    if (startOf(entry.date) <= atMs && atMs < startOf(table[i + 1]!.date)) return entry.zodiac;
  }
  throw new Error('instant is outside the lunar new year table');
}

export const COLOURS = ['红', '蓝', '绿'] as const;
export type Colour = (typeof COLOURS)[number];

/** The standard 波色 table: 17 red, 16 blue, 16 green numbers. */
export const COLOUR_NUMBERS: Readonly<Record<Colour, readonly number[]>> = {
  红: [1, 2, 7, 8, 12, 13, 18, 19, 23, 24, 29, 30, 34, 35, 40, 45, 46],
  蓝: [3, 4, 9, 10, 14, 15, 20, 25, 26, 31, 36, 37, 41, 42, 47, 48],
  绿: [5, 6, 11, 16, 17, 21, 22, 27, 28, 32, 33, 38, 39, 43, 44, 49],
};

export function colourOf(number: number): Colour {
  for (const colour of COLOURS) if (COLOUR_NUMBERS[colour].includes(number)) return colour;
  throw new Error(`not a 六合彩 number: ${number}`);
}
