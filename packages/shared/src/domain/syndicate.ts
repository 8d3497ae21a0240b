/**
 * 合买 (syndicate plans): one slip bought together in equal shares (份). The initiator sets the
 * total and the number of shares, buys at least a part of them, may guarantee (保底) to buy what is
 * unsold at the deadline, and takes a commission on the profit of a winning plan. Every amount is
 * in 分:
 *
 *   share price   = total / shares                          (whole 分, at least 1 元)
 *   commission    = ⌊ (payout − total) × rate_bp / 10,000 ⌋  (only when payout > total)
 *   to split      = payout − commission
 *   holder's part = ⌊ to split × holder's shares / shares ⌋
 *   initiator     = commission + their part + what the ⌊⌋ left over (at most one 分 per holder)
 *
 * At the deadline a plan that is full is placed; a short one is filled from the guarantee when it
 * covers the gap; otherwise it fails (流产) and every share is refunded.
 */

/** Most commission an initiator may set: 10 % of a winning plan's profit. */
export const SYNDICATE_MAX_COMMISSION_BP = 1000;
/** The least a share may cost: 1 元. */
export const SYNDICATE_MIN_SHARE_FEN = 100n;
/** Most shares one plan may have (a 1,000,000 元 plan at 1 元 a share). */
export const SYNDICATE_MAX_SHARES = 1_000_000;

/** Who sees a plan's selections. */
export const SYNDICATE_VISIBILITY = {
  public: '公开',
  holders: '跟单者可见',
  after_deadline: '截止后公开',
  secret: '完全保密',
} as const;
export type SyndicateVisibility = keyof typeof SYNDICATE_VISIBILITY;
export const SYNDICATE_VISIBILITY_KEYS = Object.keys(SYNDICATE_VISIBILITY) as [
  SyndicateVisibility,
  ...SyndicateVisibility[],
];

/** A plan's life: 认购中 → 已出票 → 已中奖 / 未中奖 / 已退款, or 流产. */
export const SYNDICATE_STATUSES = {
  open: '认购中',
  placed: '已出票',
  won: '已中奖',
  lost: '未中奖',
  refunded: '已退款',
  failed: '流产',
} as const;
export type SyndicateStatus = keyof typeof SYNDICATE_STATUSES;
export const SYNDICATE_STATUS_KEYS = Object.keys(SYNDICATE_STATUSES) as [
  SyndicateStatus,
  ...SyndicateStatus[],
];

/** The rounding rule as members read it (plan pages, the rules document). */
export const SYNDICATE_SPLIT_RULE =
  '方案中奖后，发起人先按佣金比例从盈利（奖金减方案金额）中提取佣金，其余奖金按认购份数分配，精确到分，不足1分的余数归发起人；未盈利不收佣金。';

/** The price of one share, or why the split is not allowed. */
export function sharePrice(
  totalFen: bigint,
  shares: number,
): { ok: true; priceFen: bigint } | { ok: false; message: string } {
  if (!Number.isInteger(shares) || shares < 1 || shares > SYNDICATE_MAX_SHARES)
    return { ok: false, message: `份数须为1-${SYNDICATE_MAX_SHARES}的整数` };
  if (totalFen <= 0n) return { ok: false, message: '方案金额须大于0' };
  if (totalFen % BigInt(shares) !== 0n)
    return { ok: false, message: '方案金额须能被份数整除（每份金额精确到分）' };
  const priceFen = totalFen / BigInt(shares);
  if (priceFen < SYNDICATE_MIN_SHARE_FEN) return { ok: false, message: '每份金额不能低于1元' };
  return { ok: true, priceFen };
}

/** The fewest shares the initiator must buy: `minPartBp` of the shares, rounded up, at least one. */
export function initiatorMinShares(shares: number, minPartBp: number): number {
  return Math.max(1, Math.ceil((shares * minPartBp) / 10_000));
}

/** The commission on a plan's payout, in 分 (0 unless the plan made a profit). */
export function syndicateCommission(payoutFen: bigint, totalFen: bigint, rateBp: number): bigint {
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > SYNDICATE_MAX_COMMISSION_BP)
    throw new RangeError(`bad syndicate commission ${rateBp}`);
  const profit = payoutFen - totalFen;
  if (profit <= 0n) return 0n;
  return (profit * BigInt(rateBp)) / 10_000n;
}

export interface Holding {
  memberId: number;
  shares: number;
}

export interface PayoutSplit {
  commissionFen: bigint;
  /** What each holder receives, the initiator's including the commission and the remainder. */
  parts: Map<number, bigint>;
  /** The 分 the ⌊⌋ left over, given to the initiator. */
  remainderFen: bigint;
}

/**
 * A plan's payout split among its holders (the shares must add up to the plan's): the sum of the
 * parts is the payout, to the 分.
 */
export function splitPayout(input: {
  payoutFen: bigint;
  totalFen: bigint;
  shares: number;
  rateBp: number;
  initiatorId: number;
  holdings: readonly Holding[];
}): PayoutSplit {
  const { payoutFen, totalFen, shares, rateBp, initiatorId, holdings } = input;
  if (payoutFen < 0n) throw new RangeError('a payout is never negative');
  const held = holdings.reduce((n, h) => n + h.shares, 0);
  if (held !== shares) throw new RangeError(`holdings ${held} ≠ the plan's ${shares} shares`);
  const commissionFen = syndicateCommission(payoutFen, totalFen, rateBp);
  const toSplit = payoutFen - commissionFen;
  const parts = new Map<number, bigint>();
  let given = 0n;
  for (const h of holdings) {
    if (h.shares <= 0) continue;
    const part = (toSplit * BigInt(h.shares)) / BigInt(shares);
    parts.set(h.memberId, (parts.get(h.memberId) ?? 0n) + part);
    given += part;
  }
  const remainderFen = toSplit - given;
  parts.set(initiatorId, (parts.get(initiatorId) ?? 0n) + commissionFen + remainderFen);
  return { commissionFen, parts, remainderFen };
}

/** What the deadline does with a plan: place it, fill it from the guarantee first, or fail it. */
export function deadlineOutcome(input: {
  shares: number;
  sold: number;
  /** Shares the guarantee still covers (its frozen amount / the share price). */
  guaranteeShares: number;
}): { kind: 'full' } | { kind: 'guaranteed'; shares: number } | { kind: 'failed' } {
  const gap = input.shares - input.sold;
  if (gap <= 0) return { kind: 'full' };
  if (input.guaranteeShares >= gap) return { kind: 'guaranteed', shares: gap };
  return { kind: 'failed' };
}

/** Whether a member sees a plan's selections under its visibility. */
export function selectionsVisible(
  visibility: SyndicateVisibility,
  viewer: { initiator: boolean; holder: boolean; pastDeadline: boolean },
): boolean {
  if (viewer.initiator) return true;
  switch (visibility) {
    case 'public':
      return true;
    case 'holders':
      return viewer.holder;
    case 'after_deadline':
      return viewer.pastDeadline;
    case 'secret':
      return false;
  }
}

/** A plan's progress in whole percent (sold of all shares; 保底 shown apart). */
export function syndicateProgress(sold: number, shares: number): number {
  return shares > 0 ? Math.floor((sold * 100) / shares) : 0;
}
