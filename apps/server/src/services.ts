import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ADAPTER_CALL_PROFILES, recordedFetch } from './adapters/call-log.ts';
import { createAdapters, defaultAdapters, type AdapterRegistry } from './adapters/index.ts';
import { tronUsdtChain } from './adapters/trongrid/usdt-chain.ts';
import type { AppConfig } from './config.ts';
import type { Core } from './core.ts';
import { postgresOptions, type Database, type Db, type Tx } from './db/client.ts';
import { openReadReplica, routedDb } from './db/replica.ts';
import { registerJobs } from './jobs.ts';
import type { Clock } from './lib/clock.ts';
import { EventBus } from './lib/events.ts';
import { JobRunner, Leadership } from './lib/jobs.ts';
import { PublicCache } from './lib/public-cache.ts';
import { RedisCacheTransport } from './lib/public-cache-redis.ts';
import { createAccounts } from './modules/accounts/index.ts';
import { ActivitiesService } from './modules/activities/index.ts';
import { AdapterCallLog, AdapterCallsService } from './modules/adapter-calls/index.ts';
import { createAgents } from './modules/agents/index.ts';
import { AppConfigService } from './modules/app-config/index.ts';
import { createBackoffice } from './modules/backoffice/index.ts';
import { BonusService } from './modules/bonus/index.ts';
import { ClientLogsService } from './modules/client-logs/index.ts';
import { createContent } from './modules/content/index.ts';
import { ControlChanges, SoloAllowance } from './modules/dual-control/index.ts';
import { createGames } from './modules/games/index.ts';
import { HistoryAdminService, HousekeepingService } from './modules/housekeeping/index.ts';
import { IdempotencyService } from './modules/idempotency/index.ts';
import { createInvite } from './modules/invite/index.ts';
import { createLedger, createWallets, LedgerArchiveService, walletsOf } from './modules/ledger/index.ts';
import { createLimits } from './modules/limits/index.ts';
import { createLottery } from './modules/lottery/index.ts';
import { MessagesService } from './modules/messages/index.ts';
import { OperatorsService } from './modules/operators/index.ts';
import { createPayments, FinanceSettingsService, openDepositsOf } from './modules/payments/index.ts';
import {
  ClusterBroadcaster,
  LocalBroadcaster,
  PusherHttpBroadcaster,
  RealtimeHub,
  RealtimeService,
  RedisBroadcaster,
  type Broadcaster,
} from './modules/realtime/index.ts';
import { createFreeBets } from './modules/free-bets/index.ts';
import { createRedPackets } from './modules/red-packets/index.ts';
import { createReports } from './modules/reports/index.ts';
import { ResponsiblePlayService } from './modules/responsible/index.ts';
import { createRewards } from './modules/rewards/index.ts';
import { createSports } from './modules/sports/index.ts';
import { createSupport } from './modules/support/index.ts';
import { createSyndicates } from './modules/syndicates/index.ts';
import { VerificationService } from './modules/verification/index.ts';
import { createWithdrawals } from './modules/withdrawals/index.ts';
import { DatabaseHealth } from './ops/db-health.ts';
import { SelfCheck } from './ops/integrity/self-check.ts';
import { Metrics } from './ops/metrics.ts';

async function createBroadcaster(
  config: AppConfig,
  hub: RealtimeHub,
  log: FastifyBaseLogger,
): Promise<Broadcaster> {
  const rt = config.realtime;
  switch (rt.driver) {
    case 'redis':
      return RedisBroadcaster.connect(rt.redis!, rt.redisPrefix, hub, log);
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
 * The composition root: builds the process's core (events, realtime, the public-answer cache,
 * the adapters the configuration selects), the services every module stands on, then each
 * module through its factory (`create<Module>` in its face), and the jobs registry, and nothing
 * else. No listener subscribes, no timer starts and no job runs here; `servicesPlugin` starts
 * the jobs registry once the app is ready and stops it on close
 * (docs/decisions/010-composition-root-and-adapters.md).
 */
export async function createServices(
  config: AppConfig,
  database: Database,
  log: FastifyBaseLogger,
  clock: Clock,
  registry: AdapterRegistry = defaultAdapters(),
  /** Core.reads as given (tests), instead of the replica's router or the primary. */
  readsGiven?: Db,
) {
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
  const selfCheck = new SelfCheck(config.selfCheck, clock, log);
  const replica = config.readReplica
    ? await openReadReplica(
        db,
        {
          ...config.readReplica,
          limits: postgresOptions({ databaseUrl: config.readReplica.url, db: config.db }),
        },
        log,
      )
    : null;
  const metrics = new Metrics({
    database,
    hub,
    clock,
    selfCheck,
    reconcile: config.finance.reconcile,
    ...(replica ? { replica } : {}),
  });
  const broadcaster = await createBroadcaster(config, hub, log);
  // Public answers in memory (lists the same for every visitor); Redis carries invalidations to
  // the other processes. Without it, several processes bound staleness by a 1 s TTL instead.
  const publicCache = new PublicCache(
    clock,
    {
      ttlMs: config.realtime.redis || config.workers === 1 ? 60_000 : 1_000,
      // Match lists carry the server's time and close at kick-off by it: a second at most.
      topicTtlMs: { sports: 1_000 },
      maxEntries: 2_000,
    },
    config.realtime.redis
      ? await RedisCacheTransport.connect(config.realtime.redis, config.realtime.redisPrefix, log)
      : null,
  );
  const reads = readsGiven ?? (replica ? routedDb(replica) : db);
  const core: Core = { config, db, reads, clock, log, events, broadcaster, publicCache };
  // 滚球 shows only when the feed has in-play (read per request: the adapters are made just below).
  const appConfig = new AppConfigService(db, clock, publicCache, () => adapters.sportsFeed.inPlay);

  // ---- adapters: the outside world, chosen by SPORTS_FEED / PAYMENT_GATEWAY / GAME_PROVIDER ----
  // Every call a real provider's adapter makes is recorded (外部调用) and counted, off the call path.
  const adapterCallLog = new AdapterCallLog(db, log, {
    onDropped: (n) => metrics.adapterCallRecordsDropped(n),
  });
  const fetchFor = (adapter: keyof typeof ADAPTER_CALL_PROFILES) =>
    recordedFetch(adapter, ADAPTER_CALL_PROFILES[adapter], adapterCallLog, {
      now: () => clock.now(),
      observe: (call) => metrics.adapterCall(call),
    });
  const adapters = await createAdapters(registry, {
    config,
    db,
    clock,
    log,
    secret: (key) => appConfig.secret(key),
    env: config.adapterEnv,
    fetchFor,
  });

  metrics.watchSportsFeed(adapters.sportsFeed);

  // ---- what every module stands on ----
  const realtime = new RealtimeService(db, config, hub, broadcaster, log, clock);
  const idempotency = new IdempotencyService(db);
  const limits = await createLimits(config, db, clock, log);
  const responsible = new ResponsiblePlayService(db, config, limits, events, clock, openDepositsOf);
  const messages = new MessagesService(db, broadcaster, log, clock, responsible);
  const operators = new OperatorsService(db, reads, config, clock, limits);
  // Dual control (issue 37): what waits for a second operator, and money one moves alone per day.
  // Its queue and the adjustments' tell the console's pending counts (backoffice, built last).
  let queueChanged = () => undefined as void;
  const changes = new ControlChanges(db, operators, clock, () => queueChanged());
  const financeSettings = new FinanceSettingsService(db, config, clock, operators, changes);
  const solo = new SoloAllowance(
    async (work) => (await financeSettings.rules(work.tx)).adjustmentThreshold,
    clock,
  );
  // The ledger, and the console's manual adjustments (maker–checker beyond the solo allowance).
  const { ledger, adjustments } = createLedger(core, {
    operators,
    messages,
    solo,
    queueChanged: () => queueChanged(),
  });
  const bonus = new BonusService(ledger, events, clock, responsible);
  // SMS codes (issue 40): made, limited and recorded here, delivered by SMS_PROVIDER.
  const verification = new VerificationService(
    db,
    reads,
    config.sms,
    clock,
    adapters.smsSender,
    (key) => appConfig.secret(key),
    log,
  );
  const { accounts, accountSecurity, membersAdmin } = createAccounts(core, {
    limits,
    wallets: { create: createWallets, of: walletsOf },
    inbox: messages,
    codes: verification,
    smsOpen: async () => (await appConfig.appInfo()).sms_open === 1,
    audit: operators,
    presence: realtime,
    responsible,
  });

  // ---- the modules, each through its factory ----
  const money = { ledger, idempotency, messages, responsible, operators, changes, solo };
  const approvalThreshold = async (tx: Tx) => (await financeSettings.rules(tx)).adjustmentThreshold;
  const { freeBets } = createFreeBets(core, { ledger, operators, changes, responsible, approvalThreshold });
  // 合买 places its orders through the sports book, whose settlement splits their payouts: the
  // book is made first and reaches the plans (made just below) only when it settles.
  const sports = createSports(core, {
    ...money,
    bonus,
    freeBets,
    sportsFeed: adapters.sportsFeed,
    syndicatePayouts: {
      settle: (work, settled, now) => syndicates.settle(work, settled, now),
      correct: (work, changes, correctionId, now) => syndicates.correct(work, changes, correctionId, now),
    },
  });
  const lottery = createLottery(core, {
    ...money,
    syndicatePayouts: { afterBets: (work, betIds, now) => syndicates.afterLotteryBets(work, betIds, now) },
  });
  const { syndicates } = createSyndicates(core, {
    ...money,
    orders: sports.syndicateOrders,
    bets: lottery.syndicateBets,
  });
  const games = createGames(core, { ledger, responsible, messages, gameProvider: adapters.gameProvider });
  // USDT_DEPOSITS=trongrid: deposits to members' own addresses and USDT withdrawals' payments, read on chain.
  const usdtChain = tronUsdtChain(config, clock, { fetch: fetchFor('trongrid') });
  const payments = createPayments(core, {
    ...money,
    paymentGateway: adapters.paymentGateway,
    usdtChain,
    financeSettings,
  });
  const withdrawals = createWithdrawals(core, { ...money, accounts, financeSettings, usdtChain });
  const rewards = createRewards(core, { ...money, bonus });
  const agents = createAgents(core, { operators, messages, responsible });
  const invite = createInvite(core, { ...agents, bonus, messages, operators, changes });
  const content = createContent(core, { operators, appConfig, messages });
  const reports = createReports(core, games);
  const redPackets = createRedPackets(core, {
    idempotency,
    bonus,
    responsible,
    appConfig,
    operators,
    changes,
    approvalThreshold,
    seedKey: lottery.drawSeedKey.key,
  });
  const activities = new ActivitiesService(
    db,
    reads,
    idempotency,
    bonus,
    messages,
    operators,
    clock,
    responsible,
    solo,
    changes,
  );
  // 在线客服 (issue 40, point 5): the member's conversation and the console's desk.
  const { support, supportDesk } = createSupport(core, { limits, messages, operators, membersAdmin });
  const ledgerArchive = new LedgerArchiveService(
    db,
    { retentionYears: config.housekeeping.historyRetentionYears, dir: config.housekeeping.historyArchiveDir },
    clock,
    log,
  );
  const housekeeping = new HousekeepingService(db, config.housekeeping, clock, log, ledgerArchive);
  const backoffice = createBackoffice({ ...core, operators, controlChanges: changes, selfCheck });
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
    vip: rewards.vip,
    inviteRewards: invite.inviteRewards,
    feedSync: sports.feedSync,
    overdueMatches: sports.overdueMatches,
    bookBackfill: sports.bookBackfill,
    liveAcceptance: sports.liveAcceptance,
    cashOut: sports.cashOut,
    followSubscriptions: sports.followSubscriptions,
    lotteryScheduler: lottery.lotteryScheduler,
    lotteryChase: lottery.lotteryChase,
    syndicates,
    rebates: rewards.rebates,
    gameTransfers: games.gameTransfers,
    gameRecords: games.gameRecords,
    gameIdleRecall: games.gameIdleRecall,
    housekeeping,
    payments: payments.payments,
    chainDeposits: payments.chainDeposits,
    withdrawals: withdrawals.withdrawals,
  });
  jobs.listen('backoffice-pending-counts', backoffice.listen);
  for (const job of backoffice.jobs) jobs.every(job);

  return {
    config,
    /** The one clock every service and job reads. */
    clock,
    database,
    /** Whether PostgreSQL answers; API calls answer 503 and jobs wait while it does not. */
    dbHealth,
    /** This process's Prometheus metrics (/metrics). */
    metrics,
    /** Listeners (every process) and periodic jobs (the leader): started when the app is ready. */
    jobs,
    events,
    hub,
    realtime,
    /** Public answers kept in memory by URL (plugins/public-cache.ts); writers invalidate their topic. */
    publicCache,
    /** Routes the selected adapters serve themselves (simulators' pages). */
    adapterRoutes: adapters.routes,
    appConfig,
    ledger,
    idempotency,
    /** Abuse limits: failed-attempt counts and the store behind the request rate limits. */
    limits,
    /**
     * 理性投注: the member's own limits, reality check, time-outs and self-exclusions; every money
     * path, bonus, rebate, reward and marketing message asks it.
     */
    responsible,
    /** The member inbox: messages written in the transaction of the event they report. */
    messages,
    /** Back-office accounts and the audit log. */
    operators,
    /** Maker–checker for what one operator must not do alone (issue 37). */
    controlChanges: changes,
    /** Money an operator moves alone per member and Beijing day, against the approval threshold. */
    soloAllowance: solo,
    /** Rates, limits, fees, methods and the approval threshold in force (payments). */
    financeSettings,
    /** Bonuses: ledger credit + bonus log + the turnover they require. */
    bonus,
    accounts,
    /** Password reset by SMS, the verified number, the payment password by code, signed-in devices. */
    accountSecurity,
    /** SMS verification codes and the 短信记录. */
    verification,
    /** The console's member view: search, profile, flags, tags, sessions, every record of a member. */
    membersAdmin,
    /** The console's manual adjustments of a member's main wallet (maker–checker). */
    adjustments,
    ...sports,
    ...lottery,
    // Named one by one: spreading would read the demoProvider getter, which throws with another provider.
    gameProvider: games.gameProvider,
    games: games.games,
    gameTransfers: games.gameTransfers,
    gameRecords: games.gameRecords,
    gameIdleRecall: games.gameIdleRecall,
    /** The built-in demo aggregator when GAME_PROVIDER=simulator; reading it otherwise throws. */
    get demoProvider() {
      return games.demoProvider;
    },
    ...payments,
    ...withdrawals,
    ...rewards,
    ...agents,
    ...invite,
    ...content,
    ...reports,
    ...redPackets,
    /** 免费投注券: grants, tickets, the stake taken back at settlement. */
    freeBets,
    /** 合买: plans, shares, the deadline job and the split of their payouts. */
    syndicates,
    /** 在线客服: members' conversations with a person (text, pictures, tickets, ratings). */
    support,
    /** The console's 在线客服 desk: queue, take/assign/transfer/close (audited), canned replies, settings. */
    supportDesk,
    /** Activities, eligibility, applications and their review. */
    activities,
    clientLogs: new ClientLogsService(db, clock),
    /** The console's 外部调用: every call an adapter made to its provider. */
    adapterCalls: new AdapterCallsService(reads),
    /** Where those calls are queued and written (flushed on close). */
    adapterCallLog,
    /** Deletes expired sessions, old idempotency records, login attempts and payment callbacks. */
    housekeeping,
    /** The console's 系统 › 历史归档: partitions, months past retention, the archive catalogue. */
    historyAdmin: new HistoryAdminService(reads, config.housekeeping, ledgerArchive),
    /** The operator console's own services (/admin/v1: operators' security, operator accounts, dashboard). */
    backoffice,
    /** The shipped files against the build's manifest, at start and every 24 hours (GLI-33). */
    selfCheck,
    /** Stops background work and closes connections to outside services. */
    /** The read replica's router (DATABASE_READ_URL): its lag checks start with the app. */
    readReplica: replica,
    close: async () => {
      selfCheck.stop();
      await replica?.close();
      await jobs.stop();
      await rewards.vip.idle();
      dbHealth.close();
      await hub.close();
      await broadcaster.close();
      await limits.counters.close();
      await publicCache.close();
      await adapterCallLog.close();
      metrics.close();
    },
  };
}

/** Everything a route may call, built once per app. */
export type Services = Awaited<ReturnType<typeof createServices>>;

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
      opts.services.selfCheck.start();
      opts.services.readReplica?.start();
    });
    app.addHook('onClose', async () => opts.services.close());
  },
  { name: 'services' },
);
