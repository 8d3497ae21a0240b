import { MESSAGE_TYPE_KEYS } from '@app/shared';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../accounts/schema.ts';

/** A member's inbox. Deleting only hides a message; sending is idempotent per dedupe key. */
export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    type: text('type', { enum: MESSAGE_TYPE_KEYS }).notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** An in-app route the message leads to, e.g. "/pages/order/detail?id=12". */
    link: text('link'),
    /** What caused the message, e.g. "withdraw:12:paid"; one message per key and member. */
    dedupeKey: text('dedupe_key'),
    readAt: timestamp('read_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_member_idx').on(t.memberId, t.id),
    uniqueIndex('messages_dedupe_uq').on(t.memberId, t.dedupeKey),
  ],
);

export type MessageRow = typeof messages.$inferSelect;
