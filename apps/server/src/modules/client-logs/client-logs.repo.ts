import { and, count, desc, eq, inArray, lt, max, min, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { clientLogs } from './client-logs.table.ts';

export type ClientLogRow = typeof clientLogs.$inferSelect;
export type NewClientLog = typeof clientLogs.$inferInsert;

export interface LogFilter {
  level?: 'debug' | 'info' | 'warn' | 'error';
  category?: string;
  categories?: readonly string[];
  platform?: string;
}

function where(memberId: number, f: LogFilter): SQL | undefined {
  return and(
    eq(clientLogs.memberId, memberId),
    f.level ? eq(clientLogs.level, f.level) : undefined,
    f.category ? eq(clientLogs.category, f.category) : undefined,
    f.categories ? inArray(clientLogs.category, [...f.categories]) : undefined,
    f.platform ? eq(clientLogs.platform, f.platform) : undefined,
  );
}

/** Inserts entries, skipping ids this member uploaded before; returns how many were new. */
export async function insertLogs(db: Db, rows: NewClientLog[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(clientLogs)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: clientLogs.id });
  return inserted.length;
}

/** Drops a member's oldest entries beyond `keep`. */
export async function pruneLogs(db: Db, memberId: number, keep: number): Promise<void> {
  const [cut] = await db
    .select({ id: clientLogs.id })
    .from(clientLogs)
    .where(eq(clientLogs.memberId, memberId))
    .orderBy(desc(clientLogs.id))
    .offset(keep)
    .limit(1);
  if (cut)
    await db.delete(clientLogs).where(and(eq(clientLogs.memberId, memberId), lt(clientLogs.id, cut.id + 1)));
}

export async function listLogs(
  db: Db,
  memberId: number,
  filter: LogFilter,
  window: { offset: number; limit: number },
): Promise<{ rows: ClientLogRow[]; total: number }> {
  const w = where(memberId, filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(clientLogs)
      .where(w)
      .orderBy(desc(clientLogs.loggedAt), desc(clientLogs.id))
      .offset(window.offset)
      .limit(window.limit),
    db.select({ n: count() }).from(clientLogs).where(w),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function logStats(db: Db, memberId: number) {
  const w = where(memberId, {});
  const [levels, platforms, categories, [range]] = await Promise.all([
    db.select({ level: clientLogs.level, n: count() }).from(clientLogs).where(w).groupBy(clientLogs.level),
    db
      .select({ platform: clientLogs.platform, n: count() })
      .from(clientLogs)
      .where(w)
      .groupBy(clientLogs.platform),
    db
      .select({ category: clientLogs.category, n: count() })
      .from(clientLogs)
      .where(w)
      .groupBy(clientLogs.category)
      .orderBy(desc(count()), clientLogs.category)
      .limit(20),
    db
      .select({ first: min(clientLogs.loggedAt), last: max(clientLogs.loggedAt), n: count() })
      .from(clientLogs)
      .where(w),
  ]);
  return { levels, platforms, categories, range };
}

export async function deleteLogs(db: Db, memberId: number): Promise<number> {
  const rows = await db
    .delete(clientLogs)
    .where(eq(clientLogs.memberId, memberId))
    .returning({ id: clientLogs.id });
  return rows.length;
}
