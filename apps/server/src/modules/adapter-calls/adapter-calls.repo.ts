import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { adapterCalls, type AdapterCallRow, type NewAdapterCall } from './adapter-calls.table.ts';

/** Writes a batch of call records in one statement. */
export async function insertCalls(db: Db, rows: NewAdapterCall[]): Promise<void> {
  if (rows.length > 0) await db.insert(adapterCalls).values(rows);
}

export interface CallFilter {
  adapter?: string | undefined;
  operation?: string | undefined;
  outcome?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  page: number;
  pageSize: number;
}

/** The calls for the console, newest first. */
export async function pageCalls(db: Db, f: CallFilter): Promise<{ rows: AdapterCallRow[]; total: number }> {
  const parts: SQL[] = [];
  if (f.adapter) parts.push(eq(adapterCalls.adapter, f.adapter));
  if (f.operation) parts.push(eq(adapterCalls.operation, f.operation));
  if (f.outcome) parts.push(eq(adapterCalls.outcome, f.outcome));
  if (f.from) parts.push(gte(adapterCalls.createdAt, f.from));
  if (f.to) parts.push(lt(adapterCalls.createdAt, f.to));
  const filter = and(...parts);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(adapterCalls)
      .where(filter)
      .orderBy(desc(adapterCalls.createdAt), desc(adapterCalls.id))
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize),
    db.select({ n: count() }).from(adapterCalls).where(filter),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
