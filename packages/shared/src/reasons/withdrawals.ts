import { reasons } from './define.ts';
import { groupYuan } from '../money.ts';

/** What withdrawals and the member's withdrawal accounts (bank cards, USDT addresses) refuse. */
export const WITHDRAWALS_REASONS = reasons({
  // ---- accounts to withdraw to ----
  'withdrawals.bank_missing': { status: 422, message: '请选择开户银行' },
  'withdrawals.holder_missing': { status: 422, message: '请输入持卡人姓名' },
  'withdrawals.card_number_format': { status: 422, message: '银行卡号须为12-19位数字' },
  'withdrawals.card_number_checksum': { status: 422, message: '银行卡号校验失败，请检查后重新输入' },
  'withdrawals.trc20_address_invalid': { status: 422, message: 'TRC20 地址须为T开头的34位有效地址' },
  'withdrawals.erc20_address_invalid': { status: 422, message: 'ERC20 地址须为0x开头的40位十六进制' },
  'withdrawals.too_many_accounts': {
    status: 422,
    message: (p: { max: number }) => `最多可添加${p.max}个提现账户`,
  },
  'withdrawals.account_not_found': { status: 404, message: '提现账户不存在' },
  'withdrawals.holder_not_real_name': {
    status: 422,
    message: (p: { realName: string }) => `持卡人姓名须与实名（${p.realName}）一致`,
  },
  'withdrawals.card_bound_elsewhere': {
    status: 422,
    message: '该银行卡已被其他账号绑定，如有疑问请联系客服',
  },
  'withdrawals.address_bound_elsewhere': {
    status: 422,
    message: '该地址已被其他账号绑定，如有疑问请联系客服',
  },
  'withdrawals.account_added': { status: 409, message: '该卡号或地址已添加' },
  // ---- a withdrawal ----
  'withdrawals.under_min': {
    status: 422,
    message: (p: { min: string }) => `单笔最低提现 ${groupYuan(p.min)} 元`,
  },
  'withdrawals.over_max': {
    status: 422,
    message: (p: { max: string }) => `单笔最高提现 ${groupYuan(p.max)} 元`,
  },
  'withdrawals.fee_exceeds_amount': { status: 422, message: '提现金额不足以支付手续费' },
  'withdrawals.restricted': { status: 403, message: '您的账户已被限制提现，请联系客服' },
  'withdrawals.account_disabled': { status: 422, message: '该提现账户已停用，请先启用' },
  /** Turnover (打码量) still owed; `data.turnover_required` carries it. */
  'withdrawals.turnover_required': {
    status: 422,
    message: (p: { amount: string }) => `还需完成打码量 ${groupYuan(p.amount)} 元才能提现`,
  },
  'withdrawals.daily_count_used': {
    status: 422,
    message: (p: { daily: number }) => `今日提现次数已用完（每日${p.daily}次）`,
  },
  'withdrawals.insufficient_balance': { status: 422, message: '可提现余额不足' },
  'withdrawals.not_found': { status: 404, message: '提现记录不存在' },
  'withdrawals.decided': {
    status: 409,
    message: (p: { status: string }) => `该提现已处理（${p.status}），不能重复操作`,
  },
  'withdrawals.cancel_not_reviewing': { status: 409, message: '只有审核中的提现可以取消' },
  'withdrawals.tx_id_required': {
    status: 422,
    message: '请填写出款的 TRON 交易哈希（64位十六进制），链上确认后才标记为已到账',
  },
  'withdrawals.tx_id_used': {
    status: 409,
    message: (p: { order_no: string }) => `该交易哈希已用于提现单 ${p.order_no}，请核对后重新填写`,
  },
});
