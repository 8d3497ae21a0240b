import { reasons } from './define.ts';

/**
 * A secret checked under the failure limit: wrong with tries left, or wrong for the last time
 * (the lock has begun, and lasts `wait`).
 */
type Tries = { left: number; wait: string };
const wrongSecret = (wrong: string, tooMany: string) => (p: Tries) =>
  p.left > 0 ? `${wrong}，还可尝试${p.left}次` : `${tooMany}，请${p.wait}后再试`;

/** What members' accounts refuse: registration, sign-in, sessions, profile and passwords. */
export const ACCOUNTS_REASONS = reasons({
  'accounts.username_taken': { status: 409, message: '该用户名已被注册' },
  'accounts.register_busy': { status: 503, message: '注册繁忙，请稍后再试' },
  'accounts.domain_invalid': { status: 400, message: '域名格式不正确' },
  'accounts.domain_not_bound': { status: 422, message: '该域名未绑定代理' },
  'accounts.agent_code_invalid': { status: 422, message: '代理码无效' },
  'accounts.invite_code_invalid': { status: 422, message: '邀请码无效' },
  /** Tries left before the lock (said when 2 or fewer), or the lock's length once it began. */
  'accounts.login_failed': {
    status: 401,
    message: (p: Tries) =>
      p.left === 0
        ? `用户名或密码错误，登录已暂时锁定，请${p.wait}后再试`
        : p.left <= 2
          ? `用户名或密码错误，还可尝试${p.left}次`
          : '用户名或密码错误',
  },
  'accounts.disabled': { status: 403, message: '账号已被禁用，请联系客服' },
  /** A blacklisted member (is_black) betting on sports or lottery. */
  'accounts.betting_restricted': { status: 403, message: '账户受限，暂不能投注，请联系客服' },
  /** A member whose betting is switched off (disable_game). */
  'accounts.betting_disabled': { status: 403, message: '您的账户已被禁止投注，请联系客服' },
  // SPEC §8: the 401 toast reads 您还未登录，请先登录 whatever ended the session.
  'accounts.sign_in_required': { status: 401, message: '您还未登录，请先登录' },
  'accounts.session_ended': { status: 401, message: '您还未登录，请先登录' },
  'accounts.member_not_found': { status: 404, message: '用户不存在' },
  'accounts.real_name_set': { status: 422, message: '真实姓名已设置，如需修改请联系客服' },
  'accounts.old_password_wrong': { status: 422, message: wrongSecret('原密码不正确', '密码错误次数过多') },
  'accounts.same_password': { status: 422, message: '新密码不能与原密码相同' },
  'accounts.login_password_required': { status: 422, message: '首次设置支付密码须验证登录密码' },
  'accounts.login_password_wrong': {
    status: 422,
    message: wrongSecret('登录密码不正确', '密码错误次数过多'),
  },
  'accounts.old_payment_password_required': { status: 422, message: '请输入原支付密码' },
  'accounts.old_payment_password_wrong': {
    status: 422,
    message: wrongSecret('原支付密码不正确', '支付密码错误次数过多'),
  },
  'accounts.payment_password_unset': { status: 422, message: '请先设置支付密码' },
  'accounts.payment_password_wrong': {
    status: 422,
    message: wrongSecret('支付密码不正确', '支付密码错误次数过多'),
  },
  // Phones and devices (issue 40).
  'accounts.phone_required': { status: 422, message: '请输入手机号和短信验证码' },
  'accounts.phone_taken': { status: 409, message: '该手机号已绑定其他账号' },
  'accounts.phone_not_bound': { status: 422, message: '请先绑定手机号' },
  'accounts.phone_already_bound': { status: 409, message: '您已绑定手机号，如需更换请使用更换手机号' },
  'accounts.phone_same': { status: 422, message: '新手机号不能与原手机号相同' },
  'accounts.phone_needs_code': { status: 422, message: '请通过短信验证码绑定手机号' },
  'accounts.session_not_found': { status: 404, message: '该登录设备不存在或已退出' },
  'accounts.session_is_current': { status: 422, message: '当前设备请使用退出登录' },
});
