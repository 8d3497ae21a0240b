/**
 * Error catalogue (SPEC.md §8). The server answers every failure with an HTTP status that
 * it also puts in the envelope's `code`; the client turns codes into these toasts.
 */

export const HTTP_MESSAGES = {
  400: '请求参数错误，请检查输入内容',
  401: '您还未登录，请先登录',
  403: '您没有权限访问该资源',
  404: '请求的资源不存在',
  408: '请求超时，请稍后重试',
  409: '请求冲突，请刷新后重试',
  413: '请求内容过大',
  415: '请求格式不受支持',
  422: '请求无法处理',
  429: '操作过于频繁，请稍后再试',
  500: '服务器内部错误',
  502: '网关错误',
  503: '服务器正在维护',
  504: '网关超时',
} as const;

export type HttpErrorStatus = keyof typeof HTTP_MESSAGES;

/** Failures the client detects itself, before or instead of an HTTP answer. */
export const CLIENT_ERROR_MESSAGES = {
  NETWORK_ERROR: '网络异常',
  NETWORK_TIMEOUT: '网络请求超时，请检查网络后重试',
  NETWORK_UNAVAILABLE: '网络不可用，请检查网络设置',
  CONNECTION_FAILED: '无法连接服务器，请稍后重试',
  SSL_ERROR: '安全连接失败，请检查网络环境',
  INVALID_RESPONSE: '服务端返回数据异常',
  OFFLINE: '网络已断开，请检查网络连接',
  UNKNOWN: '发生未知错误',
} as const;

export type ClientErrorKind = keyof typeof CLIENT_ERROR_MESSAGES;

export function httpMessage(status: number): string {
  return (HTTP_MESSAGES as Record<number, string>)[status] ?? CLIENT_ERROR_MESSAGES.UNKNOWN;
}

/** Business messages the server uses in more than one place. */
export const MESSAGES = {
  loginFailed: '用户名或密码错误',
  accountDisabled: '账号已被禁用，请联系客服',
  usernameTaken: '该用户名已被注册',
  passwordMismatch: '两次输入的密码不一致',
  oldPasswordWrong: '原密码不正确',
  samePassword: '新密码不能与原密码相同',
  paymentPasswordWrong: '原支付密码不正确',
  paymentPasswordLoginPassword: '支付密码不能与登录密码相同',
  inviteCodeInvalid: '邀请码无效',
  agentCodeInvalid: '代理码无效',
  domainNotBound: '该域名未绑定代理',
  insufficientBalance: '余额不足',
  idempotencyInProgress: '请求正在处理中，请勿重复提交',
  idempotencyMismatch: '幂等键已用于不同的请求',
  // SPEC §8: the 401 toast reads 您还未登录，请先登录 whatever ended the session.
  tokenInvalid: '您还未登录，请先登录',
} as const;
