import { PublicCache } from './lib/public-cache.ts';
import { RedisCacheTransport } from './lib/public-cache-redis.ts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import { EventBus } from './lib/events.ts';
import { AccountsService } from './modules/accounts/index.ts';
import { AppConfigService } from './modules/app-config/index.ts';
import { IdempotencyService } from './modules/idempotency/index.ts';
import { createWallets, LedgerService, walletsOf } from './modules/ledger/index.ts';
import {
  ClusterBroadcaster,
  LocalBroadcaster,
  PusherHttpBroadcaster,
  RedisBroadcaster,
  type Broadcaster,
} from './modules/realtime/index.ts';
import { RealtimeHub } from './modules/realtime/index.ts';
import { RealtimeService } from './modules/realtime/index.ts';
import { FeedSync } from './modules/sports/index.ts';
import { OverdueMatchService } from './modules/sports/index.ts';
import { BookBackfillService } from './modules/sports/index.ts';
import type { SportsFeed } from './modules/sports/index.ts';
import { MatchesService } from './modules/sports/index.ts';
import { OrdersService } from './modules/sports/index.ts';
import { SportsPreferencesService } from './modules/sports/index.ts';
import { LiveAcceptanceService } from './modules/sports/index.ts';
import { SettlementService } from './modules/sports/index.ts';
import { LotteryBetsService } from './modules/lottery/index.ts';
import { LotteryService } from './modules/lottery/index.ts';
import { resolveDrawSeedKey } from './modules/lottery/index.ts';
import { LotteryScheduler } from './modules/lottery/index.ts';
import { LotterySettlement } from './modules/lottery/index.ts';
import { LotteryWalletService } from './modules/lottery/index.ts';
import { JobRunner, Leadership } from './lib/jobs.ts';
import { BonusService } from './modules/bonus/index.ts';
import { MessagesService } from './modules/messages/index.ts';
import { OperatorsService } from './modules/operators/index.ts';
import { ActivitiesService } from './modules/activities/index.ts';
import { AgentApplicationsService } from './modules/agents/index.ts';
import { AgentCentreService } from './modules/agents/index.ts';
import { InviteService } from './modules/invite/index.ts';
import { InviteRewardsService } from './modules/invite/index.ts';
import { ArticlesService } from './modules/content/index.ts';
import { NoticesService } from './modules/content/index.ts';
import { ClientLogsService } from './modules/client-logs/index.ts';
import { BonusLogsService } from './modules/rewards/index.ts';
import { DEFAULT_REBATE_SOURCES } from './modules/rewards/index.ts';
import { RebateService } from './modules/rewards/index.ts';
import { VipService } from './modules/rewards/index.ts';
import { ReportsService } from './modules/reports/index.ts';
import type { PaymentGateway } from './modules/payments/index.ts';
import { openDepositsOf, PaymentsService } from './modules/payments/index.ts';
import { UserWalletsService } from './modules/withdrawals/index.ts';
import { WithdrawalsService } from './modules/withdrawals/index.ts';
import { GamesService } from './modules/games/index.ts';
import { GameRecordsService } from './modules/games/index.ts';
import { GameTransferService } from './modules/games/index.ts';
import type { GameProvider } from './modules/games/index.ts';
import { DemoGameProvider } from './modules/games/index.ts';
import { HousekeepingService } from './modules/housekeeping/index.ts';
import { createAdapters, defaultAdapters, type AdapterRegistry } from './adapters/index.ts';
import type { SelectedAdapters } from './adapters/registry.ts';
import { registerJobs } from './jobs.ts';
import { DatabaseHealth } from './ops/db-health.ts';
import { Metrics } from './ops/metrics.ts';
import { createBackoffice, type Backoffice } from './modules/backoffice/index.ts';
import { FinanceSettingsService } from './modules/payments/index.ts';
import { InviteRulesService } from './modules/invite/index.ts';
import { createLimits, type Limits } from './modules/limits/index.ts';
import { ControlChanges, SoloAllowance } from './modules/dual-control/index.ts';
import { SportsAdminService } from './modules/sports/index.ts';
import { LotteryAdminService } from './modules/lottery/index.ts';
import { ContentAdminService } from './modules/content/index.ts';
import { InviteAdminService } from './modules/invite/index.ts';
import { ReportsAdminService } from './modules/reports/index.ts';
import { DepositQueueService } from './modules/payments/index.ts';
import { WithdrawalQueueService } from './modules/withdrawals/index.ts';
import { ResponsiblePlayService } from './modules/responsible/index.ts';

/** Everything a route may call, built once per app. */
export interface Services {
  config: AppConfig;
  /** The one clock every service and job reads. */
  clock: Clock;
  database: Database;
  /** Whether PostgreSQL answers; API calls answer 503 and jobs wait while it does not. */
  dbHealth: DatabaseHealth;
  /** This process's Prometheus metrics (/metrics). */
  metrics: Metrics;
  /** Listeners (every process) and periodic jobs (the leader): started when the app is ready. */
  jobs: JobRunner;
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
  /** The 36 h void rule (leader job `sports-void-overdue`). */
  overdueMatches: OverdueMatchService;
  /** Books orders open from before the book existed (leader job `sports-book-backfill`). */
  bookBackfill: BookBackfillService;
  /** The sports feed in use (SPORTS_FEED). */
  sportsFeed: SportsFeed;
  /** Members' sports preferences (odds-change policy). */
  sportsPreferences: SportsPreferencesService;
  /** Decides in-play orders once their bet delay has passed (leader job `sports-accept-live`). */
  liveAcceptance: LiveAcceptanceService;
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
  /** The payment gateway in use (PAYMENT_GATEWAY). */
  paymentGateway: PaymentGateway;
  /** Deposits: gateway orders and callbacks, USDT transfers confirmed by an operator. */
  payments: PaymentsService;
  /** Withdrawals: freeze on request, pay out or unfreeze on decision. */
  withdrawals: WithdrawalsService;
  /** Saved withdrawal destinations (bank cards, USDT addresses). */
  userWallets: UserWalletsService;
  /** The game aggregator in use (GAME_PROVIDER), behind the GameProvider adapter. */
  gameProvider: GameProvider;
  /**
   * The built-in demo aggregator (its pages and fault switch) when GAME_PROVIDER=simulator;
   * reading it with another provider selected throws.
   */
  readonly demoProvider: DemoGameProvider;
  games: GamesService;
  gameTransfers: GameTransferService;
  gameRecords: GameRecordsService;
  /** Deletes expired sessions, old idempotency records, login attempts and payment callbacks. */
  housekeeping: HousekeepingService;
  /** Routes the selected adapters serve themselves (simulators' pages). */
  adapterRoutes: SelectedAdapters['routes'];
  /** Abuse limits: failed-attempt counts and the store behind the request rate limits. */
  limits: Limits;
  /**
   * 理性投注: the member's own limits, reality check, time-outs and self-exclusions; every money
   * path, bonus, rebate, reward and marketing message asks it.
   */
  responsible: ResponsiblePlayService;
  /** The operator console's services (/admin/v1: security, dashboard, members, finance …). */
  backoffice: Backoffice;
  /** Maker–checker for what one operator must not do alone (issue 37). */
  controlChanges: ControlChanges;
  /** Money an operator moves alone per member and Beijing day, against the approval threshold. */
  soloAllowance: SoloAllowance;
  /** Rates, limits, fees, methods and the approval threshold in force (payments). */
  financeSettings: FinanceSettingsService;
  sportsAdmin: SportsAdminService;
  lotteryAdmin: LotteryAdminService;
  contentAdmin: ContentAdminService;
  inviteAdmin: InviteAdminService;
  reportsAdmin: ReportsAdminService;
  depositQueue: DepositQueueService;
  withdrawalQueue: WithdrawalQueueService;
  /** Public answers kept in memory by URL (plugins/public-cache.ts); writers invalidate their topic. */
  publicCache: PublicCache;
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
    case 'cluster':
      return new ClusterBroadcaster(hub);
    case 'embedded':
      return new LocalBroadcaster(hub);
  }
}

/**
 * The composition root: builds the adapters the configuration selects, the module services
 * and the jobs registry, and nothing else. No listener subscribes, no timer starts and no job
 * runs here; `servicesPlugin` starts the jobs registry once the app is ready and stops it on
 * close (docs/decisions/010-composition-root-and-adapters.md).
 */
export async function createServices(
  config: AppConfig,
  database: Database,
  log: FastifyBaseLogger,
  clock: Clock,
  registry: AdapterRegistry = defaultAdapters(),
): Promise<Services> {
  const { db } = database;
  const events = new EventBus();
  const dbHealth = new DatabaseHealth(database, log);
  const hub = new RealtimeHub({
    appKey: config.realtime.appKey,
    appSecret: config.realtime.appSecret,
    activityTimeoutS: config.realtime.activityTimeoutS,
    pongTimeoutMs: config.realtime.pongTimeoutMs,
    limits: config.realtime.limits,
    trustProxy: config.trustProxy,
    log,
    clock,
  });
  const metrics = new Metrics({ database, hub, clock });
  const broadcaster = await createBroadcaster(config, hub, log);
  // Public answers in memory (lists the same for every visitor); Redis carries invalidations to
  // the other processes. Without it, several processes bound staleness by a 1 s TTL instead.
  const publicCache = new PublicCache(
    clock,
    {
      ttlMs: config.realtime.redisUrl || config.workers === 1 ? 60_000 : 1_000,
      // Match lists carry the server's time and close at kick-off by it: a second at most.
      topicTtlMs: { sports: 1_000 },
      maxEntries: 2_000,
    },
    config.realtime.redisUrl
      ? await RedisCacheTransport.connect(config.realtime.redisUrl, config.realtime.redisPrefix, log)
      : null,
  );
  const appConfig = new AppConfigService(db, clock, publicCache);

  // ---- adapters: the outside world, chosen by SPORTS_FEED / PAYMENT_GATEWAY / GAME_PROVIDER ----
  const adapters = await createAdapters(registry, {
    config,
    db,
    clock,
    log,
    secret: (key) => appConfig.secret(key),
    env: process.env,
  });
  const { sportsFeed, paymentGateway, gameProvider } = adapters;

  // ---- module services: constructors only ----
  const realtime = new RealtimeService(db, config, hub, broadcaster, log, clock);
  const ledger = new LedgerService(db, events, clock);
  const idempotency = new IdempotencyService(db);
  const limits = await createLimits(config, db, clock, log);
  const responsible = new ResponsiblePlayService(db, config, limits, events, clock, openDepositsOf);
  const messages = new MessagesService(db, broadcaster, log, clock, responsible);
  const settlement = new SettlementService(db, ledger, events, log, messages, clock);
  const feedSync = new FeedSync(
    db,
    sportsFeed,
    broadcaster,
    settlement,
    log,
    clock,
    {
      backHours: config.sports.backMinutes / 60,
      aheadHours: config.sports.aheadMinutes / 60,
      preMatchRefreshMs: 60_000,
      fixturesRefreshMs: 10 * 60_000,
    },
    publicCache,
  );
  const overdueMatches = new OverdueMatchService(db, settlement, broadcaster, log, clock, publicCache);
  const bookBackfill = new BookBackfillService(db, log, clock);
  const sportsPreferences = new SportsPreferencesService(db, clock, config.sports.betDelayMs);
  const liveAcceptance = new LiveAcceptanceService(db, ledger, broadcaster, log, clock, events, responsible);
  const lotterySettlement = new LotterySettlement(db, ledger, broadcaster, log, messages, clock, events);
  // The draw seed key: DRAW_SEED_KEY, or (demo) the key file in DATA_DIR made on the first start.
  const drawSeedKey = resolveDrawSeedKey(config);
  log.info({ source: drawSeedKey.source, keyId: drawSeedKey.id }, 'lottery draw seed key');
  const lotteryScheduler = new LotteryScheduler(db, lotterySettlement, broadcaster, log, clock, {
    aheadMs: config.lottery.aheadMs,
    seedKey: drawSeedKey,
  });
  const operators = new OperatorsService(db, config, clock, limits);
  // Dual control (issue 37): what waits for a second operator, and money one moves alone per day.
  let queueChanged = () => undefined as void;
  const controlChanges = new ControlChanges(db, operators, clock, () => queueChanged());
  const financeSettings = new FinanceSettingsService(db, config, clock, operators, controlChanges);
  const soloAllowance = new SoloAllowance(
    async (work) => (await financeSettings.rules(work.tx)).adjustmentThreshold,
    clock,
  );
  const bonus = new BonusService(ledger, events, clock, responsible);
  const gameTransfers = new GameTransferService(
    db,
    ledger,
    gameProvider,
    config.games,
    log,
    clock,
    responsible,
  );
  const gameRecords = new GameRecordsService(db, gameProvider, events, clock);
  const vip = new VipService(db, bonus, messages, events, log, clock);
  const rebates = new RebateService(db, ledger, idempotency, DEFAULT_REBATE_SOURCES, log, clock, responsible);
  const agentApplications = new AgentApplicationsService(db, operators, messages, events, clock, responsible);
  const inviteRules = new InviteRulesService(db, clock, operators, controlChanges);
  const inviteRewards = new InviteRewardsService(db, bonus, messages, log, clock, inviteRules);
  const accounts = new AccountsService(
    db,
    config,
    events,
    { wallets: { create: createWallets, of: walletsOf }, inbox: messages },
    clock,
    limits,
  );
  const housekeeping = new HousekeepingService(db, config.housekeeping, clock, log);

  const backoffice = createBackoffice({
    db,
    config,
    clock,
    log,
    events,
    broadcaster,
    operators,
    controlChanges,
    soloAllowance,
    ledger,
    messages,
    realtime,
    responsible,
  });
  queueChanged = () => backoffice.pending.changed();

  // ---- jobs registry: started by servicesPlugin once the app is ready ----
  const jobs = new JobRunner({
    leadership: new Leadership(config.databaseUrl, log),
    log,
    health: dbHealth,
    observer: metrics,
  });
  registerJobs(jobs, config, {
    events,
    realtime,
    metrics,
    vip,
    inviteRewards,
    feedSync,
    overdueMatches,
    bookBackfill,
    liveAcceptance,
    lotteryScheduler,
    rebates,
    gameTransfers,
    gameRecords,
    housekeeping,
  });
  jobs.listen('backoffice-pending-counts', backoffice.listen);
  for (const job of backoffice.jobs) jobs.every(job);

  return {
    config,
    clock,
    database,
    dbHealth,
    metrics,
    jobs,
    events,
    ledger,
    accounts,
    appConfig,
    idempotency,
    hub,
    realtime,
    matches: new MatchesService(db, clock),
    orders: new OrdersService(
      db,
      ledger,
      idempotency,
      clock,
      responsible,
      sportsPreferences,
      config.sports.betDelayMs,
      events,
    ),
    sportsPreferences,
    liveAcceptance,
    settlement,
    feedSync,
    overdueMatches,
    bookBackfill,
    sportsFeed,
    lottery: new LotteryService(db, clock),
    lotteryBets: new LotteryBetsService(db, ledger, idempotency, clock, responsible),
    lotteryWallet: new LotteryWalletService(db, ledger, idempotency, events, clock, responsible),
    lotterySettlement,
    lotteryScheduler,
    operators,
    messages,
    bonus,
    activities: new ActivitiesService(
      db,
      idempotency,
      bonus,
      messages,
      operators,
      clock,
      responsible,
      soloAllowance,
      controlChanges,
    ),
    agentApplications,
    agentCentre: new AgentCentreService(db, clock),
    invite: new InviteService(db, agentApplications, events, clock, inviteRules),
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
      financeSettings,
      responsible,
      soloAllowance,
      controlChanges,
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
      financeSettings,
      soloAllowance,
      controlChanges,
    ),
    userWallets: new UserWalletsService(db, clock),
    gameProvider,
    get demoProvider(): DemoGameProvider {
      if (config.adapters.gameProvider !== 'simulator' || !(gameProvider instanceof DemoGameProvider))
        throw new Error(`GAME_PROVIDER=${config.adapters.gameProvider}: the demo provider is not in use`);
      return gameProvider;
    },
    games: new GamesService(
      db,
      gameProvider,
      clock,
      { timeoutMs: config.games.timeoutMs, publicUrl: config.publicUrl },
      responsible,
    ),
    gameTransfers,
    gameRecords,
    housekeeping,
    limits,
    responsible,
    publicCache,
    adapterRoutes: adapters.routes,
    backoffice,
    controlChanges,
    soloAllowance,
    financeSettings,
    // The console's services of each module (its /admin/v1 routes).
    sportsAdmin: new SportsAdminService(
      db,
      ledger,
      settlement,
      operators,
      clock,
      { changes: controlChanges, solo: soloAllowance },
      publicCache,
      broadcaster,
      log,
    ),
    lotteryAdmin: new LotteryAdminService(db, operators, clock),
    contentAdmin: new ContentAdminService(db, operators, appConfig, messages, clock, publicCache),
    inviteAdmin: new InviteAdminService(db, inviteRules, clock),
    reportsAdmin: new ReportsAdminService(db, clock),
    depositQueue: new DepositQueueService(db),
    withdrawalQueue: new WithdrawalQueueService(db),
    close: async () => {
      await jobs.stop();
      await vip.idle();
      dbHealth.close();
      await hub.close();
      await broadcaster.close();
      await limits.counters.close();
      await publicCache.close();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/**
 * Decorates the app with its services, attaches the sockets to its HTTP server, starts the
 * jobs registry once the app is ready (listeners always; timers when JOBS_ENABLED) and stops
 * everything on close.
 */
export const servicesPlugin = fp(
  async (app: FastifyInstance, opts: { services: Services }) => {
    app.decorate('services', opts.services);
    app.services.hub.attach(app.server);
    app.addHook('onReady', async () => {
      opts.services.jobs.start({ timers: opts.services.config.jobsEnabled });
    });
    app.addHook('onClose', async () => opts.services.close());
  },
  { name: 'services' },
);
