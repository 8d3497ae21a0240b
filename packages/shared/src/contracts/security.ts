import { z } from 'zod';
import { MOBILE_PATTERN } from '../domain/validators.ts';
import { password, paymentPassword } from './auth.ts';
import { isoDate } from './common.ts';

/** A mainland mobile number, 11 digits. */
export const phone = z
  .string({ error: '请输入手机号' })
  .trim()
  .regex(MOBILE_PATTERN, '手机号格式不正确')
  .meta({ example: '13812345678' });

/** The 6-digit SMS code. */
export const smsCode = z
  .string({ error: '请输入验证码' })
  .trim()
  .regex(/^\d{6}$/, '验证码为6位数字')
  .meta({ example: '123456' });

/** After a code was asked for: when the next may be, how long this one lives. */
export const sentCode = z
  .object({
    resend_after: z.number().int().describe('Seconds until another code may be asked for'),
    expires_in: z.number().int().describe('Seconds the code stays valid'),
  })
  .meta({ id: 'SentCode' });

/** POST /v1/sms/send: a code for registering with this number (when sms_open). */
export const registerSmsBody = z.object({ phone, purpose: z.literal('register').default('register') });

/** POST /v1/forgot-password: the answer is the same whether or not the number is a member's. */
export const forgotPasswordBody = z.object({ phone });

const passwordConfirmed = {
  message: '两次输入的密码不一致',
  path: ['password_confirmation'],
};

/** POST /v1/reset-password: the number, its code and the new password; every session ends. */
export const resetPasswordBody = z
  .object({ phone, code: smsCode, password, password_confirmation: z.string({ error: '请再次输入密码' }) })
  .refine((v) => v.password === v.password_confirmation, passwordConfirmed);
export const resetPasswordResult = z.object({ revoked_sessions: z.number().int() });

/** What a signed-in member asks a code for; the number is theirs unless it is a new one. */
export const MEMBER_SMS_PURPOSES = [
  'bind_phone',
  'change_phone_old',
  'change_phone_new',
  'reset_payment_password',
] as const;
export const memberSmsBody = z
  .object({
    purpose: z.enum(MEMBER_SMS_PURPOSES, { error: '验证码用途不正确' }),
    phone: phone.optional().describe('The new number (bind_phone, change_phone_new); else the bound one'),
  })
  .refine(
    (v) =>
      v.phone !== undefined || v.purpose === 'change_phone_old' || v.purpose === 'reset_payment_password',
    {
      message: '请输入手机号',
      path: ['phone'],
    },
  );

/** POST /v1/user/phone/bind: the first verified number. */
export const bindPhoneBody = z.object({ phone, code: smsCode });
/** POST /v1/user/phone/change: a code to the old number and one to the new. */
export const changePhoneBody = z.object({ old_code: smsCode, phone, code: smsCode });

/** POST /v1/user/payment-password/reset: a forgotten payment password, by a code to the bound number. */
export const resetPaymentPasswordBody = z
  .object({
    code: smsCode,
    payment_password: paymentPassword,
    payment_password_confirmation: z.string({ error: '请再次输入支付密码' }),
  })
  .refine((v) => v.payment_password === v.payment_password_confirmation, {
    message: '两次输入的支付密码不一致',
    path: ['payment_password_confirmation'],
  });

/** One signed-in session of the member (登录设备). */
export const deviceSession = z
  .object({
    id: z.number().int(),
    device: z.string().describe('Device and browser, e.g. "iPhone · Safari"'),
    ip: z.string(),
    created_at: isoDate.describe('Signed in'),
    last_seen_at: isoDate,
    current: z.boolean().describe('The session making this request'),
  })
  .meta({ id: 'DeviceSession' });

export const sessionIdParam = z.object({
  id: z.coerce
    .number({ error: 'id 必须是数字' })
    .int('id 必须是整数')
    .positive('id 必须为正数')
    .max(2 ** 31 - 1, '该登录设备不存在或已退出'),
});
export const revokedSessions = z.object({ revoked_sessions: z.number().int() });
export type DeviceSession = z.infer<typeof deviceSession>;
