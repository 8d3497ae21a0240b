import { sql } from 'drizzle-orm';
import { MESSAGE_TYPE_KEYS } from '@app/shared';
import { index, integer, pgSequence, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../accounts/schema.ts';

/** Ids of messages: a sequence of its own, since a partitioned table takes no identity column. */
export const messageIds = pgSequence('message_ids', { maxValue: 2147483647 });

/**
 * A member's inbox. Deleting only hides a message; sending is idempotent per dedupe key.
 * Partitioned by Beijing month of `created_at` (migration 0059, decision 042): the primary key
 * carries the month, housekeeping makes months ahead, and nothing is ever dropped. A dedupe key's
 * uniqueness spans every month, which a partitioned index cannot enforce: it lives in
 * `message_dedupe_keys`, written in the same statement as the message.
 */
export const messages = pgTable(
  'messages',
  {
    id: integer('id')
      .notNull()
      .default(sql`nextval('message_ids')`),
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
  (t) => [primaryKey({ columns: [t.id, t.createdAt] }), index('messages_member_idx').on(t.memberId, t.id)],
);

/**
 * One row per message sent with a dedupe key: the key is taken once per member across every month
 * of `messages` (`insertMessageRows` claims it and writes the message in one statement).
 */
export const messageDedupeKeys = pgTable(
  'message_dedupe_keys',
  {
    memberId: integer('member_id').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    messageId: integer('message_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.dedupeKey] })],
);

export type MessageRow = typeof messages.$inferSelect;
