import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { pgArray, rowsOf } from '../ledger/ledger.repo.ts';
import { bookLimits, bookOrderExposure } from './book.table.ts';

export type BookLimitRow = typeof bookLimits.$inferSelect;
export type BookScope = BookLimitRow['scope'];

export interface OutcomeKey {
  matchId: number;
  playType: string;
  optionKey: string;
}
export interface OutcomeShare extends OutcomeKey {
  liability: bigint;
}

/**
 * Adds each share to its outcome's liability and returns the new totals. The upsert locks each
 * row until commit, so racing submits on one outcome are decided one after another; shares are
 * taken in key order so two orders on the same outcomes never deadlock.
 */
/**
 * Adds each share to its outcome's liability in one statement and returns the new totals in the
 * shares' order. Shares are one per outcome and sorted (outcomeShares), so concurrent orders take
 * the outcome rows' locks in the same order.
 */
export async function addExposure(tx: Tx, shares: readonly OutcomeShare[], now: Date): Promise<bigint[]> {
  if (!shares.length) return [];
  const at = now.toISOString();
  const rows = rowsOf<{
    match_id: number | string;
    play_type: string;
    option_key: string;
    liability: string;
  }>(
    await tx.execute(sql`
      INSERT INTO book_exposure (match_id, play_type, option_key, liability, updated_at)
      VALUES ${sql.join(
        shares.map(
          (s) =>
            sql`(${s.matchId}::int, ${s.playType}, ${s.optionKey}, ${s.liability}::bigint, ${at}::timestamptz)`,
        ),
        sql`, `,
      )}
      ON CONFLICT (match_id, play_type, option_key)
      DO UPDATE SET liability = book_exposure.liability + EXCLUDED.liability, updated_at = EXCLUDED.updated_at
      RETURNING match_id, play_type, option_key, liability::text AS liability`),
  );
  const totals = new Map(
    rows.map((r) => [`${Number(r.match_id)}|${r.play_type}|${r.option_key}`, BigInt(r.liability)]),
  );
  return shares.map((s) => totals.get(`${s.matchId}|${s.playType}|${s.optionKey}`) ?? 0n);
}

/**
 * The submit's book in one statement: adds each share to its outcome's liability (as addExposure,
 * rows locked in the shares' sorted order), records the shares as the order's, and reads the caps
 * that could apply (scope, key pairs of `capKeys`). One round trip while the outcome rows are
 * held: every order on a popular outcome waits for them. Totals come back in the shares' order.
 */
export async function bookOrderShares(
  tx: Tx,
  orderId: number,
  shares: readonly OutcomeShare[],
  capKeys: ReadonlyArray<{ scope: BookScope; key: string }>,
  now: Date,
): Promise<{ totals: bigint[]; caps: Array<Pick<BookLimitRow, 'scope' | 'key' | 'maxLiability'>> }> {
  if (!shares.length) return { totals: [], caps: [] };
  const rows = rowsOf<{ kind: 'total' | 'cap'; a: string; b: string; c: string | null; amount: string }>(
    await tx.execute(sql`
      WITH shares AS (
        SELECT * FROM unnest(
          ${pgArray(shares.map((s) => s.matchId))}::int[], ${pgArray(shares.map((s) => s.playType))}::text[],
          ${pgArray(shares.map((s) => s.optionKey))}::text[], ${pgArray(shares.map((s) => s.liability))}::bigint[]
        ) WITH ORDINALITY AS v(match_id, play_type, option_key, liability, n)
      ), booked AS (
        INSERT INTO book_exposure (match_id, play_type, option_key, liability, updated_at)
        SELECT match_id, play_type, option_key, liability, ${now.toISOString()}::timestamptz FROM shares ORDER BY n
        ON CONFLICT (match_id, play_type, option_key)
        DO UPDATE SET liability = book_exposure.liability + EXCLUDED.liability, updated_at = EXCLUDED.updated_at
        RETURNING match_id, play_type, option_key, liability
      ), recorded AS (
        INSERT INTO book_order_exposure (order_id, match_id, play_type, option_key, liability)
        SELECT ${orderId}::int, match_id, play_type, option_key, liability FROM shares
      )
      SELECT 'total' AS kind, match_id::text AS a, play_type AS b, option_key AS c, liability::text AS amount
      FROM booked
      UNION ALL
      SELECT 'cap', scope, key, NULL, max_liability::text FROM book_limits
      WHERE (scope, key) IN (
        SELECT * FROM unnest(${pgArray(capKeys.map((k) => k.scope))}::text[], ${pgArray(capKeys.map((k) => k.key))}::text[])
      )`),
  );
  const totals = new Map<string, bigint>();
  const caps: Array<Pick<BookLimitRow, 'scope' | 'key' | 'maxLiability'>> = [];
  for (const r of rows) {
    if (r.kind === 'total') totals.set(`${Number(r.a)}|${r.b}|${r.c}`, BigInt(r.amount));
    else caps.push({ scope: r.a as BookScope, key: r.b, maxLiability: BigInt(r.amount) });
  }
  return {
    totals: shares.map((s) => totals.get(`${s.matchId}|${s.playType}|${s.optionKey}`) ?? 0n),
    caps,
  };
}

export async function insertOrderShares(tx: Tx, orderId: number, shares: readonly OutcomeShare[]) {
  if (!shares.length) return;
  await tx.insert(bookOrderExposure).values(shares.map((s) => ({ ...s, orderId })));
}

/**
 * Takes settled orders' shares back off their outcomes (in the settling transaction). Only
 * orders that this transaction flipped out of pending are passed, so a share is released once.
 * The list is a sub-select, which the planner takes for a few rows: one index lookup per order,
 * never a scan of the whole table for a settlement batch of thousands.
 */
export async function releaseOrders(tx: Db | Tx, orderIds: readonly number[], now: Date): Promise<void> {
  if (!orderIds.length) return;
  await tx.execute(sql`
    WITH gone AS (
      DELETE FROM book_order_exposure WHERE order_id = ANY((SELECT ${pgArray(orderIds)}::int[])::int[])
      RETURNING match_id, play_type, option_key, liability
    ), sums AS (
      SELECT match_id, play_type, option_key, SUM(liability) AS liability
      FROM gone GROUP BY match_id, play_type, option_key
      ORDER BY match_id, play_type, option_key
    )
    UPDATE book_exposure e SET liability = e.liability - s.liability, updated_at = ${now.toISOString()}::timestamptz
    FROM sums s
    WHERE e.match_id = s.match_id AND e.play_type = s.play_type AND e.option_key = s.option_key`);
}

/** The book-wide member limits (null: none), used where the member's own row sets none. */
export async function memberDefaults(
  db: Db | Tx,
): Promise<{ maxStake: bigint | null; maxPayoutPerMatch: bigint | null }> {
  const rows = rowsOf<{ key: string; max_liability: string }>(
    await db.execute(
      sql`SELECT key, max_liability::text AS max_liability FROM book_limits WHERE scope = 'member_default'`,
    ),
  );
  const of = (key: string) => {
    const row = rows.find((r) => r.key === key);
    return row ? BigInt(row.max_liability) : null;
  };
  return { maxStake: of('max_stake'), maxPayoutPerMatch: of('max_payout_per_match') };
}

/** Serialises one member's submits when a book-wide per-match limit applies to them. */
export async function lockMemberForBook(tx: Tx, memberId: number): Promise<void> {
  await tx.execute(sql`SELECT id FROM members WHERE id = ${memberId} FOR NO KEY UPDATE`);
}

export async function saveCap(tx: Tx, row: BookLimitRow): Promise<void> {
  await tx
    .insert(bookLimits)
    .values(row)
    .onConflictDoUpdate({
      target: [bookLimits.scope, bookLimits.key],
      set: {
        maxLiability: row.maxLiability,
        reason: row.reason,
        operatorId: row.operatorId,
        updatedAt: row.updatedAt,
      },
    });
}

export async function lockCap(tx: Tx, scope: BookScope, key: string): Promise<BookLimitRow | undefined> {
  const rows = await tx
    .select()
    .from(bookLimits)
    .where(sql`${bookLimits.scope} = ${scope} AND ${bookLimits.key} = ${key}`)
    .for('update');
  return rows[0];
}

export async function deleteCap(tx: Tx, scope: BookScope, key: string): Promise<void> {
  await tx.delete(bookLimits).where(sql`${bookLimits.scope} = ${scope} AND ${bookLimits.key} = ${key}`);
}

export async function allCaps(db: Db): Promise<BookLimitRow[]> {
  return db.select().from(bookLimits).orderBy(bookLimits.scope, bookLimits.key);
}

export interface ExposureListRow {
  match_id: number;
  match_no: string;
  sport: 'football' | 'basketball';
  home: string;
  away: string;
  kickoff_at: Date | string;
  play_type: string;
  option_key: string;
  liability: string;
}

/** Liability per outcome of matches not yet settled, biggest first. */
export async function openExposure(
  db: Db,
  q: { matchId?: number | undefined; limit: number; offset: number },
): Promise<{ rows: ExposureListRow[]; total: number }> {
  const where = sql`WHERE m.settled_at IS NULL AND e.liability > 0
    ${q.matchId === undefined ? sql`` : sql`AND e.match_id = ${q.matchId}`}`;
  const from = sql`FROM book_exposure e JOIN matches m ON m.id = e.match_id`;
  const [rows, total] = await Promise.all([
    db.execute(sql`
      SELECT e.match_id, m.match_no, m.sport, h.name AS home, a.name AS away, m.kickoff_at,
        e.play_type, e.option_key, e.liability::text AS liability
      ${from} JOIN teams h ON h.id = m.home_team_id JOIN teams a ON a.id = m.away_team_id
      ${where}
      ORDER BY e.liability DESC, e.match_id, e.play_type, e.option_key
      LIMIT ${q.limit} OFFSET ${q.offset}`),
    db.execute(sql`SELECT COUNT(*)::int AS n ${from} ${where}`),
  ]);
  return {
    rows: rowsOf<ExposureListRow>(rows),
    total: Number(rowsOf<{ n: number }>(total)[0]?.n ?? 0),
  };
}
