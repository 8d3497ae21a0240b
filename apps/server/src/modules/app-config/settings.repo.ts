import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { appSettings } from './app-config.table.ts';

export async function readSetting(
  db: Db | Tx,
  key: string,
): Promise<{ value: Record<string, unknown>; updatedAt: Date } | undefined> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  return row ? { value: (row.value ?? {}) as Record<string, unknown>, updatedAt: row.updatedAt } : undefined;
}

/** Reads a setting row locked for update (an empty one is created first), so changes are serialised. */
export async function lockSetting(tx: Tx, key: string): Promise<Record<string, unknown>> {
  await tx.insert(appSettings).values({ key, value: {} }).onConflictDoNothing();
  const [row] = await tx.select().from(appSettings).where(eq(appSettings.key, key)).for('update');
  return (row?.value ?? {}) as Record<string, unknown>;
}

export async function writeSetting(
  tx: Tx,
  key: string,
  value: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await tx.update(appSettings).set({ value, updatedAt: now }).where(eq(appSettings.key, key));
}
