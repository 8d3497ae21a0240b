import { z } from 'zod';
import { PAYMENT_METHOD_CODES, WITHDRAW_STATUS_KEYS } from '../../domain/finance/methods.ts';
import { isoDate, moneyString, pageQuery } from '../common.ts';

const yuanText = z
  .string({ error: '请输入金额' })
  .trim()
  .regex(/^(0|[1-9]\d{0,9})(\.\d{1,2})?$/, '金额格式不正确（最多两位小数）');
const rateText = z
  .string({ error: '请输入汇率' })
  .trim()
  .regex(/^\d{1,6}(\.\d{1,4})?$/, '汇率格式不正确（最多四位小数）')
  .refine((v) => Number(v) > 0, '汇率须大于0');

export const paymentMethodSetting = z.object({
  code: z.enum(PAYMENT_METHOD_CODES),
  name: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
  min_amount: moneyString,
  max_amount: moneyString,
});

/** The finance settings in force: stored overrides on top of the environment's defaults. */
export const financeSettings = z.object({
  usdt_deposit_rate: z.string(),
  usdt_withdraw_rate: z.string(),
  withdraw_min: moneyString,
  withdraw_max: moneyString,
  withdraw_fee_bp: z.number().int(),
  withdraw_fee_min: moneyString,
  withdraw_fee_max: moneyString,
  /** 打码量 a deposit requires, as a multiple of it, e.g. "1.00". */
  deposit_turnover_multiple: z.string(),
  /** Manual adjustments above this need a second operator. */
  adjustment_approval_threshold: moneyString,
  payment_methods: z.array(paymentMethodSetting),
  updated_at: isoDate.nullable(),
});
export type FinanceSettingsView = z.infer<typeof financeSettings>;

export const financeSettingsBody = z
  .object({
    usdt_deposit_rate: rateText,
    usdt_withdraw_rate: rateText,
    withdraw_min: yuanText,
    withdraw_max: yuanText,
    withdraw_fee_bp: z
      .number({ error: '手续费率须为整数' })
      .int('手续费率须为整数')
      .min(0, '手续费率不能为负')
      .max(10_000, '手续费率不能超过100%'),
    withdraw_fee_min: yuanText,
    withdraw_fee_max: yuanText,
    deposit_turnover_multiple: z
      .string({ error: '请输入打码倍数' })
      .trim()
      .regex(/^\d{1,3}(\.\d{1,2})?$/, '打码倍数格式不正确（最多两位小数）')
      .refine((v) => Number(v) <= 100, '打码倍数不能超过100'),
    adjustment_approval_threshold: yuanText,
    payment_methods: z
      .array(
        z.object({
          code: z.enum(PAYMENT_METHOD_CODES),
          enabled: z.boolean(),
          sort: z.number().int().min(0).max(999),
          min_amount: yuanText,
          max_amount: yuanText,
        }),
      )
      .max(PAYMENT_METHOD_CODES.length),
    reason: z.string().trim().max(200, '原因不能超过200个字符').optional().default(''),
  })
  .partial()
  .extend({ reason: z.string().trim().max(200, '原因不能超过200个字符').optional().default('') });

// ---- deposit and withdrawal queues ----

export const depositQueueQuery = pageQuery.extend({
  /** One order by its id (a ledger entry's `payment_order:<id>` opens it). */
  id: z.coerce.number().int().positive().optional(),
  status: z.enum(['pending', 'confirming', 'paid', 'failed', 'cancelled', 'rejected']).optional(),
  method: z.enum(PAYMENT_METHOD_CODES).optional(),
  keyword: z.string().trim().max(80).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export const depositQueueItem = z.object({
  id: z.number().int(),
  order_no: z.string(),
  member_id: z.number().int(),
  username: z.string(),
  method: z.string(),
  method_name: z.string(),
  amount: moneyString,
  usdt_amount: moneyString.nullable(),
  rate: z.string().nullable(),
  tx_hash: z.string().nullable(),
  /** USDT the member declared sending; `amount_mismatch` when it differs from the order's. */
  declared_usdt_amount: moneyString.nullable(),
  amount_mismatch: z.boolean(),
  credited_amount: moneyString.nullable(),
  /** The confirmation waiting for a second operator, if one does (复核中心). */
  pending_change_id: z.number().int().nullable(),
  status: z.string(),
  status_text: z.string(),
  reason: z.string().nullable(),
  operator_name: z.string().nullable(),
  created_at: isoDate,
  paid_at: isoDate.nullable(),
});

export const withdrawQueueQuery = pageQuery.extend({
  /** One withdrawal by its id (a ledger entry's `withdrawal:<id>` opens it). */
  id: z.coerce.number().int().positive().optional(),
  status: z.enum(WITHDRAW_STATUS_KEYS).optional(),
  keyword: z.string().trim().max(80).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export const withdrawQueueItem = z.object({
  id: z.number().int(),
  order_no: z.string(),
  member_id: z.number().int(),
  username: z.string(),
  amount: moneyString,
  fee: moneyString,
  actual_amount: moneyString,
  usdt_amount: moneyString.nullable(),
  wallet_type: z.string(),
  wallet_name: z.string(),
  holder_name: z.string().nullable(),
  account: z.string(),
  status: z.string(),
  status_text: z.string(),
  reason: z.string().nullable(),
  operator_name: z.string().nullable(),
  created_at: isoDate,
  decided_at: isoDate.nullable(),
  /** The payment waiting for a second operator, if one does (复核中心). */
  pending_change_id: z.number().int().nullable(),
  /** USDT-TRC20 paid with this TRON transaction (checked on chain, then kept). */
  tx_id: z.string().nullable(),
  /** The chain check's last finding (why a transaction id was refused), for the operator. */
  chain_note: z.string().nullable(),
  /** Whether 出款 must carry the TRON transaction id (USDT-TRC20 with the chain read). */
  needs_tx_id: z.boolean(),
});

/** Withdrawal accounts a member tried to bind while another member holds (or held) them. */
export const walletConflictQuery = pageQuery.extend({
  keyword: z.string().trim().max(80).optional(),
});
export const walletConflictItem = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  username: z.string(),
  owner_id: z.number().int(),
  owner_username: z.string(),
  type: z.string(),
  type_name: z.string(),
  account: z.string().describe('Masked'),
  created_at: isoDate,
});

// ---- 网关通知: the payment gateway's notification log (payment_callbacks) ----

/**
 * What became of each notification a payment gateway sent, and of each answer to our own query
 * of an order (reconciliation), as `payment_callbacks.outcome` records it and the console names it.
 */
export const PAYMENT_CALLBACK_OUTCOMES = {
  credited: '已入账',
  duplicate: '重复通知',
  failed: '支付失败',
  not_pending: '订单非待支付',
  bad_signature: '签名错误',
  wrong_amount: '金额不符',
  unknown_order: '订单不存在',
  unknown_gateway: '未知通道',
  stale: '时间戳过期',
  wrong_trade_no: '交易号不符',
  malformed: '参数错误',
  wrong_merchant: '商户号不符',
} as const;
export type PaymentCallbackOutcome = keyof typeof PAYMENT_CALLBACK_OUTCOMES;
export const PAYMENT_CALLBACK_OUTCOME_KEYS = Object.keys(PAYMENT_CALLBACK_OUTCOMES) as [
  PaymentCallbackOutcome,
  ...PaymentCallbackOutcome[],
];

/** Where a row came from: the gateway's notification, or its answer to our order query (对账). */
export const PAYMENT_CALLBACK_SOURCES = { notify: '通知', query: '查询' } as const;
export type PaymentCallbackSource = keyof typeof PAYMENT_CALLBACK_SOURCES;
const callbackSource = z.enum(['notify', 'query'], { error: '来源无效' });

export const paymentCallbackQuery = pageQuery.extend({
  outcome: z.enum(PAYMENT_CALLBACK_OUTCOME_KEYS, { error: '通知结果无效' }).optional(),
  source: callbackSource.optional(),
  /** The whole order number (数字与字母). */
  order_no: z.string().trim().max(64, '订单号不能超过64个字符').optional(),
  gateway: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, '支付通道不正确')
    .optional(),
  /** Days received (Beijing), inclusive. */
  from: z.iso.date({ error: '开始日期格式应为 YYYY-MM-DD' }).optional(),
  to: z.iso.date({ error: '结束日期格式应为 YYYY-MM-DD' }).optional(),
});

/** One notification (or query answer) as received; `sign` and `key` fields masked. */
export const paymentCallbackItem = z.object({
  id: z.string().describe('bigint'),
  gateway: z.string(),
  order_no: z.string().nullable(),
  outcome: z.string().describe('A key of PAYMENT_CALLBACK_OUTCOMES'),
  outcome_text: z.string(),
  source: callbackSource,
  signature_valid: z.boolean(),
  ip: z.string().nullable().describe('Null for an answer to our own query'),
  created_at: isoDate,
  payload: z
    .record(z.string(), z.unknown())
    .describe('The fields as received; each `sign` or `key` shows only its first 4 characters and …'),
});
export type PaymentCallbackItem = z.infer<typeof paymentCallbackItem>;
