import type { PublicCache } from '../../lib/public-cache.ts';
import type { FastifyBaseLogger } from 'fastify';
import { jobActor, PUBLIC_CHANNELS, SPORT_TYPE_IDS } from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Broadcaster } from '../realtime/index.ts';
import { LIVE_EVENTS } from './feed-sync.ts';
import type { SettlementService } from './settlement.service.ts';
import * as repo from './sports.repo.ts';

/** A match not completed this long after kick-off is void (BETTING-RULES.md, Settlement). */
export const VOID_AFTER_KICKOFF_MS = 36 * 3_600_000;
/** How often the leader looks for such matches. */
export const OVERDUE_CHECK_INTERVAL_MS = 60_000;
/** Why the match was called off, kept in its result (`{status: 'cancelled', reason, by}`). */
export const OVERDUE_VOID_REASON = '比赛推迟超过36小时，按规则作废';
/** Who called it off, kept beside the reason (`{status, reason, by}`): the leader's job. */
export const OVERDUE_VOID_ACTOR = jobActor('sports-void-overdue');

/** Matches voided per run; the next run (a minute later) takes the rest. */
const BATCH = 200;

export interface OverdueReport {
  voided: number;
  orders: number;
}

/**
 * The 36 h rule, on our own clock and independent of any feed. BETTING-RULES.md (Settlement):
 * "A cancelled or void match (not completed within 36 h of kick-off) makes a single bet a
 * refund, and in a parlay its odds count as 1.00. The 36 h rule belongs to settlement, not to
 * a feed: a match that any feed leaves postponed past 36 h is voided by our own clock."
 * "Not completed" is the test, so every uncompleted status counts: `postponed`, and a match a
 * feed left `scheduled` or `live` with no result (repo.MATCH_UNCOMPLETED).
 *
 * Each run (leader job `sports-void-overdue`) calls such a match off with
 * `{status: 'cancelled', reason}` in one guarded UPDATE, so of concurrent runs exactly one
 * flips it, then settles it through the cancelled-match path of `SettlementService.settleMatch`
 * (legs void = odds 1.00, singles refunded by a `bet_refund` entry, parlays settled once their
 * other legs are decided), which is itself exactly-once and safe to re-run. A crash between the
 * two steps is finished by the next run (and by FeedSync's sweep of unsettled matches).
 *
 * A result the feed reports later for a match voided here changes nothing: FeedSync no longer
 * asks the feed about a cancelled match, and a sync pass already in flight cannot write it
 * (`saveMatchStates` refuses a match already over; it logs the ignored state). The void is final
 * as the rule says; an operator who decides otherwise uses the back office's existing one-time
 * resettle (`match_corrections`), which corrects settled orders with `settle_correction` entries.
 */
export class OverdueMatchService {
  constructor(
    private readonly db: Db,
    private readonly settlement: SettlementService,
    private readonly broadcaster: Broadcaster,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
    private readonly clock: Clock,
    private readonly publicCache: Pick<PublicCache, 'invalidate'> | null = null,
  ) {}

  async run(): Promise<OverdueReport> {
    const now = this.clock.now();
    const kickedOffBy = new Date(now.getTime() - VOID_AFTER_KICKOFF_MS);
    const ids = await repo.overdueMatchIds(this.db, kickedOffBy, BATCH);
    let voided = 0;
    let orders = 0;
    for (const id of ids) {
      const match = await repo.voidOverdueMatch(
        this.db,
        id,
        kickedOffBy,
        { status: 'cancelled', reason: OVERDUE_VOID_REASON, by: OVERDUE_VOID_ACTOR },
        now,
      );
      // Another run (or the feed) got there first: it settles the match itself.
      if (!match) continue;
      voided++;
      this.log.warn(
        { matchId: match.id, matchNo: match.matchNo, kickoffAt: match.kickoffAt.toISOString() },
        'match not completed 36 h after kick-off voided',
      );
      orders += (await this.settlement.settleMatch(id)).orders;
      // Open pages learn it as they would from the feed (FeedSync's `match.updated`).
      await this.broadcaster
        .publish(PUBLIC_CHANNELS.liveMatches, LIVE_EVENTS.match, {
          id: match.id,
          sport_type: SPORT_TYPE_IDS[match.sport],
          status: 'cancelled',
          period: match.period,
          minute: null,
          clock: match.clock,
          home_score: match.homeScore,
          away_score: match.awayScore,
          half_time:
            match.htHome === null || match.htAway === null
              ? null
              : { home: match.htHome, away: match.htAway },
          live_betting: false,
          live_suspended: false,
          live_suspend_reason: null,
        })
        .catch((err: unknown) => this.log.warn({ err }, 'live update not published'));
    }
    // Voided but not settled (a crash between the two steps): settle now, whatever the feed does.
    for (const id of await repo.unsettledOverMatches(this.db, new Date(now.getTime() - 7 * 86_400_000), 20))
      orders += (await this.settlement.settleMatch(id)).orders;
    if (voided > 0) this.publicCache?.invalidate('sports');
    return { voided, orders };
  }
}
