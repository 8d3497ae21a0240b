import { and, count, desc, eq, ilike, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { OperatorRole, OperatorRow } from '../operators/index.ts';
import { operatorSecurity } from './backoffice.table.ts';
import { operators, operatorSessions } from '../operators/schema.ts';

export type OperatorSecurityRow = typeof operatorSecurity.$inferSelect;

export async function securityOf(db: Db | Tx, operatorId: number): Promise<OperatorSecurityRow | undefined> {
  const [row] = await db.select().from(operatorSecurity).where(eq(operatorSecurity.operatorId, operatorId));
  return row;
}

/** Locks (creating if needed) the operator's security row, so two codes cannot race one step. */
export async function lockSecurity(tx: Tx, operatorId: number): Promise<OperatorSecurityRow> {
  await tx.insert(operatorSecurity).values({ operatorId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(operatorSecurity)
    .where(eq(operatorSecurity.operatorId, operatorId))
    .for('update');
  return row!;
}

export async function updateSecurity(
  tx: Tx,
  operatorId: number,
  changes: Partial<Omit<OperatorSecurityRow, 'operatorId'>>,
): Promise<void> {
  await tx.update(operatorSecurity).set(changes).where(eq(operatorSecurity.operatorId, operatorId));
}

export async function lockOperator(tx: Tx, id: number): Promise<OperatorRow | undefined> {
  const [row] = await tx.select().from(operators).where(eq(operators.id, id)).for('update');
  return row;
}

export async function findOperatorByUsername(
  db: Db | Tx,
  username: string,
): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.username, username.toLowerCase()));
  return row;
}

export async function updateOperator(
  tx: Tx,
  id: number,
  changes: Partial<Pick<OperatorRow, 'name' | 'role' | 'enabled' | 'passwordHash'>>,
): Promise<OperatorRow> {
  const [row] = await tx.update(operators).set(changes).where(eq(operators.id, id)).returning();
  return row!;
}

export async function insertOperator(
  tx: Tx,
  values: { username: string; passwordHash: string; name: string; role: OperatorRole },
): Promise<OperatorRow> {
  const [row] = await tx.insert(operators).values(values).returning();
  return row!;
}

/** Ends the operator's sessions, all or all but one. */
export async function revokeSessions(tx: Tx, operatorId: number, now: Date, keepSessionId?: number) {
  const where: SQL[] = [eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)];
  if (keepSessionId !== undefined) where.push(ne(operatorSessions.id, keepSessionId));
  await tx
    .update(operatorSessions)
    .set({ revokedAt: now })
    .where(and(...where));
}

export async function pageOperators(
  db: Db,
  q: { page: number; per_page: number; keyword?: string | undefined; role?: OperatorRole | undefined },
) {
  const where: SQL[] = [];
  if (q.keyword) {
    const k = `%${q.keyword.replace(/[%_\\]/g, '')}%`;
    where.push(or(ilike(operators.username, k), ilike(operators.name, k))!);
  }
  if (q.role) where.push(eq(operators.role, q.role));
  const filter = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ operator: operators, totpEnabledAt: operatorSecurity.totpEnabledAt })
      .from(operators)
      .leftJoin(operatorSecurity, eq(operatorSecurity.operatorId, operators.id))
      .where(filter)
      .orderBy(desc(operators.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ n: count() }).from(operators).where(filter),
  ]);
  return { rows, total: total?.n ?? 0 };
}
