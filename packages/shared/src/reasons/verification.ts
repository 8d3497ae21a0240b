import { reasons } from './define.ts';

/** What SMS verification codes refuse: sends too often, and codes wrong, used or expired. */
export const VERIFICATION_REASONS = reasons({
  'verification.sms_closed': { status: 403, message: '短信验证未开启' },
  'verification.resend_too_soon': {
    status: 429,
    message: (p: { seconds: number }) => `验证码发送过于频繁，请${p.seconds}秒后再试`,
  },
  'verification.phone_daily_limit': {
    status: 429,
    message: '该手机号今日获取验证码次数已达上限，请明日再试',
  },
  'verification.ip_daily_limit': { status: 429, message: '获取验证码次数过多，请明日再试' },
  'verification.send_failed': { status: 503, message: '短信发送失败，请稍后再试' },
  'verification.code_invalid': { status: 422, message: '验证码错误或已失效，请重新获取' },
  /** Tries left on this code; the last wrong one kills it. */
  'verification.code_wrong': {
    status: 422,
    message: (p: { left: number }) =>
      p.left > 0 ? `验证码错误，还可尝试${p.left}次` : '验证码错误次数过多，请重新获取',
  },
});
