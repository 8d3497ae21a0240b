import { randomInt } from 'node:crypto';

/**
 * The demo slot: 3 reels, 3 visible rows, 5 fixed paylines. Everything a member needs to
 * judge it (strips, paytable, lines, RTP) is published on the game page; `exactRtp` derives the
 * RTP from these tables, and a unit test checks it against the published figure.
 */
export const SLOT_SYMBOLS = ['seven', 'bar', 'bell', 'melon', 'grape', 'lemon', 'cherry'] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];

/** One strip per reel (identical here, kept separate so a game could weight reels differently). */
const STRIP: readonly SlotSymbol[] = [
  'cherry',
  'lemon',
  'grape',
  'bell',
  'melon',
  'cherry',
  'grape',
  'bar',
  'lemon',
  'melon',
  'cherry',
  'grape',
  'seven',
  'melon',
  'lemon',
  'cherry',
  'bell',
  'grape',
  'melon',
  'bar',
  'cherry',
  'grape',
  'lemon',
  'bell',
];
export const REEL_STRIPS: readonly (readonly SlotSymbol[])[] = [STRIP, STRIP, STRIP];

/** Multiples of the line bet for three of a kind on a line. */
export const THREE_OF_A_KIND: Readonly<Record<SlotSymbol, number>> = {
  seven: 300,
  bar: 100,
  bell: 50,
  melon: 25,
  grape: 15,
  lemon: 12,
  cherry: 16,
};
/** Cherries from the left (not three): two pay 5×, one pays 1× the line bet. */
export const CHERRY_PAYS = { two: 5, one: 1 } as const;

/** Rows (0 top, 1 middle, 2 bottom) read on reels 1-3 by each payline. */
export const PAYLINES: readonly (readonly [number, number, number])[] = [
  [1, 1, 1],
  [0, 0, 0],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
];
export const SLOT_LINE_COUNT = PAYLINES.length;
/** Total bets offered, in 分 (each a multiple of the line count, so line bets are whole 分). */
export const SLOT_BETS_FEN = [100n, 200n, 500n, 1_000n, 2_000n, 5_000n, 10_000n] as const;

/** The multiple of the line bet one line pays. */
export function linePays(symbols: readonly [SlotSymbol, SlotSymbol, SlotSymbol]): number {
  const [a, b, c] = symbols;
  if (a === b && b === c) return THREE_OF_A_KIND[a];
  if (a === 'cherry' && b === 'cherry') return CHERRY_PAYS.two;
  if (a === 'cherry') return CHERRY_PAYS.one;
  return 0;
}

export interface SlotSpin {
  /** Stop position of each reel (index of the middle row on its strip). */
  stops: [number, number, number];
  /** Visible window: grid[row][reel]. */
  grid: SlotSymbol[][];
  /** Winning lines: index into PAYLINES and the multiple paid. */
  wins: Array<{ line: number; multiple: number }>;
  payout: bigint;
}

const at = (strip: readonly SlotSymbol[], index: number): SlotSymbol =>
  strip[((index % strip.length) + strip.length) % strip.length]!;

/** The result of given stops (pure: tests and the page's history replay use it). */
export function evaluateSpin(stops: [number, number, number], betFen: bigint): SlotSpin {
  const grid = [0, 1, 2].map((row) => REEL_STRIPS.map((strip, reel) => at(strip, stops[reel]! + row - 1)));
  const lineBet = betFen / BigInt(SLOT_LINE_COUNT);
  const wins: SlotSpin['wins'] = [];
  let payout = 0n;
  PAYLINES.forEach((rows, line) => {
    const symbols = rows.map((row, reel) => grid[row]![reel]!) as [SlotSymbol, SlotSymbol, SlotSymbol];
    const multiple = linePays(symbols);
    if (multiple > 0) {
      wins.push({ line, multiple });
      payout += lineBet * BigInt(multiple);
    }
  });
  return { stops, grid, wins, payout };
}

/** One spin with stops drawn uniformly by node:crypto. */
export function spin(betFen: bigint): SlotSpin {
  const stops = REEL_STRIPS.map((strip) => randomInt(strip.length)) as [number, number, number];
  return evaluateSpin(stops, betFen);
}

/**
 * The exact return to player as a fraction: every stop combination of the three reels, each
 * equally likely, paid over all lines, divided by what was staked.
 */
export function exactRtp(): { numerator: bigint; denominator: bigint } {
  const [r1, r2, r3] = REEL_STRIPS as [readonly SlotSymbol[], readonly SlotSymbol[], readonly SlotSymbol[]];
  const lineBet = 1n;
  const bet = lineBet * BigInt(SLOT_LINE_COUNT);
  let paid = 0n;
  for (let a = 0; a < r1.length; a++)
    for (let b = 0; b < r2.length; b++)
      for (let c = 0; c < r3.length; c++) paid += evaluateSpin([a, b, c], bet).payout;
  return { numerator: paid, denominator: bet * BigInt(r1.length * r2.length * r3.length) };
}

/** RTP in percent with two decimals, rounded half up from the exact fraction ("96.52"). */
export function rtpPercent({ numerator, denominator }: { numerator: bigint; denominator: bigint }): string {
  const basisPoints = (numerator * 100_000n) / denominator; // thousandths of a percent
  const rounded = (basisPoints + 5n) / 10n;
  return `${rounded / 100n}.${(rounded % 100n).toString().padStart(2, '0')}`;
}
