/**
 * The database reads the proofs (src/proofs) and the betting benchmark need: open 胜平负 markets,
 * a fingerprint of one member's rows, and chaos's verdict counts. Kept here, with the test
 * helpers, because repositories hold only what the product itself runs.
 */
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { matches, matchMarkets } from '../modules/sports/sports.table.ts';

/** Scheduled football matches kicking off after `after`, with their 胜平负 odds, soonest first. */
export function openWinDrawLose(db: Db, after: Date, limit: number) {
  return db
    .select({ id: matches.id, odds: matchMarkets.odds })
    .from(matches)
    .innerJoin(
      matchMarkets,
      and(eq(matchMarkets.matchId, matches.id), eq(matchMarkets.playType, 'football.winDrawLose')),
    )
    .where(and(eq(matches.sport, 'football'), eq(matches.status, 'scheduled'), gt(matches.kickoffAt, after)))
    .orderBy(asc(matches.kickoffAt))
    .limit(limit);
}

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function count(db: Db, query: SQL): Promise<number> {
  return Number(rows<{ n: string }>(await db.execute(query))[0]!.n);
}

/** A fingerprint of each table's rows of one member (every table with a member_id, and the member row). */
export async function memberRowsDigest(db: Db, memberId: number): Promise<Map<string, string>> {
  const tables = rows<{ table_name: string }>(
    await db.execute(sql`
      SELECT table_name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name = 'member_id' AND table_name <> 'proof_changes'`),
  ).map((r) => r.table_name);
  const out = new Map<string, string>();
  for (const table of [...tables, 'members']) {
    const key = sql.identifier(table === 'members' ? 'id' : 'member_id');
    const digest = await db.execute(
      sql`SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS d FROM ${sql.identifier(table)} x WHERE x.${key} = ${memberId}`,
    );
    out.set(table, rows<{ d: string }>(digest)[0]!.d);
  }
  return out;
}

export const pendingGameTransfers = (db: Db) =>
  count(db, sql`SELECT count(*) AS n FROM game_transfers WHERE status = 'pending'`);

export const negativeWallets = (db: Db) =>
  count(db, sql`SELECT count(*) AS n FROM wallets WHERE balance < 0`);

const among = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Rows of a table (with a member_id column) belonging to these members. */
export const memberRowCount = (db: Db, table: string, ids: number[]) =>
  count(db, sql`SELECT count(*) AS n FROM ${sql.identifier(table)} WHERE member_id IN (${among(ids)})`);

/** Deposits of these members whose credit does not match their status (paid ⇔ one deposit entry). */
export const depositsOutOfStep = (db: Db, ids: number[]) =>
  count(
    db,
    sql`SELECT count(*) AS n FROM payment_orders o
      WHERE o.member_id IN (${among(ids)}) AND (o.status = 'paid') <> EXISTS (
        SELECT 1 FROM ledger_entries e WHERE e.type = 'deposit' AND e.idempotency_key = 'deposit:' || o.id)`,
  );

/** Members whose balance at the (simulated) game provider differs from what the ledger moved there. */
export const providerDrift = (db: Db, ids: number[]) =>
  count(
    db,
    sql`SELECT count(*) AS n FROM (
        SELECT m.id, coalesce(p.balance, 0) AS provider,
          -coalesce((SELECT sum(amount) FROM ledger_entries e
            WHERE e.member_id = m.id AND e.type IN ('game_in', 'game_out')), 0) AS moved
        FROM members m LEFT JOIN game_sim_players p ON p.member_id = m.id
        WHERE m.id IN (${among(ids)})) x
      WHERE provider <> moved`,
  );
