import { z } from 'zod';
import {
  BANK_CODES,
  USER_WALLET_TYPE_KEYS,
  walletAccountProblem,
  WITHDRAW_STATUS_KEYS,
} from '../domain/finance/index.ts';
import { isoDate, moneyInput, moneyString, pageQuery, paginated } from './common.ts';

const positiveId = (label: string) =>
  z.coerce
    .number({ error: `${label}须为数字` })
    .int(`${label}须为整数`)
    .positive(`${label}须为正数`)
    .max(2 ** 53 - 1);

// ---- /v1/user-wallets: saved withdrawal destinations --------------------------------------

export const userWalletType = z.enum(USER_WALLET_TYPE_KEYS, { error: '请选择正确的钱包类型' });

/** Create or update a saved wallet; the service checks the card (Luhn) or the address per network. */
export const userWalletBody = z.object({
  type: userWalletType,
  bank_code: z.enum(BANK_CODES, { error: '请选择开户银行' }).optional(),
  holder_name: z
    .string({ error: '请输入持卡人姓名' })
    .trim()
    .min(2, '持卡人姓名至少2个字')
    .max(30, '持卡人姓名过长')
    .regex(/^[\u4e00-\u9fa5A-Za-z·. ]+$/, '持卡人姓名只能包含中文或字母')
    .optional(),
  /** Card number (spaces allowed) or USDT address. */
  account: z
    .string({ error: '请输入卡号或地址' })
    .trim()
    .min(1, '请输入卡号或地址')
    .max(64, '卡号或地址过长'),
  /** A label the member chooses ("工资卡"). */
  alias: z.string().trim().max(20, '备注不能超过20个字').optional(),
});
export type UserWalletBody = z.infer<typeof userWalletBody>;

/**
 * The wallet form: the request plus the checks the wallets service makes before it stores one
 * (a card needs its bank and holder and must pass Luhn; an address must fit its network).
 */
export const userWalletInput = userWalletBody.superRefine((wallet, ctx) => {
  if (wallet.type === 'bank') {
    if (!wallet.bank_code) ctx.addIssue({ code: 'custom', path: ['bank_code'], message: '请选择开户银行' });
    if (!wallet.holder_name)
      ctx.addIssue({ code: 'custom', path: ['holder_name'], message: '请输入持卡人姓名' });
  }
  const problem = walletAccountProblem(wallet.type, wallet.account);
  if (problem) ctx.addIssue({ code: 'custom', path: ['account'], message: problem });
});

export const userWalletView = z.object({
  id: z.number().int(),
  type: userWalletType,
  type_name: z.string(),
  bank_code: z.string().nullable(),
  bank_name: z.string().nullable(),
  holder_name: z.string().nullable(),
  /** Always masked: 6222 **** **** 0128. */
  account_masked: z.string(),
  alias: z.string(),
  enabled: z.boolean(),
  created_at: isoDate,
});
export type UserWalletView = z.infer<typeof userWalletView>;
export const userWalletList = z.object({ list: z.array(userWalletView) });
export const userWalletTypes = z.object({
  list: z.array(z.object({ type: userWalletType, name: z.string() })),
});
export const bankList = z.object({ list: z.array(z.object({ code: z.string(), name: z.string() })) });

// ---- /v1/withdraws ---------------------------------------------------------------------------

export const withdrawConfig = z.object({
  min_amount: moneyString,
  max_amount: moneyString,
  fee_rate_bp: z.number().int(),
  fee_min: moneyString,
  fee_max: moneyString,
  daily_count: z.number().int(),
  used_today: z.number().int(),
  remaining_today: z.number().int(),
  usdt_rate: z.string(),
});

export const withdrawBalance = z.object({
  balance: moneyString,
  /** What can be withdrawn now: the main balance once the turnover is met, else 0. */
  withdrawable: moneyString,
  frozen: moneyString,
  /** 打码量 still to bet before withdrawing. */
  turnover_required: moneyString,
});

export const createWithdrawBody = z.object({
  wallet_id: positiveId('钱包ID'),
  amount: moneyInput,
  payment_password: z
    .string({ error: '请输入支付密码' })
    .min(1, '请输入支付密码')
    .max(64, '支付密码格式不正确'),
});

export type CreateWithdrawBody = z.infer<typeof createWithdrawBody>;

export const withdrawQuery = pageQuery.extend({
  status: z.enum(WITHDRAW_STATUS_KEYS, { error: '状态不正确' }).optional(),
});

export const withdrawView = z.object({
  id: z.number().int(),
  order_no: z.string(),
  amount: moneyString,
  fee: moneyString,
  /** What reaches the member: amount − fee. */
  actual_amount: moneyString,
  /** USDT wallets: what is sent at the rate fixed at request time. */
  usdt_amount: z.string().nullable(),
  rate: z.string().nullable(),
  wallet_type: userWalletType,
  wallet_name: z.string(),
  account_masked: z.string(),
  status: z.enum(WITHDRAW_STATUS_KEYS),
  status_text: z.string(),
  reason: z.string().nullable(),
  created_at: isoDate,
  decided_at: isoDate.nullable(),
});
export type WithdrawView = z.infer<typeof withdrawView>;
export const withdrawPage = paginated(withdrawView);

export const withdrawStatistics = z.object({
  total_amount: moneyString,
  total_count: z.number().int(),
  pending_amount: moneyString,
  pending_count: z.number().int(),
});

// ---- /admin/v1/withdraws -------------------------------------------------------------------

export const adminWithdrawQuery = pageQuery.extend({
  status: z.enum(WITHDRAW_STATUS_KEYS).optional().default('pending'),
});
export const adminWithdrawView = withdrawView.extend({
  member_id: z.number().int(),
  username: z.string(),
  holder_name: z.string().nullable(),
  /** The operator needs the full destination to pay out. */
  account: z.string(),
});
export const adminWithdrawPage = paginated(adminWithdrawView);
