import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { orderNumbers } from './sports.table.ts';

/**
 * The book's liability cap per outcome, set by risk operators. `scope` says what `key` names:
 * a sport (`football`), a play type (`football.winDrawLose`) or a match (`10001`). For an
 * outcome the most specific row wins: match, then play type, then sport, then BOOK_DEFAULT_CAP_FEN.
 * Scope `member_default` holds the book-wide member limits (`max_stake`, `max_payout_per_match`)
 * that apply where a member's own `member_bet_limits` row does not set one.
 */
export const bookLimits = pgTable(
  'book_limits',
  {
    scope: text('scope', { enum: ['sport', 'play_type', 'match', 'member_default'] }).notNull(),
    key: text('key').notNull(),
    maxLiability: bigint('max_liability', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    operatorId: integer('operator_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    check('book_limits_nonneg', sql`${t.maxLiability} >= 0`),
  ],
);

/**
 * What the house would pay beyond stakes if this outcome wins, over open orders (book.service.ts
 * documents the rule), kept in BOOK_SHARDS rows per outcome so that orders on one popular outcome
 * do not all queue for one row. An outcome's liability is the sum of its shards'. Each shard holds
 * an `allotment`, its part of the outcome's cap room, and the `cap` it was allotted under: a
 * submit adds to one shard while that shard stays within its allotment under the current cap, and
 * otherwise locks every shard of the outcome, checks the sum against the cap and allots the room
 * again (book.service.ts reserveLiability). The allotments of an outcome never sum past its cap.
 */
export const bookExposure = pgTable(
  'book_exposure',
  {
    matchId: integer('match_id').notNull(),
    playType: text('play_type').notNull(),
    optionKey: text('option_key').notNull(),
    shard: smallint('shard').notNull().default(0),
    liability: bigint('liability', { mode: 'bigint' }).notNull(),
    allotment: bigint('allotment', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    cap: bigint('cap', { mode: 'bigint' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.playType, t.optionKey, t.shard] })],
);

/** Each open order's share of each outcome's liability: what settlement takes back. */
export const bookOrderExposure = pgTable(
  'book_order_exposure',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orderNumbers.orderId),
    matchId: integer('match_id').notNull(),
    playType: text('play_type').notNull(),
    optionKey: text('option_key').notNull(),
    /** The outcome's shard this share was added to, and is taken back from. */
    shard: smallint('shard').notNull().default(0),
    liability: bigint('liability', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.matchId, t.playType, t.optionKey] })],
);
