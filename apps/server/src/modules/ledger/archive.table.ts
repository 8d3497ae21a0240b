import { bigint, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Months of history past their retention (HISTORY_RETENTION_YEARS) that left the database for an
 * archive file, each written, read back and checked before its partition was dropped (decision
 * 042). A row here is the record of where those entries are and what they held.
 */
export const historyArchives = pgTable(
  'history_archives',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tableName: text('table_name').notNull(),
    /** The Beijing month, YYYY-MM. */
    month: text('month').notNull(),
    partitionName: text('partition_name').notNull(),
    rows: bigint('rows', { mode: 'bigint' }).notNull(),
    /** Sum of the month's amounts (分). */
    amountSum: bigint('amount_sum', { mode: 'bigint' }).notNull(),
    /** The archive file, relative to HISTORY_ARCHIVE_DIR, and the SHA-256 of its uncompressed text. */
    file: text('file').notNull(),
    sha256: text('sha256').notNull(),
    bytes: bigint('bytes', { mode: 'bigint' }).notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }).notNull(),
    archivedBy: text('archived_by').notNull(),
  },
  (t) => [uniqueIndex('history_archives_table_month_uq').on(t.tableName, t.month)],
);

/**
 * What each wallet's archived entries add up to, carried forward month by month: the ledger's
 * invariants (balance = entries' sum, each entry starting where the last ended) hold over the
 * archived sum plus the entries still in the database.
 */
export const ledgerArchivedWallets = pgTable('ledger_archived_wallets', {
  walletId: integer('wallet_id').primaryKey(),
  memberId: integer('member_id').notNull(),
  amountSum: bigint('amount_sum', { mode: 'bigint' }).notNull(),
  lastEntryId: bigint('last_entry_id', { mode: 'bigint' }).notNull(),
  lastBalanceAfter: bigint('last_balance_after', { mode: 'bigint' }).notNull(),
});

/**
 * A member's lifetime facts from archived months, for the questions asked of a whole history:
 * the first deposit ever (首充 offers), lifetime deposits (invite milestones), an agent's totals.
 */
export const ledgerArchivedMembers = pgTable('ledger_archived_members', {
  memberId: integer('member_id').primaryKey(),
  firstDepositEntryId: bigint('first_deposit_entry_id', { mode: 'bigint' }),
  firstDepositAt: timestamp('first_deposit_at', { withTimezone: true }),
  firstDepositAmount: bigint('first_deposit_amount', { mode: 'bigint' }),
  /** Sums as the agents' totals count them (agents.repo TOTALS_COLUMNS), 分, signs as there. */
  deposit: bigint('deposit', { mode: 'bigint' }).notNull(),
  withdraw: bigint('withdraw', { mode: 'bigint' }).notNull(),
  bet: bigint('bet', { mode: 'bigint' }).notNull(),
  payout: bigint('payout', { mode: 'bigint' }).notNull(),
  bonus: bigint('bonus', { mode: 'bigint' }).notNull(),
});
