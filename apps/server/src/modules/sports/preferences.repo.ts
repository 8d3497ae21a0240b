import { eq } from 'drizzle-orm';
import type { OddsPolicy } from '@app/shared';
import type { Db, Tx } from '../../db/client.ts';
import { sportsPreferences } from './sports.table.ts';

/** The member's odds-change policy, or undefined when they never chose one (the default applies). */
export async function oddsPolicyOf(db: Db | Tx, memberId: number): Promise<OddsPolicy | undefined> {
  const [row] = await db
    .select({ oddsPolicy: sportsPreferences.oddsPolicy })
    .from(sportsPreferences)
    .where(eq(sportsPreferences.memberId, memberId));
  return row?.oddsPolicy;
}

export async function saveOddsPolicy(db: Db, memberId: number, policy: OddsPolicy, now: Date): Promise<void> {
  await db
    .insert(sportsPreferences)
    .values({ memberId, oddsPolicy: policy, updatedAt: now })
    .onConflictDoUpdate({
      target: sportsPreferences.memberId,
      set: { oddsPolicy: policy, updatedAt: now },
    });
}
