import { z } from 'zod';
import { isoDate, moneyInput, moneyString, pageQuery } from '../common.ts';

export const adminAgentQuery = pageQuery.extend({
  keyword: z.string().trim().max(50).optional(),
});

/** An agent with its members and what they played: this month and in all. */
export const adminAgentItem = z.object({
  id: z.number().int(),
  username: z.string(),
  agent_code: z.string().nullable(),
  domains: z.array(z.string()),
  enabled: z.boolean(),
  member_count: z.number().int(),
  active_members: z.number().int(),
  balance_total: moneyString,
  month_deposit: moneyString,
  month_bet: moneyString,
  /** The house's result on the agent's members this month: stakes − payouts − bonuses. */
  month_profit: moneyString,
  total_bet: moneyString,
  total_profit: moneyString,
  /** Invite rewards paid to the agent (milestones and commission). */
  commission_total: moneyString,
  registered_at: isoDate,
});

export const adminAgentMemberQuery = pageQuery.extend({
  keyword: z.string().trim().max(50).optional(),
});
export const adminAgentMember = z.object({
  id: z.number().int(),
  username: z.string(),
  balance: moneyString,
  deposit_total: moneyString,
  withdraw_total: moneyString,
  bet_total: moneyString,
  registered_at: isoDate,
  last_login_at: isoDate.nullable(),
  enabled: z.boolean(),
});

export const inviteRewardQuery = pageQuery.extend({
  /** Inviter's account or id. */
  inviter: z.string().trim().max(50).optional(),
  rule: z.enum(['deposit_milestone', 'bet_commission']).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export const inviteRewardItem = z.object({
  id: z.number().int(),
  inviter_id: z.number().int(),
  inviter: z.string(),
  invitee_id: z.number().int(),
  invitee: z.string(),
  rule: z.string(),
  rule_name: z.string(),
  /** Milestone key or Beijing day. */
  period: z.string(),
  base_amount: moneyString,
  amount: moneyString,
  created_at: isoDate,
});

/** The invite programme as in force (stored settings over the built-in rules). */
export const inviteSettingsView = z.object({
  deposit_milestones: z.array(z.object({ key: z.string(), threshold: moneyString, reward: moneyString })),
  commission_basis_points: z.number().int(),
  turnover_multiple: z.number().int(),
  code_changes_per_day: z.number().int(),
  /** The rules page as members read it with these numbers. */
  lines: z.array(z.string()),
  updated_at: isoDate.nullable(),
});

export const inviteSettingsBody = z
  .object({
    /** The milestones keep their keys (paid rewards name them); their thresholds and rewards change. */
    deposit_milestones: z
      .array(z.object({ key: z.string().max(20), threshold: moneyInput, reward: moneyInput }))
      .min(1)
      .max(10)
      .optional(),
    commission_basis_points: z
      .number()
      .int()
      .min(0, '返佣比例不能为负')
      .max(1_000, '返佣比例最高10%')
      .optional(),
    turnover_multiple: z.number().int().min(0).max(50, '打码倍数最高50倍').optional(),
    code_changes_per_day: z.number().int().min(1).max(20).optional(),
    reason: z.string({ error: '请填写原因' }).trim().min(2, '请填写原因').max(200),
  })
  .refine(
    (b) =>
      b.deposit_milestones !== undefined ||
      b.commission_basis_points !== undefined ||
      b.turnover_multiple !== undefined ||
      b.code_changes_per_day !== undefined,
    { message: '没有要保存的修改' },
  );
