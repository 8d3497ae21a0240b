import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { memberPresence } from './realtime.table.ts';

export type PresenceRow = typeof memberPresence.$inferSelect;

export async function findPresence(db: Db, memberId: number): Promise<PresenceRow | undefined> {
  const [row] = await db.select().from(memberPresence).where(eq(memberPresence.memberId, memberId));
  return row;
}

/** The member's presence as every process reads it; `beat` records a heartbeat at `now`. */
export async function savePresence(
  db: Db,
  presence: { memberId: number; status: 'online' | 'offline'; socketId: string; beat: boolean },
  now: Date,
): Promise<void> {
  const { memberId, status, socketId, beat } = presence;
  await db
    .insert(memberPresence)
    .values({ memberId, status, socketId, lastHeartbeatAt: beat ? now : null, updatedAt: now })
    .onConflictDoUpdate({
      target: memberPresence.memberId,
      set: { status, socketId, updatedAt: now, ...(beat ? { lastHeartbeatAt: now } : {}) },
    });
}
