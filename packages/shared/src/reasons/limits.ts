import { reasons } from './define.ts';

/** How long until a retry, in the words of a 429 (`30秒` / `15分钟` / `2小时`). */
type Wait = { wait: string };

/** What the abuse limits refuse (decision 015): 429s that say when to retry. */
export const LIMITS_REASONS = reasons({
  'limits.login_locked': { status: 429, message: (p: Wait) => `登录失败次数过多，请${p.wait}后再试` },
  'limits.password_locked': { status: 429, message: (p: Wait) => `密码错误次数过多，请${p.wait}后再试` },
  'limits.payment_password_locked': {
    status: 429,
    message: (p: Wait) => `支付密码错误次数过多，请${p.wait}后再试`,
  },
  'limits.register_too_often': { status: 429, message: (p: Wait) => `注册过于频繁，请${p.wait}后再试` },
  'limits.validate_too_often': { status: 429, message: (p: Wait) => `校验过于频繁，请${p.wait}后再试` },
  'limits.callback_too_often': { status: 429, message: (p: Wait) => `回调过于频繁，请${p.wait}后再试` },
  'limits.requests_too_often': { status: 429, message: (p: Wait) => `请求过于频繁，请${p.wait}后再试` },
});
