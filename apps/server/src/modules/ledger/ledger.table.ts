import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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

/** Ids of ledger entries: a sequence of its own, since a partitioned table takes no identity column. */
export const ledgerEntryIds = pgSequence('ledger_entry_ids');

/**
 * Append-only: each change of a wallet's balance, with the balance before and after it.
 * Partitioned by month of `created_at` (migration 0056, decision 042): the primary key carries the
 * month, the hot indexes are per partition, and the partitions job creates months ahead. A key's
 * uniqueness spans every month, which a partitioned index cannot enforce: it lives in
 * `ledger_entry_keys`, written in the same statement as the entry.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'bigint' })
      .notNull()
      .default(sql`nextval('ledger_entry_ids')`),
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
    primaryKey({ columns: [t.id, t.createdAt] }),
    index('ledger_entries_member_idx').on(t.memberId, t.createdAt),
    index('ledger_entries_wallet_idx').on(t.walletId, t.id),
    index('ledger_entries_reference_idx').on(t.referenceType, t.referenceId),
    check('ledger_entries_nonzero', sql`${t.amount} <> 0`),
    check('ledger_entries_arithmetic', sql`${t.balanceAfter} = ${t.balanceBefore} + ${t.amount}`),
    check('ledger_entries_after_nonneg', sql`${t.balanceAfter} >= 0`),
  ],
);

/**
 * The idempotency key of each keyed entry, unique across every month of the ledger: an entry
 * without a key (a bet's debit, most payouts) has no row here. Points at its entry by id and month.
 */
export const ledgerEntryKeys = pgTable('ledger_entry_keys', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  entryId: bigint('entry_id', { mode: 'bigint' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
