import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { TERMS_VERSION } from '@app/shared';
import { buildApp } from '../app.ts';
import { loadConfig, type AppConfig } from '../config.ts';
import { openDatabase, type Database, type Db } from '../db/client.ts';
import { ManualClock, systemClock, type Clock } from '../lib/clock.ts';
import type { OperatorRole } from '../modules/operators/operators.table.ts';
import { openIsolatedDatabase, openTemplateClone } from './isolated-database.ts';
import { TEST_DRAW_SEED_KEY } from './keys.ts';

export interface TestApp {
  app: FastifyInstance;
  /** Starts listening on a free port of 127.0.0.1 and returns the base URL (for sockets). */
  listen(): Promise<string>;
  database: Database;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * Where a test app's clock starts unless the test gives one: a fixed instant, so every run sees
 * the same Beijing day, week and month (a Wednesday noon in mid-June) whatever the hour it runs.
 * It lies after any day these tests run on, so a row the database stamps itself (`DEFAULT now()`)
 * reads as earlier than the app's now, never later.
 */
export const TEST_START = new Date('2030-06-12T04:00:00.000Z');

/**
 * The wall clock, for the few tests measured against time outside a test app: server processes
 * spawned on the system clock (`src/test/processes.ts`). Named so a reader sees the choice.
 */
export const wallClock: Clock = systemClock;

/**
 * The database's own now(): the time of rows it stamps itself (`DEFAULT now()`), for a test whose
 * rule compares such rows with the app's clock and so must start the clock there.
 */
export async function databaseNow(database: Database): Promise<Date> {
  const result: unknown = await database.db.execute(sql`SELECT now() AS now`);
  const { rows } = result as { rows: Array<{ now: Date | string }> };
  return new Date(rows[0]!.now);
}

/**
 * A whole server on a real database of the test file's own: PGlite loaded from the migrated
 * dump, or, when the module-pg project runs, a PostgreSQL clone of the migrated template. Its
 * clock is `clock`, or else a ManualClock standing at TEST_START until the test moves it.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  beforeReady?: (app: FastifyInstance) => void,
  shared?: { database: Database },
  clock: Clock = new ManualClock(TEST_START),
  /** The app's `Core.reads` made over its database (src/test/counted-reads.ts); else the database. */
  readsOver?: (primary: Db) => Db,
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DRAW_SEED_KEY: TEST_DRAW_SEED_KEY,
    ...env,
  });
  let database: Database;
  if (shared) {
    database = shared.database;
  } else if (process.env.TEST_DB === 'postgres') {
    // TEST_POOL=1: each app gets one connection, so a path that takes a second one while holding
    // the first fails (PoolExhausted after 3 s) instead of passing (apps/server/README.md).
    const audit = process.env.TEST_POOL;
    database = await openTemplateClone(audit ? Number(audit) : 30, audit ? { connectTimeoutMs: 3_000 } : {});
  } else {
    const dump = readFileSync(inject('pgliteDump'));
    database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
  }
  const app = await buildApp({
    config,
    database,
    logger: false,
    clock,
    ...(readsOver ? { reads: readsOver(database.db) } : {}),
  });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    listen: async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      return `http://127.0.0.1:${address.port}`;
    },
    close: async () => {
      await app.close();
      if (!shared) await database.close();
    },
  };
}

/**
 * A test app on a database of its own (`openIsolatedDatabase`), for a file that moves the clock
 * months or years on or runs housekeeping, which on a shared database would meet other files'
 * rows. Closing it closes its database too.
 */
export async function createIsolatedTestApp(
  env: Record<string, string> = {},
  clock?: Clock,
): Promise<TestApp> {
  const database = await openIsolatedDatabase();
  const t = await createTestApp(env, undefined, { database }, clock);
  return {
    ...t,
    close: async () => {
      await t.close();
      await database.close();
    },
  };
}

/** A username no other test (or parallel file on the shared database) uses. */
export function uniqueUsername(prefix = 't'): string {
  return `${prefix}${randomBytes(6).toString('hex')}`.slice(0, 16);
}

/** A random client address, so per-IP login limits of parallel tests never meet. */
export function uniqueIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

export function body<T = Record<string, unknown>>(res: LightMyRequestResponse): Envelope<T> {
  return res.json<Envelope<T>>();
}

export interface TestMember {
  id: number;
  username: string;
  password: string;
  token: string;
  auth: { authorization: string };
  inviteCode: string;
}

/** The consent every registration body carries: 18 or older, the current 《用户协议》 and 《隐私政策》 accepted. */
export const TERMS_CONSENT = { accept_terms: true, terms_version: TERMS_VERSION } as const;

/** Registers a member through the API (the way a person would) and returns their token. */
export async function newMember(
  app: FastifyInstance,
  extra: Record<string, unknown> = {},
  url = '/v1/register',
): Promise<TestMember> {
  const username = uniqueUsername();
  const password = 'abc12345';
  const res = await app.inject({
    method: 'POST',
    url,
    payload: { username, password, ...TERMS_CONSENT, ...extra },
    remoteAddress: uniqueIp(),
  });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const data = body<{ token: string; userinfo: { id: number; invite_code: string } }>(res).data;
  return {
    id: data.userinfo.id,
    username,
    password,
    token: data.token,
    auth: { authorization: `Bearer ${data.token}` },
    inviteCode: data.userinfo.invite_code,
  };
}

/** app.inject with a member's bearer token. */
export function as(
  app: FastifyInstance,
  member: Pick<TestMember, 'auth'>,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  return app.inject({ ...options, headers: { ...member.auth, ...options.headers } });
}

export interface TestOperator {
  id: number;
  username: string;
  token: string;
  auth: { authorization: string };
}

/** Creates a back-office operator and signs it in through /admin/v1/auth/login. */
export async function newOperator(app: FastifyInstance, role: OperatorRole = 'admin'): Promise<TestOperator> {
  const username = uniqueUsername('op');
  const password = 'op-secret-1';
  const created = await app.services.operators.create({ username, password, name: `测试${role}`, role });
  const res = await app.inject({
    method: 'POST',
    url: '/admin/v1/auth/login',
    payload: { username, password },
    remoteAddress: uniqueIp(),
  });
  if (res.statusCode !== 200) throw new Error(`operator login failed: ${res.statusCode} ${res.body}`);
  const token = body<{ token: string }>(res).data.token;
  return { id: created.id, username, token, auth: { authorization: `Bearer ${token}` } };
}
