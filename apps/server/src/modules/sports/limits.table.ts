import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../accounts/schema.ts';

/**
 * A member's own sports limits, set by risk operators: the most one order may stake, and the
 * most the member may win on any one match across their open orders (each order counted at its
 * maximum prize on every match it holds). Null = no limit of that kind.
 */
export const memberBetLimits = pgTable(
  'member_bet_limits',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => members.id),
    maxStake: bigint('max_stake', { mode: 'bigint' }),
    maxPayoutPerMatch: bigint('max_payout_per_match', { mode: 'bigint' }),
    reason: text('reason').notNull(),
    operatorId: integer('operator_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check(
      'member_bet_limits_positive',
      sql`(${t.maxStake} IS NULL OR ${t.maxStake} > 0) AND (${t.maxPayoutPerMatch} IS NULL OR ${t.maxPayoutPerMatch} > 0)`,
    ),
  ],
);
