import { shanghaiDay } from './shanghai-days.ts';
import { VIP_LEVELS } from './vip.ts';

/**
 * Rebates (反水): a share of a member's settled valid bets, at their VIP level's rate for the
 * bet's category. A rebate record covers one category and one Asia/Shanghai day (of settlement);
 * each bet is covered by exactly one record, so a day that gets more bets after a record was
 * made gets a second record for the new ones.
 */
export const REBATE_CATEGORIES = {
  sports: '体育',
  lottery: '彩票',
  games: '电子游戏',
} as const;
export type RebateCategory = keyof typeof REBATE_CATEGORIES;
export const REBATE_CATEGORY_KEYS = Object.keys(REBATE_CATEGORIES) as [RebateCategory, ...RebateCategory[]];

export const REBATE_STATUSES = { claimable: '待领取', claimed: '已领取' } as const;
export type RebateStatus = keyof typeof REBATE_STATUSES;
export const REBATE_STATUS_KEYS = Object.keys(REBATE_STATUSES) as [RebateStatus, ...RebateStatus[]];

/** The rate in basis points of valid bets (50 = 0.50%) for a VIP level and category. */
export function rebateRateBp(vipLevel: number, category: RebateCategory): number {
  const level = VIP_LEVELS.find((l) => l.level === vipLevel) ?? VIP_LEVELS[0]!;
  return level.rebateBp[category];
}

/** The rebate on `validBet` 分 at `bp` basis points, rounded down to whole 分. */
export function rebateAmount(validBet: bigint, bp: number): bigint {
  if (validBet <= 0n || bp <= 0) return 0n;
  return (validBet * BigInt(bp)) / 10_000n;
}

/** A settled valid bet not yet covered by a rebate record. */
export interface RebatableBet {
  category: RebateCategory;
  betId: number;
  betNo: string;
  /** Valid bet (the stake), 分. */
  amount: bigint;
  settledAt: Date;
}

export interface RebateGroup {
  category: RebateCategory;
  /** Shanghai day of settlement, YYYY-MM-DD. */
  day: string;
  rateBp: number;
  validBet: bigint;
  amount: bigint;
  bets: RebatableBet[];
}

/**
 * Groups bets into rebate records: one per category and Shanghai day, at the category's rate.
 * Groups whose rebate rounds to 0 分 are left out, so their bets wait for more of the same day.
 */
export function groupRebatableBets(
  bets: readonly RebatableBet[],
  rateOf: (category: RebateCategory) => number,
): RebateGroup[] {
  const groups = new Map<string, RebateGroup>();
  for (const bet of bets) {
    const day = shanghaiDay(bet.settledAt);
    const key = `${bet.category}|${day}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        category: bet.category,
        day,
        rateBp: rateOf(bet.category),
        validBet: 0n,
        amount: 0n,
        bets: [],
      };
      groups.set(key, group);
    }
    group.validBet += bet.amount;
    group.bets.push(bet);
  }
  const out: RebateGroup[] = [];
  for (const group of groups.values()) {
    group.amount = rebateAmount(group.validBet, group.rateBp);
    if (group.amount > 0n) out.push(group);
  }
  return out.sort((a, b) =>
    a.day === b.day ? a.category.localeCompare(b.category) : a.day.localeCompare(b.day),
  );
}
