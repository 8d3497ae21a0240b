import { type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

export interface Range {
  from: Date;
  to: Date;
}

const day = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')`);

/** Restricts to members of one agent (the agent itself included) when given. */
const agentScope = (alias: string, agentId: number | undefined): SQL =>
  agentId === undefined
    ? sql`TRUE`
    : sql`${sql.raw(alias)}.member_id IN (SELECT id FROM members WHERE agent_id = ${agentId} OR id = ${agentId})`;

/** Site-wide ledger sums per Shanghai day and type; bet types also per reference type (the product). */
export async function ledgerSumsByDay(db: Db, range: Range, agentId?: number) {
  const result = await db.execute(sql`
    SELECT ${day('e.created_at')} AS day, e.type,
      CASE WHEN e.type IN ('bet', 'bet_refund', 'payout', 'settle_correction', 'free_bet', 'cash_out') THEN e.reference_type END AS reference_type,
      SUM(e.amount) AS total
    FROM ledger_entries e
    WHERE e.created_at >= ${range.from} AND e.created_at < ${range.to} AND ${agentScope('e', agentId)}
    GROUP BY 1, 2, 3`);
  return rowsOf<{ day: string; type: string; reference_type: string | null; total: string | bigint }>(
    result,
  ).map((r) => ({ day: r.day, type: r.type, referenceType: r.reference_type, total: BigInt(r.total) }));
}

/** Settled game rounds per Shanghai day. */
export async function gameSumsByDay(db: Db, range: Range, agentId?: number) {
  const result = await db.execute(sql`
    SELECT ${day('g.played_at')} AS day, SUM(g.bet) AS bets, SUM(g.payout) AS payouts
    FROM game_records g
    WHERE g.played_at >= ${range.from} AND g.played_at < ${range.to} AND ${agentScope('g', agentId)}
    GROUP BY 1`);
  return rowsOf<{ day: string; bets: string | bigint; payouts: string | bigint }>(result).map((r) => ({
    day: r.day,
    bets: BigInt(r.bets),
    payouts: BigInt(r.payouts),
  }));
}

/** New members and members who bet (sports, lottery or a game round), per Shanghai day. */
export async function memberCountsByDay(db: Db, range: Range, agentId?: number) {
  const scope = agentId === undefined ? sql`TRUE` : sql`(m.agent_id = ${agentId} OR m.id = ${agentId})`;
  const [registered, active] = await Promise.all([
    db.execute(sql`
      SELECT ${day('m.created_at')} AS day, COUNT(*) AS n FROM members m
      WHERE m.created_at >= ${range.from} AND m.created_at < ${range.to} AND ${scope}
      GROUP BY 1`),
    db.execute(sql`
      SELECT day, COUNT(DISTINCT member_id) AS n FROM (
        SELECT ${day('e.created_at')} AS day, e.member_id FROM ledger_entries e
        WHERE e.type = 'bet' AND e.created_at >= ${range.from} AND e.created_at < ${range.to} AND ${agentScope('e', agentId)}
        UNION ALL
        SELECT ${day('g.played_at')} AS day, g.member_id FROM game_records g
        WHERE g.played_at >= ${range.from} AND g.played_at < ${range.to} AND ${agentScope('g', agentId)}
      ) t GROUP BY day`),
  ]);
  const toMap = (rows: Array<{ day: string; n: string | number }>) =>
    new Map(rows.map((r) => [r.day, Number(r.n)]));
  return {
    registered: toMap(rowsOf<{ day: string; n: string | number }>(registered)),
    active: toMap(rowsOf<{ day: string; n: string | number }>(active)),
  };
}
