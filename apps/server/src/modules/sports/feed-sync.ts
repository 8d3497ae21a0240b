import type { PublicCache } from '../../lib/public-cache.ts';
import type { FastifyBaseLogger } from 'fastify';
import {
  FEED_SETTLEMENT_ACTOR,
  PUBLIC_CHANNELS,
  REALTIME_EVENTS,
  SPORT_TYPE_IDS,
  type MatchResult,
  type MatchUpdatedEvent,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Broadcaster } from '../realtime/index.ts';
import type { FeedFixture, FeedMatchState, SportsFeed } from './feed/feed.ts';
import type { SettlementService } from './settlement.service.ts';
import { recordFeedResultChanges } from './feed-corrections.service.ts';
import { liveFields } from './sports.mapper.ts';
import * as repo from './sports.repo.ts';

const HOUR_MS = 3_600_000;

export interface FeedSyncOptions {
  /** Fixtures kept from this long ago to this far ahead. */
  backHours: number;
  aheadHours: number;
  /** Pre-match odds are re-read this often (in play: every tick). */
  preMatchRefreshMs: number;
  fixturesRefreshMs: number;
  /**
   * Matches settled this long ago (kick-off) are compared with the feed's result on each pre-match
   * refresh: a difference becomes a 赛果更正提醒 for an operator (never a change). Default 96 h.
   */
  resultRecheckHours?: number;
}

export const LIVE_EVENTS = {
  match: REALTIME_EVENTS.matchUpdated,
  odds: REALTIME_EVENTS.oddsUpdated,
} as const;

/**
 * Keeps our matches in step with the feed: fixtures into `matches`, odds into
 * `match_markets` (version + 1 on change), live state and results; publishes live changes on
 * the public `matches.live` channel and hands finished or called-off matches to settlement.
 */
export class FeedSync {
  private catalogReady = false;
  private lastFixtures = 0;
  private lastPreMatch = 0;

  constructor(
    private readonly db: Db,
    private readonly feed: SportsFeed,
    private readonly broadcaster: Broadcaster,
    private readonly settlement: SettlementService,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
    private readonly clock: Clock,
    private readonly options: FeedSyncOptions,
    /** The public match lists kept in memory: dropped when a pass changed anything they show. */
    private readonly publicCache: Pick<PublicCache, 'invalidate'> | null = null,
  ) {}

  /** One pass at the clock's time (tests may pass their own `now` to run ahead). */
  async tick(now = this.clock.now()): Promise<{ updated: number; settled: number }> {
    // A polled provider reads its sources first, so the whole pass sees one consistent copy.
    await this.feed.refresh?.(now);
    if (!this.catalogReady) await this.syncCatalog();
    if (
      now.getTime() - this.lastFixtures >= this.options.fixturesRefreshMs ||
      this.lastFixtures > now.getTime()
    ) {
      if ((await this.syncFixtures(now)) > 0) this.publicCache?.invalidate('sports');
      this.lastFixtures = now.getTime();
    }
    const preMatch =
      now.getTime() - this.lastPreMatch >= this.options.preMatchRefreshMs ||
      this.lastPreMatch > now.getTime();
    if (preMatch) this.lastPreMatch = now.getTime();
    const synced = await this.syncStates(now, preMatch);
    if (preMatch) await this.checkSettledResults(now);
    return synced;
  }

  /**
   * The feed's later word on matches we settled: a corrected score or a match called off after
   * the fact is recorded once as a pending 赛果更正提醒 (feed-corrections.service.ts) for an
   * operator to resettle through the usual correction, or dismiss. Money never moves here.
   */
  async checkSettledResults(now = this.clock.now()): Promise<number> {
    try {
      return await recordFeedResultChanges(
        this.db,
        this.feed,
        this.log,
        now,
        this.clock.now(),
        (this.options.resultRecheckHours ?? 96) * HOUR_MS,
      );
    } catch (err) {
      this.log.error({ err }, 'feed results of settled matches not compared');
      return 0;
    }
  }

  async syncCatalog(): Promise<void> {
    await repo.insertLeagues(
      this.db,
      this.feed.leagues().map((l) => ({
        code: l.code,
        sport: l.sport,
        name: l.name,
        shortName: l.shortName,
        country: l.country,
        color: l.color,
        sort: l.sort,
      })),
    );
    const leagueIds = await repo.leagueIdsByCode(this.db);
    await repo.insertTeams(
      this.db,
      this.feed.teams().map((t) => ({ code: t.code, leagueId: leagueIds.get(t.leagueCode)!, name: t.name })),
    );
    this.catalogReady = true;
  }

  async syncFixtures(now: Date): Promise<number> {
    const fixtures = this.feed.fixtures(
      new Date(now.getTime() - this.options.backHours * HOUR_MS),
      new Date(now.getTime() + this.options.aheadHours * HOUR_MS),
    );
    if (fixtures.length === 0) return 0;
    const ids = () => Promise.all([repo.leagueIdsByCode(this.db), repo.teamIdsByCode(this.db)]);
    let [leagueIds, teamIds] = await ids();
    const known = (f: FeedFixture) =>
      leagueIds.has(f.leagueCode) && teamIds.has(f.home.code) && teamIds.has(f.away.code);
    // A polled provider names new leagues and teams as its season goes on: take them first.
    if (!fixtures.every(known)) {
      await this.syncCatalog();
      [leagueIds, teamIds] = await ids();
    }
    const usable = fixtures.filter(known);
    if (usable.length < fixtures.length)
      this.log.warn(
        { feed: this.feed.name, skipped: fixtures.length - usable.length },
        'fixtures naming a league or team the feed does not list were skipped',
      );
    return repo.insertFixtures(
      this.db,
      usable.map((f) => ({
        externalId: f.externalId,
        feed: this.feed.name,
        sport: f.sport,
        leagueId: leagueIds.get(f.leagueCode)!,
        homeTeamId: teamIds.get(f.home.code)!,
        awayTeamId: teamIds.get(f.away.code)!,
        matchNo: f.matchNo,
        kickoffAt: f.kickoffAt,
      })),
    );
  }

  private async syncStates(now: Date, preMatch: boolean): Promise<{ updated: number; settled: number }> {
    const soon = new Date(now.getTime() + 60_000);
    // Rows record when we saw a change (the clock); `now` is the feed time being copied.
    const seenAt = this.clock.now();
    const open = await repo.matchesToSync(this.db, this.feed.name, soon, preMatch);
    let updated = 0;
    const finished: number[] = [];
    const states = open.flatMap((match) => {
      const state = this.feed.state(match.externalId, now);
      return state ? [{ match, state }] : [];
    });
    // Every match's prices in a few statements; the matches whose prices moved come back.
    const moved = await repo.upsertMarketsOf(
      this.db,
      states.map(({ match, state }) => ({ matchId: match.id, markets: state.markets })),
      seenAt,
    );
    const changes = states.filter(({ match, state }) => stateChanged(match, state));
    // Every changed match's state in one statement; a match over in our books is not saved.
    const saved = await repo.saveMatchStates(
      this.db,
      changes.map(({ match, state }) => ({
        id: match.id,
        state: stateRow(match.sport, state),
        over: state.status === 'finished' || state.status === 'cancelled',
      })),
      seenAt,
    );
    const changedIds = new Set(changes.map(({ match }) => match.id));
    for (const { match, state } of states) {
      const changed = changedIds.has(match.id);
      const oddsChanged = moved.has(match.id);
      if (changed) {
        if (!saved.has(match.id)) {
          // Over in our books since this pass read it (e.g. voided by the 36 h check): the
          // feed's word is not saved here; checkSettledResults turns a different result into a
          // 赛果更正提醒 once the match is settled, for an operator to resettle or dismiss.
          this.log.warn(
            { matchId: match.id, feedStatus: state.status },
            'feed state for a match already over ignored',
          );
          continue;
        }
        updated++;
        if (state.status === 'finished' || state.status === 'cancelled') finished.push(match.id);
      }
      if (changed && (state.status === 'live' || match.status === 'live' || finished.includes(match.id))) {
        await this.publish(LIVE_EVENTS.match, {
          id: match.id,
          sport_type: SPORT_TYPE_IDS[match.sport],
          status: state.status,
          period: state.period,
          minute: state.minute,
          clock: state.clock,
          home_score: state.score.home,
          away_score: state.score.away,
          half_time: state.halfTime,
          ...liveFields({
            status: state.status,
            liveOpen: state.inPlay.open,
            liveSuspended: state.inPlay.suspended,
            liveSuspendReason: state.inPlay.reason,
          }),
        } satisfies MatchUpdatedEvent);
      }
      // Pre-match moves too, so open slips update at once.
      if (oddsChanged) {
        await this.publish(LIVE_EVENTS.odds, {
          id: match.id,
          markets: state.markets.map((m) => ({
            play_type: m.playType,
            line: m.line,
            odds: m.odds,
            single: m.single,
          })),
        });
      }
    }
    if (updated + moved.size > 0) this.publicCache?.invalidate('sports');
    let settled = await this.settlement.settleMatches(finished);
    // Anything a crash left half-done is picked up here.
    const leftovers = await repo.unsettledOverMatches(
      this.db,
      new Date(now.getTime() - 7 * 24 * HOUR_MS),
      20,
    );
    settled += await this.settlement.settleMatches(leftovers.filter((id) => !finished.includes(id)));
    return { updated, settled };
  }

  private async publish(event: string, data: unknown): Promise<void> {
    try {
      await this.broadcaster.publish(PUBLIC_CHANNELS.liveMatches, event, data);
    } catch (err) {
      this.log.warn({ err }, 'live update not published');
    }
  }
}

/** Whether the feed's state differs from what our row holds. */
function stateChanged(
  match: Awaited<ReturnType<typeof repo.matchesToSync>>[number],
  state: FeedMatchState,
): boolean {
  return (
    state.status !== match.status ||
    state.clock !== match.clock ||
    state.score.home !== match.homeScore ||
    state.score.away !== match.awayScore ||
    state.bettingOpen !== match.bettingOpen ||
    state.inPlay.open !== match.liveOpen ||
    state.inPlay.suspended !== match.liveSuspended ||
    state.inPlay.reason !== match.liveSuspendReason ||
    (state.inPlay.suspendedSince?.getTime() ?? null) !== (match.liveSuspendedAt?.getTime() ?? null)
  );
}

/** The row fields of a feed state (a match over gets its result). */
function stateRow(sport: 'football' | 'basketball', state: FeedMatchState): repo.MatchState {
  const over = state.status === 'finished' || state.status === 'cancelled';
  return {
    status: state.status,
    bettingOpen: state.bettingOpen,
    period: state.period,
    minute: state.minute,
    clock: state.clock,
    homeScore: state.score.home,
    awayScore: state.score.away,
    htHome: state.halfTime?.home ?? null,
    htAway: state.halfTime?.away ?? null,
    periods: state.periods,
    events: state.events,
    stats: state.stats,
    liveOpen: state.inPlay.open,
    liveSuspended: state.inPlay.suspended,
    liveSuspendReason: state.inPlay.reason,
    liveSuspendedAt: state.inPlay.suspendedSince,
    // A cancelled match keeps who called it off and why: the member's order shows it (系统).
    result: !over ? null : state.status === 'cancelled' ? FEED_CANCELLED_RESULT : resultOf(sport, state),
  };
}

/** The result the feed's cancellation writes, with its actor and reason (read back by `voidTrace`). */
export const FEED_CANCELLED_RESULT = {
  status: 'cancelled',
  reason: '赛事取消',
  by: FEED_SETTLEMENT_ACTOR,
} as const satisfies MatchResult & { reason: string; by: string };

function resultOf(sport: 'football' | 'basketball', state: FeedMatchState): MatchResult {
  if (state.status === 'cancelled') return { status: 'cancelled' };
  if (sport === 'football') {
    return {
      status: 'finished',
      sport: 'football',
      fullTime: state.score,
      halfTime: state.halfTime ?? { home: 0, away: 0 },
    };
  }
  return { status: 'finished', sport: 'basketball', final: state.score };
}
