import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idempotencyRecords } from './idempotency.table.ts';

export type IdempotencyRecordRow = typeof idempotencyRecords.$inferSelect;
export type NewIdempotencyRecord = typeof idempotencyRecords.$inferInsert;

export async function findRecord(
  db: Db,
  memberId: number,
  key: string,
): Promise<IdempotencyRecordRow | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyRecords)
    .where(and(eq(idempotencyRecords.memberId, memberId), eq(idempotencyRecords.key, key)));
  return row;
}

export async function insertRecord(db: Db, row: NewIdempotencyRecord): Promise<void> {
  await db.insert(idempotencyRecords).values(row);
}
