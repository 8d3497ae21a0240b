import { z } from 'zod';
import { flag, isoDate, moneyString, pageQuery, paginated } from './common.ts';
import { agentApplication } from './agents.ts';

// ---- /v1/invite: the member's invite programme (SPEC.md §7 "Invite/agent") --------------

export const inviteInfo = z
  .object({
    invite_code: z.string(),
    invite_url: z.string().describe('Registration link carrying the invite code'),
    inviter: z.string().nullable().describe('Masked username of whoever invited this member'),
    is_agent: flag,
    agent_code: z.string().nullable(),
    agent_url: z.string().nullable().describe('Agent registration link, for agents'),
    referral_count: z.number().int(),
    reward_total: moneyString,
  })
  .meta({ id: 'InviteInfo' });
export type InviteInfo = z.infer<typeof inviteInfo>;

export const inviteUrl = z
  .object({
    invite_code: z.string(),
    url: z.string(),
    path: z.string().describe('Hash route of the registration page with the code'),
    agent_url: z.string().nullable(),
  })
  .meta({ id: 'InviteUrl' });
export type InviteUrl = z.infer<typeof inviteUrl>;

export const referralQuery = pageQuery;

export const referralItem = z.object({
  id: z.number().int(),
  username: z.string().describe('Masked'),
  nickname: z.string(),
  registered_at: isoDate,
  deposit_total: moneyString,
  valid_bet_total: moneyString,
  reward_total: moneyString.describe('What this referral has earned the inviter'),
  is_active: z.boolean().describe('Has deposited'),
});
export type ReferralItem = z.infer<typeof referralItem>;
export const referralPage = paginated(referralItem);

export const inviteStatistics = z
  .object({
    referral_count: z.number().int(),
    today_referrals: z.number().int(),
    month_referrals: z.number().int(),
    active_referrals: z.number().int(),
    reward_total: moneyString,
    today_reward: moneyString,
    month_reward: moneyString,
    deposit_reward_total: moneyString,
    commission_reward_total: moneyString,
    referral_deposit_total: moneyString,
    today_valid_bets: moneyString.describe("Referrals' valid bets settled today (Beijing time)"),
    today_commission_estimate: moneyString.describe('Commission due tomorrow on today’s bets so far'),
  })
  .meta({ id: 'InviteStatistics' });
export type InviteStatistics = z.infer<typeof inviteStatistics>;

export const INVITE_REWARD_RULE_KEYS = ['deposit_milestone', 'bet_commission'] as const;

export const rewardQuery = pageQuery.extend({
  rule: z.enum(INVITE_REWARD_RULE_KEYS, { error: '奖励类型不正确' }).optional(),
});

export const rewardItem = z.object({
  id: z.number().int(),
  rule: z.enum(INVITE_REWARD_RULE_KEYS),
  rule_name: z.string(),
  amount: moneyString,
  base_amount: moneyString.describe('Deposits reached, or the day’s valid bets'),
  period: z.string().describe('Milestone key or Beijing date'),
  invitee: z.string().describe('Masked username of the referral'),
  description: z.string(),
  created_at: isoDate,
});
export type RewardItem = z.infer<typeof rewardItem>;
export const rewardPage = paginated(rewardItem);

export const inviteRules = z
  .object({
    deposit_milestones: z.array(z.object({ threshold: moneyString, reward: moneyString })),
    commission_rate: z.string().describe('e.g. "0.30%"'),
    commission_basis_points: z.number().int(),
    turnover_multiple: z.number(),
    code_changes_per_day: z.number().int(),
    lines: z.array(z.string()),
  })
  .meta({ id: 'InviteRules' });
export type InviteRules = z.infer<typeof inviteRules>;

export const agentStatus = z
  .object({
    is_agent: flag,
    agent_code: z.string().nullable(),
    can_apply: z.boolean(),
    reason: z.string().nullable().describe('Why the member cannot apply now'),
    latest_application: agentApplication.nullable(),
  })
  .meta({ id: 'AgentStatus' });
export type AgentStatus = z.infer<typeof agentStatus>;

export const RANKING_PERIODS = ['all', 'month', 'week'] as const;
export const rankingQuery = z.object({
  period: z.enum(RANKING_PERIODS, { error: '排行周期不正确' }).default('all'),
  by: z.enum(['count', 'reward'], { error: '排行方式不正确' }).default('count'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const rankingEntry = z.object({
  rank: z.number().int(),
  username: z.string().describe('Masked'),
  invite_count: z.number().int(),
  reward_total: moneyString,
  is_me: z.boolean(),
});
export type RankingEntry = z.infer<typeof rankingEntry>;

export const inviteRanking = z
  .object({
    period: z.enum(RANKING_PERIODS),
    by: z.enum(['count', 'reward']),
    list: z.array(rankingEntry),
    mine: z
      .object({
        rank: z.number().int().nullable(),
        invite_count: z.number().int(),
        reward_total: moneyString,
      })
      .nullable()
      .describe('Null for visitors'),
  })
  .meta({ id: 'InviteRanking' });
export type InviteRanking = z.infer<typeof inviteRanking>;

export const generateCodeResult = z.object({
  invite_code: z.string(),
  url: z.string(),
  remaining_today: z.number().int(),
});

export const validateCodeBody = z.object({
  code: z
    .string({ error: '请输入邀请码' })
    .trim()
    .regex(/^[A-Za-z0-9]{4,16}$/, '邀请码格式不正确'),
});
export const validateCodeResult = z
  .object({
    valid: z.boolean(),
    type: z.enum(['invite', 'agent']).nullable(),
    inviter: z.string().nullable().describe('Masked username of the inviter or agent'),
    agent_id: z.number().int().nullable(),
  })
  .meta({ id: 'InviteCodeValidation' });
