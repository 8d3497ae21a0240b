import { sql } from 'drizzle-orm';
import { PAYMENT_METHOD_CODES, PAYMENT_ORDER_STATUS_KEYS } from '@app/shared';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { operators } from '../operators/schema.ts';
import { members } from '../accounts/schema.ts';

/** Deposits: one row per attempt, credited once (status pending/confirming → paid). */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    method: text('method', { enum: PAYMENT_METHOD_CODES }).notNull(),
    /** 分 credited; for USDT, usdt_cents × rate rounded down. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** USDT methods: the amount in USDT cents and the rate (1/10,000 元 per USDT) fixed at creation. */
    usdtCents: bigint('usdt_cents', { mode: 'bigint' }),
    rateUnits: bigint('rate_units', { mode: 'bigint' }),
    txHash: text('tx_hash'),
    /**
     * USDT: what the member says they sent (submit-transfer). It never changes `amount`: a
     * different amount is flagged for review and credited only with a second operator (issue 37).
     */
    declaredUsdtCents: bigint('declared_usdt_cents', { mode: 'bigint' }),
    /** 分 actually credited when paid: `amount`, unless two operators confirmed another on-chain amount. */
    creditedAmount: bigint('credited_amount', { mode: 'bigint' }),
    status: text('status', { enum: PAYMENT_ORDER_STATUS_KEYS }).notNull().default('pending'),
    gateway: text('gateway'),
    /** The gateway's own id of the payment (some give it only in their notification). */
    tradeNo: text('trade_no'),
    /** The page the gateway gave to pay this order on; set once, when the order is opened there. */
    payUrl: text('pay_url'),
    /** When reconciliation last asked the gateway about this pending order. */
    gatewayCheckedAt: timestamp('gateway_checked_at', { withTimezone: true }),
    reason: text('reason'),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'bigint' }),
    operatorId: integer('operator_id').references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_orders_order_no_uq').on(t.orderNo),
    uniqueIndex('payment_orders_tx_hash_uq').on(t.txHash),
    index('payment_orders_member_idx').on(t.memberId, t.id),
    index('payment_orders_status_idx').on(t.status, t.id),
    index('payment_orders_open_gateway_idx')
      .on(t.gateway, t.createdAt)
      .where(sql`${t.status} = 'pending' AND ${t.gateway} IS NOT NULL`),
    check('payment_orders_amount_positive', sql`${t.amount} > 0`),
  ],
);
export type PaymentOrderRow = typeof paymentOrders.$inferSelect;

/**
 * A member's own USDT deposit address (USDT_DEPOSITS=trongrid): derived from the operator's xpub at
 * `derivation_index`, given once and never to another member; `cursor_ms` is the block time the
 * watcher has read up to, and the address is watched until `watch_until` (the deposit page moves it on).
 */
export const usdtDepositAddresses = pgTable(
  'usdt_deposit_addresses',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => members.id),
    /** From usdt_address_index_seq: one index per member, never another's, never reused. */
    derivationIndex: integer('derivation_index').notNull(),
    network: text('network').notNull().default('TRC20'),
    address: text('address').notNull(),
    cursorMs: bigint('cursor_ms', { mode: 'number' }).notNull().default(0),
    watchUntil: timestamp('watch_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('usdt_deposit_addresses_index_uq').on(t.derivationIndex),
    uniqueIndex('usdt_deposit_addresses_address_uq').on(t.address),
    index('usdt_deposit_addresses_watch_idx').on(t.watchUntil),
  ],
);
export type UsdtDepositAddressRow = typeof usdtDepositAddresses.$inferSelect;

/** Derivation indexes of deposit addresses (0 is left to the operator's own first address). */
export const usdtAddressIndexSeq = pgSequence('usdt_address_index_seq', { startWith: 1 });

/**
 * Each change of the USDT deposit rate (元 per USDT in 1/10,000) with the moment it took effect,
 * so a transfer seen on chain is credited at the rate in force when its block confirmed, however
 * late the watcher reads it (an outage, a backlog). Written with the setting, in its transaction.
 */
export const usdtRateChanges = pgTable(
  'usdt_rate_changes',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    beforeUnits: bigint('before_units', { mode: 'bigint' }).notNull(),
    afterUnits: bigint('after_units', { mode: 'bigint' }).notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('usdt_rate_changes_effective_idx').on(t.effectiveAt),
    check('usdt_rate_changes_positive', sql`${t.beforeUnits} > 0 AND ${t.afterUnits} > 0`),
  ],
);

/** Ids of payment callbacks: a sequence of its own, since a partitioned table takes no identity column. */
export const paymentCallbackIds = pgSequence('payment_callback_ids');

/**
 * Every notification a gateway delivered, accepted or refused (the audit trail of callbacks).
 * Partitioned by Beijing month of `created_at` (migration 0059, decision 042): housekeeping makes
 * months ahead and drops a whole month once it is past PAYMENT_CALLBACK_RETENTION_DAYS (rows of a
 * month partly inside the retention, and of the default partition, go by DELETE as before).
 * Not a money record: the deposit and its ledger entry are.
 */
export const paymentCallbacks = pgTable(
  'payment_callbacks',
  {
    id: bigint('id', { mode: 'bigint' })
      .notNull()
      .default(sql`nextval('payment_callback_ids')`),
    gateway: text('gateway').notNull(),
    orderNo: text('order_no'),
    payload: jsonb('payload').notNull(),
    signatureValid: boolean('signature_valid').notNull(),
    /** credited · duplicate · failed · bad_signature · wrong_amount · unknown_order · bad_request · not_pending */
    outcome: text('outcome').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.id, t.createdAt] }), index('payment_callbacks_order_idx').on(t.orderNo)],
);

/** The gateway simulator's own book of payments (the "outside world" behind the adapter). */
export const gatewaySimPayments = pgTable(
  'gateway_sim_payments',
  {
    tradeNo: text('trade_no').primaryKey(),
    merchantOrderNo: text('merchant_order_no').notNull(),
    /** 分. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    subject: text('subject').notNull(),
    notifyUrl: text('notify_url').notNull(),
    returnUrl: text('return_url').notNull(),
    status: text('status', { enum: ['created', 'paid', 'failed'] })
      .notNull()
      .default('created'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('gateway_sim_payments_order_uq').on(t.merchantOrderNo)],
);
