import { z } from 'zod';
import { RED_PACKET_LIMITS, splitProblem } from '../../domain/red-packets.ts';
import { isoDate, moneyInput, moneyString, paginated, pageQuery } from '../common.ts';
import {
  RED_PACKET_CODE,
  RED_PACKET_KIND_KEYS,
  RED_PACKET_STATUS_KEYS,
  redPacketConditions,
} from '../red-packets.ts';
import { pendingChangeRef } from './approvals.ts';

/** 红包 in the console (issue 41, point 3): schedule, budget, claims and the report. */
export const redPacketAdminItem = z.object({
  id: z.number().int(),
  kind: z.enum(RED_PACKET_KIND_KEYS),
  name: z.string(),
  code: z.string().nullable(),
  status: z.enum(RED_PACKET_STATUS_KEYS),
  starts_at: isoDate,
  ends_at: isoDate,
  budget: moneyString,
  count: z.number().int(),
  min_amount: moneyString,
  turnover_multiple: z.number(),
  vip_min: z.number().int().nullable(),
  deposit_min: moneyString.nullable(),
  turnover_min: moneyString.nullable(),
  conditions: redPacketConditions,
  commitment: z.string(),
  seed: z.string().nullable().describe('Revealed once the window has closed'),
  claimed: z.number().int().describe('Packets claimed (one per member)'),
  claimed_amount: moneyString,
  remaining_amount: moneyString.describe('Budget not claimed: never paid once the window closes'),
  pending_change: pendingChangeRef.nullable().describe('The approval it waits for, while 待复核'),
  created_by: z.string().nullable(),
  created_at: isoDate,
});

export const redPacketAdminQuery = pageQuery.extend({
  kind: z.enum(RED_PACKET_KIND_KEYS, { error: '红包类型不正确' }).optional(),
});

const packetTime = z.iso.datetime({ offset: true, error: '时间格式不正确' });
const optionalMoney = moneyInput.nullable();

export const redPacketBody = z
  .object({
    kind: z.enum(RED_PACKET_KIND_KEYS, { error: '请选择红包类型' }),
    name: z.string({ error: '请填写红包名称' }).trim().min(2, '请填写红包名称').max(40, '红包名称最多40个字'),
    code: z
      .string()
      .trim()
      .regex(RED_PACKET_CODE, '口令由2-20位字母、数字或汉字组成')
      .nullable()
      .describe('口令红包 only: what members type'),
    starts_at: packetTime,
    ends_at: packetTime,
    budget: moneyInput.describe('Total of all packets, in 元'),
    count: z
      .number({ error: `红包个数须为1-${RED_PACKET_LIMITS.maxCount}的整数` })
      .int(`红包个数须为1-${RED_PACKET_LIMITS.maxCount}的整数`)
      .min(1, `红包个数须为1-${RED_PACKET_LIMITS.maxCount}的整数`)
      .max(RED_PACKET_LIMITS.maxCount, `红包个数须为1-${RED_PACKET_LIMITS.maxCount}的整数`),
    min_amount: moneyInput.describe('Least one packet holds, in 元'),
    turnover_multiple: z
      .number({ error: '打码倍数须为0-50' })
      .min(0, '打码倍数须为0-50')
      .max(50, '打码倍数须为0-50')
      .refine(
        (v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-9,
        {
          message: '打码倍数最多两位小数',
        },
      ),
    vip_min: z
      .number({ error: 'VIP等级须为0-10的整数' })
      .int('VIP等级须为0-10的整数')
      .min(0)
      .max(10)
      .nullable(),
    deposit_min: optionalMoney.describe('当日存款至少（元）; null: no condition'),
    turnover_min: optionalMoney.describe('当日有效投注至少（元）; null: no condition'),
  })
  .superRefine((b, ctx) => {
    if (Date.parse(b.starts_at) >= Date.parse(b.ends_at))
      ctx.addIssue({ code: 'custom', message: '结束时间须晚于开始时间', path: ['ends_at'] });
    if (b.kind === 'code' && !b.code)
      ctx.addIssue({ code: 'custom', message: '口令红包须填写口令', path: ['code'] });
    if (b.kind === 'rain' && b.code)
      ctx.addIssue({ code: 'custom', message: '红包雨不需要口令', path: ['code'] });
    const problem = splitProblem({
      budgetFen: Number(b.budget),
      count: b.count,
      minFen: Number(b.min_amount),
    });
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['budget'] });
  });

export const redPacketAdminPage = paginated(redPacketAdminItem);

export const redPacketCancelBody = z.object({
  reason: z.string({ error: '请填写取消原因' }).trim().min(2, '请填写取消原因').max(200, '原因最多200个字'),
});

export const redPacketAdminClaim = z.object({
  index: z.number().int(),
  member_id: z.number().int(),
  username: z.string(),
  amount: moneyString,
  turnover: moneyString,
  claimed_at: isoDate,
});
export const redPacketClaimsAdminPage = paginated(redPacketAdminClaim);
