import { and, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { sql } from '../../db/sql.ts';
import { type FreeBetGrantRow, type FreeBetRow, freeBetGrants, freeBets } from './free-bets.table.ts';

type Handle = Db | Tx;
type NewGrant = typeof freeBetGrants.$inferInsert;

export async function insertGrant(tx: Tx, row: NewGrant): Promise<FreeBetGrantRow> {
  const [inserted] = await tx.insert(freeBetGrants).values(row).returning();
  return inserted!;
}

export async function updateGrant(tx: Tx, id: number, changes: Partial<NewGrant>): Promise<void> {
  await tx.update(freeBetGrants).set(changes).where(eq(freeBetGrants.id, id));
}

export async function lockGrant(tx: Tx, id: number): Promise<FreeBetGrantRow | undefined> {
  const [row] = await tx.select().from(freeBetGrants).where(eq(freeBetGrants.id, id)).for('update');
  return row;
}

/** One ticket per member of the grant, in one statement. */
export async function insertTickets(tx: Tx, grant: FreeBetGrantRow, memberIds: readonly number[], at: Date) {
  if (memberIds.length === 0) return;
  await tx.insert(freeBets).values(
    memberIds.map((memberId) => ({
      grantId: grant.id,
      memberId,
      title: grant.title,
      value: grant.value,
      minOddsX100: grant.minOddsX100,
      plays: grant.plays,
      expiresAt: grant.expiresAt,
      createdAt: at,
    })),
  );
}

/** The members a grant covers, enabled ones only, at most `limit` (+1 to tell there are more). */
export async function membersOf(
  db: Handle,
  target: { kind: 'member' | 'tag' | 'vip'; value: string },
  limit: number,
): Promise<number[]> {
  const where =
    target.kind === 'member'
      ? sql`m.username = ${target.value}`
      : target.kind === 'vip'
        ? sql`m.vip_level >= ${Number(target.value)}::int`
        : sql`EXISTS (SELECT 1 FROM member_tags t WHERE t.member_id = m.id AND t.tag = ${target.value})`;
  return rowsOf<{ id: number }>(
    await db.execute(
      sql`SELECT m.id FROM members m WHERE m.enabled = 1 AND m.is_black = 0 AND ${where} ORDER BY m.id LIMIT ${limit + 1}`,
    ),
  ).map((r) => Number(r.id));
}

export async function lockTicket(tx: Tx, id: number): Promise<FreeBetRow | undefined> {
  const [row] = await tx.select().from(freeBets).where(eq(freeBets.id, id)).for('update');
  return row;
}

export async function markUsed(tx: Tx, id: number, order: { id: number; orderNo: string }, at: Date) {
  await tx
    .update(freeBets)
    .set({ status: 'used', orderId: order.id, orderNo: order.orderNo, usedAt: at })
    .where(eq(freeBets.id, id));
}

export async function setOutcome(tx: Tx, id: number, taken: bigint, winnings: bigint | null) {
  await tx.update(freeBets).set({ taken, winnings }).where(eq(freeBets.id, id));
}

export async function revoke(tx: Tx, id: number, reason: string): Promise<FreeBetRow> {
  const [row] = await tx
    .update(freeBets)
    .set({ status: 'revoked', revokedReason: reason })
    .where(eq(freeBets.id, id))
    .returning();
  return row!;
}

/** The tickets of these orders, locked (settlement and corrections move their stake). */
export async function ticketsOfOrders(tx: Tx, orderIds: readonly number[]): Promise<FreeBetRow[]> {
  if (orderIds.length === 0) return [];
  return tx
    .select()
    .from(freeBets)
    .where(inArray(freeBets.orderId, [...orderIds]))
    .orderBy(freeBets.id)
    .for('update');
}

export async function ticketOfOrder(db: Handle, orderId: number): Promise<FreeBetRow | undefined> {
  const [row] = await db.select().from(freeBets).where(eq(freeBets.orderId, orderId));
  return row;
}

/** A member's tickets: usable now, or the others (used, revoked, expired), newest first. */
export async function memberTickets(
  db: Handle,
  memberId: number,
  which: 'available' | 'history',
  now: Date,
  limit: number,
  offset: number,
) {
  const usable = and(eq(freeBets.status, 'available'), gt(freeBets.expiresAt, now));
  const where = and(eq(freeBets.memberId, memberId), which === 'available' ? usable : sql`NOT (${usable})`);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(freeBets)
      .where(where)
      .orderBy(which === 'available' ? freeBets.expiresAt : desc(freeBets.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(freeBets)
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// The members table by its SQL name (as db/valid-bets.ts does): no module's files imported.
const ticketHolder = sql<string>`(SELECT m.username FROM members m WHERE m.id = ${freeBets.memberId})`;

/** Every ticket for the console, newest first, with its member. */
export async function listTickets(
  db: Handle,
  filter: {
    status?: 'available' | 'used' | 'expired' | 'revoked' | undefined;
    username?: string | undefined;
  },
  now: Date,
  limit: number,
  offset: number,
) {
  const byStatus =
    filter.status === 'expired'
      ? and(eq(freeBets.status, 'available'), lte(freeBets.expiresAt, now))
      : filter.status === 'available'
        ? and(eq(freeBets.status, 'available'), gt(freeBets.expiresAt, now))
        : filter.status
          ? eq(freeBets.status, filter.status)
          : undefined;
  const where = and(
    byStatus,
    filter.username
      ? sql`${freeBets.memberId} = (SELECT m.id FROM members m WHERE m.username = ${filter.username})`
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ ticket: freeBets, username: ticketHolder })
      .from(freeBets)
      .where(where)
      .orderBy(desc(freeBets.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(freeBets)
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function usernameOf(db: Handle, memberId: number): Promise<string> {
  const [row] = rowsOf<{ username: string }>(
    await db.execute(sql`SELECT username FROM members WHERE id = ${memberId}::int`),
  );
  return row?.username ?? '';
}
