/** Settling one bet against an open code: winning items per odds line and the payout in 分. */
import { DEFAULT_UNIT_FEN, formatSelection, validateBetCodes } from './bet-codes.ts';
import { openCodeNumbers } from './families.ts';
import type { LotteryPlay, LotterySelection } from './play-kit.ts';

export interface SettleOptions {
  /** Unit stake per item in 分 (default 200 = 2元). */
  readonly unitFen?: bigint;
  /** Odds fixed when the bet was accepted, by odds line key; defaults to the play's current odds. */
  readonly oddsX100?: Readonly<Record<string, number>>;
}

export interface SettledLine {
  readonly key: string;
  readonly count: number;
  readonly oddsX100: number;
}

export interface BetSettlement {
  readonly won: boolean;
  readonly winningItems: number;
  /** Stake included; 0n when nothing won. */
  readonly payoutFen: bigint;
  readonly lines: readonly SettledLine[];
}

/** The odds of a play by line key, to store with a bet (odds do not move after acceptance). */
export function oddsSnapshot(play: LotteryPlay): Record<string, number> {
  return Object.fromEntries(play.odds.map((line) => [line.key, line.oddsX100]));
}

/**
 * Settles a bet: payout = Σ (winning items × odds) × unit × multiple, rounded down to the 分.
 * The selection may be given as bet code text or as a selection (both re-validated); the open
 * code as text or numbers. Throws on an invalid bet or open code: those never settle.
 */
export function settleBet(
  play: LotteryPlay,
  selection: LotterySelection | string,
  openCode: string | readonly number[],
  multiple: number,
  options: SettleOptions = {},
): BetSettlement {
  if (!Number.isInteger(multiple) || multiple < 1)
    throw new Error('multiple must be a positive whole number');
  const unitFen = options.unitFen ?? DEFAULT_UNIT_FEN;
  if (unitFen <= 0n) throw new Error('unit must be positive');
  if (typeof selection !== 'string' && selection.kind !== play.input.kind) {
    throw new Error(`play ${play.code} does not take a ${selection.kind} selection`);
  }
  // A stored selection goes through the same parser as new bets, so duplicates, exclusive
  // sides or unknown keys can never settle.
  const result = validateBetCodes(
    play,
    typeof selection === 'string' ? selection : formatSelection(selection),
  );
  if (!result.ok) throw new Error(`invalid bet codes for ${play.code}: ${result.message}`);
  const parsed = result.selection;
  const draw = openCodeNumbers(play.family, openCode);
  const lines = play.winningItems(parsed, draw).map((line) => {
    const odds = options.oddsX100?.[line.key] ?? play.odds.find((o) => o.key === line.key)?.oddsX100;
    if (odds === undefined || !Number.isInteger(odds) || odds < 0) {
      throw new Error(`no odds for line ${line.key} of ${play.code}`);
    }
    return { key: line.key, count: line.count, oddsX100: odds };
  });
  const winningItems = lines.reduce((sum, line) => sum + line.count, 0);
  const totalX100 = lines.reduce((sum, line) => sum + BigInt(line.count) * BigInt(line.oddsX100), 0n);
  const payoutFen = (totalX100 * unitFen * BigInt(multiple)) / 100n;
  return { won: winningItems > 0, winningItems, payoutFen, lines };
}
