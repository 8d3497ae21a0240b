/**
 * 有效投注 as rows: every settled valid bet of every member as (member_id, amount, settled_at),
 * by the one definition of packages/shared/src/domain/valid-bets.ts. The promotions' turnover
 * tiers and the invite commission read it; the figures they show agree with VIP and the reports.
 * It names three modules' tables (sports orders, lottery bets, game records) by their SQL names,
 * as the reports do, so no module depends on the others for it.
 */
import { VALID_BET_CATEGORIES, type ValidBetCategory } from '@app/shared';
import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';
import { rowsOf } from './rows.ts';
import { sql } from './sql.ts';

const SOURCES: Record<ValidBetCategory, SQL> = {
  /**
   * Sports orders decided won or lost (not those a 免费投注券 staked: the member staked nothing);
   * a 合买 plan's order counts for each holder, their shares' amount (not all for its initiator).
   */
  sports: sql`SELECT member_id, total_amount AS amount, settled_at FROM orders
    WHERE status IN ('won', 'lost') AND free_bet_id IS NULL AND syndicate_id IS NULL
    UNION ALL
    SELECT h.member_id, h.amount, p.settled_at FROM syndicate_holders h JOIN syndicate_plans p ON p.id = h.plan_id
    WHERE p.game = 'sports' AND p.status IN ('won', 'lost')`,
  /** Lottery bets decided won or lost; a 合买 plan's bets count for each holder, as in sports. */
  lottery: sql`SELECT member_id, amount, settled_at FROM lottery_bets
    WHERE status IN ('won', 'lost') AND syndicate_id IS NULL
    UNION ALL
    SELECT h.member_id, h.amount, p.settled_at FROM syndicate_holders h JOIN syndicate_plans p ON p.id = h.plan_id
    WHERE p.game = 'lottery' AND p.status IN ('won', 'lost')`,
  /** Game rounds the provider settled (the record sync copies finished rounds only), by when played. */
  games: sql`SELECT member_id, bet AS amount, played_at AS settled_at FROM game_records WHERE bet > 0`,
};

/** The valid bets of the categories (all by default), as a subquery to select from. */
export function validBetRows(categories: readonly ValidBetCategory[] = VALID_BET_CATEGORIES): SQL {
  return sql`(${sql.join(
    categories.map((c) => SOURCES[c]),
    sql` UNION ALL `,
  )})`;
}

/** A member's 有效投注 settled within [from, to), 分 (the promotions' conditions and tiers). */
export async function memberValidBets(db: Db | Tx, memberId: number, from: Date, to: Date): Promise<bigint> {
  const [row] = rowsOf<{ total: string | null }>(
    await db.execute(sql`
      SELECT COALESCE(SUM(v.amount), 0)::text AS total FROM ${validBetRows()} v
      WHERE v.member_id = ${memberId}
        AND v.settled_at >= ${from.toISOString()} AND v.settled_at < ${to.toISOString()}`),
  );
  return BigInt(row?.total ?? '0');
}
