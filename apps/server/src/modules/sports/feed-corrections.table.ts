import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { operators } from '../../db/schema.ts';
import { matches } from './sports.table.ts';

/**
 * A feed's result for a match we have already settled that differs from ours (a corrected score,
 * or a match called off after the fact): recorded once per match and result, for an operator to
 * apply through the usual resettle (match_corrections) or dismiss. Nothing about money changes
 * when a row is recorded.
 */
export const feedResultCorrections = pgTable(
  'feed_result_corrections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id),
    feed: text('feed').notNull(),
    /** Our result when the difference was seen, and the feed's (both the engine's MatchResult). */
    before: jsonb('before').notNull(),
    after: jsonb('after').notNull(),
    /** The feed's result in one word ("finished:2:2/1:0", "cancelled"): the same one is recorded once. */
    afterKey: text('after_key').notNull(),
    status: text('status', { enum: ['pending', 'applied', 'dismissed'] })
      .notNull()
      .default('pending'),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    /** Who applied or dismissed it (null: closed by the sync, the feed having moved on). */
    decidedBy: integer('decided_by').references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
    /** The resettle waiting for a second operator (dual control), while pending. */
    changeId: integer('change_id'),
  },
  (t) => [
    uniqueIndex('feed_result_corrections_match_result_uq').on(t.matchId, t.afterKey),
    index('feed_result_corrections_status_idx').on(t.status, t.firstSeenAt),
  ],
);
