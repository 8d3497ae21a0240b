import { z } from 'zod';
import { OPERATOR_ROLE_KEYS } from '../../domain/backoffice/permissions.ts';
import { isoDate, pageQuery, paginated } from '../common.ts';

// ---- /admin/v1: operators, their passwords and two-factor sign-in ------------------------

const totpCode = z
  .string({ error: '请输入动态验证码' })
  .trim()
  .regex(/^\d{6}$/, '动态验证码为6位数字');

const newPassword = z
  .string({ error: '请输入新密码' })
  .min(10, '密码至少10位')
  .max(100, '密码过长')
  .regex(/[A-Za-z]/, '密码须包含字母')
  .regex(/\d/, '密码须包含数字');

export const totpSetupResult = z.object({
  /** Base32 secret, shown for manual entry. */
  secret: z.string(),
  /** otpauth:// URI the console renders as a QR code. */
  uri: z.string(),
});
export const totpCodeBody = z.object({ code: totpCode });

export const changeOwnPasswordBody = z.object({
  old_password: z.string({ error: '请输入原密码' }).min(1, '请输入原密码').max(100),
  new_password: newPassword,
});

export const operatorRole = z.enum(OPERATOR_ROLE_KEYS, { error: '角色不正确' });

export const operatorItem = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  role: operatorRole,
  enabled: z.boolean(),
  totp_enabled: z.boolean(),
  last_login_at: isoDate.nullable(),
  created_at: isoDate,
});
export type OperatorItem = z.infer<typeof operatorItem>;
export const operatorPage = paginated(operatorItem);
export const operatorListQuery = pageQuery.extend({
  keyword: z.string().trim().max(50).optional(),
  role: operatorRole.optional(),
});

export const createOperatorBody = z.object({
  username: z
    .string({ error: '请输入用户名' })
    .trim()
    .regex(/^[a-z][a-z0-9_]{3,31}$/i, '用户名为4-32位字母、数字或下划线，以字母开头'),
  name: z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(30, '姓名不能超过30个字符'),
  role: operatorRole,
});
export const updateOperatorBody = z.object({
  name: z.string().trim().min(1, '请输入姓名').max(30, '姓名不能超过30个字符').optional(),
  role: operatorRole.optional(),
  enabled: z.boolean().optional(),
});

/** The operator console's private realtime channel (pending counts). */
export const OPERATOR_CHANNEL = 'private-operators';
export const operatorChannelAuthBody = z.object({
  socket_id: z.string().regex(/^\d+\.\d+$/, 'socket_id 格式不正确'),
  channel_name: z.literal(OPERATOR_CHANNEL, { error: '只能订阅后台频道' }),
});
export const operatorChannelAuthResult = z.object({ auth: z.string() });
export const operatorConnectionInfo = z.object({
  scheme: z.enum(['ws', 'wss']),
  host: z.string(),
  port: z.number().int(),
  app_key: z.string(),
  cluster: z.string(),
  channel: z.literal(OPERATOR_CHANNEL),
});
