import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import type { SocketLimits } from './modules/realtime/index.ts';
import type { SecretVariable } from './ops/secrets.ts';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** A comma-separated list, trimmed, empty items dropped. */
const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

/** Name of a registered adapter (see src/adapters). */
const adapterName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be lower-case letters, digits and dashes')
  .default('simulator');

/** A draw seed key as hex: at least 32 bytes, whole bytes only. */
export const DRAW_SEED_KEY_PATTERN = /^(?:[0-9a-fA-F]{2}){32,}$/;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * production: refuse to start while a simulator, the demo seed, a seeded password or a
   * generated secret is in use, unless each is allowed by its own ALLOW_* variable.
   */
  APP_ENV: z.enum(['development', 'production']).default('development'),
  ALLOW_SPORTS_SIMULATOR: bool,
  ALLOW_PAYMENT_SIMULATOR: bool,
  ALLOW_GAME_SIMULATOR: bool,
  ALLOW_DEMO_SEED: bool,
  ALLOW_SEEDED_PASSWORDS: bool,
  ALLOW_GENERATED_APP_SECRET: bool,
  ALLOW_GENERATED_GATEWAY_SECRET: bool,
  /** Which adapter serves each outside system: `simulator` or a name registered in src/adapters. */
  SPORTS_FEED: adapterName,
  PAYMENT_GATEWAY: adapterName,
  GAME_PROVIDER: adapterName,
  /** Server processes on this machine (node:cluster); more than 1 needs PostgreSQL. */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * PostgreSQL pool and the per-session limits every connection is opened with (0 = none). The
   * pool is sized to what the database runs at once, not to the requests in flight: those wait
   * in the pool's queue, where waiting costs nothing. More connections than the database has
   * cores add lock waits and scheduling to every write (bench/README.md, "Pool size").
   */
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** Hot statements as named prepared statements (db/prepared.ts); off behind a pooler that cannot keep them. */
  DB_PREPARED_STATEMENTS: bool,
  /** Who may read /metrics: addresses or CIDR ranges (default loopback only), or a bearer token. */
  METRICS_ALLOW: list,
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** Overload limits (@fastify/under-pressure): past one, API calls answer 503. 0 = not checked. */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).optional(),
  MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),
  MAX_HEAP_USED_BYTES: z.coerce.number().int().min(0).default(0),
  MAX_RSS_BYTES: z.coerce.number().int().min(0).default(0),
  /** Housekeeping: how often it runs and how long each kind of row is kept. */
  HOUSEKEEPING_INTERVAL_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(3_600_000),
  SESSION_RETENTION_DAYS: z.coerce.number().int().min(0).max(3_650).default(7),
  IDEMPOTENCY_RETENTION_HOURS: z.coerce.number().int().min(24).max(87_600).default(72),
  LOGIN_ATTEMPT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
  PAYMENT_CALLBACK_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(180),
  /** Operator roles that must sign in with TOTP (comma-separated); default admin,finance under APP_ENV=production. */
  OPERATOR_TOTP_ROLES: z.string().optional(),
  /** Where to listen: loopback unless told otherwise (the container image sets HOST=0.0.0.0). */
  HOST: z.string().default('127.0.0.1'),
  /** Serve /docs and /docs/json; default on, off under APP_ENV=production. */
  DOCS_PUBLIC: bool,
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
  /**
   * Socket limits (docs/decisions/021-socket-limits.md): open sockets per client address on one
   * process (0 = none); frames per socket per second (Pusher's client-event limit, 0 = none) and
   * the burst above it; the largest frame a client may send (Pusher's message limit is 10 KB).
   */
  REALTIME_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).default(100),
  REALTIME_MAX_MESSAGES_PER_S: z.coerce.number().int().min(0).max(100_000).default(10),
  REALTIME_MESSAGE_BURST: z.coerce.number().int().min(1).max(100_000).default(40),
  REALTIME_MAX_FRAME_BYTES: z.coerce.number().int().min(1_024).max(1_048_576).default(10_240),
  /** Background jobs (feed sync, settlement); off in tests, which drive them by hand. */
  JOBS_ENABLED: bool,
  /** Sports simulator: match minutes per real minute, and minutes between kick-offs. */
  SPORTS_SIM_SPEED: z.coerce.number().min(0.1).max(10_000).default(10),
  SPORTS_SIM_FOOTBALL_INTERVAL_MIN: z.coerce.number().int().min(1).max(1440).default(15),
  SPORTS_SIM_BASKETBALL_INTERVAL_MIN: z.coerce.number().int().min(1).max(1440).default(20),
  /** Compressed test clocks only: book clubs again once every club has played that day. */
  SPORTS_SIM_REPEAT_TEAMS: bool,
  /** Name the simulated feed's matches are stored under. */
  SPORTS_FEED_NAME: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/)
    .default('simulator'),
  SPORTS_SYNC_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(1_000),
  /** In-play (滚球) bet delay per sport: an order with a live leg is decided this long after submit. */
  SPORTS_BET_DELAY_FOOTBALL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  SPORTS_BET_DELAY_BASKETBALL_MS: z.coerce.number().int().min(0).max(60_000).default(3_000),
  /** The window of fixtures the sync keeps: minutes back (finished matches) and ahead. */
  SPORTS_SYNC_BACK_MINUTES: z.coerce.number().int().min(1).max(10_080).default(720),
  SPORTS_SYNC_AHEAD_MINUTES: z.coerce.number().int().min(1).max(43_200).default(4_320),
  /** Lottery scheduler: how often it ticks, and how far ahead periods (and their commitments) are created. */
  LOTTERY_TICK_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(1_000),
  LOTTERY_PERIODS_AHEAD_MINUTES: z.coerce.number().int().min(1).max(1_440).default(5),
  /**
   * The key each period's draw seed is derived from (HMAC-SHA256 of "<code>:<period>"), as hex,
   * at least 32 bytes; every process of a deployment needs the same one. Required under
   * APP_ENV=production; unset elsewhere, a key is generated once into DATA_DIR/draw-seed.key.
   */
  DRAW_SEED_KEY: z
    .string()
    .trim()
    .regex(
      DRAW_SEED_KEY_PATTERN,
      'DRAW_SEED_KEY must be at least 64 hex characters (32 bytes), e.g. `openssl rand -hex 32`',
    )
    .optional(),
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
  /**
   * Behind a reverse proxy: `true` (trust X-Forwarded-For from the peer), a hop count, or the
   * proxies' addresses/CIDRs. Client addresses then come from the header (login limits, /metrics).
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === 'false' || v === '0') return false;
      if (v === 'true') return true;
      if (/^\d+$/.test(v)) return Number(v);
      const list = v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean);
      if (!list.every((a) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(a))) {
        ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY must be true, a hop count or addresses/CIDRs' });
      }
      return list;
    }),
  /** Public origin the app is reached at (used in generated links); defaults to the request's own. */
  PUBLIC_URL: z.url().optional(),
  /** Other origins the member app may be served from (comma-separated), answered with CORS headers. */
  CORS_ORIGINS: list.pipe(z.array(z.url())),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Serve the built member app from this folder at `/`. */
  WEB_DIST: z.string().optional(),
  /** Serve the built operator console from this folder at `/admin/`. */
  ADMIN_DIST: z.string().optional(),
  /** Seed demo members, an agent and settings on an empty database. */
  SEED_DEMO: bool,
  /** Session lifetime in days. */
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /**
   * Abuse limits (docs/decisions/015-abuse-limits.md). Failed logins per account from one address
   * in LOGIN_WINDOW_MINUTES; per address over all accounts (members and operators counted apart);
   * per account from addresses it never signed in from, in an hour.
   */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  LOGIN_ADDRESS_MAX_FAILURES: z.coerce.number().int().min(1).default(20),
  LOGIN_ACCOUNT_MAX_FAILURES_PER_HOUR: z.coerce.number().int().min(1).default(100),
  /** Wrong old passwords and payment passwords per member in 15 minutes. */
  PASSWORD_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  /** Registrations (every kind together) per address per hour. */
  REGISTER_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** Invite, agent and domain code checks per address per minute. */
  VALIDATE_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** Any other POST that needs no sign-in (logins included), per address per minute and route. */
  PUBLIC_POST_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Payment gateway callbacks per address per minute (signed; a gateway sends many). */
  CALLBACK_PER_MINUTE: z.coerce.number().int().min(1).default(600),
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

/** Every variable the server reads (the production checks hold each secret among them to account). */
export const ENV_VARIABLES = Object.keys(envSchema.shape) as ReadonlyArray<keyof Env>;

/** The environment cannot make a working server; the message says which variable and why. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(`Invalid environment: ${message}`);
    this.name = 'ConfigError';
  }
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  appEnv: 'development' | 'production';
  /** What APP_ENV=production lets through on purpose (a staging site may run simulators). */
  allow: {
    sportsSimulator: boolean;
    paymentSimulator: boolean;
    gameSimulator: boolean;
    demoSeed: boolean;
    seededPasswords: boolean;
    generatedAppSecret: boolean;
    generatedGatewaySecret: boolean;
  };
  adapters: { sportsFeed: string; paymentGateway: string; gameProvider: string };
  workers: number;
  db: {
    poolSize: number;
    connectTimeoutMs: number;
    statementTimeoutMs: number;
    lockTimeoutMs: number;
    idleInTransactionTimeoutMs: number;
    preparedStatements: boolean;
  };
  metrics: { allow: string[]; token: string | undefined };
  pressure: {
    maxEventLoopDelayMs: number;
    maxEventLoopUtilization: number;
    maxHeapUsedBytes: number;
    maxRssBytes: number;
  };
  housekeeping: {
    intervalMs: number;
    sessionRetentionDays: number;
    idempotencyRetentionHours: number;
    loginAttemptRetentionDays: number;
    paymentCallbackRetentionDays: number;
  };
  /** Operator roles that must sign in with two-factor (TOTP). */
  operatorTotpRoles: string[];
  host: string;
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  realtime: {
    appId: string;
    appKey: string;
    appSecret: string;
    /** False when APP_SECRET was not set and this process made its own. */
    appSecretConfigured: boolean;
    driver: 'embedded' | 'redis' | 'pusher' | 'cluster';
    redisUrl: string | undefined;
    redisPrefix: string;
    pusher: { scheme: 'http' | 'https'; host: string; port: number; cluster: string } | undefined;
    activityTimeoutS: number;
    pongTimeoutMs: number;
    limits: SocketLimits;
  };
  publicUrl: string | undefined;
  /** Fastify's trustProxy: whom to believe about the client's address. */
  trustProxy: boolean | number | string[];
  /** Whether /docs and /docs/json answer (the OpenAPI document is still built for the proofs). */
  docsPublic: boolean;
  /** Every secret as configured (undefined when unset), for the production checks (ops/secrets.ts). */
  secrets: Record<SecretVariable, string | undefined>;
  corsOrigins: string[];
  logLevel: string;
  webDist: string | undefined;
  adminDist: string | undefined;
  seedDemo: boolean;
  jobsEnabled: boolean;
  sports: {
    feedName: string;
    speed: number;
    footballIntervalMin: number;
    basketballIntervalMin: number;
    repeatTeamsWhenFull: boolean;
    syncIntervalMs: number;
    backMinutes: number;
    aheadMinutes: number;
    /** In-play bet delay per sport, in ms (the longest of an order's live legs applies). */
    betDelayMs: { football: number; basketball: number };
  };
  lottery: {
    tickIntervalMs: number;
    aheadMs: number;
    /** DRAW_SEED_KEY, lower-case hex; undefined when unset (see modules/lottery/draw-seed.ts). */
    drawSeedKey: string | undefined;
  };
  vipSweepIntervalMs: number;
  rebateRunIntervalMs: number;
  games: {
    timeoutMs: number;
    reconcileIntervalMs: number;
    reconcileAfterMs: number;
    recordSyncIntervalMs: number;
  };
  sessionTtlDays: number;
  limits: {
    login: {
      /** Per account from one address, in `windowMs`. */
      perAccountAddress: number;
      /** Per address over all accounts of one kind (members, operators), in `windowMs`. */
      perAddress: number;
      windowMs: number;
      /** Per account from addresses it never signed in from, in an hour. */
      perAccountPerHour: number;
    };
    /** Wrong old / payment passwords per member in 15 minutes. */
    passwordFailures: number;
    registerPerHour: number;
    validatePerMinute: number;
    publicPostPerMinute: number;
    callbackPerMinute: number;
  };
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
  // An empty variable means unset (compose passes `${VAR:-}` through as "").
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  // Several workers without Redis still reach each other's sockets through the cluster primary.
  const driver = e.REALTIME_DRIVER ?? (e.REDIS_URL ? 'redis' : e.WORKERS > 1 ? 'cluster' : 'embedded');
  if (driver === 'redis' && !e.REDIS_URL) throw new ConfigError('REALTIME_DRIVER=redis needs REDIS_URL');
  if (driver === 'pusher' && !e.PUSHER_HOST)
    throw new ConfigError('REALTIME_DRIVER=pusher needs PUSHER_HOST');
  if (e.WORKERS > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      `WORKERS=${e.WORKERS} needs PostgreSQL (DATABASE_URL); the embedded PGlite database belongs to one process`,
    );
  }
  if (e.LOGIN_ATTEMPT_RETENTION_DAYS * 1_440 < e.LOGIN_WINDOW_MINUTES) {
    throw new ConfigError('LOGIN_ATTEMPT_RETENTION_DAYS must cover LOGIN_WINDOW_MINUTES');
  }
  // The cluster primary hands its workers one generated secret, so only other drivers need it set.
  if ((driver === 'redis' || driver === 'pusher') && !e.APP_SECRET) {
    throw new ConfigError(`REALTIME_DRIVER=${driver} needs APP_SECRET shared by every process`);
  }
  const test = e.NODE_ENV === 'test';
  const production = e.APP_ENV === 'production';
  return {
    env: e.NODE_ENV,
    appEnv: e.APP_ENV,
    allow: {
      sportsSimulator: e.ALLOW_SPORTS_SIMULATOR ?? false,
      paymentSimulator: e.ALLOW_PAYMENT_SIMULATOR ?? false,
      gameSimulator: e.ALLOW_GAME_SIMULATOR ?? false,
      demoSeed: e.ALLOW_DEMO_SEED ?? false,
      seededPasswords: e.ALLOW_SEEDED_PASSWORDS ?? false,
      generatedAppSecret: e.ALLOW_GENERATED_APP_SECRET ?? false,
      generatedGatewaySecret: e.ALLOW_GENERATED_GATEWAY_SECRET ?? false,
    },
    adapters: { sportsFeed: e.SPORTS_FEED, paymentGateway: e.PAYMENT_GATEWAY, gameProvider: e.GAME_PROVIDER },
    workers: e.WORKERS,
    db: {
      poolSize: e.DB_POOL_SIZE,
      connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      lockTimeoutMs: e.DB_LOCK_TIMEOUT_MS,
      idleInTransactionTimeoutMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      preparedStatements: e.DB_PREPARED_STATEMENTS ?? true,
    },
    metrics: { allow: e.METRICS_ALLOW, token: e.METRICS_TOKEN },
    pressure: {
      // Off in tests: a busy test machine must not turn module tests into 503s.
      maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS ?? (test ? 0 : 1_000),
      maxEventLoopUtilization: e.MAX_EVENT_LOOP_UTILIZATION,
      maxHeapUsedBytes: e.MAX_HEAP_USED_BYTES,
      maxRssBytes: e.MAX_RSS_BYTES,
    },
    housekeeping: {
      intervalMs: e.HOUSEKEEPING_INTERVAL_MS,
      sessionRetentionDays: e.SESSION_RETENTION_DAYS,
      idempotencyRetentionHours: e.IDEMPOTENCY_RETENTION_HOURS,
      loginAttemptRetentionDays: e.LOGIN_ATTEMPT_RETENTION_DAYS,
      paymentCallbackRetentionDays: e.PAYMENT_CALLBACK_RETENTION_DAYS,
    },
    operatorTotpRoles: (e.OPERATOR_TOTP_ROLES ?? (e.APP_ENV === 'production' ? 'admin,finance' : ''))
      .split(',')
      .map((r) => r.trim())
      .filter(Boolean),
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    // Without a configured secret each process makes its own: signatures stay valid for its own sockets.
    realtime: {
      appId: e.APP_ID,
      appKey: e.APP_KEY,
      appSecret: e.APP_SECRET ?? randomBytes(24).toString('hex'),
      appSecretConfigured: e.APP_SECRET !== undefined,
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
      limits: {
        connectionsPerAddress: e.REALTIME_MAX_CONNECTIONS_PER_ADDRESS,
        messagesPerSecond: e.REALTIME_MAX_MESSAGES_PER_S,
        messageBurst: e.REALTIME_MESSAGE_BURST,
        maxFrameBytes: e.REALTIME_MAX_FRAME_BYTES,
      },
    },
    publicUrl: e.PUBLIC_URL,
    trustProxy: e.TRUST_PROXY,
    docsPublic: e.DOCS_PUBLIC ?? !production,
    secrets: {
      DRAW_SEED_KEY: e.DRAW_SEED_KEY,
      APP_SECRET: e.APP_SECRET,
      PAYMENT_GATEWAY_SECRET: e.PAYMENT_GATEWAY_SECRET,
      METRICS_TOKEN: e.METRICS_TOKEN,
    },
    corsOrigins: e.CORS_ORIGINS.map((o) => new URL(o).origin),
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    adminDist: e.ADMIN_DIST,
    // A production install never seeds demo accounts unless told to (and allowed).
    seedDemo: e.SEED_DEMO ?? (!test && !production),
    jobsEnabled: e.JOBS_ENABLED ?? !test,
    sports: {
      feedName: e.SPORTS_FEED_NAME,
      speed: e.SPORTS_SIM_SPEED,
      footballIntervalMin: e.SPORTS_SIM_FOOTBALL_INTERVAL_MIN,
      basketballIntervalMin: e.SPORTS_SIM_BASKETBALL_INTERVAL_MIN,
      repeatTeamsWhenFull: e.SPORTS_SIM_REPEAT_TEAMS ?? false,
      syncIntervalMs: e.SPORTS_SYNC_INTERVAL_MS,
      backMinutes: e.SPORTS_SYNC_BACK_MINUTES,
      aheadMinutes: e.SPORTS_SYNC_AHEAD_MINUTES,
      betDelayMs: {
        football: e.SPORTS_BET_DELAY_FOOTBALL_MS,
        basketball: e.SPORTS_BET_DELAY_BASKETBALL_MS,
      },
    },
    lottery: {
      tickIntervalMs: e.LOTTERY_TICK_INTERVAL_MS,
      aheadMs: e.LOTTERY_PERIODS_AHEAD_MINUTES * 60_000,
      drawSeedKey: e.DRAW_SEED_KEY?.toLowerCase(),
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
    limits: {
      login: {
        perAccountAddress: e.LOGIN_MAX_FAILURES,
        perAddress: e.LOGIN_ADDRESS_MAX_FAILURES,
        windowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
        perAccountPerHour: e.LOGIN_ACCOUNT_MAX_FAILURES_PER_HOUR,
      },
      passwordFailures: e.PASSWORD_MAX_FAILURES,
      registerPerHour: e.REGISTER_PER_HOUR,
      validatePerMinute: e.VALIDATE_PER_MINUTE,
      publicPostPerMinute: e.PUBLIC_POST_PER_MINUTE,
      callbackPerMinute: e.CALLBACK_PER_MINUTE,
    },
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
