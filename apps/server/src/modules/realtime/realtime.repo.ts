import { eq } from 'drizzle-orm';
import { sql } from '../../db/sql.ts';
import type { Db } from '../../db/client.ts';
import { memberPresence } from './realtime.table.ts';
import { rowsOf } from '../../db/rows.ts';

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

/** A member's balances and figures as pushes show them, in one statement; undefined for no member. */
export async function memberSnapshot(
  db: Db,
  memberId: number,
): Promise<
  | { main: bigint; frozen: bigint; lottery: bigint; codingvolume: bigint; paysum: bigint; totalgame: bigint }
  | undefined
> {
  const [row] = rowsOf<
    Record<'main' | 'frozen' | 'lottery' | 'codingvolume' | 'paysum' | 'totalgame', string>
  >(
    await db.execute(sql`
      SELECT m.codingvolume::text AS codingvolume, m.paysum::text AS paysum, m.totalgame::text AS totalgame,
        coalesce(sum(w.balance) FILTER (WHERE w.kind = 'main'), 0)::text AS main,
        coalesce(sum(w.balance) FILTER (WHERE w.kind = 'frozen'), 0)::text AS frozen,
        coalesce(sum(w.balance) FILTER (WHERE w.kind = 'lottery'), 0)::text AS lottery
      FROM members m LEFT JOIN wallets w ON w.member_id = m.id
      WHERE m.id = ${memberId}
      GROUP BY m.id`),
  );
  if (!row) return undefined;
  return {
    main: BigInt(row.main),
    frozen: BigInt(row.frozen),
    lottery: BigInt(row.lottery),
    codingvolume: BigInt(row.codingvolume),
    paysum: BigInt(row.paysum),
    totalgame: BigInt(row.totalgame),
  };
}
