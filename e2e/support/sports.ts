import { and, asc, eq, gt } from 'drizzle-orm';
import { matches, matchMarkets } from '../../apps/server/src/modules/sports/sports.table.ts';
import type { TestServer } from './server.ts';

export type MatchRow = typeof matches.$inferSelect;

/** Football matches of the server's feed on sale, kicking off more than `leadMs` after `nowMs`, soonest first. */
export function footballOnSale(server: TestServer, nowMs: number, leadMs: number): Promise<MatchRow[]> {
  return server.app.services.database.db
    .select()
    .from(matches)
    .where(
      and(
        eq(matches.sport, 'football'),
        eq(matches.status, 'scheduled'),
        gt(matches.kickoffAt, new Date(nowMs + leadMs)),
      ),
    )
    .orderBy(asc(matches.kickoffAt));
}

/** A match's 胜平负 odds by option. */
export async function winDrawLoseOdds(server: TestServer, matchId: number): Promise<Record<string, string>> {
  const [market] = await server.app.services.database.db
    .select()
    .from(matchMarkets)
    .where(and(eq(matchMarkets.matchId, matchId), eq(matchMarkets.playType, 'football.winDrawLose')));
  if (!market) throw new Error(`match ${matchId} has no 胜平负`);
  return market.odds;
}
