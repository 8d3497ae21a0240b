import { randomInt } from 'node:crypto';

/**
 * Dragon Tiger (龙虎斗): one card to each side, ranks A(1)…K(13) drawn independently and
 * uniformly (an endless shoe). Higher rank wins; equal ranks are a tie, on which dragon and
 * tiger bets lose half. Pays: dragon 1:1, tiger 1:1, tie 11:1.
 */
export const DT_CHOICES = ['dragon', 'tiger', 'tie'] as const;
export type DragonTigerChoice = (typeof DT_CHOICES)[number];
export const DT_CHOICE_NAMES: Record<DragonTigerChoice, string> = { dragon: '龙', tiger: '虎', tie: '和' };
/** Total returned per unit staked on a winning bet (stake included). */
export const DT_RETURN = { side: 2n, tie: 12n } as const;
export const DT_BETS_FEN = [100n, 500n, 1_000n, 5_000n, 10_000n] as const;

export interface DragonTigerRound {
  dragon: number;
  tiger: number;
  winner: DragonTigerChoice;
  payout: bigint;
}

export function settleDragonTiger(
  choice: DragonTigerChoice,
  dragon: number,
  tiger: number,
  betFen: bigint,
): DragonTigerRound {
  const winner: DragonTigerChoice = dragon > tiger ? 'dragon' : tiger > dragon ? 'tiger' : 'tie';
  let payout = 0n;
  if (choice === 'tie') payout = winner === 'tie' ? betFen * DT_RETURN.tie : 0n;
  else if (winner === choice) payout = betFen * DT_RETURN.side;
  else if (winner === 'tie') payout = betFen / 2n;
  return { dragon, tiger, winner, payout };
}

export function playDragonTiger(choice: DragonTigerChoice, betFen: bigint): DragonTigerRound {
  return settleDragonTiger(choice, randomInt(1, 14), randomInt(1, 14), betFen);
}

/** Exact RTP of a bet on one choice, over all 169 card pairs. */
export function dragonTigerRtp(choice: DragonTigerChoice): { numerator: bigint; denominator: bigint } {
  let paid = 0n;
  for (let d = 1; d <= 13; d++)
    for (let t = 1; t <= 13; t++) paid += settleDragonTiger(choice, d, t, 2n).payout;
  return { numerator: paid, denominator: 2n * 169n };
}

/**
 * Fishing (捕鱼): each shot costs the bet and aims at one kind of fish. A fish worth m× is caught
 * with probability FISH_RTP / m, so every target returns FISH_RTP of the stake on average.
 */
export const FISH_KINDS = [
  { code: 'clown', name: '小丑鱼', multiple: 2 },
  { code: 'puffer', name: '河豚', multiple: 5 },
  { code: 'turtle', name: '海龟', multiple: 10 },
  { code: 'shark', name: '鲨鱼', multiple: 30 },
  { code: 'whale', name: '金鲸', multiple: 100 },
] as const;
export type FishCode = (typeof FISH_KINDS)[number]['code'];
export const FISH_CODES = FISH_KINDS.map((f) => f.code) as [FishCode, ...FishCode[]];
/** Return to player, in basis points (9,500 = 95.00%). */
export const FISH_RTP_BP = 9_500;
export const FISH_BETS_FEN = [10n, 50n, 100n, 500n, 1_000n] as const;

export interface FishShot {
  fish: FishCode;
  multiple: number;
  caught: boolean;
  payout: bigint;
}

/** Caught when a uniform draw in [0, 10000·m) falls below FISH_RTP_BP: probability 0.95 / m. */
export function shootFish(fish: FishCode, betFen: bigint, draw?: number): FishShot {
  const kind = FISH_KINDS.find((f) => f.code === fish)!;
  const roll = draw ?? randomInt(10_000 * kind.multiple);
  const caught = roll < FISH_RTP_BP;
  return { fish, multiple: kind.multiple, caught, payout: caught ? betFen * BigInt(kind.multiple) : 0n };
}
