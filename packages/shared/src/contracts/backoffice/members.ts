import { z } from 'zod';
import { LEDGER_TYPE_KEYS } from '../../ledger.ts';
import { isoDate, moneyString, pageQuery } from '../common.ts';
import { exclusionView, playLimitView } from '../responsible.ts';

const day = z.iso.date('日期格式应为 YYYY-MM-DD');
const dayRange = { from: day.optional(), to: day.optional() };

/** Member flags an operator may change (SPEC.md §3), each 0/1. */
export const MEMBER_FLAGS = {
  enabled: '账号启用',
  is_black: '黑名单',
  disable_withdraw: '禁止提现',
  disable_game: '禁止游戏',
  disable_nggame: '禁止电子游戏',
  is_agent: '代理',
  is_mock: '测试账号',
} as const;
export type MemberFlag = keyof typeof MEMBER_FLAGS;
export const MEMBER_FLAG_KEYS = Object.keys(MEMBER_FLAGS) as [MemberFlag, ...MemberFlag[]];

const flags = z.object(
  Object.fromEntries(MEMBER_FLAG_KEYS.map((k) => [k, z.number().int()])) as Record<MemberFlag, z.ZodNumber>,
);

export const memberListQuery = pageQuery.extend({
  /** Account, id or phone. */
  keyword: z.string().trim().max(50).optional(),
  agent: z.string().trim().max(50).optional(),
  flag: z.enum(MEMBER_FLAG_KEYS).optional(),
  vip_level: z.coerce.number().int().min(0).max(20).optional(),
  tag: z.string().trim().max(20).optional(),
  ...dayRange,
});

export const memberListItem = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  mobile: z.string().nullable(),
  vip_level: z.number().int(),
  balance: moneyString,
  lottery_balance: moneyString,
  frozen: moneyString,
  agent_id: z.number().int().nullable(),
  agent_username: z.string().nullable(),
  flags,
  register_type: z.string(),
  register_ip: z.string().nullable(),
  created_at: isoDate,
  last_login_at: isoDate.nullable(),
  last_login_ip: z.string().nullable(),
  /** Operators' labels on the member. */
  tags: z.array(z.string()),
});
export type MemberListItem = z.infer<typeof memberListItem>;

export const memberDetail = memberListItem.extend({
  real_name: z.string().nullable(),
  email: z.string().nullable(),
  invite_code: z.string(),
  agent_code: z.string().nullable(),
  inviter_id: z.number().int().nullable(),
  inviter_username: z.string().nullable(),
  codingvolume: moneyString,
  paysum: moneyString,
  totalgame: moneyString,
  total_withdraw: moneyString,
  /** Every wallet of the member, game platforms included. */
  wallets: z.array(z.object({ kind: z.string(), balance: moneyString })),
  online: z.boolean(),
  /**
   * 理性投注, read only (the member alone sets these; no operator route changes or lifts them):
   * limits set or pending with this period's figures, the reality-check interval, the time-out or
   * self-exclusion in force, and every one the member ever started (newest first).
   */
  responsible_play: z.object({
    limits: z.array(playLimitView),
    reality_check_minutes: z.number().int(),
    exclusion: exclusionView.nullable(),
    exclusions: z.array(exclusionView),
  }),
});
export type MemberDetail = z.infer<typeof memberDetail>;

export const memberFlagBody = z.object({
  flag: z.enum(MEMBER_FLAG_KEYS, { error: '标记不正确' }),
  value: z.union([z.literal(0), z.literal(1)], { error: '值只能为0或1' }),
  reason: z
    .string({ error: '请填写原因' })
    .trim()
    .min(2, '请填写原因（至少2个字）')
    .max(200, '原因不能超过200个字符'),
});

/** A tag: 1–20 characters of text (letters, digits, Chinese, - and _), no spaces or controls. */
export const memberTag = z
  .string({ error: '标签格式不正确' })
  .trim()
  .min(1, '标签不能为空')
  .max(20, '标签不能超过20个字符')
  .regex(/^[\p{L}\p{N}_-]+$/u, '标签只能包含文字、数字、- 和 _');
export const memberTagsBody = z.object({
  tags: z
    .array(memberTag)
    .max(10, '每位会员最多10个标签')
    .refine((tags) => new Set(tags).size === tags.length, '标签不能重复'),
  reason: z.string().trim().max(200).optional().default(''),
});
export const memberTagCount = z.object({ tag: z.string(), members: z.number().int() });

export const memberSessionItem = z.object({
  id: z.number().int(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: isoDate,
  last_seen_at: isoDate,
  expires_at: isoDate,
  revoked_at: isoDate.nullable(),
  active: z.boolean(),
});
export const memberSessionsQuery = pageQuery;
export const revokeSessionsBody = z.object({
  /** One session, or every live session when absent. */
  session_id: z.number().int().positive().optional(),
  reason: z.string({ error: '请填写原因' }).trim().min(2, '请填写原因（至少2个字）').max(200),
});

export const memberLedgerQuery = pageQuery.extend({
  type: z.enum(LEDGER_TYPE_KEYS).optional(),
  wallet: z.string().max(40).optional(),
  ...dayRange,
});
export const memberLedgerItem = z.object({
  id: z.string(),
  wallet: z.string(),
  type: z.string(),
  type_text: z.string(),
  amount: moneyString,
  balance_before: moneyString,
  balance_after: moneyString,
  reference: z.string().nullable(),
  remark: z.string(),
  created_at: isoDate,
});

/** The member's records of one kind (orders, lottery bets, deposits …), shown as one table each. */
export const memberRecordQuery = pageQuery.extend({ status: z.string().max(20).optional(), ...dayRange });
export const memberOrderItem = z.object({
  id: z.number().int(),
  order_no: z.string(),
  sport: z.string(),
  pass_type: z.string(),
  match_count: z.number().int(),
  bet_count: z.number().int(),
  multiple: z.number().int(),
  amount: moneyString,
  max_prize: moneyString,
  payout: moneyString,
  status: z.string(),
  created_at: isoDate,
  settled_at: isoDate.nullable(),
  void_trace: z
    .string()
    .nullable()
    .describe("The latest void or resettle of one of its matches: '作废 · 张三（risk01） · 原因：… · time'"),
});
export const memberLotteryBetItem = z.object({
  id: z.number().int(),
  bet_no: z.string(),
  lottery_code: z.string(),
  period: z.string(),
  play_code: z.string(),
  codes: z.string(),
  amount: moneyString,
  payout: moneyString,
  status: z.string(),
  created_at: isoDate,
  void_trace: z
    .string()
    .nullable()
    .describe("Who cancelled or refunded it and why: '撤单 · 会员本人 · 原因：会员撤单 · time'"),
});
export const memberDepositItem = z.object({
  id: z.number().int(),
  order_no: z.string(),
  method: z.string(),
  amount: moneyString,
  usdt_amount: moneyString.nullable(),
  tx_hash: z.string().nullable(),
  status: z.string(),
  reason: z.string().nullable(),
  created_at: isoDate,
  paid_at: isoDate.nullable(),
});
export const memberWithdrawalItem = z.object({
  id: z.number().int(),
  order_no: z.string(),
  amount: moneyString,
  fee: moneyString,
  wallet_name: z.string(),
  account: z.string(),
  status: z.string(),
  reason: z.string().nullable(),
  created_at: isoDate,
  decided_at: isoDate.nullable(),
});
export const memberGameTransferItem = z.object({
  id: z.string(),
  provider: z.string(),
  direction: z.string(),
  amount: moneyString,
  status: z.string(),
  last_error: z.string().nullable(),
  created_at: isoDate,
  resolved_at: isoDate.nullable(),
});
export const memberBonusItem = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  amount: moneyString,
  turnover: moneyString,
  reference: z.string(),
  created_at: isoDate,
});
export const memberMessageItem = z.object({
  id: z.number().int(),
  type: z.string(),
  title: z.string(),
  content: z.string(),
  read: z.boolean(),
  deleted: z.boolean(),
  created_at: isoDate,
});

// ---- manual adjustments (maker–checker) ----

export const ADJUSTMENT_STATUSES = { pending: '待复核', approved: '已入账', rejected: '已驳回' } as const;

export const createAdjustmentBody = z.object({
  member_id: z.number({ error: '请选择会员' }).int().positive(),
  direction: z.enum(['credit', 'debit'], { error: '请选择加款或扣款' }),
  /** 元, positive; the direction gives the sign. */
  amount: z
    .string({ error: '请输入金额' })
    .trim()
    .regex(/^(0|[1-9]\d{0,9})(\.\d{1,2})?$/, '金额格式不正确（最多两位小数）')
    .refine((v) => Number(v) > 0, '金额须大于0'),
  reason: z
    .string({ error: '请填写原因' })
    .trim()
    .min(4, '请填写调整原因（至少4个字）')
    .max(200, '原因不能超过200个字符'),
});
export const adjustmentQuery = pageQuery.extend({
  status: z.enum(['pending', 'approved', 'rejected']).optional(),
  member_id: z.coerce.number().int().positive().optional(),
  ...dayRange,
});
export const adjustmentItem = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  username: z.string(),
  amount: moneyString,
  reason: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  needs_approval: z.boolean(),
  maker_id: z.number().int(),
  maker_name: z.string(),
  checker_id: z.number().int().nullable(),
  checker_name: z.string().nullable(),
  checker_reason: z.string().nullable(),
  balance_after: moneyString.nullable(),
  created_at: isoDate,
  decided_at: isoDate.nullable(),
});
export type AdjustmentItem = z.infer<typeof adjustmentItem>;
export const adjustmentDecisionBody = z.object({
  reason: z.string().trim().max(200, '原因不能超过200个字符').optional().default(''),
});

/** SMS verification purposes, as the console names them (短信记录). */
export const SMS_PURPOSE_LABELS = {
  register: '注册',
  reset_password: '找回密码',
  bind_phone: '绑定手机',
  change_phone_old: '更换手机（原号码）',
  change_phone_new: '更换手机（新号码）',
  reset_payment_password: '重置支付密码',
} as const;
export const SMS_STATUS_LABELS = {
  sending: '发送中',
  sent: '已发送',
  failed: '发送失败',
  skipped: '未发送（号码未绑定）',
} as const;
const smsPurpose = z.enum(Object.keys(SMS_PURPOSE_LABELS) as [keyof typeof SMS_PURPOSE_LABELS]);
const smsStatus = z.enum(Object.keys(SMS_STATUS_LABELS) as [keyof typeof SMS_STATUS_LABELS]);

export const smsRecordQuery = pageQuery.extend({
  phone: z
    .string()
    .trim()
    .regex(/^\d{11}$/, '手机号格式不正确')
    .optional(),
  purpose: smsPurpose.optional(),
  status: smsStatus.optional(),
  member_id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
  ...dayRange,
});

/** One code asked for (短信记录). */
export const smsRecordItem = z.object({
  id: z.number().int(),
  phone: z.string(),
  purpose: smsPurpose,
  member_id: z.number().int().nullable(),
  status: smsStatus,
  code: z.string().nullable().describe('The code itself, only where the simulator "sent" it'),
  provider: z.string(),
  provider_message_id: z.string().nullable(),
  detail: z.string(),
  ip: z.string(),
  attempts: z.number().int().describe('Tries made with the code'),
  created_at: isoDate,
  expires_at: isoDate,
  used_at: isoDate.nullable(),
});
