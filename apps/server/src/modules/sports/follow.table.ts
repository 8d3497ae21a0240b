import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orderNumbers } from './sports.table.ts';

/** 晒单: an open 竞彩 order its member publishes for others to copy (跟单), with their commission. */
export const followPosts = pgTable(
  'follow_posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orderNumbers.orderId),
    memberId: integer('member_id').notNull(),
    comment: text('comment').notNull(),
    commissionBp: integer('commission_bp').notNull(),
    /** The first match's sales close: copyable until then. */
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('follow_posts_order_uq').on(t.orderId),
    index('follow_posts_open_idx').on(t.closesAt, t.id),
    index('follow_posts_member_idx').on(t.memberId, t.id),
    check('follow_posts_commission', sql`${t.commissionBp} BETWEEN 0 AND 800`),
  ],
);

/** A commission paid at settlement: from the copier's winning order to the publisher, once per order. */
export const followCommissions = pgTable(
  'follow_commissions',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orderNumbers.orderId),
    postId: integer('post_id')
      .notNull()
      .references(() => followPosts.id),
    publisherId: integer('publisher_id').notNull(),
    copierId: integer('copier_id').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('follow_commissions_post_idx').on(t.postId),
    check('follow_commissions_amount', sql`${t.amount} >= 0`),
  ],
);

/**
 * 定制跟单: a member's standing order to copy every new 晒单 of one publisher — a fixed multiple or
 * a share of the publisher's — within a daily cap, stopped once its copies have lost `stop_loss`.
 */
export const followSubscriptions = pgTable(
  'follow_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id').notNull(),
    publisherId: integer('publisher_id').notNull(),
    mode: text('mode', { enum: ['multiple', 'percent'] }).notNull(),
    /** The multiple (1–99), or the percentage of the publisher's (10–500). */
    value: integer('value').notNull(),
    dailyCap: bigint('daily_cap', { mode: 'bigint' }).notNull(),
    stopLoss: bigint('stop_loss', { mode: 'bigint' }),
    status: text('status', { enum: ['active', 'stopped', 'cancelled'] })
      .notNull()
      .default('active'),
    endReason: text('end_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('follow_subscriptions_active_uq')
      .on(t.memberId, t.publisherId)
      .where(sql`${t.status} = 'active'`),
    index('follow_subscriptions_publisher_idx')
      .on(t.publisherId)
      .where(sql`${t.status} = 'active'`),
    index('follow_subscriptions_member_idx').on(t.memberId, t.id),
    check('follow_subscriptions_amounts', sql`${t.value} BETWEEN 1 AND 500 AND ${t.dailyCap} > 0`),
  ],
);

/** One automatic copy of a new 晒单 for a subscription: waiting for the job, placed, or refused (told why). */
export const followAutoCopies = pgTable(
  'follow_auto_copies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => followSubscriptions.id),
    postId: integer('post_id')
      .notNull()
      .references(() => followPosts.id),
    memberId: integer('member_id').notNull(),
    status: text('status', { enum: ['pending', 'placed', 'refused'] })
      .notNull()
      .default('pending'),
    orderId: integer('order_id'),
    stake: bigint('stake', { mode: 'bigint' }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('follow_auto_copies_uq').on(t.subscriptionId, t.postId),
    index('follow_auto_copies_pending_idx')
      .on(t.id)
      .where(sql`${t.status} = 'pending'`),
  ],
);
