import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { operators } from '../operators/schema.ts';
import { matches, orderNumbers } from './sports.table.ts';

/** 提前结算 per sport: on or off and its margin; a sport without a row has the defaults. */
export const cashOutRules = pgTable(
  'cash_out_rules',
  {
    sport: text('sport', { enum: ['football', 'basketball'] }).primaryKey(),
    enabled: boolean('enabled').notNull(),
    marginBp: integer('margin_bp').notNull(),
    updatedBy: integer('updated_by').references(() => operators.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('cash_out_rules_margin', sql`${t.marginBp} BETWEEN 0 AND 5000`)],
);

/** Matches an operator took out of 提前结算 (an order with a leg on one gets no offer). */
export const matchCashOutOff = pgTable('match_cash_out_off', {
  matchId: integer('match_id')
    .primaryKey()
    .references(() => matches.id),
  reason: text('reason').notNull(),
  operatorId: integer('operator_id').references(() => operators.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * 提前结算 paid: the whole order (shares = shares_of) or a share of it (the rest stays open, its
 * multiples and stake scaled down): what was paid, what it was worth, the margin taken.
 */
export const cashOuts = pgTable(
  'cash_outs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orderNumbers.orderId),
    memberId: integer('member_id').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    fair: bigint('fair', { mode: 'bigint' }).notNull(),
    marginBp: integer('margin_bp').notNull(),
    /** What the member accepted (the offer paid may differ within their odds-change setting). */
    accepted: bigint('accepted', { mode: 'bigint' }).notNull(),
    /** Shares cashed out of the order's `sharesOf` at the time (all of them: the whole order). */
    shares: integer('shares').notNull().default(1),
    sharesOf: integer('shares_of').notNull().default(1),
    /** The stake those shares carried (closed with them). */
    stake: bigint('stake', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('cash_outs_order_idx').on(t.orderId),
    index('cash_outs_member_idx').on(t.memberId, t.createdAt),
    check('cash_outs_amount', sql`${t.amount} > 0 AND ${t.amount} <= ${t.fair}`),
    check('cash_outs_shares', sql`${t.shares} BETWEEN 1 AND ${t.sharesOf}`),
  ],
);

/**
 * An in-play cash-out in its bet delay: decided when it ends (leader job `sports-cash-out-live`),
 * priced again then and taken under the member's odds-change setting, or refused with why. One
 * waiting request per order.
 */
export const cashOutRequests = pgTable(
  'cash_out_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orderNumbers.orderId),
    memberId: integer('member_id').notNull(),
    shares: integer('shares').notNull(),
    accepted: bigint('accepted', { mode: 'bigint' }).notNull(),
    oddsPolicy: text('odds_policy', { enum: ['any', 'higher', 'none'] }).notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    decideAt: timestamp('decide_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['waiting', 'paid', 'refused'] })
      .notNull()
      .default('waiting'),
    reason: text('reason'),
    amount: bigint('amount', { mode: 'bigint' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('cash_out_requests_waiting_uq')
      .on(t.orderId)
      .where(sql`${t.status} = 'waiting'`),
    index('cash_out_requests_due_idx')
      .on(t.decideAt, t.id)
      .where(sql`${t.status} = 'waiting'`),
  ],
);
