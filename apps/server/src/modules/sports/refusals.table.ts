import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { matches } from './sports.table.ts';

/**
 * Bets refused because the match had moved on (past-posting, issue 43): a pre-match bet at or
 * after kick-off, an in-play bet whose match was suspended, closed or changed (goal, card, period
 * end) between the bet's request and its decision, and every other refusal of an in-play order at
 * its decision. Nothing else is written for them (no order survives a submit refusal; a refused
 * in-play order is `rejected` with its stake refunded). One row per leg at fault.
 */
export const betRefusals = pgTable(
  'bet_refusals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id').notNull(),
    /** The refused in-play order; null for a submit refused before any order existed. */
    orderNo: text('order_no'),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id),
    playType: text('play_type').notNull(),
    optionKey: text('option_key').notNull(),
    /** `submit` (refused at once) or `decision` (refused at the end of the bet delay). */
    stage: text('stage', { enum: ['submit', 'decision'] }).notNull(),
    /** A BET_REFUSAL_REASONS code (kickoff, event, suspended, closed, …). */
    reason: text('reason').notNull(),
    /** The words the member was given. */
    message: text('message').notNull(),
    /** The feed's own time of what refused it: kick-off, or the start of the event's suspension. */
    feedEventAt: timestamp('feed_event_at', { withTimezone: true }),
    /** When the member asked for the bet (the order's creation, or the refused submit). */
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('bet_refusals_requested_idx').on(t.requestedAt),
    index('bet_refusals_match_idx').on(t.matchId, t.requestedAt),
  ],
);
