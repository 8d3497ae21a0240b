/** The demo aggregator's own books (`game_sim_*`): the provider's side of the outside world. */
import { asc, desc, eq, gt } from 'drizzle-orm';
import { sql } from '../../db/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { gameSimPlayers, gameSimRounds, gameSimSessions, gameSimTransfers } from './simulator.table.ts';
import { rowsOf } from '../../db/rows.ts';

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

/** Rounds after `since` in sequence order: what the record sync copies. */
export async function roundsAfter(db: Db, since: bigint, limit: number): Promise<SimRoundRow[]> {
  return db
    .select()
    .from(gameSimRounds)
    .where(gt(gameSimRounds.seq, since))
    .orderBy(asc(gameSimRounds.seq))
    .limit(limit);
}

/** When the member's latest round was played (by the rounds' member index); null without rounds. */
export async function lastRoundAt(db: Db, memberId: number): Promise<Date | null> {
  const [row] = await db
    .select({ playedAt: gameSimRounds.playedAt })
    .from(gameSimRounds)
    .where(eq(gameSimRounds.memberId, memberId))
    .orderBy(desc(gameSimRounds.seq))
    .limit(1);
  return row?.playedAt ?? null;
}

type RawSimTransfer = {
  transfer_id: string;
  member_id: number;
  direction: SimTransferRow['direction'];
  amount: string;
  status: SimTransferRow['status'];
  balance_after: string;
  reason: string | null;
  created_at: Date | string;
};

function toSimTransfer(r: RawSimTransfer): SimTransferRow {
  return {
    transferId: r.transfer_id,
    memberId: Number(r.member_id),
    direction: r.direction,
    amount: BigInt(r.amount),
    status: r.status,
    balanceAfter: BigInt(r.balance_after),
    reason: r.reason,
    createdAt: r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
  };
}

const SIM_TRANSFER_COLUMNS = sql.raw(
  't.transfer_id, t.member_id, t.direction, t.amount::text AS amount, t.status, ' +
    't.balance_after::text AS balance_after, t.reason, t.created_at',
);

/**
 * The player's balance with their row locked until the transaction ends (the row created at 0 if
 * new), and the transfer already decided under `transferId`, if any. The transfer is read in a
 * statement after the lock was granted, so it sees one decided by whoever held the lock before.
 */
export async function lockPlayerAndTransfer(
  tx: Tx,
  memberId: number,
  transferId: string,
): Promise<{ balance: bigint; earlier: SimTransferRow | undefined }> {
  const lock = async () =>
    rowsOf<{ balance: string }>(
      await tx.execute(sql`
        SELECT balance::text AS balance FROM game_sim_players WHERE member_id = ${memberId}::int FOR UPDATE`),
    )[0];
  let player = await lock();
  if (!player) {
    await ensurePlayer(tx, memberId);
    player = await lock();
  }
  if (!player) throw new Error(`provider player ${memberId} could not be created`);
  const [earlier] = rowsOf<RawSimTransfer>(
    await tx.execute(sql`
      SELECT ${SIM_TRANSFER_COLUMNS} FROM game_sim_transfers t WHERE t.transfer_id = ${transferId}`),
  );
  return { balance: BigInt(player.balance), earlier: earlier ? toSimTransfer(earlier) : undefined };
}

/**
 * Records a decided transfer and sets the player's balance to its `balanceAfter`, in one statement
 * (the player's row locked by the caller). Undefined when the id was decided already (nothing done).
 */
export async function decideSimTransfer(
  tx: Tx,
  row: Omit<NewSimTransfer, 'createdAt'> & { balanceAfter: bigint },
): Promise<SimTransferRow | undefined> {
  const [inserted] = rowsOf<RawSimTransfer>(
    await tx.execute(sql`
      WITH t AS (
        INSERT INTO game_sim_transfers (transfer_id, member_id, direction, amount, status, balance_after, reason)
        VALUES (${row.transferId}, ${row.memberId}::int, ${row.direction}, ${row.amount}::bigint, ${row.status},
                ${row.balanceAfter}::bigint, ${row.reason ?? null})
        ON CONFLICT (transfer_id) DO NOTHING
        RETURNING *
      ), p AS (
        UPDATE game_sim_players SET balance = t.balance_after FROM t WHERE game_sim_players.member_id = t.member_id
      )
      SELECT ${SIM_TRANSFER_COLUMNS} FROM t`),
  );
  return inserted ? toSimTransfer(inserted) : undefined;
}

/**
 * A transfer decided in one statement, as `applyTransfer` decides it: the player's row locked
 * (as of its latest committed balance), `requested` (null: everything) moved in or out, an out
 * beyond the balance refused as 游戏余额不足, the decision recorded and the balance set. Undefined
 * when nothing was done: the player has no row yet, or the id was decided before (ON CONFLICT,
 * whoever decided it) — the caller then takes the slow path.
 */
export async function decideTransferAtOnce(
  db: Db,
  transferId: string,
  memberId: number,
  direction: 'in' | 'out',
  requested: bigint | null,
): Promise<SimTransferRow | undefined> {
  const [row] = rowsOf<RawSimTransfer>(
    await db.execute(sql`
      WITH p AS (
        SELECT balance FROM game_sim_players WHERE member_id = ${memberId}::int FOR UPDATE
      ), d AS (
        SELECT p.balance, coalesce(${requested}::bigint, p.balance) AS amount,
               (${direction} = 'out' AND coalesce(${requested}::bigint, p.balance) > p.balance) AS refused
        FROM p
      ), t AS (
        INSERT INTO game_sim_transfers (transfer_id, member_id, direction, amount, status, balance_after, reason)
        SELECT ${transferId}, ${memberId}::int, ${direction},
               CASE WHEN d.refused AND ${requested}::bigint IS NULL THEN 0 ELSE d.amount END,
               CASE WHEN d.refused THEN 'failed' ELSE 'success' END,
               CASE WHEN d.refused THEN d.balance
                    WHEN ${direction} = 'in' THEN d.balance + d.amount
                    ELSE d.balance - d.amount END,
               CASE WHEN d.refused THEN '游戏余额不足' END
        FROM d
        ON CONFLICT (transfer_id) DO NOTHING
        RETURNING *
      ), u AS (
        UPDATE game_sim_players SET balance = t.balance_after
        FROM t WHERE game_sim_players.member_id = t.member_id AND t.status = 'success'
      )
      SELECT ${SIM_TRANSFER_COLUMNS} FROM t`),
  );
  return row ? toSimTransfer(row) : undefined;
}

/**
 * A game session and its player's row, both locked until the transaction ends, in one statement.
 * Undefined when the session does not exist or its player has no row yet (the caller then locks
 * them one by one, creating the player).
 */
export async function lockSessionAndPlayer(
  tx: Tx,
  sessionId: string,
): Promise<{ session: SimSessionRow; balance: bigint } | undefined> {
  const [row] = rowsOf<{
    session_id: string;
    member_id: number;
    game_code: string;
    expires_at: Date | string;
    created_at: Date | string;
    balance: string;
  }>(
    await tx.execute(sql`
      SELECT s.session_id, s.member_id, s.game_code, s.expires_at, s.created_at, p.balance::text AS balance
      FROM game_sim_sessions s JOIN game_sim_players p ON p.member_id = s.member_id
      WHERE s.session_id = ${sessionId}
      FOR UPDATE OF s, p`),
  );
  if (!row) return undefined;
  const dateOf = (v: Date | string) => (v instanceof Date ? v : new Date(v));
  return {
    session: {
      sessionId: row.session_id,
      memberId: Number(row.member_id),
      gameCode: row.game_code,
      expiresAt: dateOf(row.expires_at),
      createdAt: dateOf(row.created_at),
    },
    balance: BigInt(row.balance),
  };
}

/**
 * A round's writes in one statement (the session and player rows locked by the caller): the
 * player's new balance, the session kept alive until `expiresAt`, the round recorded.
 */
export async function recordRound(
  tx: Tx,
  {
    balance,
    expiresAt,
    round,
  }: { balance: bigint; expiresAt: Date; round: NewSimRound & { sessionId: string; playedAt: Date } },
): Promise<void> {
  await tx.execute(sql`
    WITH b AS (
      UPDATE game_sim_players SET balance = ${balance}::bigint WHERE member_id = ${round.memberId}::int
    ), s AS (
      UPDATE game_sim_sessions SET expires_at = ${expiresAt.toISOString()}::timestamptz
      WHERE session_id = ${round.sessionId}
    )
    INSERT INTO game_sim_rounds (round_id, member_id, game_code, bet, payout, result, detail, played_at)
    VALUES (${round.roundId}, ${round.memberId}::int, ${round.gameCode}, ${round.bet}::bigint,
            ${round.payout}::bigint, ${JSON.stringify(round.result)}::jsonb, ${round.detail},
            ${round.playedAt.toISOString()}::timestamptz)`);
}
