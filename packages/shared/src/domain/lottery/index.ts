/**
 * Lottery rules engine: families, periods, plays and odds, bet codes, provably fair draws,
 * settlement and trends. Only the public API is re-exported; play builders stay internal.
 */
export { hmacSha256, hmacSha256Hex, sha256, sha256Hex, toHex, fromHex, utf8Bytes } from './sha256.ts';
export { choose, DEFAULT_RETURN_BP, formatOdds, fraction, oddsFromProbability, returnPpm } from './math.ts';
export type { Fraction } from './math.ts';
export {
  FAMILY_CODES,
  formatDrawNumber,
  formatOpenCode,
  isFamilyCode,
  LOTTERY_FAMILIES,
  openCodeNumbers,
  openCodeProblem,
  parseOpenCode,
} from './families.ts';
export type { DrawShape, FamilyCode, LotteryFamily, ParsedOpenCode } from './families.ts';
export {
  COLOUR_NUMBERS,
  COLOURS,
  colourOf,
  isZodiac,
  LUNAR_NEW_YEARS,
  numbersOfZodiac,
  ZODIACS,
  zodiacOf,
  zodiacYearAt,
} from './lhc-attributes.ts';
export type { Colour, Zodiac } from './lhc-attributes.ts';
export { DEFAULT_PLAY_CONTEXT, SINGLE_LINE } from './play-kit.ts';
export type {
  InputKind,
  LotteryPlay,
  LotterySelection,
  OddsLine,
  PickField,
  PlayContext,
  PlayInput,
  PlayOption,
  PositionSpec,
  WinLine,
} from './play-kit.ts';
export { allPlays, findPlay, playsOf } from './plays/index.ts';
export { k3SumWays } from './plays/k3.ts';
export { pk10SumWays } from './plays/pk10.ts';
export { distinctTupleCount } from './plays/x115.ts';
export {
  betAmountFen,
  betSizeProblem,
  calculateItemCount,
  DEFAULT_UNIT_FEN,
  formatSelection,
  LOTTERY_UNITS_FEN,
  MAX_BET_CODES_LENGTH,
  MAX_MULTIPLE,
  validateBetCodes,
} from './bet-codes.ts';
export type { BetCodesError, BetCodesResult, ItemCountResult } from './bet-codes.ts';
export { oddsSnapshot, settleBet } from './settle.ts';
export type { BetSettlement, SettledLine, SettleOptions } from './settle.ts';
export { playGroupsOf, playInfo } from './catalogue.ts';
export type { PlayInfo, PlayOddsInfo } from './catalogue.ts';
export {
  commitment,
  deriveOpenCode,
  deriveOpenNumbers,
  DrawByteStream,
  isSeedHex,
  SEED_PATTERN,
  verifyDraw,
} from './fair-draw.ts';
export type { DrawVerification } from './fair-draw.ts';
export {
  BEIJING_OFFSET_MS,
  beijingDate,
  currentPeriod,
  isBettingOpen,
  nextPeriod,
  periodByNumber,
  periodStatus,
  previousPeriod,
  scheduleProblem,
  upcomingPeriods,
} from './schedule.ts';
export type { LotteryConfig, LotteryPeriod, LotterySchedule, PeriodStatus } from './schedule.ts';
export { findLottery, LOTTERIES, playContextForPeriod } from './lotteries.ts';
export { describeOpenCode } from './open-code-attributes.ts';
export type {
  BigSmall,
  OddEven,
  OpenCodeAttributes,
  PositionAttributes,
  TripleForm,
} from './open-code-attributes.ts';
export { hotCold, missingCounts, numberMissing, positionMissing } from './trend.ts';
export type { HotCold, MissingStat } from './trend.ts';
export { lotteryFamilySchema, lotterySelectionSchema } from './schemas.ts';
export {
  CHASE_MAX_PERIODS,
  CHASE_MESSAGES,
  chaseMultiplesProblem,
  chasePlan,
  chaseStops,
  chaseTotalFen,
  profitRatePlan,
  sameMultiplePlan,
} from './chase.ts';
export type { ChasePeriodPlan, ChasePlanResult, ChaseStopRule } from './chase.ts';
