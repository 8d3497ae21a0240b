import { reasons } from './define.ts';

/**
 * What the console refuses: operators' two-factor and accounts, and (under these names still,
 * though their services moved to accounts and the ledger) the member view and manual adjustments.
 * The two-factor prompts at sign-in also carry `totp_required`, the
 * enrolment gate `totp_enrolment_required`, in `data` (older consoles read those).
 */
export const BACKOFFICE_REASONS = reasons({
  'backoffice.totp_code_required': { status: 401, message: '请输入动态验证码' },
  'backoffice.totp_code_wrong': { status: 401, message: '动态验证码不正确或已使用' },
  'backoffice.totp_enrolment_required': { status: 403, message: '请先绑定两步验证（动态验证码）后再操作' },
  'backoffice.totp_setup_while_on': { status: 409, message: '两步验证已开启；如需更换请先关闭' },
  'backoffice.totp_already_on': { status: 409, message: '两步验证已开启' },
  'backoffice.totp_setup_missing': { status: 422, message: '请先获取绑定二维码' },
  'backoffice.totp_enrol_code_wrong': { status: 422, message: '动态验证码不正确，请核对手机时间后重试' },
  'backoffice.totp_required_for_role': { status: 403, message: '当前角色必须开启两步验证' },
  'backoffice.totp_not_on': { status: 409, message: '两步验证未开启' },
  'backoffice.totp_disable_code_wrong': { status: 422, message: '动态验证码不正确或已使用' },
  'backoffice.operator_username_taken': { status: 409, message: '用户名已存在' },
  'backoffice.operator_not_found': { status: 404, message: '管理账号不存在' },
  'backoffice.operator_self_demotion': { status: 403, message: '不能停用自己或降低自己的角色' },
  'backoffice.member_not_found': { status: 404, message: '会员不存在' },
  'backoffice.member_flag_unchanged': {
    status: 409,
    message: (p: { flag: string }) => `${p.flag}已是该状态`,
  },
  'backoffice.no_sessions_to_end': { status: 409, message: '没有可下线的登录会话' },
  'backoffice.adjustment_amount_invalid': { status: 422, message: '金额须大于0' },
  'backoffice.adjustment_not_found': { status: 404, message: '调整记录不存在' },
  'backoffice.adjustment_decided': { status: 409, message: '该调整已处理，不能重复操作' },
});
