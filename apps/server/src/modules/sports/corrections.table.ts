import { bigint, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { operators } from '../operators/schema.ts';

/**
 * A match voided or resettled by an operator: at most one per match (the unique index makes
 * "exactly once" a database fact); the money moved is in the ledger as correction entries.
 */
export const matchCorrections = pgTable(
  'match_corrections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    matchId: integer('match_id').notNull(),
    kind: text('kind', { enum: ['void', 'resettle'] }).notNull(),
    reason: text('reason').notNull(),
    /** The result before and after (resettle), as the engine's MatchResult. */
    before: jsonb('before'),
    after: jsonb('after'),
    ordersAffected: integer('orders_affected').notNull(),
    /** Net 分 moved to members by the correction (negative when taken back). */
    netAmount: bigint('net_amount', { mode: 'bigint' }).notNull(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('match_corrections_match_uq').on(t.matchId)],
);
