import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../accounts/schema.ts';

/** One row per member and wallet kind ('main', 'frozen', 'lottery', 'game:<platform>'). */
export const wallets = pgTable(
  'wallets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind').notNull(),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallets_member_kind_uq').on(t.memberId, t.kind),
    check('wallets_balance_nonneg', sql`${t.balance} >= 0`),
  ],
);

/** Append-only: each change of a wallet's balance, with the balance before and after it. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    walletId: integer('wallet_id')
      .notNull()
      .references(() => wallets.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    balanceBefore: bigint('balance_before', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    type: text('type').notNull(),
    referenceType: text('reference_type'),
    referenceId: text('reference_id'),
    idempotencyKey: text('idempotency_key'),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Keyed entries only: an entry without a key (a bet's debit, most payouts) is never looked up
    // by one, and writes one index entry fewer (migration 0030).
    uniqueIndex('ledger_entries_idempotency_uq')
      .on(t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
    index('ledger_entries_member_idx').on(t.memberId, t.createdAt),
    index('ledger_entries_wallet_idx').on(t.walletId, t.id),
    index('ledger_entries_reference_idx').on(t.referenceType, t.referenceId),
    check('ledger_entries_nonzero', sql`${t.amount} <> 0`),
    check('ledger_entries_arithmetic', sql`${t.balanceAfter} = ${t.balanceBefore} + ${t.amount}`),
    check('ledger_entries_after_nonneg', sql`${t.balanceAfter} >= 0`),
  ],
);
