import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../accounts/schema.ts';

/** The first answer to a money-moving request, replayed when the same Idempotency-Key comes again. */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.key] })],
);
