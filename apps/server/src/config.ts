import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1')
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** PostgreSQL connection string; when absent the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  /** Pusher-protocol app credentials for the realtime service. */
  APP_ID: z.string().default('jingcai'),
  APP_KEY: z.string().default('jingcai-key'),
  APP_SECRET: z.string().optional(),
  /** Redis for realtime fan-out between processes (switches the driver to `redis`). */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be redis:// or rediss://')
    .optional(),
  /** embedded: sockets on this process only; redis: several processes; pusher: an external Pusher-compatible cluster. */
  REALTIME_DRIVER: z.enum(['embedded', 'redis', 'pusher']).optional(),
  /** Redis pub/sub channel the processes of one deployment share. */
  REDIS_PREFIX: z.string().min(1).default('jingcai'),
  PUSHER_HOST: z.string().optional(),
  PUSHER_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  PUSHER_SCHEME: z.enum(['http', 'https']).default('https'),
  PUSHER_CLUSTER: z.string().default('mt1'),
  /** Seconds of silence before a socket pings (SPEC.md §9: 25 s) and the pong wait (10 s). */
  REALTIME_ACTIVITY_TIMEOUT_S: z.coerce.number().int().min(1).max(600).default(25),
  REALTIME_PONG_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Background jobs (feed sync, settlement); off in tests, which drive them by hand. */
  JOBS_ENABLED: bool,
  /** Sports simulator: match minutes per real minute, and minutes between kick-offs. */
  SPORTS_SIM_SPEED: z.coerce.number().min(0.1).max(10_000).default(10),
  SPORTS_SIM_FOOTBALL_INTERVAL_MIN: z.coerce.number().int().min(1).max(1440).default(15),
  SPORTS_SIM_BASKETBALL_INTERVAL_MIN: z.coerce.number().int().min(1).max(1440).default(20),
  /** Name the simulated feed's matches are stored under. */
  SPORTS_FEED_NAME: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/)
    .default('simulator'),
  SPORTS_SYNC_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(1_000),
  /** Lottery scheduler: how often it ticks, and how far ahead periods (and their commitments) are created. */
  LOTTERY_TICK_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(1_000),
  LOTTERY_PERIODS_AHEAD_MINUTES: z.coerce.number().int().min(1).max(1_440).default(5),
  /** How often the VIP sweep promotes members an event missed. */
  VIP_SWEEP_INTERVAL_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
  /** How often finished days' settled bets become claimable rebate records without the member asking. */
  REBATE_RUN_INTERVAL_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(600_000),
  /** Game provider: how long one call may take before a transfer is left pending for reconciliation. */
  GAME_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(10).max(120_000).default(5_000),
  /** How often pending game transfers are reconciled, and how old one must be to be touched. */
  GAME_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  GAME_RECONCILE_AFTER_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** How often the provider's settled rounds are copied into game_records. */
  GAME_RECORD_SYNC_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(5_000),
  /** Public origin the app is reached at (used in generated links); defaults to the request's own. */
  PUBLIC_URL: z.url().optional(),
  /** Other origins the member app may be served from (comma-separated), answered with CORS headers. */
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url())),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Serve the built member app from this folder at `/`. */
  WEB_DIST: z.string().optional(),
  /** Seed demo members, an agent and settings on an empty database. */
  SEED_DEMO: bool,
  /** Session lifetime in days. */
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Failed logins allowed per account (and 4× per IP) in the window before 429. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Payment gateway merchant secret (HMAC of callbacks); default: a per-deployment secret kept in app_settings. */
  PAYMENT_GATEWAY_SECRET: z.string().min(16).optional(),
  /** 元 per USDT for deposits and withdrawals: exact decimals, at most 4 places. */
  USDT_DEPOSIT_RATE: z
    .string()
    .regex(/^\d{1,6}(\.\d{1,4})?$/)
    .default('7.2000'),
  USDT_WITHDRAW_RATE: z
    .string()
    .regex(/^\d{1,6}(\.\d{1,4})?$/)
    .default('7.1000'),
  /** The house's USDT receiving addresses. */
  USDT_TRC20_ADDRESS: z.string().default('TMUihoywteh2FbqxifCVYU5t1Kuc5Yquf2'),
  USDT_ERC20_ADDRESS: z.string().default('0x56516c167ecee7085f8e8ecba7f4e4a11ee8a06d'),
  /** 打码量 a deposit requires, as a multiple of it (1 = bet the deposit once before withdrawing). */
  DEPOSIT_TURNOVER_MULTIPLE: z.coerce.number().min(0).max(100).default(1),
  /** Deposit methods switched off (comma-separated codes, e.g. "wechat,usdt_erc20"). */
  PAYMENT_METHODS_DISABLED: z.string().default(''),
  /** Withdrawal limits in 元 and the fee: rate in basis points of the amount, clamped to min/max 元. */
  WITHDRAW_MIN: z.coerce.number().int().min(1).default(100),
  WITHDRAW_MAX: z.coerce.number().int().min(1).default(50_000),
  WITHDRAW_FEE_BP: z.coerce.number().int().min(0).max(10_000).default(0),
  WITHDRAW_FEE_MIN: z.coerce.number().int().min(0).default(0),
  WITHDRAW_FEE_MAX: z.coerce.number().int().min(0).default(50),
});

export type Env = z.input<typeof envSchema>;

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  realtime: {
    appId: string;
    appKey: string;
    appSecret: string;
    driver: 'embedded' | 'redis' | 'pusher';
    redisUrl: string | undefined;
    redisPrefix: string;
    pusher: { scheme: 'http' | 'https'; host: string; port: number; cluster: string } | undefined;
    activityTimeoutS: number;
    pongTimeoutMs: number;
  };
  publicUrl: string | undefined;
  corsOrigins: string[];
  logLevel: string;
  webDist: string | undefined;
  seedDemo: boolean;
  jobsEnabled: boolean;
  sports: {
    feedName: string;
    speed: number;
    footballIntervalMin: number;
    basketballIntervalMin: number;
    syncIntervalMs: number;
  };
  lottery: { tickIntervalMs: number; aheadMs: number };
  vipSweepIntervalMs: number;
  rebateRunIntervalMs: number;
  games: {
    timeoutMs: number;
    reconcileIntervalMs: number;
    reconcileAfterMs: number;
    recordSyncIntervalMs: number;
  };
  sessionTtlDays: number;
  login: { maxFailures: number; windowMinutes: number };
  finance: {
    gatewaySecret: string | undefined;
    usdtDepositRate: string;
    usdtWithdrawRate: string;
    usdtAddresses: { TRC20: string; ERC20: string };
    /** Hundredths of a multiple (100 = 1×). */
    depositTurnoverHundredths: number;
    disabledMethods: string[];
    withdraw: { min: bigint; max: bigint; feeBp: number; feeMin: bigint; feeMax: bigint };
  };
}

/** Parses the environment; every setting has a default so `npm start` needs nothing set. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  const driver = e.REALTIME_DRIVER ?? (e.REDIS_URL ? 'redis' : 'embedded');
  if (driver === 'redis' && !e.REDIS_URL)
    throw new Error('Invalid environment: REALTIME_DRIVER=redis needs REDIS_URL');
  if (driver === 'pusher' && !e.PUSHER_HOST)
    throw new Error('Invalid environment: REALTIME_DRIVER=pusher needs PUSHER_HOST');
  if (driver !== 'embedded' && !e.APP_SECRET) {
    throw new Error(
      `Invalid environment: REALTIME_DRIVER=${driver} needs APP_SECRET shared by every process`,
    );
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    // Without a configured secret each process makes its own: signatures stay valid for its own sockets.
    realtime: {
      appId: e.APP_ID,
      appKey: e.APP_KEY,
      appSecret: e.APP_SECRET ?? randomBytes(24).toString('hex'),
      driver,
      redisUrl: e.REDIS_URL,
      redisPrefix: e.REDIS_PREFIX,
      pusher: e.PUSHER_HOST
        ? {
            scheme: e.PUSHER_SCHEME,
            host: e.PUSHER_HOST,
            port: e.PUSHER_PORT ?? (e.PUSHER_SCHEME === 'https' ? 443 : 80),
            cluster: e.PUSHER_CLUSTER,
          }
        : undefined,
      activityTimeoutS: e.REALTIME_ACTIVITY_TIMEOUT_S,
      pongTimeoutMs: e.REALTIME_PONG_TIMEOUT_MS,
    },
    publicUrl: e.PUBLIC_URL,
    corsOrigins: e.CORS_ORIGINS.map((o) => new URL(o).origin),
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'test',
    jobsEnabled: e.JOBS_ENABLED ?? e.NODE_ENV !== 'test',
    sports: {
      feedName: e.SPORTS_FEED_NAME,
      speed: e.SPORTS_SIM_SPEED,
      footballIntervalMin: e.SPORTS_SIM_FOOTBALL_INTERVAL_MIN,
      basketballIntervalMin: e.SPORTS_SIM_BASKETBALL_INTERVAL_MIN,
      syncIntervalMs: e.SPORTS_SYNC_INTERVAL_MS,
    },
    lottery: {
      tickIntervalMs: e.LOTTERY_TICK_INTERVAL_MS,
      aheadMs: e.LOTTERY_PERIODS_AHEAD_MINUTES * 60_000,
    },
    vipSweepIntervalMs: e.VIP_SWEEP_INTERVAL_MS,
    rebateRunIntervalMs: e.REBATE_RUN_INTERVAL_MS,
    games: {
      timeoutMs: e.GAME_PROVIDER_TIMEOUT_MS,
      reconcileIntervalMs: e.GAME_RECONCILE_INTERVAL_MS,
      reconcileAfterMs: e.GAME_RECONCILE_AFTER_MS,
      recordSyncIntervalMs: e.GAME_RECORD_SYNC_INTERVAL_MS,
    },
    sessionTtlDays: e.SESSION_TTL_DAYS,
    login: { maxFailures: e.LOGIN_MAX_FAILURES, windowMinutes: e.LOGIN_WINDOW_MINUTES },
    finance: {
      gatewaySecret: e.PAYMENT_GATEWAY_SECRET,
      usdtDepositRate: e.USDT_DEPOSIT_RATE,
      usdtWithdrawRate: e.USDT_WITHDRAW_RATE,
      usdtAddresses: { TRC20: e.USDT_TRC20_ADDRESS, ERC20: e.USDT_ERC20_ADDRESS },
      depositTurnoverHundredths: Math.round(e.DEPOSIT_TURNOVER_MULTIPLE * 100),
      disabledMethods: e.PAYMENT_METHODS_DISABLED.split(',')
        .map((m) => m.trim())
        .filter(Boolean),
      withdraw: {
        min: BigInt(e.WITHDRAW_MIN) * 100n,
        max: BigInt(e.WITHDRAW_MAX) * 100n,
        feeBp: e.WITHDRAW_FEE_BP,
        feeMin: BigInt(e.WITHDRAW_FEE_MIN) * 100n,
        feeMax: BigInt(e.WITHDRAW_FEE_MAX) * 100n,
      },
    },
  };
}
