import { z } from 'zod';
import { isoDate, moneyString, paginated, pageQuery } from './common.ts';

/** Activities and applications (SPEC.md §7 "Activity": /v1/activity, and the operator review). */

/** Tabs of the activity page. */
export const ACTIVITY_CATEGORIES = {
  newcomer: '新人专享',
  daily: '日常活动',
  turnover: '流水闯关',
} as const;
export type ActivityCategory = keyof typeof ACTIVITY_CATEGORIES;
export const ACTIVITY_CATEGORY_KEYS = Object.keys(ACTIVITY_CATEGORIES) as [
  ActivityCategory,
  ...ActivityCategory[],
];

/** How the server decides eligibility and the bonus. */
export const ACTIVITY_RULES = {
  first_deposit: '首充赠送',
  daily_checkin: '每日签到',
  turnover: '有效投注闯关',
} as const;
export type ActivityRule = keyof typeof ACTIVITY_RULES;
export const ACTIVITY_RULE_KEYS = Object.keys(ACTIVITY_RULES) as [ActivityRule, ...ActivityRule[]];

export const APPLICATION_STATUSES = {
  pending: '审核中',
  approved: '已通过',
  rejected: '已拒绝',
} as const;
export type ApplicationStatus = keyof typeof APPLICATION_STATUSES;
export const APPLICATION_STATUS_KEYS = Object.keys(APPLICATION_STATUSES) as [
  ApplicationStatus,
  ...ApplicationStatus[],
];

const dbId = (name: string) =>
  z.coerce
    .number({ error: `${name}须为数字` })
    .int(`${name}须为整数`)
    .positive(`${name}须为正数`)
    .max(2_147_483_647, `${name}无效`);

export const activityIdParam = z.object({ id: dbId('活动ID') });
export const applicationIdParam = z.object({ id: dbId('申请ID') });

export const activityListQuery = pageQuery.extend({
  category: z
    .enum(ACTIVITY_CATEGORY_KEYS, { error: `活动分类须为 ${ACTIVITY_CATEGORY_KEYS.join('、')} 之一` })
    .optional(),
});

export const activityTypeList = z.object({
  list: z.array(z.object({ key: z.enum(ACTIVITY_CATEGORY_KEYS), name: z.string() })),
});

export const activitySummary = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  category: z.enum(ACTIVITY_CATEGORY_KEYS),
  category_name: z.string(),
  rule: z.enum(ACTIVITY_RULE_KEYS),
  rule_name: z.string(),
  /** Banner image path served by the web app, e.g. "/activity/first-deposit.svg". */
  image: z.string(),
  /** Short figure for the card, e.g. "最高送 888 元". */
  highlight: z.string(),
  starts_at: isoDate,
  ends_at: isoDate.nullable(),
  /** upcoming, ongoing or ended, from the window and the clock. */
  state: z.enum(['upcoming', 'ongoing', 'ended']),
  auto_approve: z.boolean(),
});
export type ActivitySummary = z.infer<typeof activitySummary>;

export const activityPage = paginated(activitySummary);

export const activityDetail = activitySummary.extend({
  /** Paragraphs of the description, in order. */
  content: z.array(z.string()),
  /** The rules as a numbered list. */
  rules: z.array(z.string()),
  /** Bonus tiers where the activity has them (turnover). */
  tiers: z.array(z.object({ threshold: moneyString, bonus: moneyString })),
});
export type ActivityDetail = z.infer<typeof activityDetail>;

export const applicationItem = z.object({
  id: z.number().int(),
  activity_id: z.number().int(),
  activity_title: z.string(),
  activity_image: z.string(),
  /** The period the application counts for, e.g. "2026-11-21", "2026-W47" or "once". */
  period: z.string(),
  status: z.enum(APPLICATION_STATUS_KEYS),
  status_text: z.string(),
  /** The bonus applied for (paid when approved). */
  amount: moneyString,
  /** What the bonus was computed from: the first deposit, the period's valid bets, or 0. */
  basis: moneyString,
  review_remark: z.string().nullable(),
  created_at: isoDate,
  reviewed_at: isoDate.nullable(),
});
export type ApplicationItem = z.infer<typeof applicationItem>;

export const myApplicationsQuery = pageQuery.extend({
  status: z
    .enum(APPLICATION_STATUS_KEYS, { error: `状态须为 ${APPLICATION_STATUS_KEYS.join('、')} 之一` })
    .optional(),
  activity_id: dbId('活动ID').optional(),
});

export const applicationPage = paginated(applicationItem);

export const applicationStatus = z.object({
  activity_id: z.number().int(),
  period: z.string(),
  /** The member's application for the current period, if any. */
  application: applicationItem.nullable(),
  /** Whether an application now would be accepted. */
  eligible: z.boolean(),
  /** Why not (Chinese), or what the member would get. */
  reason: z.string(),
  /** The bonus an application now would ask for. */
  amount: moneyString.nullable(),
});
export type ApplicationStatusView = z.infer<typeof applicationStatus>;

export const activityApplyBody = z.object({ activity_id: dbId('活动ID') });

export const activityApplyResult = z.object({ application: applicationItem });

// ---- operator review (/admin/v1/activity-applications) -----------------------------------

export const adminApplicationQuery = pageQuery.extend({
  status: z.enum(APPLICATION_STATUS_KEYS).optional(),
  activity_id: dbId('活动ID').optional(),
  member_id: dbId('会员ID').optional(),
});

export const adminApplicationItem = applicationItem.extend({
  member_id: z.number().int(),
  username: z.string(),
  reviewer_id: z.number().int().nullable(),
});

export const adminApplicationPage = paginated(adminApplicationItem);

export const approveApplicationBody = z
  .object({ remark: z.string().trim().max(200, '备注最多200字').optional() })
  .nullish();
export const rejectApplicationBody = z.object({
  reason: z
    .string({ error: '请填写拒绝原因' })
    .trim()
    .min(2, '请填写拒绝原因（至少2个字）')
    .max(200, '拒绝原因最多200字'),
});
