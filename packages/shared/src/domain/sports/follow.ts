/**
 * 跟单 (copy betting): a member publishes an open 竞彩 order (晒单) and others copy it — a new
 * order of their own, the same selections at the current odds, their own multiple. The publisher
 * earns a commission on a copier's winnings, taken at settlement from that order's payout:
 *
 *   winnings   = payout − stake            (nothing on a loss, a refund or a break-even)
 *   commission = ⌊ winnings × rate_bp / 10,000 ⌋
 */

/** Most commission a publisher may set: 8 %. */
export const FOLLOW_MAX_COMMISSION_BP = 800;

export const FOLLOW_MESSAGES = {
  commission: '佣金比例须为0-8%',
  comment: '推荐理由最多200个字',
} as const;

/** The commission due to the publisher on a copied order's payout, in 分 (0 when it did not win money). */
export function followCommission(payoutFen: bigint, stakeFen: bigint, rateBp: number): bigint {
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > FOLLOW_MAX_COMMISSION_BP)
    throw new RangeError(`bad follow commission ${rateBp}`);
  const winnings = payoutFen - stakeFen;
  if (winnings <= 0n) return 0n;
  return (winnings * BigInt(rateBp)) / 10_000n;
}

/** One of a publisher's 晒单 as the 战绩 counts it: its order's result and the copies it drew. */
export interface PostResult {
  status: 'won' | 'lost' | 'pending' | 'other';
  stakeFen: bigint;
  payoutFen: bigint;
  /** When it was decided (null while open). */
  decidedAt: number | null;
  copies: number;
}

export interface PublisherRecord {
  /** 晒单 decided within the window, won, and the hit rate in whole percent (null with none decided). */
  decided: number;
  won: number;
  hitRate: number | null;
  /** (payouts − stakes) / stakes of the decided ones, whole percent (null with none decided). */
  returnRate: number | null;
  /** 连红: consecutive wins among the latest decided, newest first. */
  streak: number;
  /** Copies drawn by the 晒单 of the window. */
  copiers: number;
}

/**
 * A publisher's 战绩 over the posts decided since `sinceMs` (a refund or a cash-out is neither a
 * hit nor a miss: 'other' is left out of the rates and breaks no streak).
 */
export function publisherRecord(posts: readonly PostResult[], sinceMs: number): PublisherRecord {
  const decided = posts
    .filter(
      (p) => (p.status === 'won' || p.status === 'lost') && p.decidedAt !== null && p.decidedAt >= sinceMs,
    )
    .sort((a, b) => (b.decidedAt ?? 0) - (a.decidedAt ?? 0));
  const won = decided.filter((p) => p.status === 'won').length;
  const stakes = decided.reduce((s, p) => s + p.stakeFen, 0n);
  const payouts = decided.reduce((s, p) => s + p.payoutFen, 0n);
  let streak = 0;
  while (streak < decided.length && decided[streak]!.status === 'won') streak++;
  return {
    decided: decided.length,
    won,
    hitRate: decided.length === 0 ? null : Math.round((won * 100) / decided.length),
    returnRate: stakes === 0n ? null : Number(((payouts - stakes) * 100n) / stakes),
    streak,
    copiers: posts
      .filter((p) => p.decidedAt === null || p.decidedAt >= sinceMs)
      .reduce((n, p) => n + p.copies, 0),
  };
}

/**
 * 定制跟单: how a subscription sizes each automatic copy of its publisher's new 晒单 — a fixed
 * multiple, or a percentage of the publisher's own multiple (rounded half up, at least ×1, at most
 * ×99) — and whether it may place one more today under its daily cap.
 */
export const FOLLOW_SUBSCRIPTION_MODES = { multiple: '固定倍数', percent: '按发单人倍数比例' } as const;
export type FollowSubscriptionMode = keyof typeof FOLLOW_SUBSCRIPTION_MODES;

/** The multiple of an automatic copy (1–99). */
export function autoCopyMultiple(
  mode: FollowSubscriptionMode,
  value: number,
  publisherMultiple: number,
): number {
  const raw = mode === 'multiple' ? value : Math.floor((publisherMultiple * value + 50) / 100);
  return Math.min(99, Math.max(1, raw));
}

/**
 * Why an automatic copy of `stakeFen` is not placed, or null: over the day's cap with what the
 * subscription already staked today, or its copies have lost `stopLossFen` or more (net of their
 * payouts) since it started.
 */
export function autoCopyRefusal(input: {
  stakeFen: bigint;
  stakedTodayFen: bigint;
  dailyCapFen: bigint;
  netFen: bigint;
  stopLossFen: bigint | null;
}): 'stop_loss' | 'daily_cap' | null {
  if (input.stopLossFen !== null && -input.netFen >= input.stopLossFen) return 'stop_loss';
  if (input.stakedTodayFen + input.stakeFen > input.dailyCapFen) return 'daily_cap';
  return null;
}
