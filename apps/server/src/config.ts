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
  /** Game provider: how long one call may take before a transfer is left pending for reconciliation. */
  GAME_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(10).max(120_000).default(5_000),
  /** How often pending game transfers are reconciled, and how old one must be to be touched. */
  GAME_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  GAME_RECONCILE_AFTER_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** How often the provider's settled rounds are copied into game_records. */
  GAME_RECORD_SYNC_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(5_000),
  /** Public origin the app is reached at (used in generated links); defaults to the request's own. */
  PUBLIC_URL: z.url().optional(),
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
  games: {
    timeoutMs: number;
    reconcileIntervalMs: number;
    reconcileAfterMs: number;
    recordSyncIntervalMs: number;
  };
  sessionTtlDays: number;
  login: { maxFailures: number; windowMinutes: number };
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
    games: {
      timeoutMs: e.GAME_PROVIDER_TIMEOUT_MS,
      reconcileIntervalMs: e.GAME_RECONCILE_INTERVAL_MS,
      reconcileAfterMs: e.GAME_RECONCILE_AFTER_MS,
      recordSyncIntervalMs: e.GAME_RECORD_SYNC_INTERVAL_MS,
    },
    sessionTtlDays: e.SESSION_TTL_DAYS,
    login: { maxFailures: e.LOGIN_MAX_FAILURES, windowMinutes: e.LOGIN_WINDOW_MINUTES },
  };
}
