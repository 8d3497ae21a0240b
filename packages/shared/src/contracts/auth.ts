import { z } from 'zod';
import { isDomain, MOBILE_PATTERN, passwordProblem, USERNAME_PATTERN } from '../domain/validators.ts';
import { isoDate } from './common.ts';
import { userInfo } from './user.ts';

export const username = z
  .string({ error: '请输入用户名' })
  .trim()
  .regex(USERNAME_PATTERN, '用户名须为6-16位字母或数字，且以字母开头')
  .meta({ example: 'player01' });

export const password = z
  .string({ error: '请输入密码' })
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({ description: '6–20 characters with letters and digits', example: 'abc12345' });

export const inviteCode = z
  .string({ error: '请输入邀请码' })
  .trim()
  .regex(/^[A-Za-z0-9]{4,16}$/, '邀请码格式不正确');

export const agentCode = z
  .string({ error: '请输入代理码' })
  .trim()
  .regex(/^[A-Za-z0-9]{4,16}$/, '代理码格式不正确');

export const domain = z
  .string({ error: '请输入域名' })
  .trim()
  .toLowerCase()
  .refine(isDomain, '域名格式不正确');

/**
 * The version of 《用户协议》 and 《隐私政策》 in force: the date the current texts took effect
 * (the web app's legal pages show it). Registration is refused with any other version, so a
 * change of the texts means a new version here and a new acceptance.
 */
export const TERMS_VERSION = '2026-11-26';
export const TERMS_CONSENT_MESSAGE = '请确认已满18周岁并同意《用户协议》和《隐私政策》';
export const TERMS_OUTDATED_MESSAGE = '《用户协议》和《隐私政策》已更新，请重新阅读并同意最新版本';

/** What every registration sends: the member says they are 18 or older and accepts the current terms. */
export const termsConsent = {
  accept_terms: z
    .literal(true, { error: TERMS_CONSENT_MESSAGE })
    .describe('The member is 18 or older and accepts 《用户协议》 and 《隐私政策》'),
  terms_version: z
    .literal(TERMS_VERSION, {
      error: (issue) => (issue.input === undefined ? TERMS_CONSENT_MESSAGE : TERMS_OUTDATED_MESSAGE),
    })
    .describe('The version of the terms the member read (TERMS_VERSION)'),
};

/** A verified number at registration: asked for (and then required) when the operator turns sms_open on. */
const registrationPhone = {
  mobile: z
    .string({ error: '手机号格式不正确' })
    .trim()
    .regex(MOBILE_PATTERN, '手机号格式不正确')
    .optional()
    .describe('Required when sms_open: the number the code was sent to'),
  sms_code: z
    .string({ error: '验证码为6位数字' })
    .trim()
    .regex(/^\d{6}$/, '验证码为6位数字')
    .optional()
    .describe('Required when sms_open: the code from POST /v1/sms/send'),
};

const credentials = {
  username,
  password,
  password_confirmation: z.string({ error: '请再次输入密码' }).optional(),
  ...registrationPhone,
  ...termsConsent,
};

function confirmMatches(value: { password: string; password_confirmation?: string | undefined }) {
  return value.password_confirmation === undefined || value.password_confirmation === value.password;
}
const confirmIssue = {
  message: '两次输入的密码不一致',
  path: ['password_confirmation'],
  // Compared whenever both are text, even while another field is wrong (e.g. the consent not yet
  // given), so a form shows the mismatch together with the other problems.
  when: ({ value }: z.core.ParsePayload) => {
    const v = value as { password?: unknown; password_confirmation?: unknown } | null;
    return typeof v?.password === 'string' && typeof v.password_confirmation === 'string';
  },
};

export const loginBody = z.object({
  username: z.string({ error: '请输入用户名' }).trim().min(1, '请输入用户名').max(32, '用户名过长'),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(64, '密码过长'),
});

export const registerBody = z
  .object({ ...credentials, invite_code: inviteCode.optional() })
  .refine(confirmMatches, confirmIssue);

export const inviteRegisterBody = z
  .object({ ...credentials, invite_code: inviteCode })
  .refine(confirmMatches, confirmIssue);

export const agentRegisterBody = z
  .object({ ...credentials, agent_code: agentCode })
  .refine(confirmMatches, confirmIssue);

export const domainRegisterBody = z
  .object({
    ...credentials,
    domain: domain.optional().describe('Defaults to the host the request was sent to'),
  })
  .refine(confirmMatches, confirmIssue);

/** The consent is the whole body when no code is given; a missing body is asked for it. */
export const smartRegisterBody = z.object(
  {
    invite_code: inviteCode.optional(),
    agent_code: agentCode.optional(),
    ...registrationPhone,
    ...termsConsent,
  },
  { error: TERMS_CONSENT_MESSAGE },
);

export const authResult = z
  .object({
    token: z.string().describe('Opaque bearer token; send as Authorization: Bearer <token>'),
    token_type: z.literal('Bearer'),
    expires_at: isoDate,
    userinfo: userInfo,
  })
  .meta({ id: 'AuthResult' });

export const smartRegisterResult = authResult
  .extend({
    username: z.string(),
    password: z.string().describe('Generated password, returned only this once'),
  })
  .meta({ id: 'SmartRegisterResult' });

export const inviteValidateBody = z.object({ invite_code: inviteCode });
export const agentValidateBody = z.object({ agent_code: agentCode });
export const domainValidateBody = z.object({ domain: domain.optional() });

export const codeValidation = z
  .object({
    valid: z.boolean(),
    inviter: z.string().nullable().describe('Masked username of the inviter or agent'),
    agent_id: z.number().int().nullable(),
  })
  .meta({ id: 'CodeValidation' });

export const domainValidation = z
  .object({
    domain: z.string(),
    valid: z.boolean().describe('The domain is well formed'),
    bound: z.boolean().describe('An agent is bound to the domain'),
    agent_id: z.number().int().nullable(),
    agent_code: z.string().nullable(),
  })
  .meta({ id: 'DomainValidation' });

export const changePasswordBody = z
  .object({
    old_password: z.string({ error: '请输入原密码' }).min(1, '请输入原密码').max(64),
    password,
    password_confirmation: z.string({ error: '请再次输入密码' }),
  })
  .refine((v) => v.password === v.password_confirmation, confirmIssue);

export const paymentPassword = z.string({ error: '请输入支付密码' }).regex(/^\d{6}$/, '支付密码须为6位数字');

export const setPaymentPasswordBody = z
  .object({
    old_payment_password: z.string().optional().describe('Required when a payment password is already set'),
    payment_password: paymentPassword,
    payment_password_confirmation: z.string({ error: '请再次输入支付密码' }),
    login_password: z
      .string()
      .optional()
      .describe('Required when setting the payment password the first time'),
  })
  .refine((v) => v.payment_password === v.payment_password_confirmation, {
    message: '两次输入的支付密码不一致',
    path: ['payment_password_confirmation'],
  });
