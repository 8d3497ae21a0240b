import { performance } from 'node:perf_hooks';
import type { AppConfig } from './config.ts';
import type { EventBus } from './lib/events.ts';
import type { JobRunner } from './lib/jobs.ts';
import type { GameIdleRecall, GameRecordsService } from './modules/games/index.ts';
import type { GameTransferService } from './modules/games/index.ts';
import type { HousekeepingService } from './modules/housekeeping/index.ts';
import type { ChainDepositsService, PaymentsService } from './modules/payments/index.ts';
import type { WithdrawalsService } from './modules/withdrawals/index.ts';
import { INVITE_REWARDS_INTERVAL_MS, type InviteRewardsService } from './modules/invite/index.ts';
import type { LotteryChaseService, LotteryScheduler } from './modules/lottery/index.ts';
import type { RealtimeService } from './modules/realtime/index.ts';
import type { SyndicatesService } from './modules/syndicates/index.ts';
import type { RebateService } from './modules/rewards/index.ts';
import type { VipService } from './modules/rewards/index.ts';
import type { FeedSync } from './modules/sports/index.ts';
import { BOOK_BACKFILL_INTERVAL_MS, type BookBackfillService } from './modules/sports/index.ts';
import { OVERDUE_CHECK_INTERVAL_MS, type OverdueMatchService } from './modules/sports/index.ts';
import {
  LIVE_ACCEPT_INTERVAL_MS,
  type CashOutService,
  type FollowSubscriptionsService,
  type LiveAcceptanceService,
} from './modules/sports/index.ts';
import type { Metrics } from './ops/metrics.ts';

/** Reconciliation of lost payment notifications: orders asked per batch, and one run's time budget. */
const RECONCILE_BATCH = 50;
const RECONCILE_BUDGET_MS = 30_000;

export interface JobServices {
  events: EventBus;
  realtime: RealtimeService;
  metrics: Metrics;
  vip: VipService;
  inviteRewards: InviteRewardsService;
  feedSync: FeedSync;
  overdueMatches: OverdueMatchService;
  bookBackfill: BookBackfillService;
  liveAcceptance: LiveAcceptanceService;
  cashOut: CashOutService;
  followSubscriptions: FollowSubscriptionsService;
  lotteryScheduler: LotteryScheduler;
  lotteryChase: LotteryChaseService;
  syndicates: SyndicatesService;
  rebates: RebateService;
  gameTransfers: GameTransferService;
  gameRecords: GameRecordsService;
  gameIdleRecall: GameIdleRecall;
  housekeeping: HousekeepingService;
  payments: PaymentsService;
  chainDeposits: ChainDepositsService;
  withdrawals: WithdrawalsService;
}

/**
 * The jobs registry: everything that runs on its own rather than because a request asked.
 * Listeners react to committed events in every process; periodic jobs run on the leader only.
 */
export function registerJobs(runner: JobRunner, config: AppConfig, s: JobServices): void {
  runner.listen('realtime-pushes', () => {
    s.realtime.start(s.events);
    return () => s.realtime.stop();
  });
  runner.listen('metrics', () => s.metrics.observe(s.events));
  runner.listen('vip-upgrades', () => s.vip.start());
  runner.listen('invite-milestones', () => {
    s.inviteRewards.start(s.events);
    return () => s.inviteRewards.stop();
  });

  runner.every({ name: 'sports-feed', everyMs: config.sports.syncIntervalMs, run: () => s.feedSync.tick() });
  // The 36 h void rule on our own clock, whatever the feed says (modules/sports/overdue.service.ts).
  runner.every({
    name: 'sports-void-overdue',
    everyMs: OVERDUE_CHECK_INTERVAL_MS,
    run: () => s.overdueMatches.run(),
  });
  // In-play orders whose bet delay has passed: accepted or refused (and refunded), each once.
  // Orders open from before the book existed get their liability booked (migration 0024's queue).
  runner.every({
    name: 'sports-book-backfill',
    everyMs: BOOK_BACKFILL_INTERVAL_MS,
    run: () => s.bookBackfill.run(),
  });
  runner.every({
    name: 'sports-accept-live',
    everyMs: LIVE_ACCEPT_INTERVAL_MS,
    run: () => s.liveAcceptance.run(),
  });
  // In-play cash-outs whose bet delay has passed: paid or refused, each once.
  runner.every({
    name: 'sports-cash-out-live',
    everyMs: LIVE_ACCEPT_INTERVAL_MS,
    run: () => s.cashOut.decideDue(),
  });
  // 定制跟单: each new 晒单 copied for its publisher's subscribers (or refused, and they are told why).
  runner.every({
    name: 'follow-auto-copy',
    everyMs: LIVE_ACCEPT_INTERVAL_MS,
    run: () => s.followSubscriptions.run(),
  });
  runner.every({
    name: 'lottery-scheduler',
    everyMs: config.lottery.tickIntervalMs,
    run: () => s.lotteryScheduler.tick(),
  });
  // 追号: each period placed when it opens (or skipped and refunded), placed ones followed to their result.
  runner.every({
    name: 'lottery-chase',
    everyMs: config.lottery.tickIntervalMs,
    run: () => s.lotteryChase.run(),
  });
  // 合买: each plan placed when full or at its deadline (filled from its 保底 first), or failed and refunded.
  runner.every({
    name: 'syndicates',
    everyMs: config.lottery.tickIntervalMs,
    run: () => s.syndicates.run(),
  });
  runner.every({
    name: 'invite-rewards',
    everyMs: INVITE_REWARDS_INTERVAL_MS,
    run: () => s.inviteRewards.runJob(),
  });
  runner.every({ name: 'vip-sweep', everyMs: config.vipSweepIntervalMs, run: () => s.vip.sweep() });
  runner.every({
    name: 'rebate-daily',
    everyMs: config.rebateRunIntervalMs,
    run: () => s.rebates.applyCompletedDays(),
  });
  runner.every({
    name: 'game-transfer-reconcile',
    everyMs: config.games.reconcileIntervalMs,
    run: () => s.gameTransfers.reconcile(),
  });
  // Game wallets a member left behind (tab closed before the automatic transfer-out) go back to
  // main once they have been idle GAME_IDLE_RECALL_MINUTES (modules/games/idle-recall.service.ts).
  runner.every({
    name: 'game-idle-recall',
    everyMs: config.games.idleRecallIntervalMs,
    run: () => s.gameIdleRecall.run(),
  });
  runner.every({
    name: 'game-record-sync',
    everyMs: config.games.recordSyncIntervalMs,
    run: () => s.gameRecords.sync(),
  });
  // Gateway deposits whose notification never came are asked for at the gateway (its order query)
  // and credited from its answer, exactly once with the notification's own path.
  runner.every({
    name: 'payment-reconcile',
    everyMs: config.finance.reconcile.intervalMs,
    // Batches back to back while a backlog lasts (each order is asked once per re-ask period, so
    // this ends), within a budget that leaves the rest of the leader's jobs their turn.
    run: async () => {
      const until = performance.now() + RECONCILE_BUDGET_MS;
      for (;;) {
        const tally = await s.payments.reconcileOpenOrders({
          ...config.finance.reconcile,
          limit: RECONCILE_BATCH,
        });
        if (tally.asked < RECONCILE_BATCH || performance.now() > until) return;
      }
    },
  });
  // USDT_DEPOSITS=trongrid: confirmed transfers to members' own addresses, credited once each.
  if (config.finance.usdtChain.mode === 'trongrid')
    runner.every({
      name: 'usdt-chain-watch',
      everyMs: config.finance.usdtChain.intervalMs,
      run: () => s.chainDeposits.watch(),
    });
  // …and USDT withdrawals' transaction ids: paid once the chain confirms them, or back to 待出款.
  if (config.finance.usdtChain.mode === 'trongrid')
    runner.every({
      name: 'usdt-withdrawal-check',
      everyMs: config.finance.usdtChain.intervalMs,
      run: () => s.withdrawals.checkChainPayments(),
    });
  runner.every({
    name: 'housekeeping',
    everyMs: config.housekeeping.intervalMs,
    run: () => s.housekeeping.run(),
  });
}
