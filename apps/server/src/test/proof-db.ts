/**
 * The database reads the proofs (src/proofs) and the betting benchmark need: open 胜平负 markets,
 * a fingerprint of one member's rows, and chaos's verdict counts. Kept here, with the test
 * helpers, because repositories hold only what the product itself runs.
 */
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { activities } from '../modules/activities/activities.table.ts';
import { matches, matchMarkets } from '../modules/sports/sports.table.ts';
import { demoActivities } from '../seed/community.ts';

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

/**
 * Money that entered or left each member's account in ledger entries after `afterEntryId`, in 分
 * and either sign (moves between a member's own wallets are not money moved): the dual-control
 * proof's ground truth of what operators moved.
 */
export async function moneyMovedSince(db: Db, afterEntryId: bigint): Promise<Map<number, bigint>> {
  const out = new Map<number, bigint>();
  for (const r of rows<{ member_id: number; moved: string }>(
    await db.execute(sql`
      SELECT w.member_id, SUM(ABS(e.amount))::text AS moved
      FROM ledger_entries e JOIN wallets w ON w.id = e.wallet_id
      WHERE e.id > ${afterEntryId}
        AND e.type NOT IN ('withdraw_freeze', 'withdraw_unfreeze', 'transfer_out', 'transfer_in', 'game_in', 'game_out', 'game_refund')
      GROUP BY w.member_id`),
  ))
    out.set(Number(r.member_id), BigInt(r.moved));
  return out;
}

/** The newest ledger entry's id (0 when none). */
export async function lastLedgerEntryId(db: Db): Promise<bigint> {
  return BigInt(
    rows<{ id: string | null }>(await db.execute(sql`SELECT MAX(id)::text AS id FROM ledger_entries`))[0]
      ?.id ?? 0,
  );
}

/** The demo activities, inserted with a suffix on their slugs; their ids by slug (without the suffix). */
export async function insertDemoActivities(db: Db, now: Date, suffix: string): Promise<Map<string, number>> {
  const inserted = await db.insert(activities).values(demoActivities(now, suffix)).returning();
  return new Map(inserted.map((r) => [r.slug.slice(0, r.slug.length - suffix.length), r.id]));
}

/** Periods of a lottery due to draw in the window: how many are drawn and settled, how many not. */
export async function lotteryPeriodsDue(db: Db, code: string, from: Date, to: Date) {
  const [row] = rows<{ drawn: number; undrawn: number }>(
    await db.execute(sql`
      SELECT count(*) FILTER (WHERE status = 'drawn' AND settled_at IS NOT NULL)::int AS drawn,
             count(*) FILTER (WHERE status <> 'drawn' OR settled_at IS NULL)::int AS undrawn
        FROM lottery_periods
       WHERE lottery_code = ${code} AND draw_at > ${from} AND draw_at < ${to}`),
  );
  return row!;
}
