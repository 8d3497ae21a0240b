import { sql } from 'drizzle-orm';
import type { RebatableBet, RebateCategory } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../ledger/ledger.repo.ts';

/**
 * Where a rebate category's bets come from. A source answers the member's settled valid bets
 * (won or lost: refunds and cancellations are not valid bets) that no rebate record covers yet,
 * oldest first. Games plug in here once their records table exists.
 */
export interface RebateSource {
  category: RebateCategory;
  uncovered(db: Db, memberId: number, limit: number): Promise<RebatableBet[]>;
}

interface BetRow {
  id: number;
  bet_no: string;
  amount: string | bigint;
  settled_at: string | Date;
}

const toBet = (category: RebateCategory) => (r: BetRow) => ({
  category,
  betId: Number(r.id),
  betNo: r.bet_no,
  amount: BigInt(r.amount),
  settledAt: new Date(r.settled_at),
});

/** Sports orders (modules/sports): the stake of each settled order. */
export const sportsRebateSource: RebateSource = {
  category: 'sports',
  async uncovered(db, memberId, limit) {
    const result = await db.execute(sql`
      SELECT o.id, o.order_no AS bet_no, o.total_amount AS amount, o.settled_at
      FROM orders o
      WHERE o.member_id = ${memberId} AND o.status IN ('won', 'lost') AND o.settled_at IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM rebate_items ri WHERE ri.category = 'sports' AND ri.bet_id = o.id)
      ORDER BY o.id
      LIMIT ${limit}`);
    return rowsOf<BetRow>(result).map(toBet('sports'));
  },
};

/** Lottery bets (modules/lottery): the amount of each settled bet. */
export const lotteryRebateSource: RebateSource = {
  category: 'lottery',
  async uncovered(db, memberId, limit) {
    const result = await db.execute(sql`
      SELECT b.id, b.bet_no, b.amount, b.settled_at
      FROM lottery_bets b
      WHERE b.member_id = ${memberId} AND b.status IN ('won', 'lost') AND b.settled_at IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM rebate_items ri WHERE ri.category = 'lottery' AND ri.bet_id = b.id)
      ORDER BY b.id
      LIMIT ${limit}`);
    return rowsOf<BetRow>(result).map(toBet('lottery'));
  },
};

export const DEFAULT_REBATE_SOURCES: readonly RebateSource[] = [sportsRebateSource, lotteryRebateSource];
