import { and, asc, desc, eq, gt, inArray, isNotNull, lt, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { sql } from '../../db/sql.ts';
import { memberValidBets } from '../../db/valid-bets.ts';
import { type NewRedPacket, type RedPacketRow, redPacketSlots, redPackets } from './red-packets.table.ts';

type Handle = Db | Tx;

export async function insertPacket(tx: Tx, row: NewRedPacket): Promise<RedPacketRow> {
  const [inserted] = await tx.insert(redPackets).values(row).returning();
  return inserted!;
}

export async function updatePacket(
  tx: Tx,
  id: number,
  changes: Partial<Omit<NewRedPacket, 'id'>>,
): Promise<RedPacketRow> {
  const [row] = await tx.update(redPackets).set(changes).where(eq(redPackets.id, id)).returning();
  return row!;
}

/** The packets of a red packet, free: indexes 0 … count − 1. */
export async function createSlots(tx: Tx, packetId: number, count: number): Promise<void> {
  await tx.execute(sql`
    INSERT INTO red_packet_slots (packet_id, index)
    SELECT ${packetId}, g FROM generate_series(0, ${count - 1}) AS g`);
}

/** Drops the packets of a red packet nobody has claimed from (its terms are being changed). */
export async function dropSlots(tx: Tx, packetId: number): Promise<void> {
  await tx.delete(redPacketSlots).where(eq(redPacketSlots.packetId, packetId));
}

export async function findPacket(db: Handle, id: number): Promise<RedPacketRow | undefined> {
  const [row] = await db.select().from(redPackets).where(eq(redPackets.id, id));
  return row;
}

export async function lockPacket(tx: Tx, id: number): Promise<RedPacketRow | undefined> {
  const [row] = await tx.select().from(redPackets).where(eq(redPackets.id, id)).for('update');
  return row;
}

/**
 * The red packet as it stands, its row share-locked to the claim's commit: claims run side by
 * side, a cancel or an edit (FOR UPDATE) waits for them, and a claim begun after one sees it.
 */
export async function sharePacket(tx: Tx, id: number): Promise<RedPacketRow | undefined> {
  const [row] = await tx.select().from(redPackets).where(eq(redPackets.id, id)).for('share');
  return row;
}

/** The 口令红包 a code names, compared without case. */
export async function findByCode(db: Handle, code: string): Promise<RedPacketRow | undefined> {
  const [row] = await db
    .select()
    .from(redPackets)
    .where(and(eq(redPackets.kind, 'code'), sql`lower(${redPackets.code}) = lower(${code})`));
  return row;
}

/** Whether another red packet already uses the code (any case). */
export async function codeTaken(db: Handle, code: string, exceptId: number | null): Promise<boolean> {
  const [row] = await db
    .select({ id: redPackets.id })
    .from(redPackets)
    .where(
      and(
        sql`lower(${redPackets.code}) = lower(${code})`,
        exceptId === null ? undefined : ne(redPackets.id, exceptId),
      ),
    );
  return row !== undefined;
}

/** 红包雨 a member may see: approved, overlapping [from, to). */
export async function rainsBetween(db: Handle, from: Date, to: Date): Promise<RedPacketRow[]> {
  return db
    .select()
    .from(redPackets)
    .where(
      and(
        eq(redPackets.kind, 'rain'),
        ne(redPackets.state, 'pending'),
        gt(redPackets.endsAt, from),
        lt(redPackets.startsAt, to),
      ),
    )
    .orderBy(asc(redPackets.startsAt), asc(redPackets.id));
}

export interface ClaimStats {
  claimed: number;
  amount: bigint;
}

/** Claimed packets and their total, per red packet. */
export async function claimStats(db: Handle, ids: readonly number[]): Promise<Map<number, ClaimStats>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      packetId: redPacketSlots.packetId,
      claimed: sql<number>`count(*)::int`,
      amount: sql<string>`COALESCE(SUM(${redPacketSlots.amount}), 0)::text`,
    })
    .from(redPacketSlots)
    .where(and(inArray(redPacketSlots.packetId, [...ids]), isNotNull(redPacketSlots.memberId)))
    .groupBy(redPacketSlots.packetId);
  return new Map(rows.map((r) => [r.packetId, { claimed: r.claimed, amount: BigInt(r.amount) }]));
}

export interface ClaimRow {
  packetId: number;
  index: number;
  amount: bigint;
  turnover: bigint;
  claimedAt: Date;
}

/** The member's claims among these red packets. */
export async function claimsOf(
  db: Handle,
  memberId: number,
  ids: readonly number[],
): Promise<Map<number, ClaimRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(redPacketSlots)
    .where(and(eq(redPacketSlots.memberId, memberId), inArray(redPacketSlots.packetId, [...ids])));
  return new Map(rows.map((r) => [r.packetId, claimOfSlot(r)]));
}

function claimOfSlot(r: typeof redPacketSlots.$inferSelect): ClaimRow {
  return {
    packetId: r.packetId,
    index: r.index,
    amount: r.amount ?? 0n,
    turnover: r.turnover ?? 0n,
    claimedAt: r.claimedAt ?? new Date(0),
  };
}

/**
 * Takes the lowest free packet, skipping those concurrent claims hold. When every free packet is
 * held, waits for one (a held packet is free again if its claim rolls back); none left: null.
 */
export async function takeSlot(tx: Tx, packetId: number): Promise<number | null> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const skip = attempt < 3;
    const [row] = rowsOf<{ index: number }>(
      await tx.execute(sql`
        SELECT index FROM red_packet_slots
        WHERE packet_id = ${packetId} AND member_id IS NULL
        ORDER BY index LIMIT 1
        FOR UPDATE ${skip ? sql`SKIP LOCKED` : sql``}`),
    );
    if (row) return Number(row.index);
    const [free] = rowsOf<{ n: number }>(
      await tx.execute(
        sql`SELECT count(*)::int AS n FROM red_packet_slots WHERE packet_id = ${packetId} AND member_id IS NULL`,
      ),
    );
    if (!free || Number(free.n) === 0) return null;
  }
  return null;
}

/** Gives a taken packet to the member; false when the member already holds one of this red packet. */
export async function fillSlot(
  tx: Tx,
  slot: { packetId: number; index: number; memberId: number; amount: bigint; turnover: bigint; at: Date },
): Promise<boolean> {
  const [mine] = await tx
    .select({ index: redPacketSlots.index })
    .from(redPacketSlots)
    .where(and(eq(redPacketSlots.packetId, slot.packetId), eq(redPacketSlots.memberId, slot.memberId)));
  if (mine) return false;
  await tx
    .update(redPacketSlots)
    .set({ memberId: slot.memberId, amount: slot.amount, turnover: slot.turnover, claimedAt: slot.at })
    .where(and(eq(redPacketSlots.packetId, slot.packetId), eq(redPacketSlots.index, slot.index)));
  return true;
}

/** A member's claims, newest first, with their red packets. */
export async function memberClaims(db: Handle, memberId: number, limit: number, offset: number) {
  const where = and(eq(redPacketSlots.memberId, memberId), isNotNull(redPacketSlots.claimedAt));
  const [rows, [total]] = await Promise.all([
    db
      .select({ slot: redPacketSlots, kind: redPackets.kind, name: redPackets.name })
      .from(redPacketSlots)
      .innerJoin(redPackets, eq(redPackets.id, redPacketSlots.packetId))
      .where(where)
      .orderBy(desc(redPacketSlots.claimedAt), desc(redPacketSlots.packetId))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(redPacketSlots)
      .where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...claimOfSlot(r.slot), kind: r.kind, name: r.name })),
    total: total?.n ?? 0,
  };
}

// Other modules' tables by their SQL names (as db/valid-bets.ts does): no module's files imported.
const creator = sql<string | null>`(SELECT o.username FROM operators o WHERE o.id = ${redPackets.createdBy})`;
const claimant = sql<string>`(SELECT m.username FROM members m WHERE m.id = ${redPacketSlots.memberId})`;

/** Red packets for the console, newest window first, with who created them. */
export async function listPackets(
  db: Handle,
  filter: { kind?: 'rain' | 'code' | undefined },
  limit: number,
  offset: number,
) {
  const where = filter.kind ? eq(redPackets.kind, filter.kind) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ packet: redPackets, createdBy: creator })
      .from(redPackets)
      .where(where)
      .orderBy(desc(redPackets.startsAt), desc(redPackets.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(redPackets)
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function creatorOf(db: Handle, operatorId: number | null): Promise<string | null> {
  if (operatorId === null) return null;
  const [row] = rowsOf<{ name: string }>(
    await db.execute(sql`SELECT username AS name FROM operators WHERE id = ${operatorId}::int`),
  );
  return row?.name ?? null;
}

/** The claims of one red packet for the console, newest first. */
export async function packetClaims(db: Handle, packetId: number, limit: number, offset: number) {
  const where = and(eq(redPacketSlots.packetId, packetId), isNotNull(redPacketSlots.memberId));
  const [rows, [total]] = await Promise.all([
    db
      .select({ slot: redPacketSlots, username: claimant })
      .from(redPacketSlots)
      .where(where)
      .orderBy(desc(redPacketSlots.claimedAt), desc(redPacketSlots.index))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(redPacketSlots)
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Deposits credited to the member's main wallet within [from, to), 分. */
export async function depositsBetween(db: Handle, memberId: number, from: Date, to: Date): Promise<bigint> {
  const [row] = rowsOf<{ total: string | null }>(
    await db.execute(sql`
      SELECT COALESCE(SUM(e.amount), 0)::text AS total
      FROM ledger_entries e JOIN wallets w ON w.id = e.wallet_id
      WHERE e.member_id = ${memberId}::int AND e.type = 'deposit' AND w.kind = 'main' AND e.amount > 0
        AND e.created_at >= ${from.toISOString()}::timestamptz AND e.created_at < ${to.toISOString()}::timestamptz`),
  );
  return BigInt(row?.total ?? '0');
}

/** 有效投注 settled within [from, to) (db/valid-bets.ts), 分. */
export const validBetsBetween = memberValidBets;
