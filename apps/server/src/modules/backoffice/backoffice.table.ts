import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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

export type AdjustmentStatus = 'pending' | 'approved' | 'rejected';

/**
 * A manual credit or debit of a member's main wallet (ledger type `adjust`). Above the
 * configured amount it waits for a second operator (maker–checker); the maker can never approve.
 */
export const manualAdjustments = pgTable(
  'manual_adjustments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** Signed 分: positive credits, negative debits. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    /** True when the amount was above the threshold and a second operator had to decide. */
    needsApproval: integer('needs_approval').notNull(),
    makerId: integer('maker_id')
      .notNull()
      .references(() => operators.id),
    checkerId: integer('checker_id').references(() => operators.id),
    checkerReason: text('checker_reason'),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('manual_adjustments_member_idx').on(t.memberId, t.id),
    index('manual_adjustments_status_idx').on(t.status, t.id),
    check('manual_adjustments_nonzero', sql`${t.amount} <> 0`),
    check('manual_adjustments_checker', sql`${t.checkerId} IS NULL OR ${t.checkerId} <> ${t.makerId}`),
  ],
);
export type ManualAdjustmentRow = typeof manualAdjustments.$inferSelect;

/** Operators' labels on members (高价值, 疑似套利 …): member search and message segments use them. */
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
