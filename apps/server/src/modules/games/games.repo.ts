import { lockForTransaction } from '../../db/locks.ts';
import { addTurnover } from '../accounts/figures.repo.ts';
import { and, count, desc, eq, gte, lt, lte, sql, sum, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { gameRecordCursors, gameRecords, gameSessions, gameTransfers } from './games.table.ts';

export type TransferRow = typeof gameTransfers.$inferSelect;
export type NewTransfer = typeof gameTransfers.$inferInsert;
export type RecordRow = typeof gameRecords.$inferSelect;
export type NewRecord = typeof gameRecords.$inferInsert;

// ---- transfers -------------------------------------------------------------------------------

export async function insertTransfer(tx: Tx, row: NewTransfer): Promise<TransferRow> {
  const [inserted] = await tx.insert(gameTransfers).values(row).returning();
  return inserted!;
}

export async function findTransfer(db: Db | Tx, id: string): Promise<TransferRow | undefined> {
  const [row] = await db.select().from(gameTransfers).where(eq(gameTransfers.id, id));
  return row;
}

export async function lockTransfer(tx: Tx, id: string): Promise<TransferRow | undefined> {
  const [row] = await tx.select().from(gameTransfers).where(eq(gameTransfers.id, id)).for('update');
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

export async function updateTransfer(
  db: Db | Tx,
  id: string,
  changes: Partial<Pick<NewTransfer, 'status' | 'amount' | 'attempts' | 'lastError' | 'resolvedAt'>>,
): Promise<void> {
  await db.update(gameTransfers).set(changes).where(eq(gameTransfers.id, id));
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
): Promise<{ memberIds: number[] } | null> {
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
  await addTurnover(
    tx,
    [...byMember].map(([memberId, amount]) => ({ memberId, amount })),
  );
  await tx
    .insert(gameRecordCursors)
    .values({ provider, seq: to, updatedAt: now })
    .onConflictDoUpdate({ target: gameRecordCursors.provider, set: { seq: to, updatedAt: now } });
  return { memberIds: [...byMember.keys()] };
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
