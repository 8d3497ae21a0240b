import { z } from 'zod';
import { EMAIL_PATTERN, MOBILE_PATTERN } from '../domain/validators.ts';
import { flag, isoDate, moneyString } from './common.ts';

/** User info (SPEC.md §3): every money field is a decimal string, every flag 0/1 defaulting to 0. */
export const userInfo = z
  .object({
    id: z.number().int(),
    username: z.string(),
    nickname: z.string(),
    avatar: z.string(),
    mobile: z.string().describe('Masked: 138****5678, empty when unset'),
    mobile_verified: z.boolean().describe('The number was proved by an SMS code (it can reset the password)'),
    email: z.string().describe('Masked, empty when unset'),
    real_name: z.string().describe('Masked, empty when unset'),
    balance: moneyString,
    frozen_balance: moneyString,
    lottery_balance: moneyString,
    codingvolume: moneyString.describe('Turnover (打码量) still required before withdrawing'),
    paysum: moneyString.describe('Total deposits'),
    totalgame: moneyString.describe('Total valid bets'),
    total_withdraw: moneyString,
    lottery_token: z.string().nullable(),
    vip_level: z.number().int(),
    is_mock: flag,
    is_online: flag,
    disable_nggame: flag,
    is_black: flag,
    is_agent: flag,
    enabled: flag,
    disable_withdraw: flag,
    disable_game: flag,
    has_payment_password: z.boolean(),
    invite_code: z.string().describe('This member’s own invite code'),
    agent_id: z.number().int().nullable().describe('The agent this member belongs to'),
    inviter_id: z.number().int().nullable(),
    created_at: isoDate,
    last_login_at: isoDate.nullable(),
  })
  .meta({ id: 'UserInfo' });
export type UserInfo = z.infer<typeof userInfo>;

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, `${label}不能超过${max}个字符`);

export const updateProfileBody = z
  .object({
    nickname: optionalText(20, '昵称').min(1, '昵称不能为空').optional(),
    avatar: z
      .string()
      .trim()
      .max(500)
      .regex(/^(https?:\/\/|\/)[^\s]*$/, '头像地址格式不正确')
      .optional(),
    mobile: z
      .string()
      .trim()
      .regex(MOBILE_PATTERN, '手机号格式不正确')
      .optional()
      .describe('Only while sms_open is off (unverified); with it on, POST /v1/user/phone/bind'),
    email: z.string().trim().max(254).regex(EMAIL_PATTERN, '邮箱格式不正确').optional(),
    real_name: z
      .string()
      .trim()
      .regex(/^[\u4e00-\u9fa5·]{2,20}$|^[A-Za-z][A-Za-z .]{1,39}$/, '真实姓名格式不正确')
      .optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: '请至少修改一项资料' });

export const balanceInfo = z
  .object({
    balance: moneyString,
    frozen_balance: moneyString,
    lottery_balance: moneyString,
    codingvolume: moneyString,
    paysum: moneyString,
    totalgame: moneyString,
    total_withdraw: moneyString,
    updated_at: isoDate,
  })
  .meta({ id: 'BalanceInfo' });

export const vipLevelInfo = z
  .object({
    vip_level: z.number().int(),
    level_name: z.string(),
    next_level: z.number().int().nullable(),
    next_level_name: z.string().nullable(),
    paysum: moneyString,
    totalgame: moneyString,
    next_paysum: moneyString.nullable().describe('Deposits needed in total for the next level'),
    next_totalgame: moneyString.nullable().describe('Turnover needed in total for the next level'),
    progress: z.number().min(0).max(100).describe('Percent towards the next level (the lesser of the two)'),
    levels: z.array(
      z.object({
        level: z.number().int(),
        name: z.string(),
        min_paysum: moneyString,
        min_totalgame: moneyString,
        upgrade_bonus: moneyString,
        rebate_rate_sports: z.string().describe('Percent, e.g. "0.50"'),
        rebate_rate_lottery: z.string(),
        rebate_rate_games: z.string(),
        daily_withdraw_count: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'VipLevelInfo' });
