import { z } from 'zod';
import { FREE_BET_PLAY_KEYS } from '../../domain/sports/free-bet.ts';
import { isoDate, moneyInput, moneyString, paginated, pageQuery } from '../common.ts';
import { FREE_BET_STATUS_KEYS } from '../free-bets.ts';
import { pendingChangeRef } from './approvals.ts';

/** 免费投注券 in the console (issue 41, point 4): grants to a member, a tag or a VIP level, and every ticket. */
export const FREE_BET_TARGETS = { member: '指定会员', tag: '会员标签', vip: 'VIP等级' } as const;
export type FreeBetTarget = keyof typeof FREE_BET_TARGETS;
const targetKeys = Object.keys(FREE_BET_TARGETS) as [FreeBetTarget, ...FreeBetTarget[]];

export const freeBetAdminItem = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  username: z.string(),
  title: z.string(),
  value: moneyString,
  min_odds: z.string(),
  plays_text: z.string(),
  expires_at: isoDate,
  status: z.enum(FREE_BET_STATUS_KEYS),
  order_no: z.string().nullable(),
  winnings: moneyString.nullable(),
  grant_id: z.number().int(),
  created_at: isoDate,
});

export const freeBetAdminQuery = pageQuery.extend({
  status: z.enum(FREE_BET_STATUS_KEYS, { error: '状态不正确' }).optional(),
  username: z.string().trim().max(32).optional(),
});

export const freeBetGrantBody = z
  .object({
    target: z.enum(targetKeys, { error: '请选择发放对象' }),
    username: z.string().trim().max(32).nullable().describe("target 'member': the member's username"),
    tag: z.string().trim().max(20).nullable().describe("target 'tag': members with this tag"),
    vip_min: z
      .number({ error: 'VIP等级须为0-10的整数' })
      .int('VIP等级须为0-10的整数')
      .min(0, 'VIP等级须为0-10的整数')
      .max(10, 'VIP等级须为0-10的整数')
      .nullable()
      .describe("target 'vip': members at this level or above"),
    title: z.string({ error: '请填写券名称' }).trim().min(2, '请填写券名称').max(30, '券名称最多30个字'),
    value: moneyInput.describe('券面金额 in 元: a whole number of 2元 units'),
    min_odds: z
      .string({ error: '最低赔率格式不正确' })
      .regex(/^\d{1,2}(\.\d{1,2})?$/, '最低赔率格式不正确')
      .refine((v) => Number(v) >= 1 && Number(v) <= 99.99, '最低赔率须为1.00-99.99'),
    plays: z
      .array(z.enum(FREE_BET_PLAY_KEYS, { error: '适用玩法不正确' }), { error: '请选择适用玩法' })
      .min(1, '请选择适用玩法')
      .max(3),
    expires_at: z.iso.datetime({ offset: true, error: '有效期格式不正确' }),
  })
  .superRefine((b, ctx) => {
    if (b.target === 'member' && !b.username)
      ctx.addIssue({ code: 'custom', message: '请填写会员账号', path: ['username'] });
    if (b.target === 'tag' && !b.tag)
      ctx.addIssue({ code: 'custom', message: '请填写会员标签', path: ['tag'] });
    if (b.target === 'vip' && b.vip_min === null)
      ctx.addIssue({ code: 'custom', message: '请填写VIP等级', path: ['vip_min'] });
    if (b.value % 200n !== 0n || b.value <= 0n || b.value > 2_000_000n)
      ctx.addIssue({ code: 'custom', message: '券面金额须为2元的整数倍，最高20,000元', path: ['value'] });
  });

export const freeBetGrantResult = z.object({
  grant_id: z.number().int(),
  status: z
    .enum(['granted', 'pending'])
    .describe("'pending': waits for a second operator (total above the threshold)"),
  members: z.number().int().describe('Tickets granted (or to grant once approved)'),
  excluded: z.number().int().describe('Members left out: in a time-out or self-exclusion'),
  total: moneyString,
  pending_change: pendingChangeRef.nullable(),
});

export const freeBetRevokeBody = z.object({
  reason: z.string({ error: '请填写作废原因' }).trim().min(2, '请填写作废原因').max(200, '原因最多200个字'),
});

export const freeBetAdminPage = paginated(freeBetAdminItem);
