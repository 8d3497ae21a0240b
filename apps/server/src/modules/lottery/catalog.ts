import { findLottery, LOTTERIES, scheduleProblem, type LotteryConfig } from '@app/shared';
import type { GameRow } from './lottery.repo.ts';

/**
 * The lotteries as operators set them: the shared configs (schedules, plays) with each game
 * row's 封盘 override, in the operators' order. The schedule itself never changes at runtime.
 */
export function effectiveConfig(config: LotteryConfig, row: GameRow | undefined): LotteryConfig {
  if (row?.closeSeconds === null || row?.closeSeconds === undefined) return config;
  const changed = { ...config, closeSeconds: row.closeSeconds };
  // A stored value the schedule cannot run with (never written by the console) is ignored.
  return scheduleProblem(changed) ? config : changed;
}

/** The longest 封盘 a lottery's schedule allows (shorter than its interval, or than a day). */
export function maxCloseSeconds(config: LotteryConfig): number {
  return config.schedule.kind === 'interval' ? config.schedule.intervalSeconds - 1 : 86_399;
}

/** Every lottery with its game row, in the operators' order (then the configs' own). */
export function catalog(
  rows: Map<string, GameRow>,
): Array<{ config: LotteryConfig; row: GameRow | undefined }> {
  return LOTTERIES.map((config, index) => ({ config, row: rows.get(config.code), index }))
    .sort((a, b) => (a.row?.sort ?? a.index) - (b.row?.sort ?? b.index) || a.index - b.index)
    .map(({ config, row }) => ({ config: effectiveConfig(config, row), row }));
}

/** The lotteries on sale, as operators set them. */
export function lotteriesOnSale(rows: Map<string, GameRow>): LotteryConfig[] {
  return catalog(rows)
    .filter(({ row }) => row?.enabled !== false)
    .map(({ config }) => config);
}

/** One lottery as operators set it, or undefined for an unknown code. */
export function lotteryAsSet(code: string, rows: Map<string, GameRow>): LotteryConfig | undefined {
  const config = findLottery(code);
  return config && effectiveConfig(config, rows.get(code));
}
