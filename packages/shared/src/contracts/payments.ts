import { z } from 'zod';
import { PAYMENT_METHOD_CODES, PAYMENT_ORDER_STATUS_KEYS, isTxHash } from '../domain/finance/index.ts';
import { isoDate, moneyInput, moneyString, pageQuery, paginated } from './common.ts';

// ---- /v1/payment-orders: deposits (SPEC.md §7 "Payments") --------------------------------

export const paymentMethodCode = z.enum(PAYMENT_METHOD_CODES, { error: '请选择正确的充值方式' });

export const paymentMethodView = z.object({
  code: paymentMethodCode,
  name: z.string(),
  kind: z.enum(['gateway', 'usdt']),
  network: z.enum(['TRC20', 'ERC20']).nullable(),
  min_amount: moneyString,
  max_amount: moneyString,
  enabled: z.boolean(),
  /** Amount chips the page offers (元). */
  quick_amounts: z.array(moneyString),
  /**
   * USDT_DEPOSITS=trongrid, USDT-TRC20: the member sends to their own address and the transfer is
   * credited by itself (GET /v1/payment-orders/usdt-address): no order, no amount, no hash.
   */
  own_address: z.boolean(),
});
export const paymentMethodList = z.object({ list: z.array(paymentMethodView) });
export type PaymentMethodView = z.infer<typeof paymentMethodView>;

export const usdtRateView = z.object({
  /** 元 per USDT, exact decimal with 4 decimals. */
  rate: z.string(),
  updated_at: isoDate,
});

export const systemWalletQuery = z.object({
  network: z.enum(['TRC20', 'ERC20'], { error: '网络须为 TRC20 或 ERC20' }).default('TRC20'),
});
export const systemWalletAddress = z.object({ network: z.enum(['TRC20', 'ERC20']), address: z.string() });

/**
 * USDT_DEPOSITS=trongrid: the member's own TRC20 deposit address. What arrives on it, confirmed and
 * at least `min_amount` USDT, is credited by itself at the rate in force when it is seen.
 */
export const usdtDepositAddress = z.object({
  network: z.literal('TRC20'),
  address: z.string(),
  /** USDT. */
  min_amount: moneyString,
  /** 元 per USDT now. */
  rate: z.string(),
});

/** Create a deposit: gateway methods take 元; USDT methods take the amount of USDT. */
export const createPaymentOrderBody = z.object({
  method: paymentMethodCode,
  amount: moneyInput,
});

export const paymentInfoBody = z.object({
  order_id: z.coerce
    .number({ error: '订单ID须为数字' })
    .int('订单ID须为整数')
    .positive('订单ID须为正数')
    .max(2 ** 53 - 1),
});

export const submitTransferBody = z
  .object({
    order_id: z.coerce
      .number({ error: '订单ID须为数字' })
      .int('订单ID须为整数')
      .positive('订单ID须为正数')
      .max(2 ** 53 - 1),
    tx_hash: z
      .string({ error: '请输入交易哈希' })
      .trim()
      .min(1, '请输入交易哈希')
      .max(80, '交易哈希格式不正确'),
    /** USDT actually sent. */
    amount: moneyInput,
  })
  .refine((b) => isTxHash('TRC20', b.tx_hash) || isTxHash('ERC20', b.tx_hash), {
    message: '交易哈希格式不正确',
    path: ['tx_hash'],
  });

export const paymentOrderQuery = pageQuery.extend({
  status: z.enum(PAYMENT_ORDER_STATUS_KEYS, { error: '状态不正确' }).optional(),
});

export const paymentOrderView = z.object({
  id: z.number().int(),
  order_no: z.string(),
  method: paymentMethodCode,
  method_name: z.string(),
  /** 元 credited (for USDT: converted at the order's rate). */
  amount: moneyString,
  usdt_amount: z.string().nullable(),
  rate: z.string().nullable(),
  network: z.enum(['TRC20', 'ERC20']).nullable(),
  tx_hash: z.string().nullable(),
  /** USDT the member said they sent; the order's amount never follows it (a different one is reviewed). */
  declared_usdt_amount: z.string().nullable(),
  /** 元 credited once paid: the amount, unless two operators confirmed another amount seen on chain. */
  credited_amount: moneyString.nullable(),
  status: z.enum(PAYMENT_ORDER_STATUS_KEYS),
  status_text: z.string(),
  /** Why an operator rejected it, or why the gateway failed it. */
  reason: z.string().nullable(),
  created_at: isoDate,
  paid_at: isoDate.nullable(),
  /**
   * USDT orders: until when the order holds its address, amount and rate for the transfer (an
   * unpaid order past it no longer keeps the member from making another). Null for gateway orders.
   */
  expires_at: isoDate.nullable(),
});
export type PaymentOrderView = z.infer<typeof paymentOrderView>;
export const paymentOrderPage = paginated(paymentOrderView);

export const paymentOrderSimple = z.object({
  id: z.number().int(),
  order_no: z.string(),
  method_name: z.string(),
  amount: moneyString,
  status: z.enum(PAYMENT_ORDER_STATUS_KEYS),
  status_text: z.string(),
  created_at: isoDate,
});
export const paymentOrderSimplePage = paginated(paymentOrderSimple);

/** The member's USDT order still waiting for its transfer (pending and not expired), if any. */
export const openUsdtOrder = z.object({ order: paymentOrderView.nullable() });

export const createdPaymentOrder = z.object({
  order: paymentOrderView,
  /** Gateway methods: where the member pays. USDT: null (pay to `deposit_address`). */
  pay_url: z.string().nullable(),
  deposit_address: z.string().nullable(),
});

export const paymentInfo = z.object({
  order_id: z.number().int(),
  order_no: z.string(),
  pay_url: z.string(),
  amount: moneyString,
  status: z.enum(PAYMENT_ORDER_STATUS_KEYS),
});

export const paymentStatistics = z.object({
  total_amount: moneyString,
  total_count: z.number().int(),
  pending_count: z.number().int(),
  today_amount: moneyString,
});

/**
 * A gateway notification as it arrives, before the gateway's protocol reads it: flat fields of
 * plain text (a query, a form or a JSON object), bounded in count and size, without NUL bytes.
 */
export const gatewayFields = z
  .record(
    z.string().regex(/^[A-Za-z0-9_.-]{1,40}$/, '通知参数名不正确'),
    z
      .string({ error: '通知参数须为文本' })
      .max(1024, '通知参数过长')
      .refine((v) => !v.includes('\u0000'), '通知参数含有非法字符'),
  )
  .refine((fields) => Object.keys(fields).length <= 40, '通知参数过多');

/** The notification the simulator posts to our callback URL (its own shape, HMAC-SHA256 signed). */
export const gatewayNotification = z.object({
  merchant_order_no: z.string().max(64),
  trade_no: z.string().max(64),
  amount: z.string().max(20),
  status: z.enum(['paid', 'failed']),
  timestamp: z.string().max(20),
  sign: z.string().max(128),
});
export type GatewayNotification = z.infer<typeof gatewayNotification>;

// ---- /admin/v1/payment-orders ---------------------------------------------------------------

export const adminPaymentOrderQuery = pageQuery.extend({
  status: z.enum(PAYMENT_ORDER_STATUS_KEYS).optional().default('confirming'),
});
export const adminPaymentOrderView = paymentOrderView.extend({
  member_id: z.number().int(),
  username: z.string(),
});

/**
 * An operator confirms a USDT deposit: by default the order's own amount. `usdt_amount` is what
 * they saw arrive on chain; when it (or the member's declaration) differs from the order, the
 * credit of that amount waits for a second operator.
 */
export const confirmDepositBody = z.object({
  reason: z.string({ error: '请填写原因' }).trim().max(200, '原因不能超过200个字符').optional().default(''),
  usdt_amount: moneyInput.optional(),
});
export const adminPaymentOrderPage = paginated(adminPaymentOrderView);
