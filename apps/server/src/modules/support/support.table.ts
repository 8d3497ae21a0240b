import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Raw bytes (PostgreSQL `bytea`): pictures are kept in the database, never under the web root. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * 在线客服 (docs/decisions/035-live-chat.md): one conversation per member at a time, kept for good
 * once closed. Members and operators are kept by id, as the other modules' rows of a member are.
 * A conversation started (or written to) outside the opening hours is a ticket: it waits in the
 * queue until an operator answers it.
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id').notNull(),
    /** waiting: no operator yet; active: an operator has it; closed: ended (kept, searchable). */
    status: text('status', { enum: ['waiting', 'active', 'closed'] })
      .notNull()
      .default('waiting'),
    /** Left outside the opening hours (留言): answered later, the member told through the inbox. */
    ticket: boolean('ticket').notNull().default(false),
    operatorId: integer('operator_id'),
    /** The last message's words (a picture: [图片]), for the queue. */
    lastPreview: text('last_preview').notNull().default(''),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    /** Highest message id each side has read. */
    memberReadId: integer('member_read_id').notNull().default(0),
    operatorReadId: integer('operator_read_id').notNull().default(0),
    /** 1–5 stars the member gave once the conversation was closed. */
    rating: integer('rating'),
    ratingComment: text('rating_comment'),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    closedBy: integer('closed_by'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // One conversation in progress per member: a second start meets the first.
    uniqueIndex('support_conversations_member_open_uq')
      .on(t.memberId)
      .where(sql`${t.status} <> 'closed'`),
    index('support_conversations_member_idx').on(t.memberId, t.id),
    index('support_conversations_queue_idx').on(t.status, t.lastMessageAt),
    index('support_conversations_operator_idx').on(t.operatorId, t.status),
    check('support_conversations_rating', sql`${t.rating} IS NULL OR ${t.rating} BETWEEN 1 AND 5`),
  ],
);

/** A picture sent in a conversation: its checked type, size and bytes. Served only through the API. */
export const supportPictures = pgTable(
  'support_pictures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => supportConversations.id),
    mime: text('mime', { enum: ['image/png', 'image/jpeg', 'image/webp'] }).notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('support_pictures_conversation_idx').on(t.conversationId),
    check('support_pictures_size', sql`${t.size} > 0 AND ${t.size} <= 2097152`),
  ],
);

/** One message: the member's, an operator's, or the system's (welcome, closed, transferred). */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => supportConversations.id),
    sender: text('sender', { enum: ['member', 'operator', 'system'] }).notNull(),
    operatorId: integer('operator_id'),
    kind: text('kind', { enum: ['text', 'picture'] }).notNull(),
    /** The text (empty for a picture). */
    body: text('body').notNull().default(''),
    pictureId: integer('picture_id').references(() => supportPictures.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('support_messages_conversation_idx').on(t.conversationId, t.id),
    check(
      'support_messages_kind',
      sql`(${t.kind} = 'text' AND ${t.pictureId} IS NULL AND length(${t.body}) > 0)
        OR (${t.kind} = 'picture' AND ${t.pictureId} IS NOT NULL)`,
    ),
  ],
);

/** 快捷回复: words operators keep ready (managed in the console). */
export const supportCannedReplies = pgTable(
  'support_canned_replies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    sort: integer('sort').notNull().default(0),
    createdBy: integer('created_by').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('support_canned_replies_sort_idx').on(t.sort, t.id)],
);

export type SupportConversationRow = typeof supportConversations.$inferSelect;
export type SupportMessageRow = typeof supportMessages.$inferSelect;
export type SupportCannedReplyRow = typeof supportCannedReplies.$inferSelect;
