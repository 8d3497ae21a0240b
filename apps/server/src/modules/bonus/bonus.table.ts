import { sql } from 'drizzle-orm';
import { BONUS_TYPE_KEYS } from '@app/shared';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../accounts/schema.ts';

/** Every bonus paid to a member, beside the ledger entry that paid it. */
export const bonusLogs = pgTable(
  'bonus_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    type: text('type', { enum: BONUS_TYPE_KEYS }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** Turnover the bonus added to the member's 打码量 before it can be withdrawn. */
    turnover: bigint('turnover', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    title: text('title').notNull(),
    remark: text('remark'),
    /** What earned it, e.g. "activity-application:7"; a reference is paid once. */
    reference: text('reference').notNull(),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bonus_logs_reference_uq').on(t.reference),
    index('bonus_logs_member_idx').on(t.memberId, t.id),
    check('bonus_logs_amount_positive', sql`${t.amount} > 0`),
  ],
);

export type BonusLogRow = typeof bonusLogs.$inferSelect;
