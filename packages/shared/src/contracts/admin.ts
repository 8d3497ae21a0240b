import { z } from 'zod';
import { isoDate, paginated, pageQuery } from './common.ts';

// ---- /admin/v1: the operator side (back office) -----------------------------------------

export const operatorLoginBody = z.object({
  username: z.string({ error: '请输入用户名' }).trim().min(1, '请输入用户名').max(50, '用户名过长'),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(100, '密码过长'),
  /** The 6-digit code of the operator's authenticator app, when two-factor is on. */
  totp_code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, '动态验证码为6位数字')
    .optional(),
});

export const operatorProfile = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  role: z.enum(['admin', 'finance', 'risk', 'support', 'content']),
});
export type OperatorProfile = z.infer<typeof operatorProfile>;

export const operatorLoginResult = z.object({
  token: z.string(),
  token_type: z.literal('Bearer'),
  expires_at: isoDate,
  operator: operatorProfile,
});

/** The reason an operator gives for a decision; shown to the member when it goes against them. */
export const operatorDecisionBody = z.object({
  reason: z.string({ error: '请填写原因' }).trim().max(200, '原因不能超过200个字符').optional().default(''),
});
/**
 * 出款: the decision's reason, and for a USDT-TRC20 withdrawal when the chain is read
 * (USDT_DEPOSITS=trongrid) the TRON transaction id the operator paid with (required then).
 */
export const withdrawPayBody = operatorDecisionBody.extend({
  tx_id: z
    .string({ error: '请填写交易哈希' })
    .trim()
    .regex(/^(0x)?[0-9a-fA-F]{64}$/, '交易哈希须为64位十六进制')
    .transform((v) => v.replace(/^0x/, '').toLowerCase())
    .optional(),
});
export const operatorRejectBody = z.object({
  reason: z
    .string({ error: '请填写拒绝原因' })
    .trim()
    .min(1, '请填写拒绝原因')
    .max(200, '原因不能超过200个字符'),
});

export const auditLogQuery = pageQuery.extend({
  operator_id: z.coerce.number().int().positive().optional(),
  action: z.string().max(80).optional(),
  from: z.iso.date('开始日期格式应为 YYYY-MM-DD').optional(),
  to: z.iso.date('结束日期格式应为 YYYY-MM-DD').optional(),
  target_type: z.string().max(50).optional(),
  target_id: z.string().max(50).optional(),
  member_id: z.coerce.number().int().positive().optional(),
});

export const auditLogItem = z.object({
  id: z.string(),
  operator_id: z.number().int(),
  operator_name: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  member_id: z.number().int().nullable(),
  reason: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  created_at: isoDate,
});
export const auditLogPage = paginated(auditLogItem);
