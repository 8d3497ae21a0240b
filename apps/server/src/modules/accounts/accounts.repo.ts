import { and, count, desc, eq, gt, isNotNull, isNull, ne } from 'drizzle-orm';
import { sql } from '../../db/sql.ts';
import type { Db, Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { agentDomains, loginAttempts, members, sessions } from './accounts.table.ts';

export type MemberRow = typeof members.$inferSelect;
export type NewMember = typeof members.$inferInsert;
export type SessionRow = typeof sessions.$inferSelect;

/** Whether the database holds any member at all (a fresh install does not). */
export async function anyMember(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: members.id }).from(members).limit(1);
  return !!row;
}

export async function findMemberById(db: Db, id: number): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(members).where(eq(members.id, id));
  return row;
}

/** The member's row, locked until the transaction ends (serialises changes to one member). */
export async function lockMember(tx: Tx, id: number): Promise<MemberRow | undefined> {
  const [row] = await tx.select().from(members).where(eq(members.id, id)).for('update');
  return row;
}

export async function findMemberByUsername(db: Db, username: string): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(members).where(eq(members.username, username.toLowerCase()));
  return row;
}

export async function findMemberByInviteCode(db: Db, code: string): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(members).where(eq(members.inviteCode, code.toUpperCase()));
  return row;
}

export async function findAgentByCode(db: Db, code: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.agentCode, code.toUpperCase()), eq(members.isAgent, 1)));
  return row;
}

/** Whether any member (agent or not) holds this agent code. */
export async function agentCodeTaken(db: Db, code: string): Promise<boolean> {
  const [row] = await db.select({ id: members.id }).from(members).where(eq(members.agentCode, code));
  return !!row;
}

export async function findAgentByDomain(db: Db, domain: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select({ member: members })
    .from(agentDomains)
    .innerJoin(members, eq(members.id, agentDomains.agentId))
    .where(
      and(
        eq(agentDomains.domain, domain.toLowerCase()),
        eq(agentDomains.enabled, true),
        eq(members.isAgent, 1),
      ),
    );
  return row?.member;
}

export async function bindAgentDomain(db: Db, agentId: number, domain: string): Promise<void> {
  await db.insert(agentDomains).values({ agentId, domain: domain.toLowerCase() }).onConflictDoNothing();
}

export async function insertMember(db: Db, member: NewMember): Promise<MemberRow> {
  const [row] = await db.insert(members).values(member).returning();
  if (!row) throw new Error('member not inserted');
  return row;
}

/** Sets fields of a member; `now` stamps updated_at (services pass their clock's time). */
export async function updateMember(
  db: Db,
  id: number,
  changes: Partial<NewMember>,
  now?: Date,
): Promise<MemberRow> {
  const [row] = await db
    .update(members)
    .set(now ? { ...changes, updatedAt: now } : changes)
    .where(eq(members.id, id))
    .returning();
  if (!row) throw new Error(`member ${id} not found`);
  return row;
}

export async function insertSession(
  db: Db,
  session: {
    memberId: number;
    tokenHash: string;
    ip: string;
    userAgent: string;
    createdAt: Date;
    lastSeenAt: Date;
    expiresAt: Date;
  },
): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(session).returning();
  if (!row) throw new Error('session not inserted');
  return row;
}

/**
 * The session lookup every signed-in request makes, built once per database: building this
 * select (two whole rows, about fifty columns) anew was 14 % of a bet submit's Node CPU.
 */
function liveSessionQuery(db: Db) {
  return db
    .select({ session: sessions, member: members })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('find_live_session');
}

const liveSessionQueries = new WeakMap<Db, ReturnType<typeof liveSessionQuery>>();

export async function findLiveSession(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ session: SessionRow; member: MemberRow } | undefined> {
  let query = liveSessionQueries.get(db);
  if (!query) liveSessionQueries.set(db, (query = liveSessionQuery(db)));
  const [row] = await query.execute({ tokenHash, now: now.toISOString() });
  return row;
}

export async function touchSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of the member except `keepSessionId`; returns the revoked ids. */
export async function revokeOtherSessions(
  db: Db,
  memberId: number,
  keepSessionId: number | null,
  now: Date,
): Promise<number[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.memberId, memberId),
        isNull(sessions.revokedAt),
        keepSessionId === null ? undefined : ne(sessions.id, keepSessionId),
      ),
    )
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/** Whether the member used any live session within the last `minutes`. */
export async function isRecentlyActive(
  db: Db,
  memberId: number,
  minutes: number,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(sessions)
    .where(
      and(
        eq(sessions.memberId, memberId),
        isNull(sessions.revokedAt),
        gt(sessions.lastSeenAt, new Date(now.getTime() - minutes * 60_000)),
      ),
    );
  return (row?.n ?? 0) > 0;
}

export async function recordLoginAttempt(
  db: Db,
  username: string,
  ip: string,
  success: boolean,
  now: Date,
): Promise<void> {
  await db.insert(loginAttempts).values({ username: username.toLowerCase(), ip, success, createdAt: now });
}

/** Sets the member's real name (实名) when none is set yet; a set one never changes here. */
export async function setRealNameOnce(
  db: Db | Tx,
  memberId: number,
  realName: string,
  now: Date,
): Promise<void> {
  await db
    .update(members)
    .set({ realName, updatedAt: now })
    .where(and(eq(members.id, memberId), isNull(members.realName)));
}

/** Whether the account signed in successfully from this address since `since`. */
export async function signedInFrom(db: Db, username: string, ip: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: loginAttempts.id })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.username, username.toLowerCase()),
        eq(loginAttempts.ip, ip),
        eq(loginAttempts.success, true),
        gt(loginAttempts.createdAt, since),
      ),
    )
    .limit(1);
  return !!row;
}

/** A member's id from an id or a username (the console's search box). */
export async function findMemberIdByName(db: Db, idOrName: string): Promise<number | undefined> {
  const id = /^\d{1,9}$/.test(idOrName) ? Number(idOrName) : -1;
  const rows = await db.execute(
    sql`SELECT id FROM members WHERE id = ${id} OR username = ${idOrName.toLowerCase()} LIMIT 1`,
  );
  const row = rowsOf<{ id: number }>(rows)[0];
  return row ? Number(row.id) : undefined;
}

/** Whether the member ever signed in with this User-Agent before (a new device is told about). */
export async function signedInWith(db: Db, memberId: number, userAgent: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.memberId, memberId), eq(sessions.userAgent, userAgent)))
    .limit(1);
  return !!row;
}

/** The member whose verified number this is (at most one: members_verified_mobile_uq). */
export async function findMemberByVerifiedMobile(db: Db, mobile: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.mobile, mobile), isNotNull(members.mobileVerifiedAt)));
  return row;
}

/** The member's sessions still signed in, the most recently used first. */
export async function liveSessionsOf(db: Db, memberId: number, now: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/** Ends one live session of the member; false when it is not theirs or already ended. */
export async function revokeMemberSession(
  db: Db,
  memberId: number,
  sessionId: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.memberId, memberId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length === 1;
}
