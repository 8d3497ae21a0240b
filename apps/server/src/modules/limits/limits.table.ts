import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window counters behind the abuse limits when no Redis is configured: one row per key
 * (e.g. `login:m:ai:<account>:<address>`), shared by every process on the database. A window
 * starts at a key's first hit and ends at `reset_at`; the first hit after it starts a new one.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_counters_reset_idx').on(t.resetAt)],
);
