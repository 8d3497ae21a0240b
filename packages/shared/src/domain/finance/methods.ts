/** Deposit methods (SPEC.md §7 "Payments") with their default limits in 分. */
export const PAYMENT_METHODS = {
  bank: { name: '银行卡转账', kind: 'gateway', min: 10_000n, max: 5_000_000n },
  alipay: { name: '支付宝', kind: 'gateway', min: 5_000n, max: 2_000_000n },
  wechat: { name: '微信支付', kind: 'gateway', min: 5_000n, max: 2_000_000n },
  usdt_trc20: { name: 'USDT-TRC20', kind: 'usdt', min: 10_000n, max: 10_000_000n },
  usdt_erc20: { name: 'USDT-ERC20', kind: 'usdt', min: 50_000n, max: 10_000_000n },
} as const;

export type PaymentMethodCode = keyof typeof PAYMENT_METHODS;
export const PAYMENT_METHOD_CODES = Object.keys(PAYMENT_METHODS) as [
  PaymentMethodCode,
  ...PaymentMethodCode[],
];

export const usdtNetworkOf = (method: 'usdt_trc20' | 'usdt_erc20'): 'TRC20' | 'ERC20' =>
  method === 'usdt_trc20' ? 'TRC20' : 'ERC20';

/** Deposit order statuses: confirming = USDT transfer submitted, waiting for the operator. */
export const PAYMENT_ORDER_STATUSES = {
  pending: '待支付',
  confirming: '待确认',
  paid: '已到账',
  failed: '支付失败',
  cancelled: '已取消',
  rejected: '已驳回',
} as const;
export type PaymentOrderStatus = keyof typeof PAYMENT_ORDER_STATUSES;
export const PAYMENT_ORDER_STATUS_KEYS = Object.keys(PAYMENT_ORDER_STATUSES) as [
  PaymentOrderStatus,
  ...PaymentOrderStatus[],
];

/**
 * Withdrawal statuses: pending holds the amount frozen until an operator decides; approved has
 * passed review and waits to be paid out (still frozen; the member can no longer cancel);
 * chain_confirming: a USDT-TRC20 payment's transaction id was entered and the chain is being
 * checked (still frozen; USDT_DEPOSITS=trongrid only, docs/decisions/039).
 */
export const WITHDRAW_STATUSES = {
  pending: '审核中',
  approved: '待出款',
  chain_confirming: '待链上确认',
  paid: '已到账',
  rejected: '已驳回',
  cancelled: '已取消',
} as const;
export type WithdrawStatus = keyof typeof WITHDRAW_STATUSES;
export const WITHDRAW_STATUS_KEYS = Object.keys(WITHDRAW_STATUSES) as [WithdrawStatus, ...WithdrawStatus[]];

/** Saved wallet kinds a member can withdraw to. */
export const USER_WALLET_TYPES = {
  bank: '银行卡',
  usdt_trc20: 'USDT-TRC20',
  usdt_erc20: 'USDT-ERC20',
} as const;
export type UserWalletType = keyof typeof USER_WALLET_TYPES;
export const USER_WALLET_TYPE_KEYS = Object.keys(USER_WALLET_TYPES) as [UserWalletType, ...UserWalletType[]];

/** Banks a card can be saved for. */
export const BANKS = [
  { code: 'ICBC', name: '中国工商银行' },
  { code: 'CCB', name: '中国建设银行' },
  { code: 'ABC', name: '中国农业银行' },
  { code: 'BOC', name: '中国银行' },
  { code: 'BOCOM', name: '交通银行' },
  { code: 'CMB', name: '招商银行' },
  { code: 'PSBC', name: '中国邮政储蓄银行' },
  { code: 'CITIC', name: '中信银行' },
  { code: 'CEB', name: '中国光大银行' },
  { code: 'CMBC', name: '中国民生银行' },
  { code: 'SPDB', name: '浦发银行' },
  { code: 'CIB', name: '兴业银行' },
  { code: 'PAB', name: '平安银行' },
  { code: 'HXB', name: '华夏银行' },
  { code: 'GDB', name: '广发银行' },
] as const;
export type BankCode = (typeof BANKS)[number]['code'];
export const BANK_CODES = BANKS.map((b) => b.code) as [BankCode, ...BankCode[]];
