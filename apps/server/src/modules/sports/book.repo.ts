import { sql } from '../../db/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { bookLimits, bookOrderExposure } from './book.table.ts';
import { pgArray, rowsOf } from '../../db/rows.ts';

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

export interface OrderShare extends OutcomeShare {
  /** The outcome's shard the share is added to (and taken back from). */
  shard: number;
}
/** One shard row of an outcome's liability (book.table.ts bookExposure). */
export interface ShardRow extends OutcomeKey {
  shard: number;
  liability: bigint;
  allotment: bigint;
  cap: bigint | null;
}
export type CapRow = Pick<BookLimitRow, 'scope' | 'key' | 'maxLiability'>;

/**
 * The shares as four array literals (match ids, play types, option keys, liabilities), for
 * `unnest($1::int[], $2::text[], $3::text[], $4::bigint[])` written out in the statement: a nested
 * `sql` fragment would make drizzle build the whole statement's text again on every run.
 */
const shareArrays = (shares: readonly OutcomeShare[]) =>
  [
    pgArray(shares.map((s) => s.matchId)),
    pgArray(shares.map((s) => s.playType)),
    pgArray(shares.map((s) => s.optionKey)),
    pgArray(shares.map((s) => s.liability)),
  ] as const;

/**
 * The fast path of a submit's book, one statement: adds each share to its outcome's row of
 * `shard` where that row exists, was allotted under the outcome's cap as it stands now (match,
 * then play type, then sport row, else `defaultCap`, as book.service capOf) and keeps the new
 * liability within its allotment; records the shares as the order's. The rows are taken in the
 * shares' (sorted) order. True when every share fitted; otherwise the caller must roll the whole
 * transaction back (rows that did fit stay locked and changed) and book under lockOutcomes.
 * A missing row is never created here: the INSERT only reaches rows that exist, and a row deleted
 * meanwhile comes back with no allotment, which does not fit.
 */
export async function addWithinAllotment(
  tx: Tx,
  orderId: number,
  shard: number,
  shares: readonly OutcomeShare[],
  defaultCap: bigint,
  now: Date,
): Promise<boolean> {
  if (!shares.length) return true;
  const [matchIds, playTypes, optionKeys, liabilities] = shareArrays(shares);
  const rows = rowsOf<{ fitted: number }>(
    await tx.execute(sql`
      WITH shares AS (
        SELECT * FROM unnest(${matchIds}::int[], ${playTypes}::text[], ${optionKeys}::text[], ${liabilities}::bigint[])
          WITH ORDINALITY AS v(match_id, play_type, option_key, liability, n)
      ), capped AS (
        SELECT s.*, COALESCE(
          (SELECT max_liability FROM book_limits WHERE scope = 'match' AND key = s.match_id::text),
          (SELECT max_liability FROM book_limits WHERE scope = 'play_type' AND key = s.play_type),
          (SELECT max_liability FROM book_limits WHERE scope = 'sport' AND key = split_part(s.play_type, '.', 1)),
          ${defaultCap}::bigint
        ) AS cap
        FROM shares s
        WHERE EXISTS (
          SELECT 1 FROM book_exposure e
          WHERE e.match_id = s.match_id AND e.play_type = s.play_type AND e.option_key = s.option_key
            AND e.shard = ${shard}::smallint
        )
      ), booked AS (
        INSERT INTO book_exposure AS e (match_id, play_type, option_key, shard, liability, allotment, cap, updated_at)
        SELECT match_id, play_type, option_key, ${shard}::smallint, liability, 0, cap, ${now.toISOString()}::timestamptz
        FROM capped ORDER BY n
        ON CONFLICT (match_id, play_type, option_key, shard)
        DO UPDATE SET liability = e.liability + EXCLUDED.liability, updated_at = EXCLUDED.updated_at
        WHERE e.cap = EXCLUDED.cap AND e.liability + EXCLUDED.liability <= e.allotment
        RETURNING e.liability <= e.allotment AS fits
      ), recorded AS (
        INSERT INTO book_order_exposure (order_id, match_id, play_type, option_key, shard, liability)
        SELECT ${orderId}::int, match_id, play_type, option_key, ${shard}::smallint, liability FROM shares
      )
      SELECT count(*) FILTER (WHERE fits)::int AS fitted FROM booked`),
  );
  return Number(rows[0]?.fitted ?? 0) === shares.length;
}

/**
 * Locks every shard row of each outcome (creating the missing ones, at no liability and no
 * allotment), in (outcome, shard) order, the order every path takes them in, so nothing deadlocks
 * on them; returns them with the caps that could apply (scope, key pairs of `capKeys`).
 * `outcomes` must be sorted by key and distinct.
 */
export async function lockOutcomes(
  tx: Tx,
  outcomes: readonly OutcomeKey[],
  shards: number,
  capKeys: ReadonlyArray<{ scope: BookScope; key: string }>,
  now: Date,
): Promise<{ rows: ShardRow[]; caps: CapRow[] }> {
  if (!outcomes.length) return { rows: [], caps: [] };
  const [matchIds, playTypes, optionKeys, liabilities] = shareArrays(
    outcomes.map((o) => ({ ...o, liability: 0n })),
  );
  const raw = rowsOf<{
    kind: 'row' | 'cap';
    match_id: number | string | null;
    a: string;
    b: string;
    shard: number | null;
    liability: string;
    allotment: string | null;
    cap: string | null;
  }>(
    await tx.execute(sql`
      WITH outcomes AS (
        SELECT * FROM unnest(${matchIds}::int[], ${playTypes}::text[], ${optionKeys}::text[], ${liabilities}::bigint[])
          WITH ORDINALITY AS v(match_id, play_type, option_key, liability, n)
      ), locked AS (
        INSERT INTO book_exposure AS e (match_id, play_type, option_key, shard, liability, allotment, cap, updated_at)
        SELECT o.match_id, o.play_type, o.option_key, g.shard, 0, 0, NULL, ${now.toISOString()}::timestamptz
        FROM outcomes o CROSS JOIN generate_series(0, ${shards - 1}) AS g(shard)
        ORDER BY o.n, g.shard
        ON CONFLICT (match_id, play_type, option_key, shard) DO UPDATE SET updated_at = EXCLUDED.updated_at
        RETURNING e.match_id, e.play_type, e.option_key, e.shard, e.liability, e.allotment, e.cap
      )
      SELECT 'row' AS kind, match_id, play_type AS a, option_key AS b, shard::int AS shard,
        liability::text AS liability, allotment::text AS allotment, cap::text AS cap
      FROM locked
      UNION ALL
      SELECT 'cap', NULL, scope, key, NULL, max_liability::text, NULL, NULL FROM book_limits
      WHERE (scope, key) IN (
        SELECT * FROM unnest(${pgArray(capKeys.map((k) => k.scope))}::text[], ${pgArray(capKeys.map((k) => k.key))}::text[])
      )`),
  );
  const rows: ShardRow[] = [];
  const caps: CapRow[] = [];
  for (const r of raw) {
    if (r.kind === 'cap') caps.push({ scope: r.a as BookScope, key: r.b, maxLiability: BigInt(r.liability) });
    else
      rows.push({
        matchId: Number(r.match_id),
        playType: r.a,
        optionKey: r.b,
        shard: Number(r.shard),
        liability: BigInt(r.liability),
        allotment: BigInt(r.allotment ?? '0'),
        cap: r.cap === null ? null : BigInt(r.cap),
      });
  }
  return { rows, caps };
}

/** Writes shard rows this transaction holds (lockOutcomes): liability, allotment and cap. */
export async function writeShards(tx: Tx, rows: readonly ShardRow[], now: Date): Promise<void> {
  if (!rows.length) return;
  await tx.execute(sql`
    UPDATE book_exposure e
    SET liability = v.liability, allotment = v.allotment, cap = v.cap, updated_at = ${now.toISOString()}::timestamptz
    FROM unnest(
      ${pgArray(rows.map((r) => r.matchId))}::int[], ${pgArray(rows.map((r) => r.playType))}::text[],
      ${pgArray(rows.map((r) => r.optionKey))}::text[], ${pgArray(rows.map((r) => r.shard))}::smallint[],
      ${pgArray(rows.map((r) => r.liability))}::bigint[], ${pgArray(rows.map((r) => r.allotment))}::bigint[],
      ${pgArray(rows.map((r) => r.cap))}::bigint[]
    ) AS v(match_id, play_type, option_key, shard, liability, allotment, cap)
    WHERE e.match_id = v.match_id AND e.play_type = v.play_type AND e.option_key = v.option_key
      AND e.shard = v.shard`);
}

/** An order's recorded shares (only the transaction that holds the order changes them). */
export async function sharesOfOrder(tx: Tx, orderId: number): Promise<OrderShare[]> {
  const rows = await tx
    .select()
    .from(bookOrderExposure)
    .where(sql`${bookOrderExposure.orderId} = ${orderId}`);
  return rows.map(({ orderId: _, ...share }) => share);
}

/** Records shares as orders' (replacing what `replacing` orders had). */
export async function recordShares(
  tx: Tx,
  rows: ReadonlyArray<OrderShare & { orderId: number }>,
  replacing: readonly number[] = [],
): Promise<void> {
  if (replacing.length)
    await tx
      .delete(bookOrderExposure)
      .where(sql`${bookOrderExposure.orderId} = ANY(${pgArray(replacing)}::int[])`);
  if (rows.length) await tx.insert(bookOrderExposure).values([...rows]);
}

/**
 * Takes settled orders' shares back off their outcomes' shards (in the settling transaction).
 * Only orders that this transaction flipped out of pending are passed, so a share is released
 * once. The list is a sub-select, which the planner takes for a few rows: one index lookup per
 * order, never a scan of the whole table for a settlement batch of thousands.
 */
export async function releaseOrders(tx: Db | Tx, orderIds: readonly number[], now: Date): Promise<void> {
  if (!orderIds.length) return;
  await tx.execute(sql`
    WITH gone AS (
      DELETE FROM book_order_exposure WHERE order_id = ANY((SELECT ${pgArray(orderIds)}::int[])::int[])
      RETURNING match_id, play_type, option_key, shard, liability
    ), sums AS (
      SELECT match_id, play_type, option_key, shard, SUM(liability) AS liability
      FROM gone GROUP BY match_id, play_type, option_key, shard
      ORDER BY match_id, play_type, option_key, shard
    )
    UPDATE book_exposure e SET liability = e.liability - s.liability, updated_at = ${now.toISOString()}::timestamptz
    FROM sums s
    WHERE e.match_id = s.match_id AND e.play_type = s.play_type AND e.option_key = s.option_key
      AND e.shard = s.shard`);
}

/**
 * Lowers an open order's booked liability to `shares` (部分提前结算: the rest of the order), each
 * at most what the outcome carries for it now, on the order's own shard: only frees room, so no
 * cap is checked and none can refuse it. The outcomes' rows are taken in key order, as every path
 * takes them.
 */
export async function shrinkOrder(
  tx: Tx,
  orderId: number,
  shares: readonly OutcomeShare[],
  now: Date,
): Promise<void> {
  const old = await sharesOfOrder(tx, orderId);
  const next = new Map(shares.map((s) => [`${s.matchId}|${s.playType}|${s.optionKey}`, s.liability]));
  const drops: OrderShare[] = [];
  for (const o of old) {
    const key = `${o.matchId}|${o.playType}|${o.optionKey}`;
    const keep = next.get(key) ?? 0n;
    if (keep > o.liability) throw new Error(`order ${orderId}: ${key} would grow on shrinking`);
    next.delete(key);
    if (keep < o.liability) drops.push({ ...o, liability: o.liability - keep });
  }
  if (next.size > 0) throw new Error(`order ${orderId}: shrinking adds outcomes it never carried`);
  if (!drops.length) return;
  // In the order lockOutcomes takes them (book.service keyOf); an order's shares share one shard.
  drops.sort((a, b) => {
    const x = `${a.matchId}|${a.playType}|${a.optionKey}`;
    const y = `${b.matchId}|${b.playType}|${b.optionKey}`;
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const [matchIds, playTypes, optionKeys, liabilities] = shareArrays(drops);
  const shards = pgArray(drops.map((d) => d.shard));
  await tx.execute(sql`
    WITH drops AS (
      SELECT * FROM unnest(${matchIds}::int[], ${playTypes}::text[], ${optionKeys}::text[], ${liabilities}::bigint[], ${shards}::smallint[])
        WITH ORDINALITY AS d(match_id, play_type, option_key, liability, shard, n)
    ), locked AS (
      SELECT e.match_id, e.play_type, e.option_key, e.shard FROM book_exposure e
      JOIN drops d ON e.match_id = d.match_id AND e.play_type = d.play_type AND e.option_key = d.option_key
        AND e.shard = d.shard
      ORDER BY d.n
      FOR UPDATE OF e
    )
    UPDATE book_exposure e SET liability = e.liability - d.liability, updated_at = ${now.toISOString()}::timestamptz
    FROM drops d, locked l
    WHERE e.match_id = d.match_id AND e.play_type = d.play_type AND e.option_key = d.option_key AND e.shard = d.shard
      AND l.match_id = d.match_id AND l.play_type = d.play_type AND l.option_key = d.option_key AND l.shard = d.shard`);
  const shard = old[0]!.shard;
  await recordShares(
    tx,
    shares.filter((s) => s.liability > 0n).map((s) => ({ ...s, shard, orderId })),
    [orderId],
  );
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

/** Liability per outcome (the sum of its shards) of matches not yet settled, biggest first. */
export async function openExposure(
  db: Db,
  q: { matchId?: number | undefined; limit: number; offset: number },
): Promise<{ rows: ExposureListRow[]; total: number }> {
  const where = sql`WHERE m.settled_at IS NULL AND e.liability > 0
    ${q.matchId === undefined ? sql`` : sql`AND e.match_id = ${q.matchId}`}`;
  const from = sql`FROM (
      SELECT match_id, play_type, option_key, SUM(liability) AS liability FROM book_exposure
      GROUP BY match_id, play_type, option_key
    ) e JOIN matches m ON m.id = e.match_id`;
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
