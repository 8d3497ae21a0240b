import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { operators } from '../operators/schema.ts';
import { matches, orders } from './sports.table.ts';

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

/** An order closed by 提前结算: what was paid, what it was worth and the margin taken. */
export const cashOuts = pgTable(
  'cash_outs',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id),
    memberId: integer('member_id').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    fair: bigint('fair', { mode: 'bigint' }).notNull(),
    marginBp: integer('margin_bp').notNull(),
    /** What the member accepted (the offer paid may differ within their odds-change setting). */
    accepted: bigint('accepted', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('cash_outs_member_idx').on(t.memberId, t.createdAt),
    check('cash_outs_amount', sql`${t.amount} > 0 AND ${t.amount} <= ${t.fair}`),
  ],
);
