import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { operators } from '../operators/schema.ts';
import { members } from '../accounts/schema.ts';

/** A member's request to become an agent; operators approve or reject it. */
export const agentApplications = pgTable(
  'agent_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    realName: text('real_name').notNull(),
    contactType: text('contact_type', { enum: ['mobile', 'wechat', 'qq', 'telegram'] }).notNull(),
    contact: text('contact').notNull(),
    channel: text('channel', { enum: ['social', 'community', 'website', 'offline', 'other'] }).notNull(),
    experience: text('experience').notNull(),
    expectedMembers: integer('expected_members').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'cancelled'] })
      .notNull()
      .default('pending'),
    /** The operator's reason: shown to the member when rejected. */
    reason: text('reason'),
    operatorId: integer('operator_id').references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('agent_applications_member_idx').on(t.memberId, t.id),
    index('agent_applications_status_idx').on(t.status, t.id),
    // One pending application per member, whatever races.
    uniqueIndex('agent_applications_one_pending_uq')
      .on(t.memberId)
      .where(sql`status = 'pending'`),
  ],
);

export type AgentApplicationRow = typeof agentApplications.$inferSelect;
