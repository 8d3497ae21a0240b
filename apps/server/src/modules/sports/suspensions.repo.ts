import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { marketSuspensions, WHOLE_MATCH } from './suspensions.table.ts';

export { WHOLE_MATCH };

/** Suspended play types per match (`*` for the whole match). */
export async function suspensionsOf(db: Db | Tx, matchIds: number[]): Promise<Map<number, Set<string>>> {
  const out = new Map<number, Set<string>>();
  if (!matchIds.length) return out;
  const rows = await db
    .select({ matchId: marketSuspensions.matchId, playType: marketSuspensions.playType })
    .from(marketSuspensions)
    .where(inArray(marketSuspensions.matchId, matchIds));
  for (const r of rows) {
    let set = out.get(r.matchId);
    if (!set) out.set(r.matchId, (set = new Set()));
    set.add(r.playType);
  }
  return out;
}

/** Whether a market (or its whole match) is closed by an operator. */
export function isSuspended(suspended: Map<number, Set<string>>, matchId: number, playType: string): boolean {
  const set = suspended.get(matchId);
  return !!set && (set.has(WHOLE_MATCH) || set.has(playType));
}

export async function insertSuspension(
  tx: Tx,
  values: { matchId: number; playType: string; reason: string; operatorId: number; createdAt: Date },
): Promise<boolean> {
  const rows = await tx.insert(marketSuspensions).values(values).onConflictDoNothing().returning();
  return rows.length > 0;
}

export async function deleteSuspension(tx: Tx, matchId: number, playType: string): Promise<boolean> {
  const rows = await tx
    .delete(marketSuspensions)
    .where(and(eq(marketSuspensions.matchId, matchId), eq(marketSuspensions.playType, playType)))
    .returning();
  return rows.length > 0;
}
