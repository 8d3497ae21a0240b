import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../accounts/schema.ts';
import { operators } from '../operators/schema.ts';

/**
 * One grant of 免费投注券 from the console: to a member, the members with a tag, or a VIP level
 * and up. `pending` while a total above the approval threshold waits for a second operator; its
 * tickets are made when it is `granted` (for the members it covers then, none in a time-out or
 * self-exclusion).
 */
export const freeBetGrants = pgTable('free_bet_grants', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  target: text('target', { enum: ['member', 'tag', 'vip'] }).notNull(),
  /** The username, the tag or the VIP level, as text. */
  targetValue: text('target_value').notNull(),
  title: text('title').notNull(),
  value: bigint('value', { mode: 'bigint' }).notNull(),
  minOddsX100: integer('min_odds_x100').notNull(),
  plays: text('plays').array().notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  state: text('state', { enum: ['pending', 'granted', 'rejected'] }).notNull(),
  members: integer('members').notNull(),
  excluded: integer('excluded').notNull(),
  changeId: integer('change_id'),
  createdBy: integer('created_by').references(() => operators.id),
  approvedBy: integer('approved_by').references(() => operators.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export type FreeBetGrantRow = typeof freeBetGrants.$inferSelect;

/**
 * A member's ticket: `available` until an order uses it (`used`, with the order) or an operator
 * revokes it; past `expires_at` an available ticket reads as 已过期. `taken` is the stake taken
 * back from its order's payout so far (the value once the order won or was refunded; corrections
 * move it), `winnings` what the order paid net of it.
 */
export const freeBets = pgTable(
  'free_bets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    grantId: integer('grant_id')
      .notNull()
      .references(() => freeBetGrants.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    title: text('title').notNull(),
    value: bigint('value', { mode: 'bigint' }).notNull(),
    minOddsX100: integer('min_odds_x100').notNull(),
    plays: text('plays').array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['available', 'used', 'revoked'] })
      .notNull()
      .default('available'),
    orderId: integer('order_id'),
    orderNo: text('order_no'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    taken: bigint('taken', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    winnings: bigint('winnings', { mode: 'bigint' }),
    revokedReason: text('revoked_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('free_bets_member_idx').on(t.memberId, t.status, t.expiresAt),
    index('free_bets_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} IS NOT NULL`),
    check('free_bets_value', sql`${t.value} > 0 AND ${t.taken} >= 0 AND ${t.taken} <= ${t.value}`),
    check('free_bets_used', sql`(${t.status} = 'used') = (${t.orderId} IS NOT NULL)`),
  ],
);

export type FreeBetRow = typeof freeBets.$inferSelect;
