import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
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
import { GamesService } from './modules/games/games.service.ts';
import { GameRecordsService } from './modules/games/records.service.ts';
import { GameTransferService } from './modules/games/transfers.service.ts';
import type { GameProvider } from './modules/games/provider/provider.ts';
import { DemoGameProvider } from './modules/games/simulator.ts';

/** Everything a route may call, built once per app. */
export interface Services {
  config: AppConfig;
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
): Promise<Services> {
  const events = new EventBus();
  const { db } = database;
  const hub = new RealtimeHub({
    appKey: config.realtime.appKey,
    appSecret: config.realtime.appSecret,
    activityTimeoutS: config.realtime.activityTimeoutS,
    pongTimeoutMs: config.realtime.pongTimeoutMs,
    log,
  });
  const broadcaster = await createBroadcaster(config, hub, log);
  const realtime = new RealtimeService(db, config, hub, broadcaster, log);
  realtime.start(events);
  const ledger = new LedgerService(db, events);
  const appConfig = new AppConfigService(db);
  const idempotency = new IdempotencyService(db);
  const feed = new SimulatedFeed({
    name: config.sports.feedName,
    seed: await appConfig.secret('sports_sim_seed'),
    speed: config.sports.speed,
    footballIntervalMin: config.sports.footballIntervalMin,
    basketballIntervalMin: config.sports.basketballIntervalMin,
  });
  const settlement = new SettlementService(db, ledger, events, log);
  const feedSync = new FeedSync(db, feed, broadcaster, settlement, log, {
    backHours: 12,
    aheadHours: 72,
    preMatchRefreshMs: 60_000,
    fixturesRefreshMs: 10 * 60_000,
  });
  const lotterySettlement = new LotterySettlement(db, ledger, broadcaster, log);
  const lotteryScheduler = new LotteryScheduler(db, lotterySettlement, broadcaster, log, {
    aheadMs: config.lottery.aheadMs,
  });
  const demoProvider = new DemoGameProvider(db);
  const gameProvider: GameProvider = demoProvider;
  const gameTransfers = new GameTransferService(db, ledger, gameProvider, config.games, log);
  const gameRecords = new GameRecordsService(db, gameProvider);
  const leadership = new Leadership(config.databaseUrl, log);
  const stops: Array<() => void> = [];
  return {
    config,
    database,
    events,
    ledger,
    accounts: new AccountsService(db, config, events),
    appConfig,
    idempotency,
    hub,
    realtime,
    matches: new MatchesService(db),
    orders: new OrdersService(db, ledger, idempotency),
    settlement,
    feedSync,
    sportsFeed: feed,
    lottery: new LotteryService(db),
    lotteryBets: new LotteryBetsService(db, ledger, idempotency),
    lotteryWallet: new LotteryWalletService(db, ledger, idempotency, events),
    lotterySettlement,
    lotteryScheduler,
    demoProvider,
    gameProvider,
    games: new GamesService(db, gameProvider, {
      timeoutMs: config.games.timeoutMs,
      publicUrl: config.publicUrl,
    }),
    gameTransfers,
    gameRecords,
    startJobs: () => {
      stops.push(
        every(
          config.sports.syncIntervalMs,
          async () => {
            if (await leadership.isLeader()) await feedSync.tick();
          },
          log,
          'sports-feed',
        ),
      );
      stops.push(
        every(
          config.lottery.tickIntervalMs,
          async () => {
            if (await leadership.isLeader()) await lotteryScheduler.tick();
          },
          log,
          'lottery-scheduler',
        ),
      );
      stops.push(
        every(
          config.games.reconcileIntervalMs,
          async () => {
            if (await leadership.isLeader()) await gameTransfers.reconcile();
          },
          log,
          'game-transfer-reconcile',
        ),
      );
      stops.push(
        every(
          config.games.recordSyncIntervalMs,
          async () => {
            if (await leadership.isLeader()) await gameRecords.sync();
          },
          log,
          'game-record-sync',
        ),
      );
    },
    close: async () => {
      for (const stop of stops.splice(0)) stop();
      await leadership.close();
      realtime.stop();
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
