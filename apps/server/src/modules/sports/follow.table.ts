import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './sports.table.ts';

/** 晒单: an open 竞彩 order its member publishes for others to copy (跟单), with their commission. */
export const followPosts = pgTable(
  'follow_posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
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
      .references(() => orders.id),
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
