import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { SyndicateLotterySlip } from '../lottery/index.ts';
import type { SyndicateSlip } from '../sports/index.ts';

/**
 * 合买: a 竞彩 slip bought together in equal shares (docs/decisions/034-syndicates.md). Members,
 * the initiator and the order are kept by id, as the other modules' money rows of a member are.
 * Shares bought are frozen (main → frozen, `syndicate_freeze`) until the plan is decided: placed
 * (each holder's frozen shares become the order's stake), or failed (流产: returned).
 */
export const syndicatePlans = pgTable(
  'syndicate_plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    planNo: text('plan_no').notNull(),
    /** What the plan buys: a 竞彩 slip (an order) or lottery lines on one period (bets). */
    game: text('game', { enum: ['sports', 'lottery'] })
      .notNull()
      .default('sports'),
    initiatorId: integer('initiator_id').notNull(),
    title: text('title').notNull(),
    /**
     * The slip as priced when the plan was started (odds then; the order takes the odds current
     * when placed), or the lottery lines and their period.
     */
    slip: jsonb('slip').$type<SyndicateSlip | SyndicateLotterySlip>().notNull(),
    sport: text('sport').notNull(),
    passType: text('pass_type').notNull(),
    betCount: integer('bet_count').notNull(),
    totalAmount: bigint('total_amount', { mode: 'bigint' }).notNull(),
    shares: integer('shares').notNull(),
    sharePrice: bigint('share_price', { mode: 'bigint' }).notNull(),
    /** Shares bought so far, the initiator's and (once used) the guarantee's included. */
    soldShares: integer('sold_shares').notNull(),
    /** 保底 still frozen, in shares (set to 0 when the plan is decided). */
    guaranteeShares: integer('guarantee_shares').notNull(),
    commissionBp: integer('commission_bp').notNull(),
    visibility: text('visibility', { enum: ['public', 'holders', 'after_deadline', 'secret'] }).notNull(),
    status: text('status', { enum: ['open', 'placed', 'won', 'lost', 'refunded', 'failed'] })
      .notNull()
      .default('open'),
    /** Shares sell until then, and the plan is decided: before the first match's sales close. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    /** At the odds when it was started; the order's own once placed. */
    maxPrize: bigint('max_prize', { mode: 'bigint' }).notNull(),
    orderId: integer('order_id'),
    orderNo: text('order_no'),
    payout: bigint('payout', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    commission: bigint('commission', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    failReason: text('fail_reason'),
    /** The operator who forced a 流产 (null: the deadline did). */
    failedBy: integer('failed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('syndicate_plans_no_uq').on(t.planNo),
    uniqueIndex('syndicate_plans_order_uq').on(t.orderId),
    index('syndicate_plans_open_idx')
      .on(t.deadlineAt, t.id)
      .where(sql`${t.status} = 'open'`),
    index('syndicate_plans_initiator_idx').on(t.initiatorId, t.id),
    check(
      'syndicate_plans_shares',
      sql`${t.shares} > 0 AND ${t.soldShares} BETWEEN 0 AND ${t.shares} AND ${t.guaranteeShares} >= 0
        AND ${t.sharePrice} >= 100 AND ${t.totalAmount} = ${t.sharePrice} * ${t.shares}`,
    ),
    check('syndicate_plans_commission', sql`${t.commissionBp} BETWEEN 0 AND 1000`),
  ],
);

/** A member's holding in a plan: every share they bought, and their part of its payout. */
export const syndicateHolders = pgTable(
  'syndicate_holders',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => syndicatePlans.id),
    memberId: integer('member_id').notNull(),
    shares: integer('shares').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    payout: bigint('payout', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Returned (流产): the amount went back to the main wallet. */
    refunded: integer('refunded').notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.memberId] }),
    index('syndicate_holders_member_idx').on(t.memberId, t.planId),
    check('syndicate_holders_shares', sql`${t.shares} > 0 AND ${t.amount} > 0 AND ${t.payout} >= 0`),
  ],
);

/** One purchase of shares (the initiator's first, members', the guarantee's at the deadline). */
export const syndicatePurchases = pgTable(
  'syndicate_purchases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    planId: integer('plan_id')
      .notNull()
      .references(() => syndicatePlans.id),
    memberId: integer('member_id').notNull(),
    kind: text('kind', { enum: ['initiator', 'buy', 'guarantee'] }).notNull(),
    shares: integer('shares').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('syndicate_purchases_plan_idx').on(t.planId, t.id),
    check('syndicate_purchases_shares', sql`${t.shares} > 0 AND ${t.amount} > 0`),
  ],
);
