import { sql } from 'drizzle-orm';
import { ACTIVITY_CATEGORY_KEYS, ACTIVITY_RULE_KEYS, APPLICATION_STATUS_KEYS } from '@app/shared';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { operators } from '../operators/schema.ts';
import { members } from '../accounts/schema.ts';

/** Promotions members apply for; `rule` and `params` decide eligibility and the bonus. */
export const activities = pgTable(
  'activities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Stable name for seeds and links, e.g. "first-deposit-2026". */
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    category: text('category', { enum: ACTIVITY_CATEGORY_KEYS }).notNull(),
    rule: text('rule', { enum: ACTIVITY_RULE_KEYS }).notNull(),
    /** Rule parameters (amounts in 分), checked by `activityParams` in rules.ts. */
    params: jsonb('params').notNull(),
    image: text('image').notNull(),
    highlight: text('highlight').notNull(),
    /** Description paragraphs and numbered rules shown on the detail page. */
    content: jsonb('content').$type<string[]>().notNull(),
    rules: jsonb('rules').$type<string[]>().notNull(),
    /** Approved at once (and paid) when eligible, instead of waiting for an operator. */
    autoApprove: boolean('auto_approve').notNull().default(false),
    /** Turnover (打码量) the bonus requires, as a multiple of it. */
    turnoverMultiple: integer('turnover_multiple').notNull().default(1),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('activities_slug_uq').on(t.slug), index('activities_list_idx').on(t.enabled, t.sort)],
);

/** One application per member, activity and period (a day, a week, or "once"). */
export const activityApplications = pgTable(
  'activity_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    period: text('period').notNull(),
    status: text('status', { enum: APPLICATION_STATUS_KEYS }).notNull().default('pending'),
    /** The bonus in 分, fixed when the member applied. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** What it was computed from (first deposit, the period's valid bets), in 分. */
    basis: bigint('basis', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    reviewerId: integer('reviewer_id').references(() => operators.id),
    reviewRemark: text('review_remark'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    bonusLogId: integer('bonus_log_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('activity_applications_once_uq').on(t.activityId, t.memberId, t.period),
    index('activity_applications_member_idx').on(t.memberId, t.id),
    index('activity_applications_status_idx').on(t.status, t.id),
    check('activity_applications_amount_positive', sql`${t.amount} > 0`),
    check('activity_applications_review', sql`(${t.status} = 'pending') = (${t.reviewedAt} IS NULL)`),
  ],
);

export type ActivityRow = typeof activities.$inferSelect;
export type NewActivity = typeof activities.$inferInsert;
export type ApplicationRow = typeof activityApplications.$inferSelect;
