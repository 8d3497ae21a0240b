import type { Core } from '../../core.ts';
import type { ControlChanges, SoloAllowance } from '../dual-control/index.ts';
import type { BonusService } from '../bonus/index.ts';
import type { FreeBetsService } from '../free-bets/index.ts';
import type { IdempotencyService } from '../idempotency/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { MessagesService } from '../messages/index.ts';
import type { OperatorsService } from '../operators/index.ts';
import type { ResponsiblePlayService } from '../responsible/index.ts';
import { LiveAcceptanceService } from './acceptance.service.ts';
import { BetRefusalsService } from './refusals.service.ts';
import { SportsAdminService } from './admin.service.ts';
import { BookBackfillService } from './book-backfill.service.ts';
import { BoostsService } from './boosts.service.ts';
import { CashOutService } from './cash-out.service.ts';
import { FeedSync } from './feed-sync.ts';
import { FeedCorrectionsService } from './feed-corrections.service.ts';
import { FollowService } from './follow.service.ts';
import { FollowSubscriptionsService } from './follow-subscriptions.service.ts';
import type { SportsFeed } from './feed/feed.ts';
import { MatchesService } from './matches.service.ts';
import { OrdersService } from './orders.service.ts';
import { OverdueMatchService } from './overdue.service.ts';
import { SportsPreferencesService } from './preferences.service.ts';
import { SettlementService } from './settlement.service.ts';
import { SyndicateOrders } from './syndicate-orders.service.ts';

/** The sports book: feed sync, matches, orders, in-play acceptance, settlement and its console. */
export function createSports(
  c: Core,
  d: {
    sportsFeed: SportsFeed;
    ledger: LedgerService;
    idempotency: IdempotencyService;
    messages: MessagesService;
    responsible: ResponsiblePlayService;
    operators: OperatorsService;
    changes: ControlChanges;
    solo: SoloAllowance;
    bonus: BonusService;
    freeBets: FreeBetsService;
    /**
     * 合买 (modules/syndicates, made after this module): splits a plan order's payout among its
     * holders, last among the extras. Called only at settlement, once every module is made.
     */
    syndicatePayouts: Pick<BoostsService, 'correct'> & {
      settle: (...a: Parameters<BoostsService['settle']>) => Promise<void>;
    };
  },
) {
  const boosts = new BoostsService(c.db, c.reads, d.bonus, d.ledger, d.operators, c.clock);
  // What settles and is corrected beside an order's own payout: its 加奖, then its 免费投注券
  // stake, then a copy's 跟单 commission to its publisher (`follow`, made below with the orders).
  const extras: Pick<BoostsService, 'settle' | 'correct'> = {
    settle: async (work, settled, now) => {
      const paid = await boosts.settle(work, settled, now);
      await d.freeBets.settle(work, settled);
      await follow.settle(work, settled, now);
      await d.syndicatePayouts.settle(work, settled, now);
      return paid;
    },
    correct: async (work, changes, correctionId, now) => {
      await boosts.correct(work, changes, correctionId, now);
      await d.freeBets.correct(work, changes, correctionId);
      await follow.correct(work, changes, correctionId, now);
      await d.syndicatePayouts.correct(work, changes, correctionId, now);
    },
  };
  const settlement = new SettlementService(c.db, d.ledger, c.events, c.log, d.messages, c.clock, extras);
  const sportsPreferences = new SportsPreferencesService(c.db, c.clock, c.config.sports.betDelayMs);
  const orders = new OrdersService(
    c.db,
    d.ledger,
    d.idempotency,
    c.clock,
    d.responsible,
    sportsPreferences,
    c.config.sports.betDelayMs,
    c.events,
    boosts,
    d.freeBets,
  );
  const follow = new FollowService(c.db, c.reads, d.ledger, orders, c.clock);
  const sportsAdmin = new SportsAdminService(
    c.db,
    c.reads,
    d.ledger,
    settlement,
    d.operators,
    c.clock,
    { changes: d.changes, solo: d.solo },
    c.publicCache,
    c.broadcaster,
    c.log,
    extras,
  );
  return {
    /** The sports feed in use (SPORTS_FEED). */
    sportsFeed: d.sportsFeed,
    settlement,
    /** 加奖 campaigns: attached to orders at submit, paid at settlement. */
    boosts,
    /** 提前结算: offers for open orders, and closing them for the offer. */
    cashOut: new CashOutService(
      c.db,
      d.ledger,
      d.idempotency,
      sportsPreferences,
      d.operators,
      c.clock,
      c.config.sports.betDelayMs,
      c.broadcaster,
      c.log,
    ),
    feedSync: new FeedSync(
      c.db,
      d.sportsFeed,
      c.broadcaster,
      settlement,
      c.log,
      c.clock,
      {
        backHours: c.config.sports.backMinutes / 60,
        aheadHours: c.config.sports.aheadMinutes / 60,
        resultRecheckHours: c.config.sports.resultRecheckHours,
        preMatchRefreshMs: 60_000,
        fixturesRefreshMs: 10 * 60_000,
      },
      c.publicCache,
    ),
    /** The 36 h void rule (leader job `sports-void-overdue`). */
    overdueMatches: new OverdueMatchService(c.db, settlement, c.broadcaster, c.log, c.clock, c.publicCache),
    /** Books orders open from before the book existed (leader job `sports-book-backfill`). */
    bookBackfill: new BookBackfillService(c.db, c.log, c.clock),
    /** Members' sports preferences (odds-change policy). */
    sportsPreferences,
    /** Decides in-play orders once their bet delay has passed (leader job `sports-accept-live`). */
    liveAcceptance: new LiveAcceptanceService(
      c.db,
      d.ledger,
      c.broadcaster,
      c.log,
      c.clock,
      c.events,
      d.responsible,
      d.sportsFeed,
    ),
    matches: new MatchesService(c.db, c.reads, c.clock),
    /** The record of refused bets (past-posting), for the console. */
    betRefusals: new BetRefusalsService(c.reads),
    orders,
    /** 跟单: 晒单, copies, and the publishers' commissions at settlement. */
    follow,
    /** 定制跟单: subscriptions, and the leader job `follow-auto-copy` that copies new 晒单 for them. */
    followSubscriptions: new FollowSubscriptionsService(
      c.db,
      c.reads,
      c.clock,
      follow,
      d.idempotency,
      d.messages,
      c.log,
    ),
    /** 合买's orders: a plan's slip priced when started, its order placed when decided. */
    syndicateOrders: new SyndicateOrders(c.db, d.ledger, c.clock, sportsPreferences, c.events),
    sportsAdmin,
    /** 赛果更正提醒: a feed's result changed after settlement, for an operator to apply or dismiss. */
    feedCorrections: new FeedCorrectionsService(c.db, sportsAdmin, d.operators, c.clock),
  };
}
