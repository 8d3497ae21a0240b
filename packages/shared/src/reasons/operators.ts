import { reasons } from './define.ts';

/** What operators' accounts and the console's route guard refuse. */
export const OPERATORS_REASONS = reasons({
  'operators.login_failed': { status: 401, message: '用户名或密码错误' },
  'operators.disabled': { status: 403, message: '该管理账号已停用' },
  'operators.sign_in_required': { status: 401, message: '请先登录管理后台' },
  'operators.session_ended': { status: 401, message: '管理后台登录已失效，请重新登录' },
  'operators.permission_denied': { status: 403, message: '当前管理账号无权执行此操作' },
});
