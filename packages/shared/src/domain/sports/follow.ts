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
