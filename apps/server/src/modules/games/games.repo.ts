import { lockForTransaction } from '../../db/locks.ts';
import { addTurnover, type MemberFigures } from '../accounts/index.ts';
import { and, count, desc, eq, gte, lt, lte, sum, type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { gameRecordCursors, gameRecords, gameSessions, gameTransfers } from './games.table.ts';
import { rowsOf } from '../../db/rows.ts';

export type TransferRow = typeof gameTransfers.$inferSelect;
export type NewTransfer = typeof gameTransfers.$inferInsert;
export type RecordRow = typeof gameRecords.$inferSelect;
export type NewRecord = typeof gameRecords.$inferInsert;

// ---- transfers -------------------------------------------------------------------------------

type RawTransfer = {
  id: string;
  member_id: number;
  provider: string;
  direction: TransferRow['direction'];
  amount: string;
  everything: number;
  status: TransferRow['status'];
  client_key: string | null;
  attempts: number;
  last_error: string | null;
  created_at: Date | string;
  resolved_at: Date | string | null;
};

const TRANSFER_COLUMNS = sql.raw(
  't.id, t.member_id, t.provider, t.direction, t.amount::text AS amount, t.everything, t.status, ' +
    't.client_key, t.attempts, t.last_error, t.created_at, t.resolved_at',
);

const dateOf = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));

function toTransferRow(r: RawTransfer): TransferRow {
  return {
    id: r.id,
    memberId: Number(r.member_id),
    provider: r.provider,
    direction: r.direction,
    amount: BigInt(r.amount),
    everything: Number(r.everything),
    status: r.status,
    clientKey: r.client_key,
    attempts: Number(r.attempts),
    lastError: r.last_error,
    createdAt: dateOf(r.created_at),
    resolvedAt: r.resolved_at === null ? null : dateOf(r.resolved_at),
  };
}

/**
 * What a transfer reads before it starts, in one statement: the member's transfer under this
 * Idempotency-Key (none without a key) and the main wallet's balance (0 without a wallet).
 */
export async function transferStart(
  db: Db,
  memberId: number,
  clientKey: string | undefined,
): Promise<{ earlier: TransferRow | undefined; main: bigint }> {
  const [row] = rowsOf<{ main: string | null } & { [K in keyof RawTransfer]: RawTransfer[K] | null }>(
    await db.execute(sql`
      SELECT (SELECT w.balance::text FROM wallets w WHERE w.member_id = ${memberId}::int AND w.kind = 'main') AS main,
             ${TRANSFER_COLUMNS}
      FROM (SELECT 1) one
      LEFT JOIN game_transfers t ON t.member_id = ${memberId}::int AND t.client_key = ${clientKey ?? null}`),
  );
  return {
    earlier: row && row.id !== null ? toTransferRow(row as RawTransfer) : undefined,
    main: BigInt(row?.main ?? '0'),
  };
}

/** A new pending transfer (one INSERT; the row is what was given plus the table's defaults). */
export async function createTransfer(
  db: Db | Tx,
  row: Pick<
    TransferRow,
    'id' | 'memberId' | 'provider' | 'direction' | 'amount' | 'everything' | 'clientKey' | 'createdAt'
  >,
): Promise<TransferRow> {
  await db.execute(sql`
    INSERT INTO game_transfers (id, member_id, provider, direction, amount, everything, client_key, created_at)
    VALUES (${row.id}, ${row.memberId}::int, ${row.provider}, ${row.direction}, ${row.amount}::bigint,
            ${row.everything}::int, ${row.clientKey}, ${row.createdAt.toISOString()}::timestamptz)`);
  return { ...row, status: 'pending', attempts: 0, lastError: null, resolvedAt: null };
}

/**
 * Decides a still-pending transfer in one statement (its row locked until the caller's
 * transaction ends): the row as changed, or undefined when it was no longer pending.
 */
export async function decidePendingTransfer(
  db: Db | Tx,
  id: string,
  changes: { status: 'completed' | 'failed'; amount?: bigint; lastError?: string; resolvedAt: Date },
): Promise<TransferRow | undefined> {
  const [row] = rowsOf<RawTransfer>(
    await db.execute(sql`
      UPDATE game_transfers t SET status = ${changes.status},
             amount = coalesce(${changes.amount ?? null}::bigint, t.amount),
             last_error = coalesce(${changes.lastError ?? null}::text, t.last_error),
             resolved_at = ${changes.resolvedAt.toISOString()}::timestamptz
      WHERE t.id = ${id} AND t.status = 'pending'
      RETURNING ${TRANSFER_COLUMNS}`),
  );
  return row ? toTransferRow(row) : undefined;
}

/** The member's main wallet balance (0 without a wallet). */
export async function mainBalanceOf(db: Db, memberId: number): Promise<bigint> {
  const [row] = rowsOf<{ balance: string }>(
    await db.execute(sql`
      SELECT balance::text AS balance FROM wallets WHERE member_id = ${memberId}::int AND kind = 'main'`),
  );
  return BigInt(row?.balance ?? '0');
}

export async function findTransfer(db: Db | Tx, id: string): Promise<TransferRow | undefined> {
  const [row] = await db.select().from(gameTransfers).where(eq(gameTransfers.id, id));
  return row;
}

export async function transfersOfMember(db: Db, memberId: number): Promise<TransferRow[]> {
  return db.select().from(gameTransfers).where(eq(gameTransfers.memberId, memberId));
}

export async function findTransferByClientKey(
  db: Db,
  memberId: number,
  clientKey: string,
): Promise<TransferRow | undefined> {
  const [row] = await db
    .select()
    .from(gameTransfers)
    .where(and(eq(gameTransfers.memberId, memberId), eq(gameTransfers.clientKey, clientKey)));
  return row;
}

export async function noteAttempt(db: Db, id: string, error: string): Promise<void> {
  await db
    .update(gameTransfers)
    .set({ attempts: sql`${gameTransfers.attempts} + 1`, lastError: error.slice(0, 500) })
    .where(and(eq(gameTransfers.id, id), eq(gameTransfers.status, 'pending')));
}

/** Pending transfers created before `before`, oldest first. */
export function pendingTransfers(
  db: Db,
  before: Date,
  limit: number,
  memberId?: number,
): Promise<TransferRow[]> {
  return db
    .select()
    .from(gameTransfers)
    .where(
      and(
        eq(gameTransfers.status, 'pending'),
        lte(gameTransfers.createdAt, before),
        memberId === undefined ? undefined : eq(gameTransfers.memberId, memberId),
      ),
    )
    .orderBy(gameTransfers.createdAt)
    .limit(limit);
}

export async function pendingInOf(db: Db, memberId: number): Promise<{ amount: bigint; count: number }> {
  const [row] = await db
    .select({ amount: sum(gameTransfers.amount), n: count() })
    .from(gameTransfers)
    .where(and(eq(gameTransfers.memberId, memberId), eq(gameTransfers.status, 'pending')));
  const [inRow] = await db
    .select({ amount: sum(gameTransfers.amount) })
    .from(gameTransfers)
    .where(
      and(
        eq(gameTransfers.memberId, memberId),
        eq(gameTransfers.status, 'pending'),
        eq(gameTransfers.direction, 'in'),
      ),
    );
  return { amount: BigInt(inRow?.amount ?? '0'), count: row?.n ?? 0 };
}

/** A member whose game wallet may hold money they left behind (see `idleWalletCandidates`). */
export interface IdleWalletCandidate {
  memberId: number;
  /** The member's latest transfer: the recall is keyed by it, so runs that race agree on one. */
  latestTransferId: string;
}

/**
 * Members after `afterMemberId` (by id, at most `limit`) whose game wallet may hold money left
 * behind: a transfer in completed after the last transfer out that emptied the wallet, nothing in
 * flight, and neither a transfer of the member's nor a game launch after `quietSince`. An "everything" out counts
 * as emptying unless it moved nothing after a lost call (reconciliation settles a lost one as "out
 * 0", which says nothing about the balance). Reads `game_transfers` whole, grouped by member.
 */
export async function idleWalletCandidates(
  db: Db,
  quietSince: Date,
  afterMemberId: number,
  limit: number,
  memberId?: number,
): Promise<IdleWalletCandidate[]> {
  const quiet = quietSince.toISOString();
  const rows = rowsOf<{ member_id: number; latest_id: string }>(
    await db.execute(sql`
      WITH per_member AS (
        SELECT t.member_id,
               max(t.created_at) FILTER (WHERE t.direction = 'in' AND t.status = 'completed') AS last_in,
               max(t.created_at) FILTER (WHERE t.direction = 'out' AND t.everything = 1
                                           AND t.status = 'completed' AND (t.amount > 0 OR t.attempts = 0)) AS last_emptied,
               -- The recall's own transfers are not the member's doing.
               max(t.created_at) FILTER (WHERE t.client_key IS NULL OR t.client_key NOT LIKE 'idle-recall:%') AS last_transfer,
               bool_or(t.status = 'pending') AS in_flight
        FROM game_transfers t
        WHERE t.member_id > ${afterMemberId}::int AND (${memberId ?? null}::int IS NULL OR t.member_id = ${memberId ?? null}::int)
        GROUP BY t.member_id
      )
      SELECT p.member_id,
             (SELECT l.id FROM game_transfers l WHERE l.member_id = p.member_id
              ORDER BY l.created_at DESC, l.id DESC LIMIT 1) AS latest_id
      FROM per_member p
      WHERE p.last_in IS NOT NULL
        AND (p.last_emptied IS NULL OR p.last_emptied < p.last_in)
        AND NOT p.in_flight
        AND (p.last_transfer IS NULL OR p.last_transfer <= ${quiet}::timestamptz)
        AND NOT EXISTS (SELECT 1 FROM game_sessions s
                        WHERE s.member_id = p.member_id AND s.created_at > ${quiet}::timestamptz)
      ORDER BY p.member_id
      LIMIT ${limit}::int`),
  );
  return rows.map((r) => ({ memberId: Number(r.member_id), latestTransferId: r.latest_id }));
}

// ---- sessions --------------------------------------------------------------------------------

export async function insertSession(db: Db, row: typeof gameSessions.$inferInsert): Promise<void> {
  await db.insert(gameSessions).values(row);
}

// ---- records ---------------------------------------------------------------------------------

export async function readCursor(db: Db | Tx, provider: string): Promise<bigint> {
  const [row] = await db.select().from(gameRecordCursors).where(eq(gameRecordCursors.provider, provider));
  return row?.seq ?? 0n;
}

/** Stores a batch of rounds and moves the cursor, unless another sync moved it first. */
export async function storeRecords(
  tx: Tx,
  provider: string,
  from: bigint,
  to: bigint,
  rows: NewRecord[],
  now: Date,
): Promise<{ memberIds: number[]; figures: MemberFigures[] } | null> {
  await lockForTransaction(tx, 'gameReconcile', provider);
  if ((await readCursor(tx, provider)) !== from) return null;
  const stored = rows.length
    ? await tx
        .insert(gameRecords)
        .values(rows)
        .onConflictDoNothing()
        .returning({ memberId: gameRecords.memberId, bet: gameRecords.bet })
    : [];
  // Rounds count as turnover like settled bets: they raise totalgame and pay down the 打码量
  // still owed. Only rows stored now count, so a round copied twice counts once.
  const byMember = new Map<number, bigint>();
  for (const r of stored) if (r.bet > 0n) byMember.set(r.memberId, (byMember.get(r.memberId) ?? 0n) + r.bet);
  const figures = await addTurnover(
    tx,
    [...byMember].map(([memberId, amount]) => ({ memberId, amount })),
  );
  await tx
    .insert(gameRecordCursors)
    .values({ provider, seq: to, updatedAt: now })
    .onConflictDoUpdate({ target: gameRecordCursors.provider, set: { seq: to, updatedAt: now } });
  return { memberIds: [...byMember.keys()], figures };
}

export interface RecordFilter {
  memberId: number;
  from?: Date;
  to?: Date;
  platform?: string;
  gameType?: string;
}

function recordWhere(f: RecordFilter): SQL | undefined {
  return and(
    eq(gameRecords.memberId, f.memberId),
    f.from ? gte(gameRecords.playedAt, f.from) : undefined,
    f.to ? lt(gameRecords.playedAt, f.to) : undefined,
    f.platform ? eq(gameRecords.platform, f.platform) : undefined,
    f.gameType ? eq(gameRecords.gameType, f.gameType) : undefined,
  );
}

export async function listRecords(
  db: Db,
  f: RecordFilter,
  page: number,
  perPage: number,
): Promise<{ rows: RecordRow[]; total: number }> {
  const where = recordWhere(f);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(gameRecords)
      .where(where)
      .orderBy(desc(gameRecords.playedAt), desc(gameRecords.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(gameRecords).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function recordStats(db: Db, f: RecordFilter) {
  const [row] = await db
    .select({ n: count(), bet: sum(gameRecords.bet), payout: sum(gameRecords.payout) })
    .from(gameRecords)
    .where(recordWhere(f));
  return { count: row?.n ?? 0, bet: BigInt(row?.bet ?? '0'), payout: BigInt(row?.payout ?? '0') };
}

export async function findRecord(db: Db, memberId: number, id: number): Promise<RecordRow | undefined> {
  const [row] = await db
    .select()
    .from(gameRecords)
    .where(and(eq(gameRecords.memberId, memberId), eq(gameRecords.id, id)));
  return row;
}
