import { and, count, desc, eq, gt, gte, isNull, like, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLogs, operators, operatorSessions, type OperatorRow } from './operators.table.ts';

export type NewOperator = typeof operators.$inferInsert;
export type NewAuditLog = typeof auditLogs.$inferInsert;
export type OperatorSessionRow = typeof operatorSessions.$inferSelect;

export async function insertOperator(db: Db, row: NewOperator): Promise<OperatorRow> {
  const [inserted] = await db.insert(operators).values(row).returning();
  if (!inserted) throw new Error('operator not inserted');
  return inserted;
}

export async function findOperatorByUsername(db: Db, username: string): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.username, username));
  return row;
}

/** A new session, and the operator's last login, in the caller's transaction. */
export async function openOperatorSession(
  db: Db,
  session: { operatorId: number; tokenHash: string; ip: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db.insert(operatorSessions).values({ ...session, createdAt: now });
  await db.update(operators).set({ lastLoginAt: now }).where(eq(operators.id, session.operatorId));
}

export async function findLiveOperatorSession(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ session: OperatorSessionRow; operator: OperatorRow } | undefined> {
  const [found] = await db
    .select({ session: operatorSessions, operator: operators })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.tokenHash, tokenHash),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, now),
      ),
    );
  return found;
}

export async function revokeOperatorSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db.update(operatorSessions).set({ revokedAt: now }).where(eq(operatorSessions.id, sessionId));
}

export async function insertAuditLog(db: Db, row: NewAuditLog): Promise<void> {
  await db.insert(auditLogs).values(row);
}

export interface AuditFilter {
  operatorId?: number | undefined;
  /** Prefix of the action, e.g. `withdrawal.` */
  action?: string | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  to?: Date | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  memberId?: number | undefined;
}

/** Audit entries newest first, each with its operator's name. */
export async function listAuditLogs(db: Db, filter: AuditFilter, page: { limit: number; offset: number }) {
  const where: SQL[] = [];
  if (filter.operatorId) where.push(eq(auditLogs.operatorId, filter.operatorId));
  if (filter.action) where.push(like(auditLogs.action, `${filter.action.replace(/[%_\\]/g, '')}%`));
  if (filter.from) where.push(gte(auditLogs.createdAt, filter.from));
  if (filter.to) where.push(lt(auditLogs.createdAt, filter.to));
  if (filter.targetType) where.push(eq(auditLogs.targetType, filter.targetType));
  if (filter.targetId) where.push(eq(auditLogs.targetId, filter.targetId));
  if (filter.memberId) where.push(eq(auditLogs.memberId, filter.memberId));
  const condition = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ log: auditLogs, operatorName: operators.name })
      .from(auditLogs)
      .innerJoin(operators, eq(operators.id, auditLogs.operatorId))
      .where(condition)
      .orderBy(desc(auditLogs.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(auditLogs).where(condition),
  ]);
  return { rows, total: total?.n ?? 0 };
}
