import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../accounts/schema.ts';
import { operators } from '../operators/schema.ts';

/**
 * 红包: a 红包雨 window or a 口令红包, its budget split into `count` packets by a draw committed
 * before the window (`commitment` = SHA-256 of the seed, which is derived from the draw seed key
 * and never stored). `state`: `pending` until a second operator approves a budget above the
 * approval threshold, `scheduled` once it may run, `cancelled` when stopped (claims made stay).
 */
export const redPackets = pgTable(
  'red_packets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['rain', 'code'] }).notNull(),
    name: text('name').notNull(),
    /** 口令红包 only, as the operator wrote it; matched without case. */
    code: text('code'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    budget: bigint('budget', { mode: 'bigint' }).notNull(),
    count: integer('count').notNull(),
    minAmount: bigint('min_amount', { mode: 'bigint' }).notNull(),
    /** 打码量 as hundredths of the amount (100 = 1×). */
    turnoverPct: integer('turnover_pct').notNull(),
    vipMin: integer('vip_min'),
    /** 当日 (Asia/Shanghai) deposits the member must have made, 分; null: no condition. */
    depositMin: bigint('deposit_min', { mode: 'bigint' }),
    /** 当日 valid bets the member must have settled, 分; null: no condition. */
    turnoverMin: bigint('turnover_min', { mode: 'bigint' }),
    commitment: text('commitment').notNull(),
    state: text('state', { enum: ['pending', 'scheduled', 'cancelled'] }).notNull(),
    createdBy: integer('created_by').references(() => operators.id),
    /** The control change a `pending` red packet waits for (budget above the approval threshold). */
    changeId: integer('change_id'),
    approvedBy: integer('approved_by').references(() => operators.id),
    cancelledBy: integer('cancelled_by').references(() => operators.id),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('red_packets_window_idx').on(t.kind, t.endsAt),
    uniqueIndex('red_packets_code_idx').on(sql`lower(${t.code})`),
    check('red_packets_dates', sql`${t.startsAt} < ${t.endsAt}`),
    check(
      'red_packets_split',
      sql`${t.count} >= 1 AND ${t.minAmount} >= 1 AND ${t.budget} >= ${t.count} * ${t.minAmount}`,
    ),
    check('red_packets_code', sql`(${t.kind} = 'code') = (${t.code} IS NOT NULL)`),
  ],
);

export type RedPacketRow = typeof redPackets.$inferSelect;
export type NewRedPacket = typeof redPackets.$inferInsert;

/**
 * One row per packet of a red packet, made with it: `index` is its place in the committed split;
 * a claim fills `member_id`, `amount` and `claimed_at` (a member holds at most one packet of each
 * red packet: the unique index). Claims take the lowest free index, skipping packets other claims
 * hold locked, so concurrent claims do not queue on one row.
 */
export const redPacketSlots = pgTable(
  'red_packet_slots',
  {
    packetId: integer('packet_id')
      .notNull()
      .references(() => redPackets.id),
    index: integer('index').notNull(),
    memberId: integer('member_id').references(() => members.id),
    amount: bigint('amount', { mode: 'bigint' }),
    turnover: bigint('turnover', { mode: 'bigint' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.packetId, t.index] }),
    uniqueIndex('red_packet_slots_member_idx').on(t.packetId, t.memberId),
    index('red_packet_slots_claims_idx')
      .on(t.memberId, t.claimedAt)
      .where(sql`${t.memberId} IS NOT NULL`),
    check(
      'red_packet_slots_claim',
      sql`(${t.memberId} IS NULL) = (${t.amount} IS NULL) AND (${t.memberId} IS NULL) = (${t.claimedAt} IS NULL) AND (${t.amount} IS NULL OR ${t.amount} > 0)`,
    ),
  ],
);

export type RedPacketSlotRow = typeof redPacketSlots.$inferSelect;
