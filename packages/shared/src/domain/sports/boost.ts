/**
 * 加奖 (prize boosts): an operator's campaign adds a percentage to the prize of winning 竞彩
 * orders it covers — by sport, pass type, dates and member group — capped per order and paid
 * from the campaign's budget until it is spent. The server decides which campaign an order gets
 * when it is placed (the slip and the order show it) and pays it at settlement.
 */

/** A campaign as the rules read it. */
export interface BoostRule {
  id: number;
  /** null: both sports. */
  sport: 'football' | 'basketball' | null;
  /** Pass type codes it covers ('2x1', '3x1', 'single'); empty: every pass type. */
  passTypes: readonly string[];
  startsAt: Date;
  endsAt: Date;
  /** Members at this VIP level or above; null: every level. */
  vipMin: number | null;
  /** Members with this tag; null: every member. */
  tag: string | null;
  /** Percentage of the prize in basis points (500 = 5 %), 1–10,000. */
  rateBp: number;
  /** Most one order receives, in 分. */
  capPerOrderFen: bigint;
  active: boolean;
}

/** An order as a campaign reads it (a 奖金优化 plan counts like every other order of its pass type). */
export interface BoostedOrder {
  sport: 'football' | 'basketball';
  passType: string;
  /** When it was placed. */
  at: Date;
}

export interface BoostMember {
  vipLevel: number;
  tags: readonly string[];
}

export const BOOST_MAX_RATE_BP = 10_000;

/** Whether a campaign covers an order placed by a member at `order.at`. */
export function boostCovers(rule: BoostRule, order: BoostedOrder, member: BoostMember): boolean {
  if (!rule.active) return false;
  if (order.at < rule.startsAt || order.at >= rule.endsAt) return false;
  if (rule.sport !== null && rule.sport !== order.sport) return false;
  if (rule.passTypes.length > 0 && !rule.passTypes.includes(order.passType)) return false;
  if (rule.vipMin !== null && member.vipLevel < rule.vipMin) return false;
  if (rule.tag !== null && !member.tags.includes(rule.tag)) return false;
  return true;
}

/**
 * The campaign an order gets: of those covering it, the highest rate (then the higher cap, then
 * the older campaign) — an order gets one 加奖, never two stacked.
 */
export function bestBoost<R extends BoostRule>(
  rules: readonly R[],
  order: BoostedOrder,
  member: BoostMember,
): R | null {
  let best: R | null = null;
  for (const rule of rules) {
    if (!boostCovers(rule, order, member)) continue;
    if (
      !best ||
      rule.rateBp > best.rateBp ||
      (rule.rateBp === best.rateBp &&
        (rule.capPerOrderFen > best.capPerOrderFen ||
          (rule.capPerOrderFen === best.capPerOrderFen && rule.id < best.id)))
    )
      best = rule;
  }
  return best;
}

/** What a winning order's boost comes to before the budget: floor(prize × rate), at most the cap. */
export function boostAmount(prizeFen: bigint, rateBp: number, capFen: bigint): bigint {
  if (prizeFen <= 0n) return 0n;
  const amount = (prizeFen * BigInt(rateBp)) / 10_000n;
  return amount < capFen ? amount : capFen;
}

/** `5%`, `2.5%`: a rate as members read it. */
export function boostRateText(rateBp: number): string {
  const whole = Math.trunc(rateBp / 100);
  const rest = rateBp % 100;
  return rest === 0 ? `${whole}%` : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}%`;
}
