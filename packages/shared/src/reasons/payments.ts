import { reasons } from './define.ts';
import { groupYuan } from '../money.ts';

/** What deposits (orders, the gateway's notifications, USDT review) and finance settings refuse. */
export const PAYMENTS_REASONS = reasons({
  'payments.method_closed': { status: 422, message: '该充值方式暂未开放' },
  'payments.amount_not_positive': { status: 422, message: '充值金额须大于0' },
  'payments.under_min': {
    status: 422,
    message: (p: { min: string }) => `单笔最低充值 ${groupYuan(p.min)} 元`,
  },
  'payments.over_max': {
    status: 422,
    message: (p: { max: string }) => `单笔最高充值 ${groupYuan(p.max)} 元`,
  },
  'payments.order_not_found': { status: 404, message: '订单不存在' },
  'payments.usdt_needs_hash': { status: 422, message: 'USDT订单请转账后提交交易哈希' },
  'payments.order_not_pending': { status: 409, message: '订单已不是待支付状态' },
  'payments.transfer_not_positive': { status: 422, message: '转账金额须大于0' },
  'payments.not_usdt_order': { status: 422, message: '该订单不是USDT充值订单' },
  'payments.trc20_hash_invalid': { status: 422, message: 'TRC20 交易哈希须为64位十六进制' },
  'payments.erc20_hash_invalid': { status: 422, message: 'ERC20 交易哈希须为0x开头的64位十六进制' },
  'payments.order_submitted': { status: 409, message: '订单已提交或已处理' },
  'payments.hash_used': { status: 409, message: '该交易哈希已被提交过' },
  'payments.cancel_not_pending': { status: 409, message: '只有待支付的订单可以取消' },
  'payments.usdt_order_open': {
    status: 409,
    message: (p: { order_no: string; usdt_amount: string }) =>
      `您有一笔未完成的USDT充值（订单 ${p.order_no}，${groupYuan(p.usdt_amount)} USDT），请完成转账或取消该订单后再下单`,
  },
  'payments.gateway_unavailable': { status: 503, message: '支付通道暂时无法下单，请稍后再试或更换充值方式' },
  'payments.usdt_chain_off': { status: 409, message: '本站未开通USDT专属充值地址，请使用USDT充值订单' },
  // ---- the gateway's notifications ----
  'payments.gateway_unknown': { status: 404, message: '未知的支付通道' },
  'payments.signature_invalid': { status: 400, message: '签名验证失败' },
  'payments.notification_stale': { status: 400, message: '通知时间戳无效或已过期' },
  'payments.notification_malformed': { status: 400, message: '通知参数不完整或格式错误' },
  'payments.merchant_mismatch': { status: 400, message: '商户号与本站不符' },
  'payments.amount_mismatch': { status: 422, message: '金额与订单不符' },
  'payments.trade_no_mismatch': { status: 422, message: '交易号与订单不符' },
  // ---- the console's USDT review ----
  'payments.declared_usdt_differs': {
    status: 422,
    message: (p: { declared: string; ordered: string }) =>
      `会员申报 ${p.declared} USDT，订单为 ${p.ordered} USDT：请填写链上实际到账的USDT数量`,
  },
  'payments.received_not_positive': { status: 422, message: '到账数量须大于0' },
  'payments.transfer_not_submitted': { status: 409, message: '会员尚未提交转账信息' },
  'payments.order_decided': { status: 409, message: '该订单已处理，不能重复操作' },
  'payments.order_credited': { status: 409, message: '该订单已入账' },
  // ---- finance settings ----
  'payments.deposit_rate_not_positive': { status: 422, message: '充值汇率须大于0' },
  'payments.withdraw_rate_not_positive': { status: 422, message: '提现汇率须大于0' },
  'payments.withdraw_min_not_positive': { status: 422, message: '单笔最低提现须大于0' },
  'payments.withdraw_min_over_max': { status: 422, message: '单笔最低提现不能高于最高提现' },
  'payments.fee_min_over_max': { status: 422, message: '手续费下限不能高于上限' },
  'payments.method_min_not_positive': {
    status: 422,
    message: (p: { method: string }) => `${p.method} 单笔最低充值须大于0`,
  },
  'payments.method_min_over_max': {
    status: 422,
    message: (p: { method: string }) => `${p.method} 单笔最低充值不能高于最高`,
  },
});
