import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { PlayTypeId } from '@app/shared';
import { inTransaction } from '../db/tx.ts';
import type { Clock } from '../lib/clock.ts';
import type { FeedMatchState } from '../modules/sports/feed/feed.ts';
import { bookExposure } from '../modules/sports/book.table.ts';
import { matches, matchMarkets } from '../modules/sports/sports.table.ts';
import {
  as,
  body,
  createIsolatedTestApp,
  createTestApp,
  newMember,
  type TestApp,
  type TestMember,
} from './harness.ts';

export type MatchRow = typeof matches.$inferSelect;

/**
 * A test app with its own simulated feed, synced once. The fixture window is two hours back and
 * twelve ahead (about 80 matches) instead of the deployment's half-day back and three days ahead:
 * every tick, and `finish` a day later, then writes a tenth of the rows.
 */
export async function createSportsApp(
  env: Record<string, string> = {},
  clock?: Clock,
  options: { isolated?: boolean } = {},
): Promise<TestApp> {
  const config = {
    SPORTS_FEED_NAME: `t-${randomBytes(5).toString('hex')}`,
    SPORTS_SIM_SPEED: '10',
    SPORTS_SYNC_BACK_MINUTES: '120',
    SPORTS_SYNC_AHEAD_MINUTES: '720',
    ...env,
  };
  // isolated: on a database of its own (createIsolatedTestApp), for a file that runs housekeeping.
  const t = options.isolated
    ? await createIsolatedTestApp(config, clock)
    : await createTestApp(config, undefined, undefined, clock);
  await t.app.services.feedSync.tick();
  return t;
}

/** A 胜平负 single on `match` (2元 × `multiple`) that wins or loses as `win` asks; its order id and number. */
export async function winDrawLoseSingle(
  t: TestApp,
  member: TestMember,
  match: MatchRow,
  win: boolean,
  multiple = 1,
): Promise<{ order_id: number; order_no: string }> {
  const option = wdlOption(t, match, win);
  const { odds } = await oddsOf(t, match.id, 'football.winDrawLose');
  const res = await submit(t, member, {
    sport_type: 1,
    bet_mode: 'single',
    pass_type: 'single',
    multiple,
    selections: [{ match_id: match.id, bet_type: 'winDrawLose', option, odds: odds[option]! }],
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return body<{ order_id: number; order_no: string }>(res).data;
}

/** The feed's verdict on a match a day after kick-off (the test's privilege: peeking at the future). */
export function finalState(t: TestApp, match: MatchRow): FeedMatchState {
  return t.app.services.sportsFeed.state(match.externalId, new Date(match.kickoffAt.getTime() + 86_400_000))!;
}

/** Open matches of this app's feed that will be played to the end (or, with `fate`, called off). */
export async function openMatches(
  t: TestApp,
  sport: 'football' | 'basketball',
  count: number,
  fate: 'finished' | 'cancelled' = 'finished',
): Promise<MatchRow[]> {
  const rows = await t.database.db
    .select()
    .from(matches)
    .where(
      and(
        eq(matches.feed, t.config.sports.feedName),
        eq(matches.sport, sport),
        eq(matches.status, 'scheduled'),
        gt(matches.kickoffAt, new Date(t.app.services.clock.now().getTime() + 5 * 60_000)),
      ),
    )
    .orderBy(asc(matches.kickoffAt));
  const picked = rows.filter((m) => finalState(t, m).status === fate).slice(0, count);
  if (picked.length < count) {
    // Rare fates (about 3 % of matches are called off) may be missing from the synced window:
    // ask the feed for the next ones within a week and sync the window around each.
    const now = t.app.services.clock.now().getTime();
    const feed = t.app.services.sportsFeed;
    const known = new Set(
      (
        await t.database.db
          .select({ externalId: matches.externalId })
          .from(matches)
          .where(eq(matches.feed, t.config.sports.feedName))
      ).map((r) => r.externalId),
    );
    // Ones not synced yet: a match synced before may already show its fate.
    const ahead = feed
      .fixtures(new Date(now + 5 * 60_000), new Date(now + 7 * 86_400_000))
      .filter((f) => f.sport === sport && !known.has(f.externalId))
      .filter((f) => feed.state(f.externalId, new Date(f.kickoffAt.getTime() + 86_400_000))?.status === fate)
      .slice(0, count - picked.length);
    for (const fixture of ahead)
      await t.app.services.feedSync.tick(new Date(fixture.kickoffAt.getTime() - 60 * 60_000));
    const synced = await t.database.db
      .select()
      .from(matches)
      .where(
        and(
          eq(matches.feed, t.config.sports.feedName),
          inArray(
            matches.externalId,
            ahead.map((f) => f.externalId),
          ),
        ),
      );
    picked.push(...synced);
    if (picked.length < count) throw new Error(`only ${picked.length} ${fate} ${sport} matches`);
  }
  return picked;
}

export async function oddsOf(
  t: TestApp,
  matchId: number,
  playType: PlayTypeId,
): Promise<{ line: string | null; odds: Record<string, string> }> {
  const [row] = await t.database.db
    .select()
    .from(matchMarkets)
    .where(and(eq(matchMarkets.matchId, matchId), eq(matchMarkets.playType, playType)));
  if (!row) throw new Error(`no ${playType} market for ${matchId}`);
  return { line: row.line, odds: row.odds };
}

export async function fund(t: TestApp, member: TestMember, fen: bigint): Promise<void> {
  await inTransaction(t.database.db, (work) =>
    t.app.services.ledger.post(work, { memberId: member.id, amount: fen, type: 'adjust' }),
  );
}

/** A new member with `fen` (1,000.00 元 by default) in the main wallet. */
export async function fundedMember(t: TestApp, fen = 100_000n): Promise<TestMember> {
  const m = await newMember(t.app);
  await fund(t, m, fen);
  return m;
}

export function submit(t: TestApp, member: TestMember, payload: Record<string, unknown>, key?: string) {
  return as(t.app, member, {
    method: 'POST',
    url: '/v1/order/submit',
    payload,
    headers: key ? { 'idempotency-key': key } : {},
  });
}

/** The winning (or a losing) option key of 胜平负 for a match that will finish. */
export function wdlOption(t: TestApp, match: MatchRow, win: boolean): string {
  const { home, away } = finalState(t, match).score;
  const winner = home > away ? 'h' : home === away ? 'd' : 'a';
  return win ? winner : (['h', 'd', 'a'].find((k) => k !== winner) ?? 'h');
}

/** Moves the feed's clock to a day after the last of these matches and syncs: all are over and settled. */
export async function finish(t: TestApp, rows: MatchRow[]): Promise<void> {
  const last = Math.max(...rows.map((m) => m.kickoffAt.getTime()));
  await t.app.services.feedSync.tick(new Date(last + 86_400_000));
}

/** The book's liability on one outcome: the sum of its shard rows (0 when none). */
export async function outcomeLiability(
  t: TestApp,
  matchId: number,
  playType: string,
  option: string,
): Promise<bigint> {
  const [row] = await t.database.db
    .select({ sum: sql<string>`COALESCE(SUM(${bookExposure.liability}), 0)::text` })
    .from(bookExposure)
    .where(
      and(
        eq(bookExposure.matchId, matchId),
        eq(bookExposure.playType, playType),
        eq(bookExposure.optionKey, option),
      ),
    );
  return BigInt(row?.sum ?? '0');
}

/**
 * The feed's matches live and open in play (not suspended) at `when`, by the feed's own word, and
 * quiet for the 20 s after it (same period, score and events): a bet asked for then passes the
 * bet-delay decision's past-posting check.
 */
export function openInPlayAt(
  feed: Pick<TestApp['app']['services']['sportsFeed'], 'state'>,
  rows: MatchRow[],
  when: Date,
  sport: 'football' | 'basketball',
): MatchRow[] {
  return rows.filter((m) => {
    if (m.sport !== sport || m.kickoffAt.getTime() > when.getTime()) return false;
    // Open now and still open 20 s on, so the moment is not the edge of a suspension.
    const [now, later] = [0, 20_000].map((d) => feed.state(m.externalId, new Date(when.getTime() + d)));
    const quiet =
      now?.period === later?.period &&
      now?.score.home === later?.score.home &&
      now?.score.away === later?.score.away &&
      now?.events.length === later?.events.length;
    return (
      quiet &&
      [0, 20_000].every((d) => {
        const s = feed.state(m.externalId, new Date(when.getTime() + d));
        // Every in-play market with an option the tests can move both ways (pick: 1.40 to 500.00);
        // a lopsided match late on prices all but one option at the 999.99 ceiling.
        const movable = (s?.markets ?? []).every((market) =>
          Object.values(market.odds).some((o) => Number(o) >= 1.4 && Number(o) <= 500),
        );
        return s?.status === 'live' && s.inPlay.open && !s.inPlay.suspended && movable;
      })
    );
  });
}

/**
 * The first minute, within six hours of `from`, at which a `sport` match of the feed is open in play
 * (and still is 20 s on, `openInPlayAt`), with that match.
 */
export function firstInPlayMoment(
  feed: Pick<TestApp['app']['services']['sportsFeed'], 'state'>,
  rows: MatchRow[],
  from: number,
  sport: 'football' | 'basketball' = 'football',
): { at: Date; match: MatchRow } {
  for (let when = from + 60_000; when < from + 6 * 60 * 60_000; when += 60_000) {
    const [match] = openInPlayAt(feed, rows, new Date(when), sport);
    if (match) return { at: new Date(when), match };
  }
  throw new Error(`no ${sport} match open in play within six hours`);
}
