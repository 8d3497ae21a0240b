/** The lotteries on offer: each family in a 1-minute and a 5-minute variant, and 六合彩 on its calendar. */
import { LOTTERY_FAMILIES } from './families.ts';
import { zodiacYearAt } from './lhc-attributes.ts';
import type { PlayContext } from './play-kit.ts';
import type { LotteryConfig, LotteryPeriod } from './schedule.ts';

const fast = (code: string, name: string, family: LotteryConfig['family']): LotteryConfig => ({
  code,
  name,
  family,
  schedule: { kind: 'interval', intervalSeconds: 60 },
  closeSeconds: 10,
});

const fiveMinutes = (code: string, name: string, family: LotteryConfig['family']): LotteryConfig => ({
  code,
  name,
  family,
  schedule: { kind: 'interval', intervalSeconds: 300 },
  closeSeconds: 30,
});

export const LOTTERIES: readonly LotteryConfig[] = [
  fast('k3_1m', '极速快3', 'k3'),
  fiveMinutes('k3_5m', '五分快3', 'k3'),
  fast('pk10_1m', '极速赛车', 'pk10'),
  fiveMinutes('pk10_5m', '五分赛车', 'pk10'),
  fast('ssc_1m', '极速时时彩', 'ssc'),
  fiveMinutes('ssc_5m', '五分时时彩', 'ssc'),
  fast('11x5_1m', '极速11选5', '11x5'),
  fiveMinutes('11x5_5m', '五分11选5', '11x5'),
  fast('lhc_1m', '极速六合彩', 'lhc'),
  {
    code: 'lhc',
    name: LOTTERY_FAMILIES.lhc.name,
    family: 'lhc',
    // Tuesday, Thursday and Saturday at 21:30 Beijing time; bets close at 21:15.
    schedule: { kind: 'weekly', weekdays: [2, 4, 6], drawTime: '21:30' },
    closeSeconds: 900,
  },
];

export const findLottery = (code: string): LotteryConfig | undefined =>
  LOTTERIES.find((l) => l.code === code);

/**
 * The play context of a period: 六合彩 zodiacs follow the lunar year of the period's draw, so
 * bets and settlement of one period always see the same zodiac table.
 */
export function playContextForPeriod(
  config: LotteryConfig,
  period: LotteryPeriod,
  base: Partial<PlayContext> = {},
): Partial<PlayContext> {
  return config.family === 'lhc' ? { ...base, zodiacOfOne: zodiacYearAt(period.drawAt) } : base;
}
