import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../accounts/schema.ts';
import { operators } from '../operators/schema.ts';

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
