import { sql } from 'drizzle-orm';
import { REBATE_CATEGORY_KEYS, REBATE_STATUS_KEYS } from '@app/shared';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../accounts/schema.ts';

/**
 * A rebate (反水) a member can claim: one category's settled valid bets of one Asia/Shanghai day
 * (of settlement) at the member's VIP rate when it was applied for. Claimed once.
 */
export const rebateRecords = pgTable(
  'rebate_records',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    category: text('category', { enum: REBATE_CATEGORY_KEYS }).notNull(),
    /** YYYY-MM-DD in Asia/Shanghai. */
    betDate: text('bet_date').notNull(),
    vipLevel: integer('vip_level').notNull(),
    rateBp: integer('rate_bp').notNull(),
    validBet: bigint('valid_bet', { mode: 'bigint' }).notNull(),
    betCount: integer('bet_count').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: REBATE_STATUS_KEYS }).notNull().default('claimable'),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (t) => [
    index('rebate_records_member_idx').on(t.memberId, t.id),
    index('rebate_records_member_status_idx').on(t.memberId, t.status),
    check('rebate_records_amount_positive', sql`${t.amount} > 0 AND ${t.validBet} > 0 AND ${t.betCount} > 0`),
    check(
      'rebate_records_claim',
      sql`(${t.status} = 'claimed') = (${t.claimedAt} IS NOT NULL AND ${t.ledgerEntryId} IS NOT NULL)`,
    ),
  ],
);

/** The bets a rebate record covers: a bet (per category) is covered once, so it is rebated once. */
export const rebateItems = pgTable(
  'rebate_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    recordId: integer('record_id')
      .notNull()
      .references(() => rebateRecords.id),
    category: text('category', { enum: REBATE_CATEGORY_KEYS }).notNull(),
    /** The bet's id in its category's table (orders, lottery_bets, game records). */
    betId: bigint('bet_id', { mode: 'number' }).notNull(),
    betNo: text('bet_no').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('rebate_items_bet_uq').on(t.category, t.betId),
    index('rebate_items_record_idx').on(t.recordId),
  ],
);

/** Each VIP level a member reached, once: the upgrade bonus it paid and when. */
export const vipUpgrades = pgTable(
  'vip_upgrades',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    fromLevel: integer('from_level').notNull(),
    level: integer('level').notNull(),
    bonus: bigint('bonus', { mode: 'bigint' }).notNull(),
    bonusLogId: integer('bonus_log_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('vip_upgrades_member_level_uq').on(t.memberId, t.level)],
);

export type RebateRecordRow = typeof rebateRecords.$inferSelect;
export type RebateItemRow = typeof rebateItems.$inferSelect;
export type VipUpgradeRow = typeof vipUpgrades.$inferSelect;
