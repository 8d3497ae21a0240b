import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../accounts/schema.ts';

/** What each member's app last said about itself: online/offline, its socket, its heartbeat. */
export const memberPresence = pgTable('member_presence', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id),
  status: text('status', { enum: ['online', 'offline'] }).notNull(),
  socketId: text('socket_id'),
  lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
