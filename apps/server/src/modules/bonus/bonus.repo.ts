import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bonusLogs, type BonusLogRow } from './bonus.table.ts';

export type NewBonusLog = typeof bonusLogs.$inferInsert;

export async function findBonusLogByReference(db: Db, reference: string): Promise<BonusLogRow | undefined> {
  const [row] = await db.select().from(bonusLogs).where(eq(bonusLogs.reference, reference));
  return row;
}

export async function insertBonusLog(db: Db, row: NewBonusLog): Promise<BonusLogRow> {
  const [inserted] = await db.insert(bonusLogs).values(row).returning();
  if (!inserted) throw new Error('bonus log not inserted');
  return inserted;
}
