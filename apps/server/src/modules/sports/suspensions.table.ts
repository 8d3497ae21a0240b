import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { matches } from './sports.table.ts';

/** play_type of a suspension that closes the whole match. */
export const WHOLE_MATCH = '*';

/**
 * Markets (or whole matches) closed to new bets by an operator, apart from the feed's own
 * state so a feed update never reopens them. Reopening deletes the row; the audit log keeps
 * the history. Order submit refuses a leg whose match or market has a row here.
 */
export const marketSuspensions = pgTable(
  'market_suspensions',
  {
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id),
    /** A play type, or `*` for the whole match. */
    playType: text('play_type').notNull(),
    reason: text('reason').notNull(),
    operatorId: integer('operator_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.playType] })],
);
