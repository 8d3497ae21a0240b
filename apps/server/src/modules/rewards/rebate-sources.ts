import type { RebatableBet, RebateCategory } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { betTableSource } from './rewards.repo.ts';

/**
 * Where a rebate category's bets come from: the member's settled valid bets (won or lost;
 * refunds and cancellations are not valid bets) that no rebate record covers yet, oldest first.
 */
export interface RebateSource {
  category: RebateCategory;
  /** The member's uncovered bets, settled before `settledBefore` when given. */
  uncovered(db: Db, memberId: number, limit: number, settledBefore?: Date): Promise<RebatableBet[]>;
  /** Members above `afterMemberId` with uncovered bets settled before `settledBefore`, by id (the daily run). */
  membersWithUncovered(db: Db, settledBefore: Date, afterMemberId: number, limit: number): Promise<number[]>;
}

/** A bets table described by its columns; any table of settled bets becomes a source this way. */
export interface BetTableSpec {
  category: RebateCategory;
  table: string;
  /** Column of the bet's number shown to the member. */
  betNo: string;
  /** Column of the valid bet in 分. */
  amount: string;
  /** Column of when the bet was settled (its Shanghai day is the rebate's day); `settled_at` by default. */
  settledAt?: string;
  /**
   * Statuses (in the `status` column) that make a bet valid; leave out for a table that holds
   * settled bets only, such as a provider's finished game rounds.
   */
  validStatuses?: readonly string[];
  /** A further condition on the bet row `b` (SQL), for bets of the table that earn no rebate. */
  onlyWhere?: string;
}

/**
 * Sports orders (modules/sports): the stake of each settled order. A 合买 plan's order is staked
 * by its holders, not its initiator, and earns no rebate (docs/decisions/034).
 */
export const sportsRebateSource = betTableSource({
  category: 'sports',
  table: 'orders',
  betNo: 'order_no',
  amount: 'total_amount',
  validStatuses: ['won', 'lost'],
  onlyWhere: 'b.syndicate_id IS NULL',
});

/** Lottery bets (modules/lottery): the amount of each settled bet (a 合买 plan's earn none, as in sports). */
export const lotteryRebateSource = betTableSource({
  category: 'lottery',
  table: 'lottery_bets',
  betNo: 'bet_no',
  amount: 'amount',
  validStatuses: ['won', 'lost'],
  onlyWhere: 'b.syndicate_id IS NULL',
});

/**
 * Slot and casino games (modules/games): each round the provider settled and the record sync
 * copied into `game_records` (only finished rounds are copied), its stake the valid bet, its
 * day the day it was played. Transfers to and from the game wallet are not bets.
 */
export const gamesRebateSource = betTableSource({
  category: 'games',
  table: 'game_records',
  betNo: 'round_id',
  amount: 'bet',
  settledAt: 'played_at',
});

export const DEFAULT_REBATE_SOURCES: readonly RebateSource[] = [
  sportsRebateSource,
  lotteryRebateSource,
  gamesRebateSource,
];
