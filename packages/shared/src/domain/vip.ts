/**
 * VIP ladder: a member reaches a level once both their total deposits (paysum) and their
 * total valid bets (totalgame) reach its thresholds. Amounts in 分; rates in basis points
 * of turnover (50 = 0.50%).
 */
export interface VipLevel {
  level: number;
  name: string;
  minPaysum: bigint;
  minTotalgame: bigint;
  upgradeBonus: bigint;
  rebateBp: { sports: number; lottery: number; games: number };
  dailyWithdrawCount: number;
}

const yuan = (n: number) => BigInt(n) * 100n;

export const VIP_LEVELS: readonly VipLevel[] = [
  {
    level: 0,
    name: '普通会员',
    minPaysum: 0n,
    minTotalgame: 0n,
    upgradeBonus: 0n,
    rebateBp: { sports: 30, lottery: 20, games: 30 },
    dailyWithdrawCount: 3,
  },
  {
    level: 1,
    name: 'VIP1',
    minPaysum: yuan(1_000),
    minTotalgame: yuan(3_000),
    upgradeBonus: yuan(18),
    rebateBp: { sports: 40, lottery: 25, games: 40 },
    dailyWithdrawCount: 5,
  },
  {
    level: 2,
    name: 'VIP2',
    minPaysum: yuan(5_000),
    minTotalgame: yuan(20_000),
    upgradeBonus: yuan(58),
    rebateBp: { sports: 50, lottery: 30, games: 50 },
    dailyWithdrawCount: 5,
  },
  {
    level: 3,
    name: 'VIP3',
    minPaysum: yuan(20_000),
    minTotalgame: yuan(80_000),
    upgradeBonus: yuan(188),
    rebateBp: { sports: 60, lottery: 35, games: 60 },
    dailyWithdrawCount: 8,
  },
  {
    level: 4,
    name: 'VIP4',
    minPaysum: yuan(50_000),
    minTotalgame: yuan(200_000),
    upgradeBonus: yuan(388),
    rebateBp: { sports: 70, lottery: 40, games: 70 },
    dailyWithdrawCount: 8,
  },
  {
    level: 5,
    name: 'VIP5',
    minPaysum: yuan(100_000),
    minTotalgame: yuan(500_000),
    upgradeBonus: yuan(888),
    rebateBp: { sports: 80, lottery: 45, games: 80 },
    dailyWithdrawCount: 10,
  },
  {
    level: 6,
    name: 'VIP6',
    minPaysum: yuan(300_000),
    minTotalgame: yuan(1_500_000),
    upgradeBonus: yuan(1_888),
    rebateBp: { sports: 90, lottery: 50, games: 90 },
    dailyWithdrawCount: 10,
  },
  {
    level: 7,
    name: 'VIP7',
    minPaysum: yuan(800_000),
    minTotalgame: yuan(4_000_000),
    upgradeBonus: yuan(5_888),
    rebateBp: { sports: 100, lottery: 60, games: 100 },
    dailyWithdrawCount: 15,
  },
  {
    level: 8,
    name: 'VIP8',
    minPaysum: yuan(2_000_000),
    minTotalgame: yuan(10_000_000),
    upgradeBonus: yuan(18_888),
    rebateBp: { sports: 120, lottery: 70, games: 120 },
    dailyWithdrawCount: 20,
  },
];

/** The highest level whose thresholds both figures meet. */
export function vipLevelFor(paysum: bigint, totalgame: bigint): VipLevel {
  let reached = VIP_LEVELS[0]!;
  for (const level of VIP_LEVELS) {
    if (paysum >= level.minPaysum && totalgame >= level.minTotalgame) reached = level;
  }
  return reached;
}

/** Percent (0–100, whole) towards the next level: the lesser of the deposit and turnover progress. */
export function vipProgress(current: VipLevel, paysum: bigint, totalgame: bigint): number {
  const next = VIP_LEVELS.find((l) => l.level === current.level + 1);
  if (!next) return 100;
  const part = (value: bigint, from: bigint, to: bigint) =>
    to <= from ? 100n : value <= from ? 0n : value >= to ? 100n : ((value - from) * 100n) / (to - from);
  const a = part(paysum, current.minPaysum, next.minPaysum);
  const b = part(totalgame, current.minTotalgame, next.minTotalgame);
  return Number(a < b ? a : b);
}

/** Basis points as a percent string: 50 -> "0.50". */
export function bpToPercent(bp: number): string {
  return `${Math.trunc(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
}

/**
 * The levels a member passes on the way up from `currentLevel` to what their figures reach,
 * lowest first (each pays its upgrade bonus once). Empty when nothing is reached; never down.
 */
export function vipLevelsToReach(currentLevel: number, paysum: bigint, totalgame: bigint): VipLevel[] {
  const target = vipLevelFor(paysum, totalgame).level;
  return VIP_LEVELS.filter((l) => l.level > currentLevel && l.level <= target);
}
