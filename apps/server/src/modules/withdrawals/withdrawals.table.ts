import { sql } from 'drizzle-orm';
import { USER_WALLET_TYPE_KEYS, WITHDRAW_STATUS_KEYS } from '@app/shared';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { operators } from '../operators/schema.ts';
import { members } from '../accounts/schema.ts';

/** A member's saved withdrawal destinations: bank cards and USDT addresses. */
export const userWallets = pgTable(
  'user_wallets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    type: text('type', { enum: USER_WALLET_TYPE_KEYS }).notNull(),
    bankCode: text('bank_code'),
    holderName: text('holder_name'),
    /** Card number (digits) or address; only ever shown masked to the member. */
    account: text('account').notNull(),
    alias: text('alias').notNull().default(''),
    enabled: smallint('enabled').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('user_wallets_member_idx').on(t.memberId, t.id),
    // A card or address belongs to one member: one live binding across all members.
    uniqueIndex('user_wallets_account_uq')
      .on(t.type, t.account)
      .where(sql`${t.deletedAt} IS NULL`),
    index('user_wallets_account_idx').on(t.account),
  ],
);
export type UserWalletRow = typeof userWallets.$inferSelect;

/** A binding refused because another member holds (or held) the card or address: for risk review. */
export const userWalletConflicts = pgTable(
  'user_wallet_conflicts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => members.id),
    type: text('type', { enum: USER_WALLET_TYPE_KEYS }).notNull(),
    account: text('account').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('user_wallet_conflicts_created_idx').on(t.createdAt)],
);

/** Withdrawal requests: the amount sits in the frozen wallet until an operator pays or rejects. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    walletId: integer('wallet_id')
      .notNull()
      .references(() => userWallets.id),
    /** Destination as it was at request time (a wallet edited later does not change it). */
    walletType: text('wallet_type', { enum: USER_WALLET_TYPE_KEYS }).notNull(),
    walletName: text('wallet_name').notNull(),
    holderName: text('holder_name'),
    account: text('account').notNull(),
    /** 分 frozen; the member receives amount − fee. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    usdtCents: bigint('usdt_cents', { mode: 'bigint' }),
    rateUnits: bigint('rate_units', { mode: 'bigint' }),
    status: text('status', { enum: WITHDRAW_STATUS_KEYS }).notNull().default('pending'),
    reason: text('reason'),
    operatorId: integer('operator_id').references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /**
     * USDT-TRC20 with USDT_DEPOSITS=trongrid: the TRON transaction id the operator paid with
     * (64 hex, lower case), kept while the chain is checked (status chain_confirming) and once paid;
     * cleared when the check finds a mismatch. One withdrawal per transaction.
     */
    txId: text('tx_id'),
    /** When that transaction id was entered (the not-found time limit counts from here). */
    txSubmittedAt: timestamp('tx_submitted_at', { withTimezone: true }),
    /** The chain check's last finding for the operator (a mismatch's reason), never shown to the member. */
    chainNote: text('chain_note'),
  },
  (t) => [
    uniqueIndex('withdrawals_order_no_uq').on(t.orderNo),
    uniqueIndex('withdrawals_tx_id_uq').on(t.txId),
    index('withdrawals_member_idx').on(t.memberId, t.id),
    index('withdrawals_status_idx').on(t.status, t.id),
    check('withdrawals_amount_positive', sql`${t.amount} > 0`),
    check('withdrawals_fee_range', sql`${t.fee} >= 0 AND ${t.fee} < ${t.amount}`),
  ],
);
export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** Wrong payment passwords given for withdrawals (a few per window, then 429). */
export const paymentPasswordFailures = pgTable(
  'payment_password_failures',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_password_failures_member_idx').on(t.memberId, t.createdAt)],
);
