import {
  findLottery,
  nextPeriod,
  periodByNumber,
  profitRatePlan,
  sameMultiplePlan,
  type ChasePlanResult,
} from '@app/shared';
import { rulesOf, unitFen, type SlipLine } from '../model.ts';

/** 追号 on the game page: what the sheet plans from the slip, by the shared engine. */

export type ChaseMode = 'same' | 'profit';

export interface ChaseSettings {
  periods: number;
  mode: ChaseMode;
  startMultiple: number;
  /** 翻倍: the least profit a win leaves, in whole percent. */
  minProfitPct: number;
  stopOnWin: boolean;
}

export const DEFAULT_CHASE: ChaseSettings = {
  periods: 10,
  mode: 'same',
  startMultiple: 1,
  minProfitPct: 30,
  stopOnWin: true,
};

/** The slip at ×1 (its lines at their own multiples). */
export function slipStakeFen(lines: readonly SlipLine[]): bigint {
  return lines.reduce((sum, l) => sum + l.amountFen, 0n);
}

/**
 * The least a win of the slip pays at ×1: one winning item of one line at that play's lowest odds
 * line (a win pays at least this; 翻倍 plans keep their rate on it).
 */
export function slipLeastWinFen(code: string, lines: readonly SlipLine[], atMs: number): bigint {
  let least: bigint | null = null;
  for (const line of lines) {
    const play = rulesOf(code, line.playCode, atMs);
    if (!play || play.odds.length === 0) continue;
    const odds = Math.min(...play.odds.map((o) => o.oddsX100));
    const prize = (BigInt(odds) * unitFen(line.unit) * BigInt(line.multiple)) / 100n;
    if (least === null || prize < least) least = prize;
  }
  return least ?? 0n;
}

/** The plan the sheet shows, or why there is none. */
export function planFor(settings: ChaseSettings, stakeFen: bigint, prizeFen: bigint): ChasePlanResult {
  return settings.mode === 'same'
    ? sameMultiplePlan(settings.periods, settings.startMultiple, stakeFen, prizeFen)
    : profitRatePlan({
        periods: settings.periods,
        startMultiple: settings.startMultiple,
        minProfitPct: settings.minProfitPct,
        stakeFen,
        prizeFen,
      });
}

/** The numbers of `count` periods from `first` (the lottery's own schedule). */
export function periodNumbersFrom(code: string, first: string, count: number): string[] {
  const config = findLottery(code);
  const start = config ? periodByNumber(config, first) : null;
  if (!config || !start) return [];
  const out = [start];
  while (out.length < count) out.push(nextPeriod(config, out[out.length - 1]!));
  return out.map((p) => p.number);
}
