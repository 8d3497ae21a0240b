import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import { EventBus } from './lib/events.ts';
import { AccountsService } from './modules/accounts/accounts.service.ts';
import { AppConfigService } from './modules/app-config/app-config.service.ts';
import { IdempotencyService } from './modules/idempotency/idempotency.service.ts';
import { LedgerService } from './modules/ledger/ledger.service.ts';
import {
  LocalBroadcaster,
  PusherHttpBroadcaster,
  RedisBroadcaster,
  type Broadcaster,
} from './modules/realtime/broadcaster.ts';
import { RealtimeHub } from './modules/realtime/hub.ts';
import { RealtimeService } from './modules/realtime/realtime.service.ts';
import { FeedSync } from './modules/sports/feed-sync.ts';
import type { SportsFeed } from './modules/sports/feed/feed.ts';
import { SimulatedFeed } from './modules/sports/feed/simulator.ts';
import { MatchesService } from './modules/sports/matches.service.ts';
import { OrdersService } from './modules/sports/orders.service.ts';
import { SettlementService } from './modules/sports/settlement.service.ts';
import { LotteryBetsService } from './modules/lottery/bets.service.ts';
import { LotteryService } from './modules/lottery/lottery.service.ts';
import { LotteryScheduler } from './modules/lottery/scheduler.ts';
import { LotterySettlement } from './modules/lottery/settlement.service.ts';
import { LotteryWalletService } from './modules/lottery/wallet.service.ts';
import { every, Leadership } from './lib/jobs.ts';
import { BonusService } from './modules/bonus/bonus.service.ts';
import { MessagesService } from './modules/messages/messages.service.ts';
import { OperatorsService } from './modules/operators/operators.service.ts';
import { ActivitiesService } from './modules/activities/activities.service.ts';
import { AgentApplicationsService } from './modules/agents/applications.service.ts';
import { AgentCentreService } from './modules/agents/centre.service.ts';
import { InviteService } from './modules/invite/invite.service.ts';
import { INVITE_REWARDS_INTERVAL_MS, InviteRewardsService } from './modules/invite/rewards.service.ts';
import { ArticlesService } from './modules/content/articles.service.ts';
import { NoticesService } from './modules/content/notices.service.ts';
import { ClientLogsService } from './modules/client-logs/client-logs.service.ts';
import { BonusLogsService } from './modules/rewards/bonus-logs.service.ts';
import { DEFAULT_REBATE_SOURCES } from './modules/rewards/rebate-sources.ts';
import { RebateService } from './modules/rewards/rebate.service.ts';
import { VipService } from './modules/rewards/vip.service.ts';
import { ReportsService } from './modules/reports/reports.service.ts';
import type { PaymentGateway } from './modules/payments/gateway.ts';
import { SimulatedGateway } from './modules/payments/gateway-simulator.ts';
import { PaymentsService } from './modules/payments/payments.service.ts';
import { UserWalletsService } from './modules/withdrawals/wallets.service.ts';
import { WithdrawalsService } from './modules/withdrawals/withdrawals.service.ts';
import { GamesService } from './modules/games/games.service.ts';
import { GameRecordsService } from './modules/games/records.service.ts';
import { GameTransferService } from './modules/games/transfers.service.ts';
import type { GameProvider } from './modules/games/provider/provider.ts';
import { DemoGameProvider } from './modules/games/simulator.ts';

/** Everything a route may call, built once per app. */
export interface Services {
  config: AppConfig;
  /** The one clock every service and job reads. */
  clock: Clock;
  database: Database;
  events: EventBus;
  ledger: LedgerService;
  accounts: AccountsService;
  appConfig: AppConfigService;
  idempotency: IdempotencyService;
  hub: RealtimeHub;
  realtime: RealtimeService;
  matches: MatchesService;
  orders: OrdersService;
  settlement: SettlementService;
  feedSync: FeedSync;
  /** The sports feed in use (the simulator unless an operator plugs in a provider). */
  sportsFeed: SportsFeed;
  lottery: LotteryService;
  lotteryBets: LotteryBetsService;
  lotteryWallet: LotteryWalletService;
  lotterySettlement: LotterySettlement;
  /** The lottery's clock: periods, 封盘, draws and settlement (`tick(now)` drives it in tests). */
  lotteryScheduler: LotteryScheduler;
  /** Back-office accounts and the audit log. */
  operators: OperatorsService;
  /** The member inbox: messages written in the transaction of the event they report. */
  messages: MessagesService;
  /** Bonuses: ledger credit + bonus log + the turnover they require. */
  bonus: BonusService;
  /** Activities, eligibility, applications and their review. */
  activities: ActivitiesService;
  /** Agent applications: apply, cancel, operators' decisions. */
  agentApplications: AgentApplicationsService;
  /** The agent centre: an agent's own members and their records. */
  agentCentre: AgentCentreService;
  /** The member's invite programme (code, link, referrals, rewards, ranking). */
  invite: InviteService;
  /** Pays invite rewards (deposit milestones on commit, daily bet commission by the job). */
  inviteRewards: InviteRewardsService;
  /** Notices and banners. */
  notices: NoticesService;
  /** Experts, expert and lottery articles, likes and favourites. */
  articles: ArticlesService;
  clientLogs: ClientLogsService;
  /** The member's bonus logs. */
  bonusLogs: BonusLogsService;
  /** Rebates (反水): apply, claim once, records. */
  rebates: RebateService;
  /** VIP upgrades: promotion with each level's bonus paid once (`check`, `sweep`, `idle`). */
  vip: VipService;
  /** Comprehensive report, betting records, bills. */
  reports: ReportsService;
  /** The payment gateway in use (the simulator unless an operator plugs in a provider). */
  paymentGateway: PaymentGateway;
  /** Deposits: gateway orders and callbacks, USDT transfers confirmed by an operator. */
  payments: PaymentsService;
  /** Withdrawals: freeze on request, pay out or unfreeze on decision. */
  withdrawals: WithdrawalsService;
  /** Saved withdrawal destinations (bank cards, USDT addresses). */
  userWallets: UserWalletsService;
  /** The built-in demo game aggregator (its pages and fault switch); also `gameProvider` by default. */
  demoProvider: DemoGameProvider;
  /** The game aggregator in use, behind the GameProvider adapter. */
  gameProvider: GameProvider;
  games: GamesService;
  gameTransfers: GameTransferService;
  gameRecords: GameRecordsService;
  /** Starts the background jobs (feed sync and settlement) when this process leads. */
  startJobs(): void;
  /** Stops background work and closes connections to outside services. */
  close(): Promise<void>;
}

async function createBroadcaster(
  config: AppConfig,
  hub: RealtimeHub,
  log: FastifyBaseLogger,
): Promise<Broadcaster> {
  const rt = config.realtime;
  switch (rt.driver) {
    case 'redis':
      return RedisBroadcaster.connect(rt.redisUrl!, rt.redisPrefix, hub, log);
    case 'pusher':
      return new PusherHttpBroadcaster({
        ...rt.pusher!,
        appId: rt.appId,
        appKey: rt.appKey,
        appSecret: rt.appSecret,
      });
    case 'embedded':
      return new LocalBroadcaster(hub);
  }
}

export async function createServices(
  config: AppConfig,
  database: Database,
  log: FastifyBaseLogger,
  clock: Clock,
): Promise<Services> {
  const events = new EventBus();
  const { db } = database;
  const hub = new RealtimeHub({
    appKey: config.realtime.appKey,
    appSecret: config.realtime.appSecret,
    activityTimeoutS: config.realtime.activityTimeoutS,
    pongTimeoutMs: config.realtime.pongTimeoutMs,
    log,
    clock,
  });
  const broadcaster = await createBroadcaster(config, hub, log);
  const realtime = new RealtimeService(db, config, hub, broadcaster, log, clock);
  realtime.start(events);
  const ledger = new LedgerService(db, events, clock);
  const appConfig = new AppConfigService(db, clock);
  const idempotency = new IdempotencyService(db);
  const feed = new SimulatedFeed({
    name: config.sports.feedName,
    seed: await appConfig.secret('sports_sim_seed'),
    speed: config.sports.speed,
    footballIntervalMin: config.sports.footballIntervalMin,
    basketballIntervalMin: config.sports.basketballIntervalMin,
  });
  const messages = new MessagesService(db, broadcaster, log, clock);
  const settlement = new SettlementService(db, ledger, events, log, messages, clock);
  const feedSync = new FeedSync(db, feed, broadcaster, settlement, log, clock, {
    backHours: 12,
    aheadHours: 72,
    preMatchRefreshMs: 60_000,
    fixturesRefreshMs: 10 * 60_000,
  });
  const lotterySettlement = new LotterySettlement(db, ledger, broadcaster, log, messages, clock);
  const lotteryScheduler = new LotteryScheduler(db, lotterySettlement, broadcaster, log, clock, {
    aheadMs: config.lottery.aheadMs,
  });
  const operators = new OperatorsService(db, config, clock);
  const bonus = new BonusService(ledger, events, clock);
  const demoProvider = new DemoGameProvider(db, clock);
  const gameProvider: GameProvider = demoProvider;
  const gameTransfers = new GameTransferService(db, ledger, gameProvider, config.games, log, clock);
  const gameRecords = new GameRecordsService(db, gameProvider, events, clock);
  const leadership = new Leadership(config.databaseUrl, log);
  const vip = new VipService(db, bonus, messages, events, log, clock);
  const stopVip = vip.start();
  const rebates = new RebateService(db, ledger, idempotency, DEFAULT_REBATE_SOURCES, log, clock);
  const stops: Array<() => void> = [];
  const agentApplications = new AgentApplicationsService(db, operators, messages, events, clock);
  const inviteRewards = new InviteRewardsService(db, bonus, messages, log, clock);
  inviteRewards.start(events);
  const accounts = new AccountsService(db, config, events, messages, clock);
  const paymentGateway = new SimulatedGateway(
    db,
    config.finance.gatewaySecret ?? (await appConfig.secret('payment_gateway_secret')),
    clock,
  );
  // Background work, each run only by the process holding the leadership lock.
  const jobs: Array<{ name: string; everyMs: number; run: () => Promise<unknown> }> = [
    { name: 'sports-feed', everyMs: config.sports.syncIntervalMs, run: () => feedSync.tick() },
    { name: 'lottery-scheduler', everyMs: config.lottery.tickIntervalMs, run: () => lotteryScheduler.tick() },
    { name: 'invite-rewards', everyMs: INVITE_REWARDS_INTERVAL_MS, run: () => inviteRewards.runJob() },
    { name: 'vip-sweep', everyMs: config.vipSweepIntervalMs, run: () => vip.sweep() },
    { name: 'rebate-daily', everyMs: config.rebateRunIntervalMs, run: () => rebates.applyCompletedDays() },
    {
      name: 'game-transfer-reconcile',
      everyMs: config.games.reconcileIntervalMs,
      run: () => gameTransfers.reconcile(),
    },
    { name: 'game-record-sync', everyMs: config.games.recordSyncIntervalMs, run: () => gameRecords.sync() },
  ];
  return {
    config,
    clock,
    database,
    events,
    ledger,
    accounts,
    appConfig,
    idempotency,
    hub,
    realtime,
    matches: new MatchesService(db, clock),
    orders: new OrdersService(db, ledger, idempotency, clock),
    settlement,
    feedSync,
    sportsFeed: feed,
    lottery: new LotteryService(db, clock),
    lotteryBets: new LotteryBetsService(db, ledger, idempotency, clock),
    lotteryWallet: new LotteryWalletService(db, ledger, idempotency, events, clock),
    lotterySettlement,
    lotteryScheduler,
    operators,
    messages,
    bonus,
    activities: new ActivitiesService(db, idempotency, bonus, messages, operators, clock),
    agentApplications,
    agentCentre: new AgentCentreService(db, clock),
    invite: new InviteService(db, agentApplications, events, clock),
    inviteRewards,
    notices: new NoticesService(db, clock),
    articles: new ArticlesService(db, clock),
    clientLogs: new ClientLogsService(db, clock),
    bonusLogs: new BonusLogsService(db),
    rebates,
    vip,
    reports: new ReportsService(db, gameRecords),
    paymentGateway,
    payments: new PaymentsService(
      db,
      config,
      ledger,
      idempotency,
      messages,
      operators,
      events,
      paymentGateway,
      log,
      clock,
    ),
    withdrawals: new WithdrawalsService(
      db,
      config,
      ledger,
      idempotency,
      accounts,
      messages,
      operators,
      events,
      clock,
    ),
    userWallets: new UserWalletsService(db, clock),
    demoProvider,
    gameProvider,
    games: new GamesService(db, gameProvider, clock, {
      timeoutMs: config.games.timeoutMs,
      publicUrl: config.publicUrl,
    }),
    gameTransfers,
    gameRecords,
    startJobs: () => {
      for (const job of jobs) {
        stops.push(
          every(
            job.everyMs,
            async () => {
              if (await leadership.isLeader()) await job.run();
            },
            log,
            job.name,
          ),
        );
      }
    },
    close: async () => {
      for (const stop of stops.splice(0)) stop();
      stopVip();
      await vip.idle();
      await leadership.close();
      realtime.stop();
      inviteRewards.stop();
      await hub.close();
      await broadcaster.close();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export const servicesPlugin = fp(
  async (app: FastifyInstance, opts: { services: Services }) => {
    app.decorate('services', opts.services);
    app.services.hub.attach(app.server);
    app.addHook('onClose', async () => opts.services.close());
  },
  { name: 'services' },
);
