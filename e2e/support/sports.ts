import { and, asc, eq, gt } from 'drizzle-orm';
import { fenFromDecimal, winningOption } from '@app/shared';
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

/** The simulator's verdict a day after kick-off (the test's privilege: it may look ahead). */
function finalState(server: TestServer, match: MatchRow) {
  const state = server.app.services.sportsFeed.state(
    match.externalId,
    new Date(match.kickoffAt.getTime() + 86_400_000),
  );
  if (!state) throw new Error(`feed does not know ${match.externalId}`);
  return state;
}

/**
 * The soonest football match on sale (kicking off more than `leadMs` after `nowMs`) that the
 * simulator finishes, with its winning 胜平负 option and that option's odds, where they reach `minOdds`.
 */
export async function winningSingle(
  server: TestServer,
  nowMs: number,
  minOdds: bigint,
  leadMs = 5 * 60_000,
): Promise<{ match: MatchRow; option: string; odds: string }> {
  for (const match of (await footballOnSale(server, nowMs, leadMs)).slice(0, 8)) {
    const state = finalState(server, match);
    if (state.status !== 'finished') continue;
    const option = winningOption('football.winDrawLose', null, {
      status: 'finished',
      sport: 'football',
      fullTime: state.score,
      halfTime: state.halfTime ?? { home: 0, away: 0 },
    });
    const odds = option === null ? undefined : (await winDrawLoseOdds(server, match.id))[option];
    if (option !== null && odds !== undefined && fenFromDecimal(odds) >= minOdds)
      return { match, option, odds };
  }
  throw new Error('no open football match whose winning 胜平负 option reaches the minimum odds');
}
