import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../accounts/schema.ts';

/** Client log entries a member's app uploaded (SPEC.md §3); the client id makes re-uploads harmless. */
export const clientLogs = pgTable(
  'client_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    clientId: text('client_id').notNull(),
    loggedAt: timestamp('logged_at', { withTimezone: true }).notNull(),
    level: text('level', { enum: ['debug', 'info', 'warn', 'error'] }).notNull(),
    category: text('category').notNull(),
    message: text('message').notNull(),
    data: jsonb('data'),
    platform: text('platform').notNull(),
    system: text('system').notNull(),
    version: text('version').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('client_logs_member_client_uq').on(t.memberId, t.clientId),
    index('client_logs_member_time_idx').on(t.memberId, t.loggedAt),
  ],
);
