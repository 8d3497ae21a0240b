import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { operators } from '../operators/schema.ts';
import { orderNumbers } from './sports.table.ts';

/**
 * 加奖 campaigns: a percentage on the prize of the winning orders they cover, capped per order,
 * paid from `budget` until `spent` reaches it (settlement takes from it under the row's lock).
 */
export const prizeBoosts = pgTable(
  'prize_boosts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** null: both sports. */
    sport: text('sport', { enum: ['football', 'basketball'] }),
    /** Pass type codes covered; empty: every pass type. */
    passTypes: text('pass_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    vipMin: integer('vip_min'),
    tag: text('tag'),
    rateBp: integer('rate_bp').notNull(),
    capPerOrder: bigint('cap_per_order', { mode: 'bigint' }).notNull(),
    budget: bigint('budget', { mode: 'bigint' }).notNull(),
    spent: bigint('spent', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by').references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('prize_boosts_window_idx').on(t.endsAt),
    check('prize_boosts_rate', sql`${t.rateBp} BETWEEN 1 AND 10000`),
    check('prize_boosts_budget', sql`${t.spent} >= 0 AND ${t.spent} <= ${t.budget}`),
    check('prize_boosts_dates', sql`${t.startsAt} < ${t.endsAt}`),
  ],
);

export type PrizeBoostRow = typeof prizeBoosts.$inferSelect;

/**
 * The campaign an order got when it was placed, and what it paid: `pending` until the order is
 * settled, then `paid` (amount > 0), `none` (the order did not win), `budget_out` (the budget was
 * spent before it; amount is what was left, maybe 0) or `excluded` (the member was in a time-out
 * or self-exclusion when it would have been paid).
 */
export const orderBoosts = pgTable(
  'order_boosts',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orderNumbers.orderId),
    boostId: integer('boost_id')
      .notNull()
      .references(() => prizeBoosts.id),
    memberId: integer('member_id').notNull(),
    rateBp: integer('rate_bp').notNull(),
    capPerOrder: bigint('cap_per_order', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: ['pending', 'paid', 'none', 'budget_out', 'excluded'] })
      .notNull()
      .default('pending'),
    amount: bigint('amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [index('order_boosts_boost_idx').on(t.boostId, t.status)],
);

export type OrderBoostRow = typeof orderBoosts.$inferSelect;
