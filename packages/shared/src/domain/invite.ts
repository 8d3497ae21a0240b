import { formatYuan } from '../money.ts';
import { BEIJING_OFFSET_MS, beijingDate } from './lottery/schedule.ts';
// An invitee's valid bets for the commission are 有效投注 as everywhere (domain/valid-bets.ts).
import { validBetCategoriesText, type ValidBetCategory } from './valid-bets.ts';

/**
 * The invite programme's reward rules. The server's calculator pays by these numbers and
 * `/v1/invite/rules` shows them, so what a member reads is what is paid.
 */
export interface DepositMilestone {
  /** Stable key, part of the payment reference: never rename one that has been paid. */
  key: string;
  /** Cumulative deposits of the invitee, 分. */
  threshold: bigint;
  /** Paid to the inviter once the invitee reaches the threshold, 分. */
  reward: bigint;
}

/** The programme's numbers; operators may change the milestones, rate, multiple and code limit. */
export interface InviteProgramme {
  validBetCategories: readonly ValidBetCategory[];
  depositMilestones: readonly DepositMilestone[];
  commissionBasisPoints: bigint;
  commissionGraceMinutes: number;
  commissionLookbackDays: number;
  turnoverMultiple: number;
  codeChangesPerDay: number;
}

/** The built-in programme, in force until an operator changes it (stored settings override it). */
export const INVITE_RULES: InviteProgramme = {
  /** The bets the daily commission counts (the calculator sums these categories). */
  validBetCategories: ['sports', 'lottery', 'games'],
  /** When an invitee's cumulative deposits first reach a threshold, the inviter gets its reward. */
  depositMilestones: [
    { key: 'd100', threshold: 10_000n, reward: 800n },
    { key: 'd1000', threshold: 100_000n, reward: 3_800n },
    { key: 'd5000', threshold: 500_000n, reward: 8_800n },
  ],
  /** Daily commission on invitees' settled valid bets, in basis points (30 = 0.30%). */
  commissionBasisPoints: 30n,
  /** A day (Beijing time) is paid once it has been over for this long, so late settlements count. */
  commissionGraceMinutes: 10,
  /** Unpaid days are looked for this far back, so a stopped server catches up. */
  commissionLookbackDays: 7,
  /** Turnover (打码量) an invite reward adds before it can be withdrawn, as a multiple. */
  turnoverMultiple: 1,
  /** New invite codes a member may generate per Beijing day. */
  codeChangesPerDay: 3,
};

export type InviteRewardRule = 'deposit_milestone' | 'bet_commission';
export const INVITE_REWARD_RULE_NAMES: Record<InviteRewardRule, string> = {
  deposit_milestone: '充值达标奖励',
  bet_commission: '投注返佣',
};

/** The milestones an invitee with these cumulative deposits has reached. */
export function reachedMilestones(depositFen: bigint, rules = INVITE_RULES): DepositMilestone[] {
  return rules.depositMilestones.filter((m) => depositFen >= m.threshold);
}

/** Commission on a day's valid bets, rounded down to whole 分. */
export function commissionFen(validBetFen: bigint, rules = INVITE_RULES): bigint {
  if (validBetFen <= 0n) return 0n;
  return (validBetFen * rules.commissionBasisPoints) / 10_000n;
}

/** "0.30%" */
export function commissionRateText(rules = INVITE_RULES): string {
  const bp = rules.commissionBasisPoints;
  return `${bp / 100n}.${(bp % 100n).toString().padStart(2, '0')}%`;
}

/** The instant a Beijing day "YYYY-MM-DD" starts. */
export function beijingDayStart(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - BEIJING_OFFSET_MS);
}

/**
 * Beijing days whose commission is due at `now`: ended at least the grace period ago, within
 * the lookback, oldest first.
 */
export function commissionDaysDue(now: Date, rules = INVITE_RULES): string[] {
  const cutoff = now.getTime() - rules.commissionGraceMinutes * 60_000;
  // The day before the cut-off's day has ended by the cut-off (exactly so at midnight).
  const last = cutoff - 86_400_000;
  const days: string[] = [];
  for (let i = rules.commissionLookbackDays - 1; i >= 0; i--) {
    days.push(beijingDate(last - i * 86_400_000));
  }
  return days;
}

/** "体育注单、彩票注单和电子游戏的游戏局": the counted categories, in the rules' order. */
export function validBetKindsText(rules = INVITE_RULES): string {
  return validBetCategoriesText(rules.validBetCategories);
}

/** The rules as a member reads them (the rules page), from the same constants. */
export function inviteRuleLines(rules = INVITE_RULES): string[] {
  const tiers = rules.depositMilestones
    .map((m) => `累计充值满${formatYuan(m.threshold)}元奖励${formatYuan(m.reward)}元`)
    .join('；');
  return [
    '分享您的专属邀请码或邀请链接，好友通过它注册即成为您的下级。',
    `充值达标奖励：下级${tiers}，每档每位下级只奖励一次，达标后自动到账。`,
    `投注返佣：每日按下级前一天（北京时间）已结算的有效投注额的${commissionRateText(rules)}发放，次日00:${String(rules.commissionGraceMinutes).padStart(2, '0')}后自动到账，不足0.01元不发放。`,
    `有效投注指已结算（中奖或未中奖）的${validBetKindsText(rules)}的投注额，撤单、退款的注单不计入，转入、转出游戏钱包不算投注。`,
    `邀请奖励需完成${rules.turnoverMultiple}倍打码量后方可提现。`,
    `邀请码每天最多可更换${rules.codeChangesPerDay}次，更换后旧邀请码立即失效，已邀请的好友不受影响。`,
    '严禁通过自我邀请、批量注册等方式套取奖励，一经发现平台有权收回奖励并冻结账户。',
  ];
}
