import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agentDomains, loginAttempts, members, sessions } from './accounts.table.ts';

export type MemberRow = typeof members.$inferSelect;
export type NewMember = typeof members.$inferInsert;
export type SessionRow = typeof sessions.$inferSelect;

export async function findMemberById(db: Db, id: number): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(members).where(eq(members.id, id));
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

export async function updateMember(db: Db, id: number, changes: Partial<NewMember>): Promise<MemberRow> {
  const [row] = await db
    .update(members)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(members.id, id))
    .returning();
  if (!row) throw new Error(`member ${id} not found`);
  return row;
}

export async function insertSession(
  db: Db,
  session: { memberId: number; tokenHash: string; ip: string; userAgent: string; expiresAt: Date },
): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(session).returning();
  if (!row) throw new Error('session not inserted');
  return row;
}

export async function findLiveSession(
  db: Db,
  tokenHash: string,
): Promise<{ session: SessionRow; member: MemberRow } | undefined> {
  const [row] = await db
    .select({ session: sessions, member: members })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(
      and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)),
    );
  return row;
}

export async function touchSession(db: Db, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of the member except `keepSessionId`; returns the revoked ids. */
export async function revokeOtherSessions(
  db: Db,
  memberId: number,
  keepSessionId: number | null,
): Promise<number[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
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
export async function isRecentlyActive(db: Db, memberId: number, minutes: number): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(sessions)
    .where(
      and(
        eq(sessions.memberId, memberId),
        isNull(sessions.revokedAt),
        gt(sessions.lastSeenAt, sql`now() - make_interval(mins => ${minutes})`),
      ),
    );
  return (row?.n ?? 0) > 0;
}

export async function recordLoginAttempt(
  db: Db,
  username: string,
  ip: string,
  success: boolean,
): Promise<void> {
  await db.insert(loginAttempts).values({ username: username.toLowerCase(), ip, success });
}

/** Failed logins in the window, for the account and for the address. */
export async function recentFailures(
  db: Db,
  username: string,
  ip: string,
  windowMinutes: number,
): Promise<{ byUsername: number; byIp: number }> {
  const since = sql`now() - make_interval(mins => ${windowMinutes})`;
  const [byUsername] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.username, username.toLowerCase()),
        eq(loginAttempts.success, false),
        gt(loginAttempts.createdAt, since),
        // A successful login resets the account's count.
        gt(
          loginAttempts.id,
          sql`COALESCE((SELECT MAX(id) FROM login_attempts WHERE username = ${username.toLowerCase()} AND success), 0)`,
        ),
      ),
    );
  const [byIp] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(eq(loginAttempts.ip, ip), eq(loginAttempts.success, false), gt(loginAttempts.createdAt, since)),
    );
  return { byUsername: byUsername?.n ?? 0, byIp: byIp?.n ?? 0 };
}
