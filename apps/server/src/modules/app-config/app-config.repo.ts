import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appSettings } from './app-config.table.ts';

export async function readSetting(db: Db, key: string): Promise<unknown> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  return row?.value;
}

export async function writeSetting(
  db: Db,
  key: string,
  value: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: now } });
}

/** Stores the value unless the key exists; returns the stored one either way. */
export async function settingOnce(db: Db, key: string, value: Record<string, unknown>): Promise<unknown> {
  await db.insert(appSettings).values({ key, value }).onConflictDoNothing();
  return readSetting(db, key);
}

export async function deleteSettings(db: Db, keys: string[]): Promise<void> {
  await db.delete(appSettings).where(inArray(appSettings.key, keys));
}
