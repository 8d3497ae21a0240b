/** The demo aggregator's own books (`game_sim_*`): the provider's side of the outside world. */
import { asc, eq, gt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { gameSimPlayers, gameSimRounds, gameSimSessions, gameSimTransfers } from './simulator.table.ts';

export type SimPlayerRow = typeof gameSimPlayers.$inferSelect;
export type SimSessionRow = typeof gameSimSessions.$inferSelect;
export type SimTransferRow = typeof gameSimTransfers.$inferSelect;
export type SimRoundRow = typeof gameSimRounds.$inferSelect;
export type NewSimSession = typeof gameSimSessions.$inferInsert;
export type NewSimRound = typeof gameSimRounds.$inferInsert;
export type NewSimTransfer = typeof gameSimTransfers.$inferInsert;

export async function ensurePlayer(db: Db, memberId: number): Promise<void> {
  await db.insert(gameSimPlayers).values({ memberId }).onConflictDoNothing();
}

export async function findPlayer(db: Db, memberId: number): Promise<SimPlayerRow | undefined> {
  const [row] = await db.select().from(gameSimPlayers).where(eq(gameSimPlayers.memberId, memberId));
  return row;
}

/** The player's row (created if new), locked until the transaction ends. */
export async function lockPlayer(tx: Tx, memberId: number): Promise<SimPlayerRow> {
  await ensurePlayer(tx, memberId);
  const [player] = await tx
    .select()
    .from(gameSimPlayers)
    .where(eq(gameSimPlayers.memberId, memberId))
    .for('update');
  return player!;
}

export async function setPlayerBalance(db: Db, memberId: number, balance: bigint): Promise<void> {
  await db.update(gameSimPlayers).set({ balance }).where(eq(gameSimPlayers.memberId, memberId));
}

export async function findSimTransfer(db: Db, transferId: string): Promise<SimTransferRow | undefined> {
  const [row] = await db.select().from(gameSimTransfers).where(eq(gameSimTransfers.transferId, transferId));
  return row;
}

/** Records a decided transfer; with `ifNew`, a transfer id already decided is left as it was. */
export async function insertSimTransfer(
  db: Db,
  row: NewSimTransfer,
  ifNew = false,
): Promise<SimTransferRow | undefined> {
  const insert = db.insert(gameSimTransfers).values(row);
  const [inserted] = ifNew ? await insert.onConflictDoNothing().returning() : await insert.returning();
  return inserted;
}

export async function insertSimSession(db: Db, row: NewSimSession): Promise<void> {
  await db.insert(gameSimSessions).values(row);
}

/** A game session, row-locked when `lock` is set (a round in play). */
export async function findSimSession(
  db: Db,
  sessionId: string,
  lock = false,
): Promise<SimSessionRow | undefined> {
  const query = db.select().from(gameSimSessions).where(eq(gameSimSessions.sessionId, sessionId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function extendSimSession(db: Db, sessionId: string, expiresAt: Date): Promise<void> {
  await db.update(gameSimSessions).set({ expiresAt }).where(eq(gameSimSessions.sessionId, sessionId));
}

export async function insertRound(db: Db, row: NewSimRound): Promise<void> {
  await db.insert(gameSimRounds).values(row);
}

/** Rounds after `since` in sequence order: what the record sync copies. */
export async function roundsAfter(db: Db, since: bigint, limit: number): Promise<SimRoundRow[]> {
  return db
    .select()
    .from(gameSimRounds)
    .where(gt(gameSimRounds.seq, since))
    .orderBy(asc(gameSimRounds.seq))
    .limit(limit);
}
