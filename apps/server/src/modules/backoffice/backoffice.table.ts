import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { operators } from '../operators/schema.ts';
import { members } from '../accounts/schema.ts';

/**
 * An operator's second factor (TOTP, RFC 6238). Kept beside `operators` so sign-in and the
 * account row stay as they are; `pending_secret` is the one being enrolled until a code proves it.
 */
export const operatorSecurity = pgTable('operator_security', {
  operatorId: integer('operator_id')
    .primaryKey()
    .references(() => operators.id),
  totpSecret: text('totp_secret'),
  totpPendingSecret: text('totp_pending_secret'),
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  /** The last 30-second step a code was accepted for: a code is never accepted twice. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
});

/**
 * Operators' labels on members (高价值, 疑似套利 …): member search and message segments use them.
 * The console's own: the member view (accounts/admin.repo.ts) reads and writes them in SQL; they
 * stay here because they name the operator who set them, and accounts sits below operators.
 */
export const memberTags = pgTable(
  'member_tags',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    tag: text('tag').notNull(),
    operatorId: integer('operator_id').references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.tag] }), index('member_tags_tag_idx').on(t.tag, t.memberId)],
);
