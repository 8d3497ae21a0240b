import path from 'node:path';
import { z } from 'zod';
import { bool, ConfigError, list, type ConfigContext } from './config/parts.ts';
import { dbConfig } from './db/db.config.ts';
import { accountsConfig } from './modules/accounts/accounts.config.ts';
import { gamesConfig } from './modules/games/games.config.ts';
import { housekeepingConfig } from './modules/housekeeping/housekeeping.config.ts';
import { limitsConfig } from './modules/limits/limits.config.ts';
import { lotteryConfig } from './modules/lottery/lottery.config.ts';
import { operatorsConfig } from './modules/operators/operators.config.ts';
import { financeConfig } from './modules/payments/finance.config.ts';
import { realtimeConfig } from './modules/realtime/realtime.config.ts';
import { rewardsConfig } from './modules/rewards/rewards.config.ts';
import { sportsConfig } from './modules/sports/sports.config.ts';
import { syndicatesConfig } from './modules/syndicates/syndicates.config.ts';
import { verificationConfig } from './modules/verification/verification.config.ts';
import { opsConfig } from './ops/ops.config.ts';
import type { SecretVariable } from './ops/secrets.ts';

export { ConfigError } from './config/parts.ts';
export { DRAW_SEED_KEY_PATTERN } from './modules/lottery/lottery.config.ts';

/** Name of a registered adapter (see src/adapters). */
const adapterName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be lower-case letters, digits and dashes')
  .default('simulator');

/** What the process itself reads: its kind, where it listens and serves from, what production lets through. */
const coreEnv = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * production: refuse to start while a simulator, the demo seed, a seeded password or a
   * generated secret is in use, unless each is allowed by its own ALLOW_* variable.
   */
  APP_ENV: z.enum(['development', 'production']).default('development'),
  ALLOW_SPORTS_SIMULATOR: bool,
  ALLOW_PAYMENT_SIMULATOR: bool,
  ALLOW_GAME_SIMULATOR: bool,
  ALLOW_SMS_SIMULATOR: bool,
  ALLOW_DEMO_SEED: bool,
  ALLOW_SEEDED_PASSWORDS: bool,
  ALLOW_GENERATED_APP_SECRET: bool,
  ALLOW_GENERATED_GATEWAY_SECRET: bool,
  /** Which adapter serves each outside system: `simulator` or a name registered in src/adapters. */
  SPORTS_FEED: adapterName,
  PAYMENT_GATEWAY: adapterName,
  GAME_PROVIDER: adapterName,
  SMS_PROVIDER: adapterName,
  /** Server processes on this machine (node:cluster); more than 1 needs PostgreSQL. */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** Where to listen: loopback unless told otherwise (the container image sets HOST=0.0.0.0). */
  HOST: z.string().default('127.0.0.1'),
  /** Serve /docs and /docs/json; default on, off under APP_ENV=production. */
  DOCS_PUBLIC: bool,
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** PostgreSQL connection string; when absent the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  /** Background jobs (feed sync, settlement); off in tests, which drive them by hand. */
  JOBS_ENABLED: bool,
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
  /** pino level; `info` (one line per request) under production, `warn` for the demo and development. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** Serve the built member app from this folder at `/`. */
  WEB_DIST: z.string().optional(),
  /** Serve the built operator console from this folder at `/admin/`. */
  ADMIN_DIST: z.string().optional(),
  /** Seed demo members, an agent and settings on an empty database. */
  SEED_DEMO: bool,
};

/**
 * Every part that reads the environment, each beside the code that uses it (config/parts.ts):
 * the root composes their variables into one schema and their sections into one AppConfig.
 */
const PARTS = [
  dbConfig,
  opsConfig,
  housekeepingConfig,
  operatorsConfig,
  realtimeConfig,
  sportsConfig,
  lotteryConfig,
  syndicatesConfig,
  rewardsConfig,
  gamesConfig,
  accountsConfig,
  verificationConfig,
  limitsConfig,
  financeConfig,
] as const;

const envSchema = z.object({
  ...coreEnv,
  ...dbConfig.env,
  ...opsConfig.env,
  ...housekeepingConfig.env,
  ...operatorsConfig.env,
  ...realtimeConfig.env,
  ...sportsConfig.env,
  ...lotteryConfig.env,
  ...syndicatesConfig.env,
  ...rewardsConfig.env,
  ...gamesConfig.env,
  ...accountsConfig.env,
  ...verificationConfig.env,
  ...limitsConfig.env,
  ...financeConfig.env,
});

export type Env = z.input<typeof envSchema>;

/** Every variable the server reads (the production checks hold each secret among them to account). */
export const ENV_VARIABLES = Object.keys(envSchema.shape) as ReadonlyArray<keyof Env>;

type Sections = ReturnType<(typeof PARTS)[number]['read']>;
type Merge<U> = (U extends unknown ? (u: U) => void : never) extends (m: infer M) => void ? M : never;

/** The process's own settings, beside the sections every part gives. */
interface CoreConfig {
  env: 'development' | 'production' | 'test';
  appEnv: 'development' | 'production';
  /** What APP_ENV=production lets through on purpose (a staging site may run simulators). */
  allow: {
    sportsSimulator: boolean;
    paymentSimulator: boolean;
    gameSimulator: boolean;
    smsSimulator: boolean;
    demoSeed: boolean;
    seededPasswords: boolean;
    generatedAppSecret: boolean;
    generatedGatewaySecret: boolean;
  };
  adapters: { sportsFeed: string; paymentGateway: string; gameProvider: string; smsSender: string };
  workers: number;
  host: string;
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
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
  /**
   * The variables this configuration was loaded from, unparsed: a real adapter's own settings
   * (EPAY_*, ALIYUN_SMS_*, …) are read from here, so one process can hold apps of two setups.
   */
  adapterEnv: Readonly<Record<string, string | undefined>>;
}

export type AppConfig = CoreConfig & Merge<Sections>;

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
  if (e.WORKERS > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      `WORKERS=${e.WORKERS} needs PostgreSQL (DATABASE_URL); the embedded PGlite database belongs to one process`,
    );
  }
  if (e.LOGIN_ATTEMPT_RETENTION_DAYS * 1_440 < e.LOGIN_WINDOW_MINUTES) {
    throw new ConfigError('LOGIN_ATTEMPT_RETENTION_DAYS must cover LOGIN_WINDOW_MINUTES');
  }
  const test = e.NODE_ENV === 'test';
  const production = e.APP_ENV === 'production';
  const ctx: ConfigContext = { test, production, workers: e.WORKERS, databaseUrl: e.DATABASE_URL };
  const sections = Object.assign({}, ...PARTS.map((part) => part.read(e as never, ctx))) as Merge<Sections>;
  return {
    env: e.NODE_ENV,
    adapterEnv: given,
    appEnv: e.APP_ENV,
    allow: {
      sportsSimulator: e.ALLOW_SPORTS_SIMULATOR ?? false,
      paymentSimulator: e.ALLOW_PAYMENT_SIMULATOR ?? false,
      gameSimulator: e.ALLOW_GAME_SIMULATOR ?? false,
      smsSimulator: e.ALLOW_SMS_SIMULATOR ?? false,
      demoSeed: e.ALLOW_DEMO_SEED ?? false,
      seededPasswords: e.ALLOW_SEEDED_PASSWORDS ?? false,
      generatedAppSecret: e.ALLOW_GENERATED_APP_SECRET ?? false,
      generatedGatewaySecret: e.ALLOW_GENERATED_GATEWAY_SECRET ?? false,
    },
    adapters: {
      sportsFeed: e.SPORTS_FEED,
      paymentGateway: e.PAYMENT_GATEWAY,
      gameProvider: e.GAME_PROVIDER,
      smsSender: e.SMS_PROVIDER,
    },
    workers: e.WORKERS,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    publicUrl: e.PUBLIC_URL,
    trustProxy: e.TRUST_PROXY,
    docsPublic: e.DOCS_PUBLIC ?? !production,
    secrets: {
      DRAW_SEED_KEY: e.DRAW_SEED_KEY,
      APP_SECRET: e.APP_SECRET,
      PAYMENT_GATEWAY_SECRET: e.PAYMENT_GATEWAY_SECRET,
      METRICS_TOKEN: e.METRICS_TOKEN,
      TRONGRID_API_KEY: e.TRONGRID_API_KEY,
      ALIYUN_SMS_ACCESS_KEY_SECRET: e.ALIYUN_SMS_ACCESS_KEY_SECRET,
    },
    corsOrigins: e.CORS_ORIGINS.map((o) => new URL(o).origin),
    logLevel: e.LOG_LEVEL ?? (production ? 'info' : 'warn'),
    webDist: e.WEB_DIST,
    adminDist: e.ADMIN_DIST,
    // A production install never seeds demo accounts unless told to (and allowed).
    seedDemo: e.SEED_DEMO ?? (!test && !production),
    jobsEnabled: e.JOBS_ENABLED ?? !test,
    ...sections,
  };
}
