import { sql } from 'drizzle-orm';
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
import { members } from '../accounts/schema.ts';

/** The lotteries on offer, mirrored from the shared LOTTERIES configs (the schedule lives there). */
export const lotteryGames = pgTable('lottery_games', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  family: text('family').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  /** An operator's 封盘 seconds (sales close this long before the draw); null = the config's. */
  closeSeconds: integer('close_seconds'),
});

export type StoredPeriodStatus = 'pending' | 'open' | 'closed' | 'drawn' | 'cancelled';

/**
 * One period (期) of a lottery. Only the seed's SHA-256 commitment is stored when the row is
 * created; the seed itself is derived from a key outside the database (`DRAW_SEED_KEY`) and
 * written once, at the draw, with the open code it derives (see the lottery_guards and
 * draw_secrecy migrations). Reading the table before a draw reveals nothing of its code.
 */
export const lotteryPeriods = pgTable(
  'lottery_periods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lotteryCode: text('lottery_code')
      .notNull()
      .references(() => lotteryGames.code),
    number: text('number').notNull(),
    openAt: timestamp('open_at', { withTimezone: true }).notNull(),
    closeAt: timestamp('close_at', { withTimezone: true }).notNull(),
    drawAt: timestamp('draw_at', { withTimezone: true }).notNull(),
    /** Null until the draw; then the seed whose SHA-256 is the commitment. */
    seed: text('seed'),
    commitment: text('commitment').notNull(),
    status: text('status', { enum: ['pending', 'open', 'closed', 'drawn', 'cancelled'] })
      .notNull()
      .default('pending'),
    openCode: text('open_code'),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** Every bet of the period settled (drawn) or refunded (cancelled). */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lottery_periods_number_uq').on(t.lotteryCode, t.number),
    index('lottery_periods_draw_idx').on(t.lotteryCode, t.drawAt),
    index('lottery_periods_status_idx').on(t.status, t.drawAt),
    check('lottery_periods_window', sql`${t.openAt} < ${t.drawAt} AND ${t.closeAt} <= ${t.drawAt}`),
    check(
      'lottery_periods_commitment',
      sql`${t.seed} IS NULL OR ${t.commitment} = encode(sha256(convert_to(${t.seed}, 'UTF8')), 'hex')`,
    ),
    check('lottery_periods_drawn_seed', sql`${t.status} <> 'drawn' OR ${t.seed} IS NOT NULL`),
    check(
      'lottery_periods_open_code',
      sql`(${t.status} = 'drawn') = (${t.openCode} IS NOT NULL AND ${t.drawnAt} IS NOT NULL)`,
    ),
  ],
);

/** Ids of lottery bets: a sequence of its own, since a partitioned table takes no identity column. */
export const lotteryBetIds = pgSequence('lottery_bet_ids', { maxValue: 2147483647 });

/**
 * A member's bet on one play of one period, with the odds it was accepted at. Partitioned by
 * Beijing month of `created_at` (migration 0058, decision 042): the primary key carries the month,
 * the indexes are per partition, housekeeping creates months ahead, and every partition keeps half
 * of each page free (fillfactor 50, copied from `lottery_bets_default`). A bet number's uniqueness
 * spans every month, which a partitioned index cannot enforce: it lives in `lottery_bet_numbers`,
 * written in the same statement as the bet.
 */
export const lotteryBets = pgTable(
  'lottery_bets',
  {
    id: integer('id')
      .notNull()
      .default(sql`nextval('lottery_bet_ids')`),
    betNo: text('bet_no').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    lotteryCode: text('lottery_code').notNull(),
    periodId: integer('period_id')
      .notNull()
      .references(() => lotteryPeriods.id),
    playCode: text('play_code').notNull(),
    codes: text('codes').notNull(),
    itemCount: integer('item_count').notNull(),
    multiple: integer('multiple').notNull(),
    unitFen: bigint('unit_fen', { mode: 'bigint' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    odds: jsonb('odds').$type<Record<string, number>>().notNull(),
    status: text('status', { enum: ['pending', 'won', 'lost', 'cancelled', 'refunded'] })
      .notNull()
      .default('pending'),
    payout: bigint('payout', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    winningItems: integer('winning_items').notNull().default(0),
    cancelReason: text('cancel_reason'),
    /**
     * Who cancelled or refunded the bet, written with its status and reason: `member` (the
     * member's own cancel) or `job:lottery-scheduler` (a failed draw's refund). Null otherwise.
     */
    cancelledBy: text('cancelled_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /**
     * 合买: the plan this bet was placed for (modules/syndicates). The bet is its initiator's; its
     * stake came from the holders' frozen shares and its payout is split among them.
     */
    syndicateId: integer('syndicate_id'),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.createdAt] }),
    // A plan's bets (written once, at insert: settlement's updates stay HOT).
    index('lottery_bets_syndicate_idx')
      .on(t.syndicateId)
      .where(sql`${t.syndicateId} IS NOT NULL`),
    // Settlement walks a period's pending bets in (member, id) order. No index holds `status` (nor
    // anything else settlement writes), and the table keeps half of each page free (fillfactor 50,
    // migration 0027): settling a bet rewrites its row on its own page and touches no index (a HOT
    // update), 2,500 bets in 16 ms instead of 75 ms with an index entry per index and bet.
    index('lottery_bets_period_idx').on(t.periodId, t.memberId, t.id),
    index('lottery_bets_member_idx').on(t.memberId, t.id),
    check(
      'lottery_bets_amounts',
      sql`${t.amount} = ${t.itemCount} * ${t.unitFen} * ${t.multiple} AND ${t.amount} > 0 AND ${t.payout} >= 0`,
    ),
  ],
);

/**
 * The number of every lottery bet, unique across every month of `lottery_bets`; written in the same
 * statement as its bet (`insertBetsIfOpen`), which it points at by id and month.
 */
export const lotteryBetNumbers = pgTable('lottery_bet_numbers', {
  betNo: text('bet_no').primaryKey(),
  betId: integer('bet_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Notices to members about their lottery bets (a cancelled draw and its refund). */
export const lotteryNotices = pgTable(
  'lottery_notices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    periodId: integer('period_id')
      .notNull()
      .references(() => lotteryPeriods.id),
    title: text('title').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lottery_notices_member_period_uq').on(t.memberId, t.periodId),
    index('lottery_notices_member_idx').on(t.memberId, t.id),
  ],
);
