import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** One line of a chased slip, as checked at creation (codes normalised by the shared rules). */
export interface ChaseLine {
  play_code: string;
  bet_codes: string;
  multiple: number;
  unit: 'yuan' | 'jiao' | 'fen';
  item_count: number;
}

/**
 * 追号: one slip on consecutive periods, each at its own multiple of the slip. Its whole amount
 * is frozen at creation (lottery → frozen, `chase_freeze`); each period's bets are placed from the
 * frozen wallet when the period opens; what is not placed goes back (`chase_unfreeze`).
 */
export const lotteryChases = pgTable(
  'lottery_chases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    chaseNo: text('chase_no').notNull(),
    /** The member (accounts): kept by id, as the module's other money rows of a member are. */
    memberId: integer('member_id').notNull(),
    lotteryCode: text('lottery_code').notNull(),
    lines: jsonb('lines').$type<ChaseLine[]>().notNull(),
    /** The slip at ×1. */
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    periods: integer('periods').notNull(),
    totalAmount: bigint('total_amount', { mode: 'bigint' }).notNull(),
    stopRule: text('stop_rule', { enum: ['none', 'any_win', 'win_over'] }).notNull(),
    stopOver: bigint('stop_over', { mode: 'bigint' }),
    status: text('status', { enum: ['running', 'done', 'stopped', 'cancelled'] })
      .notNull()
      .default('running'),
    stopReason: text('stop_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('lottery_chases_no_uq').on(t.chaseNo),
    index('lottery_chases_member_idx').on(t.memberId, t.id),
    check(
      'lottery_chases_amounts',
      sql`${t.stake} > 0 AND ${t.totalAmount} > 0 AND ${t.periods} BETWEEN 1 AND 120`,
    ),
  ],
);

/** A period of a chase: waiting for its period to open, then placed (and decided), or not placed and refunded. */
export const lotteryChasePeriods = pgTable(
  'lottery_chase_periods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    chaseId: integer('chase_id')
      .notNull()
      .references(() => lotteryChases.id),
    seq: integer('seq').notNull(),
    lotteryCode: text('lottery_code').notNull(),
    periodNumber: text('period_number').notNull(),
    multiple: integer('multiple').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    status: text('status', {
      enum: ['waiting', 'placed', 'won', 'lost', 'refunded', 'skipped', 'cancelled'],
    })
      .notNull()
      .default('waiting'),
    betIds: integer('bet_ids').array(),
    payout: bigint('payout', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    message: text('message'),
    placedAt: timestamp('placed_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('lottery_chase_periods_seq_uq').on(t.chaseId, t.seq),
    // The job's two questions: which waiting periods have opened, which placed ones are decided.
    index('lottery_chase_periods_waiting_idx')
      .on(t.lotteryCode, t.periodNumber)
      .where(sql`${t.status} = 'waiting'`),
    index('lottery_chase_periods_placed_idx')
      .on(t.id)
      .where(sql`${t.status} = 'placed'`),
    check('lottery_chase_periods_amount', sql`${t.amount} > 0 AND ${t.multiple} > 0 AND ${t.payout} >= 0`),
  ],
);
