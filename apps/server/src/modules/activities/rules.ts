import { z } from 'zod';
import { type ActivityRule, formatYuan } from '@app/shared';

/** Amounts in 分 as JSON integers (well inside Number.MAX_SAFE_INTEGER). */
const fen = z.number().int().positive().max(1_000_000_000);

export const firstDepositParams = z.object({
  /** Bonus as a percentage of the first deposit. */
  percent: z.number().int().min(1).max(500),
  capFen: fen,
  minDepositFen: fen,
});
export const dailyCheckinParams = z.object({ amountFen: fen });
export const turnoverParams = z.object({
  /** Ascending thresholds of valid bets within the week; the highest reached pays. */
  tiers: z.array(z.object({ thresholdFen: fen, bonusFen: fen })).min(1),
});

export type FirstDepositParams = z.infer<typeof firstDepositParams>;
export type DailyCheckinParams = z.infer<typeof dailyCheckinParams>;
export type TurnoverParams = z.infer<typeof turnoverParams>;

export type ActivityParams =
  | { rule: 'first_deposit'; params: FirstDepositParams }
  | { rule: 'daily_checkin'; params: DailyCheckinParams }
  | { rule: 'turnover'; params: TurnoverParams };

/** Checks an activity's stored parameters against its rule. */
export function activityParams(rule: ActivityRule, params: unknown): ActivityParams {
  switch (rule) {
    case 'first_deposit':
      return { rule, params: firstDepositParams.parse(params) };
    case 'daily_checkin':
      return { rule, params: dailyCheckinParams.parse(params) };
    case 'turnover':
      return { rule, params: turnoverParams.parse(params) };
  }
}

const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/** The Asia/Shanghai calendar day of an instant, "YYYY-MM-DD" (China has no daylight saving). */
export function shanghaiDay(at: Date): string {
  return new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** The Monday 00:00 Asia/Shanghai that starts the week of `at`, and the next one. */
export function shanghaiWeek(at: Date): { start: Date; end: Date; key: string } {
  const local = new Date(at.getTime() + SHANGHAI_OFFSET_MS);
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const sinceMonday = (local.getUTCDay() + 6) % 7;
  const startLocal = midnight - sinceMonday * 86_400_000;
  const start = new Date(startLocal - SHANGHAI_OFFSET_MS);
  return {
    start,
    end: new Date(start.getTime() + 7 * 86_400_000),
    key: `week-${new Date(startLocal).toISOString().slice(0, 10)}`,
  };
}

/** The period an application made at `at` counts for: one per member and activity and period. */
export function periodOf(rule: ActivityRule, at: Date): string {
  switch (rule) {
    case 'first_deposit':
      return 'once';
    case 'daily_checkin':
      return shanghaiDay(at);
    case 'turnover':
      return shanghaiWeek(at).key;
  }
}

export function firstDepositBonus(params: FirstDepositParams, depositFen: bigint): bigint {
  const bonus = (depositFen * BigInt(params.percent)) / 100n;
  const cap = BigInt(params.capFen);
  return bonus > cap ? cap : bonus;
}

/** The highest tier reached by `validBetsFen`, or undefined. */
export function turnoverTier(params: TurnoverParams, validBetsFen: bigint) {
  let reached: { thresholdFen: number; bonusFen: number } | undefined;
  for (const tier of params.tiers) if (validBetsFen >= BigInt(tier.thresholdFen)) reached = tier;
  return reached;
}

export type Eligibility =
  | { eligible: true; amount: bigint; basis: bigint; reason: string }
  | { eligible: false; reason: string; basis: bigint };

/** The facts about a member that the rules look at, gathered by the service. */
export interface MemberFacts {
  /** The member's first `deposit` ledger entry ever. */
  firstDeposit?: { amount: bigint; at: Date } | undefined;
  /** Valid bets (settled, not refunded) in the current Asia/Shanghai week. */
  weekValidBets?: bigint | undefined;
}

const yuan = (fenAmount: bigint | number) => `${formatYuan(BigInt(fenAmount))} 元`;

/** Decides eligibility and the bonus; reasons are Chinese sentences for the member. */
export function decide(
  activity: ActivityParams,
  window: { startsAt: Date; endsAt: Date | null },
  facts: MemberFacts,
): Eligibility {
  switch (activity.rule) {
    case 'first_deposit': {
      const { params } = activity;
      const first = facts.firstDeposit;
      if (!first) return { eligible: false, basis: 0n, reason: '您还没有充值记录，完成首次充值后即可申请' };
      if (first.at < window.startsAt || (window.endsAt && first.at >= window.endsAt))
        return { eligible: false, basis: first.amount, reason: '您的首次充值不在活动时间内，无法参加本活动' };
      if (first.amount < BigInt(params.minDepositFen))
        return {
          eligible: false,
          basis: first.amount,
          reason: `首次充值须满 ${yuan(params.minDepositFen)}，您的首充为 ${yuan(first.amount)}`,
        };
      const amount = firstDepositBonus(params, first.amount);
      return {
        eligible: true,
        amount,
        basis: first.amount,
        reason: `首充 ${yuan(first.amount)}，可获赠 ${yuan(amount)}`,
      };
    }
    case 'daily_checkin':
      return {
        eligible: true,
        amount: BigInt(activity.params.amountFen),
        basis: 0n,
        reason: `今日签到可领 ${yuan(activity.params.amountFen)}`,
      };
    case 'turnover': {
      const bets = facts.weekValidBets ?? 0n;
      const tier = turnoverTier(activity.params, bets);
      const lowest = activity.params.tiers[0]!;
      if (!tier)
        return {
          eligible: false,
          basis: bets,
          reason: `本周有效投注 ${yuan(bets)}，满 ${yuan(lowest.thresholdFen)} 即可申请`,
        };
      return {
        eligible: true,
        amount: BigInt(tier.bonusFen),
        basis: bets,
        reason: `本周有效投注 ${yuan(bets)}，可领取 ${yuan(tier.bonusFen)}`,
      };
    }
  }
}
