import { sql } from 'drizzle-orm';
import type { RebatableBet, RebateCategory } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../ledger/ledger.repo.ts';

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
}

interface BetRow {
  id: number;
  bet_no: string;
  amount: string | bigint;
  settled_at: string | Date;
}

/**
 * A source over a table with `id` and `member_id` columns, the spec's bet number, amount and
 * settlement columns and, unless every row is a settled bet, a `status` column. A bet with no
 * stake (a free round) is not a valid bet.
 */
export function betTableSource(spec: BetTableSpec): RebateSource {
  const t = sql.raw(spec.table);
  const settledAt = sql.raw(`b.${spec.settledAt ?? 'settled_at'}`);
  const amount = sql.raw(`b.${spec.amount}`);
  const valid = spec.validStatuses
    ? sql`b.status IN (${sql.join(
        spec.validStatuses.map((s) => sql`${s}`),
        sql`, `,
      )})`
    : sql`TRUE`;
  const uncovered = sql`${valid} AND ${settledAt} IS NOT NULL AND ${amount} > 0
    AND NOT EXISTS (SELECT 1 FROM rebate_items ri WHERE ri.category = ${spec.category} AND ri.bet_id = b.id)`;
  return {
    category: spec.category,
    async uncovered(db, memberId, limit, settledBefore) {
      const result = await db.execute(sql`
        SELECT b.id, b.${sql.raw(spec.betNo)} AS bet_no, ${amount} AS amount, ${settledAt} AS settled_at
        FROM ${t} b
        WHERE b.member_id = ${memberId} AND ${uncovered}
          ${settledBefore ? sql`AND ${settledAt} < ${settledBefore}` : sql``}
        ORDER BY b.id
        LIMIT ${limit}`);
      return rowsOf<BetRow>(result).map((r) => ({
        category: spec.category,
        betId: Number(r.id),
        betNo: r.bet_no,
        amount: BigInt(r.amount),
        settledAt: new Date(r.settled_at),
      }));
    },
    async membersWithUncovered(db, settledBefore, afterMemberId, limit) {
      const result = await db.execute(sql`
        SELECT DISTINCT b.member_id FROM ${t} b
        WHERE b.member_id > ${afterMemberId} AND ${uncovered} AND ${settledAt} < ${settledBefore}
        ORDER BY b.member_id
        LIMIT ${limit}`);
      return rowsOf<{ member_id: number }>(result).map((r) => Number(r.member_id));
    },
  };
}

/** Sports orders (modules/sports): the stake of each settled order. */
export const sportsRebateSource = betTableSource({
  category: 'sports',
  table: 'orders',
  betNo: 'order_no',
  amount: 'total_amount',
  validStatuses: ['won', 'lost'],
});

/** Lottery bets (modules/lottery): the amount of each settled bet. */
export const lotteryRebateSource = betTableSource({
  category: 'lottery',
  table: 'lottery_bets',
  betNo: 'bet_no',
  amount: 'amount',
  validStatuses: ['won', 'lost'],
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
