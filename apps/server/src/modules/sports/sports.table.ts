import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../accounts/schema.ts';

export const leagues = pgTable(
  'leagues',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    sport: text('sport', { enum: ['football', 'basketball'] }).notNull(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    country: text('country').notNull(),
    color: text('color').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('leagues_code_uq').on(t.code)],
);

export const teams = pgTable(
  'teams',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    leagueId: integer('league_id')
      .notNull()
      .references(() => leagues.id),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('teams_code_uq').on(t.code)],
);

export type MatchStatus = 'scheduled' | 'live' | 'finished' | 'postponed' | 'cancelled';

/** A fixture as our system knows it, kept in step with the feed. */
export const matches = pgTable(
  'matches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 10001 }),
    externalId: text('external_id').notNull(),
    feed: text('feed').notNull(),
    sport: text('sport', { enum: ['football', 'basketball'] }).notNull(),
    leagueId: integer('league_id')
      .notNull()
      .references(() => leagues.id),
    homeTeamId: integer('home_team_id')
      .notNull()
      .references(() => teams.id),
    awayTeamId: integer('away_team_id')
      .notNull()
      .references(() => teams.id),
    matchNo: text('match_no').notNull(),
    kickoffAt: timestamp('kickoff_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['scheduled', 'live', 'finished', 'postponed', 'cancelled'] })
      .notNull()
      .default('scheduled'),
    bettingOpen: boolean('betting_open').notNull().default(true),
    period: text('period').notNull().default('NS'),
    minute: smallint('minute'),
    clock: text('clock').notNull().default('未开赛'),
    homeScore: smallint('home_score').notNull().default(0),
    awayScore: smallint('away_score').notNull().default(0),
    htHome: smallint('ht_home'),
    htAway: smallint('ht_away'),
    periods: jsonb('periods')
      .notNull()
      .default(sql`'[]'::jsonb`),
    events: jsonb('events')
      .notNull()
      .default(sql`'[]'::jsonb`),
    stats: jsonb('stats')
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** The settled result (engine MatchResult), set when the match is over. */
    result: jsonb('result'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    oddsUpdatedAt: timestamp('odds_updated_at', { withTimezone: true }),
    /** In play (滚球): the feed's in-play markets are in their window (live, before the closing minutes). */
    liveOpen: boolean('live_open').notNull().default(false),
    /** In-play markets suspended now (a dangerous event, a break, the closing minutes), and why. */
    liveSuspended: boolean('live_suspended').notNull().default(false),
    liveSuspendReason: text('live_suspend_reason'),
    /** Start of the current or most recent suspension (feed time): a bet placed before it is refused. */
    liveSuspendedAt: timestamp('live_suspended_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('matches_external_uq').on(t.feed, t.externalId),
    index('matches_sport_kickoff_idx').on(t.sport, t.kickoffAt),
    index('matches_status_idx').on(t.status, t.kickoffAt),
  ],
);

/** Current odds of one play type of one match; `version` rises with every change. */
export const matchMarkets = pgTable(
  'match_markets',
  {
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id),
    playType: text('play_type').notNull(),
    line: text('line'),
    odds: jsonb('odds').$type<Record<string, string>>().notNull(),
    /** 单关: the pool takes a bet on this match alone (竞彩 sets it per pool; off, only parlays). */
    single: boolean('single').notNull().default(true),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.playType] })],
);

/** 'confirming': an in-play order in its bet delay; 'rejected': refused at the end of it (refunded). */
export type OrderStatus = 'confirming' | 'pending' | 'won' | 'lost' | 'refunded' | 'rejected' | 'cashed_out';

/** Order and leg ids: a partitioned table in PostgreSQL 15 takes no identity column (migration 0060). */
export const orderIds = pgSequence('order_ids', { maxValue: 2147483647 });
export const orderLegIds = pgSequence('order_leg_ids', { maxValue: 2147483647 });

/**
 * A 竞彩 order. Partitioned by Beijing month of `created_at` (migration 0060, decision 042): the
 * primary key carries the month, the indexes are per partition, housekeeping creates months ahead,
 * and every partition keeps half of each page free (fillfactor 50, copied from `orders_default`).
 * An order number's uniqueness spans every month, which a partitioned index cannot enforce: it lives
 * in `order_numbers`, written in the same statement as the order, and the tables that point at an
 * order (晒单, 跟单 commissions, exposure, boosts, cash-outs) point at that row.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id')
      .notNull()
      .default(sql`nextval('order_ids')`),
    orderNo: text('order_no').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    sport: text('sport', { enum: ['football', 'basketball'] }).notNull(),
    betMode: text('bet_mode', { enum: ['single', 'mixed'] }).notNull(),
    passType: text('pass_type').notNull(),
    multiple: integer('multiple').notNull(),
    /** 奖金优化: each bet's own multiple in `betsOf` order (null: every bet at `multiple`). */
    multiples: integer('multiples').array(),
    matchCount: integer('match_count').notNull(),
    betCount: integer('bet_count').notNull(),
    totalAmount: bigint('total_amount', { mode: 'bigint' }).notNull(),
    maxPrize: bigint('max_prize', { mode: 'bigint' }).notNull(),
    payout: bigint('payout', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    status: text('status', {
      enum: ['confirming', 'pending', 'won', 'lost', 'refunded', 'rejected', 'cashed_out'],
    })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** In play: when the bet delay ends and the order is decided (null for an all-pre-match order). */
    acceptAt: timestamp('accept_at', { withTimezone: true }),
    /**
     * While the order is confirming: when its bet delay ends (its accept_at); null once it is
     * decided. What the acceptance job looks orders up by, so no index needs `status`.
     */
    confirmDueAt: timestamp('confirm_due_at', { withTimezone: true }),
    /** The member's odds-change policy when the order was placed (in-play orders are decided by it). */
    oddsPolicy: text('odds_policy', { enum: ['any', 'higher', 'none'] }),
    rejectReason: text('reject_reason'),
    /** 免费投注券 that is the whole stake: the member paid nothing (no stake debit, not a valid bet). */
    freeBetId: integer('free_bet_id'),
    /**
     * 部分提前结算: the stake of the shares already cashed out, and what they paid. The order's
     * multiples, total_amount and max_prize are those of the rest, still in play.
     */
    cashedOutStake: bigint('cashed_out_stake', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    cashedOutAmount: bigint('cashed_out_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** 跟单: the 晒单 this order copies (its publisher earns a commission on its winnings). */
    followPostId: integer('follow_post_id'),
    /**
     * 合买: the plan this order was placed for (modules/syndicates). The order is its initiator's;
     * its stake came from the holders' frozen shares and its payout is split among them at settlement.
     */
    syndicateId: integer('syndicate_id'),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.createdAt] }),
    index('orders_member_idx').on(t.memberId, t.createdAt),
    // No index holds what settlement writes (status, payout, settled_at), nor has it in its
    // predicate, and the table keeps half of each page free (fillfactor 50, migration 0029):
    // settling an order rewrites its row on its own page and touches no index (a HOT update).
    // Orders to settle are found through their legs (order_legs_match_idx), confirming ones by
    // their due time, which only they have.
    // 跟单: a 晒单's copies (written once, at insert: settlement's updates stay HOT).
    index('orders_follow_post_idx')
      .on(t.followPostId)
      .where(sql`${t.followPostId} IS NOT NULL`),
    index('orders_confirm_due_idx')
      .on(t.confirmDueAt, t.id)
      .where(sql`${t.confirmDueAt} IS NOT NULL`),
    check(
      'orders_confirming_accept_at',
      sql`${t.status} <> 'confirming' OR (${t.acceptAt} IS NOT NULL AND ${t.oddsPolicy} IS NOT NULL)`,
    ),
    check('orders_confirm_due', sql`(${t.status} = 'confirming') = (${t.confirmDueAt} IS NOT NULL)`),
    check('orders_amounts_nonneg', sql`${t.totalAmount} > 0 AND ${t.payout} >= 0`),
  ],
);

/**
 * Every order's number and id, one row per order across every month of `orders` (which can hold a
 * unique index only with the month in it): written in the same statement as its order
 * (`insertOrderReadingSuspensions`). What other tables' foreign keys to an order point at.
 */
export const orderNumbers = pgTable('order_numbers', {
  orderNo: text('order_no').primaryKey(),
  orderId: integer('order_id').notNull().unique('order_numbers_order_id_uq'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * One chosen option of an order, with the odds it was accepted at (出票赔率). Partitioned with its
 * order: `created_at` is the order's, so an order and its legs sit in the same month.
 */
export const orderLegs = pgTable(
  'order_legs',
  {
    id: integer('id')
      .notNull()
      .default(sql`nextval('order_leg_ids')`),
    orderId: integer('order_id').notNull(),
    /** The order's `created_at`: the month the leg is kept in, and half of its key to the order. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    position: smallint('position').notNull(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id),
    playType: text('play_type').notNull(),
    optionKey: text('option_key').notNull(),
    odds: text('odds').notNull(),
    line: text('line'),
    status: text('status', { enum: ['pending', 'won', 'lost', 'void'] })
      .notNull()
      .default('pending'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** Placed while the match was live (滚球): decided after the bet delay. */
    inPlay: boolean('in_play').notNull().default(false),
    /**
     * In play: the match's most recent suspension when the leg was placed. A later one (an event
     * the feed reported after the bet, even one that happened just before it) refuses the order.
     */
    liveSuspendedSeenAt: timestamp('live_suspended_seen_at', { withTimezone: true }),
  },
  (t) => [
    // No index holds `status` or `settled_at` (what settlement writes), and the table keeps half
    // of each page free (fillfactor 50, migration 0028): deciding a leg rewrites its row on its
    // own page and touches no index (a HOT update). (match_id, order_id): a match's orders are
    // read from the index alone.
    primaryKey({ columns: [t.id, t.createdAt] }),
    foreignKey({
      name: 'order_legs_order_fk',
      columns: [t.orderId, t.createdAt],
      foreignColumns: [orders.id, orders.createdAt],
    }),
    index('order_legs_match_idx').on(t.matchId, t.orderId),
    index('order_legs_order_idx').on(t.orderId),
  ],
);

/** A member's sports betting preferences; no row means the defaults (odds policy 'higher'). */
export const sportsPreferences = pgTable(
  'sports_preferences',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => members.id),
    oddsPolicy: text('odds_policy', { enum: ['any', 'higher', 'none'] }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('sports_preferences_odds_policy', sql`${t.oddsPolicy} IN ('any', 'higher', 'none')`)],
);
