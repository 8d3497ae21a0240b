import { z } from 'zod';
import { isoDate, pageQuery, paginated } from '../common.ts';

// ---- dual control: changes that weaken a money control, and money one operator may not move alone ----

export const CONTROL_CHANGE_STATUSES = {
  pending: '待复核',
  approved: '已生效',
  rejected: '已驳回',
  failed: '未能生效',
} as const;
export type ControlChangeStatusKey = keyof typeof CONTROL_CHANGE_STATUSES;
const statusKeys = Object.keys(CONTROL_CHANGE_STATUSES) as [
  ControlChangeStatusKey,
  ...ControlChangeStatusKey[],
];

/** What each kind of change is, in the console's words. */
export const CONTROL_CHANGE_KINDS = {
  'finance.settings': '财务设置（放宽）',
  'sports.book_cap': '单项赔付上限（提高）',
  'sports.member_limit': '会员限额（提高）',
  'sports.correction': '作废/重新结算（超出单人额度）',
  'operator.create': '新增管理账号',
  'operator.update': '修改管理账号（角色、启用）',
  'operator.reset_password': '重置管理账号密码',
  'operator.reset_totp': '清除管理账号两步验证',
  'payment.confirm': '确认USDT充值（超出单人额度或金额不符）',
  'withdrawal.pay': '提现出款（超出单人额度）',
  'activity.approve': '活动彩金审核（超出单人额度）',
  'invite.settings': '邀请规则（提高奖励）',
  'red_packet.approve': '红包预算（超出单人额度）',
  'free_bet.grant': '发放免费投注券（超出单人额度）',
} as const;
export type ControlChangeKindKey = keyof typeof CONTROL_CHANGE_KINDS;
const kindKeys = Object.keys(CONTROL_CHANGE_KINDS) as [ControlChangeKindKey, ...ControlChangeKindKey[]];

export const controlChangeQuery = pageQuery.extend({
  status: z.enum(statusKeys).optional(),
  kind: z.enum(kindKeys).optional(),
});

export const controlChangeItem = z.object({
  id: z.number().int(),
  kind: z.string(),
  kind_text: z.string(),
  /** The back-office permission the checker must hold. */
  permission: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  summary: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  status: z.enum(statusKeys),
  status_text: z.string(),
  maker_id: z.number().int(),
  maker_name: z.string(),
  maker_reason: z.string(),
  checker_id: z.number().int().nullable(),
  checker_name: z.string().nullable(),
  checker_reason: z.string().nullable(),
  created_at: isoDate,
  decided_at: isoDate.nullable(),
});
export type ControlChangeItem = z.infer<typeof controlChangeItem>;
export const controlChangePage = paginated(controlChangeItem);

/** A decision on a change; rejecting needs a reason the maker can read. */
export const controlChangeDecisionBody = z.object({
  reason: z.string({ error: '请填写原因' }).trim().max(200, '原因不能超过200个字符').optional().default(''),
});

/** What an approval answers: the change, and what its handler gives back once (a temporary password). */
export const controlChangeDecision = z.object({
  change: controlChangeItem,
  result: z.record(z.string(), z.unknown()).nullable(),
});

/** A money operation or setting that waits for a second operator instead of taking effect. */
export const pendingChangeRef = z.object({
  id: z.number().int(),
  summary: z.string(),
});
export type PendingChangeRef = z.infer<typeof pendingChangeRef>;

/** The answer's message when what was asked waits for a second operator. */
export const PENDING_SECOND_OPERATOR = '已提交复核：需另一位管理员复核通过后生效';
