import { and, eq, lt } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase, postgresOptions, type Database } from '../db/client.ts';
import { isDatabaseBusy } from '../db/errors.ts';
import { inTransaction } from '../db/tx.ts';
import { ledgerEntries } from '../modules/ledger/ledger.table.ts';
import { as, createTestApp, newMember, type TestApp, type TestMember } from '../test/harness.ts';
import { createFreshPostgres, type FreshPostgres } from '../test/isolated-database.ts';

/**
 * PostgreSQL goes away under traffic: first every backend is terminated (a restart, a
 * failover), then the database refuses connections for a while (an outage). The process must
 * stay up, answer 503 服务器正在维护 meanwhile, serve again by itself, and move no money twice.
 */

const MEMBERS = 12;
const LANES = 8;
const FUND = 100_000n; // 1000.00 元 each
const STEP = 100n; // each transfer moves 1.00 元 main → lottery

interface Outcome {
  /** A money move (lottery transfer-in) or a public read (notices). */
  kind: 'transfer' | 'notices';
  start: number;
  end: number;
  status: number;
  message: string;
}

let fresh: FreshPostgres;
let database: Database;
let t: TestApp;
let admin: pg.Client;
const members: TestMember[] = [];
const issued = new Map<number, number>(); // member id → keys that succeeded

beforeAll(async () => {
  fresh = await createFreshPostgres('outage');
  const config = loadConfig({
    DATABASE_URL: fresh.url,
    DB_POOL_SIZE: '12',
    DB_CONNECT_TIMEOUT_MS: '2000',
    DB_STATEMENT_TIMEOUT_MS: '15000',
    DB_LOCK_TIMEOUT_MS: '5000',
    DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '20000',
  });
  database = await openDatabase(postgresOptions(config));
  await database.migrate();
  t = await createTestApp({}, undefined, { database });
  admin = new pg.Client({ connectionString: fresh.url.replace(`/${fresh.name}`, '/postgres') });
  await admin.connect();
  for (let i = 0; i < MEMBERS; i++) {
    const member = await newMember(t.app);
    await inTransaction(database.db, (work) =>
      t.app.services.ledger.post(work, { memberId: member.id, amount: FUND, type: 'deposit' }),
    );
    members.push(member);
    issued.set(member.id, 0);
  }
}, 120_000);

afterAll(async () => {
  await admin.query(`ALTER DATABASE "${fresh.name}" ALLOW_CONNECTIONS true`).catch(() => undefined);
  await admin.end();
  await t.close();
  await database.close();
  await fresh.drop();
});

/**
 * Lanes of clients moving money and reading notices until `stop()`; a failed transfer is
 * retried with the same Idempotency-Key, as the app does, until it is answered 200.
 */
function traffic() {
  const outcomes: Outcome[] = [];
  let running = true;
  let next = 0;
  const call = async (member: TestMember, key: string | null) => {
    const start = performance.now();
    const res = key
      ? await as(t.app, member, {
          method: 'POST',
          url: '/v1/game/lottery/transfer-in',
          payload: { amount: '1.00' },
          headers: { 'idempotency-key': key },
        })
      : await t.app.inject({ method: 'GET', url: '/v1/notices' });
    const message = res.json<{ message?: string }>().message ?? '';
    outcomes.push({
      kind: key ? 'transfer' : 'notices',
      start,
      end: performance.now(),
      status: res.statusCode,
      message,
    });
    return res.statusCode;
  };
  const lane = async (laneNo: number) => {
    while (running) {
      const n = next++;
      const member = members[(laneNo + n) % MEMBERS]!;
      if (n % 3 === 2) {
        await call(member, null);
        continue;
      }
      const key = `outage-${member.id}-${n}`;
      // The same key until the money has moved once: a lost answer is replayed, never redone.
      for (let attempt = 0; ; attempt++) {
        const status = await call(member, key);
        if (status === 200) break;
        if (attempt > 400) throw new Error(`transfer ${key} never succeeded (last ${status})`);
        await new Promise((r) => setTimeout(r, 20));
      }
      issued.set(member.id, issued.get(member.id)! + 1);
    }
  };
  const lanes = Array.from({ length: LANES }, (_, i) => lane(i));
  return {
    outcomes,
    stop: async () => {
      running = false;
      await Promise.all(lanes);
    },
  };
}

async function terminateBackends(): Promise<number> {
  const { rows } = await admin.query<{ n: string }>(
    `SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
    [fresh.name],
  );
  return Number(rows[0]?.n ?? 0);
}

/** Seconds from `since` to the first 200 that started after it, and the failures in between. */
function recovery(outcomes: Outcome[], since: number) {
  const firstOk = outcomes
    .filter((o) => o.start >= since && o.status === 200)
    .reduce((min, o) => Math.min(min, o.end), Infinity);
  const failed = outcomes.filter((o) => o.end >= since && o.end <= firstOk && o.status !== 200);
  return { seconds: (firstOk - since) / 1_000, failed };
}

const successes = (outcomes: Outcome[], after: number) =>
  outcomes.filter((o) => o.start > after && o.status === 200).length;

describe('surviving the database', () => {
  it('opens every connection with the configured statement, lock and idle-in-transaction limits', async () => {
    const show = async (name: string) => {
      const result: unknown = await database.db.execute(`SHOW ${name}`);
      return (result as { rows: Array<Record<string, string>> }).rows[0]?.[name];
    };
    expect(await show('statement_timeout')).toBe('15s');
    expect(await show('lock_timeout')).toBe('5s');
    expect(await show('idle_in_transaction_session_timeout')).toBe('20s');

    // A statement past its limit is cancelled by the server, and counts as "busy", not as an outage.
    const strict = await openDatabase({
      kind: 'postgres',
      url: fresh.url,
      poolSize: 1,
      statementTimeoutMs: 200,
    });
    try {
      const err = await strict.db.execute('SELECT pg_sleep(2)').catch((e: unknown) => e);
      expect(isDatabaseBusy(err)).toBe(true);
    } finally {
      await strict.close();
    }
  });

  it('stays up through terminated backends and an outage, answers 503 meanwhile, and moves no money twice', async () => {
    const load = traffic();
    // Traffic first, then the cut, mid-flight.
    await vi.waitFor(() => expect(successes(load.outcomes, 0)).toBeGreaterThan(40), { timeout: 30_000 });

    // 1. A restart or failover: every backend of the database is terminated at once.
    const killedAt = performance.now();
    const killed = await terminateBackends();
    expect(killed).toBeGreaterThan(0);
    await vi.waitFor(() => expect(successes(load.outcomes, killedAt)).toBeGreaterThan(20), {
      timeout: 30_000,
    });
    const afterKill = recovery(load.outcomes, killedAt);

    // 2. An outage: the database refuses connections until it is allowed again.
    await admin.query(`ALTER DATABASE "${fresh.name}" ALLOW_CONNECTIONS false`);
    const downAt = performance.now();
    await terminateBackends();
    await vi.waitFor(
      () =>
        expect(
          load.outcomes.filter((o) => o.start > downAt && o.status === 503 && o.message === '服务器正在维护')
            .length,
        ).toBeGreaterThan(20),
      { timeout: 30_000 },
    );
    expect(t.app.services.dbHealth.isDown).toBe(true);
    // The probes say why: alive (no restart wanted), not ready (no traffic wanted).
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    const backAt = performance.now();
    await admin.query(`ALTER DATABASE "${fresh.name}" ALLOW_CONNECTIONS true`);
    await vi.waitFor(() => expect(successes(load.outcomes, backAt)).toBeGreaterThan(20), { timeout: 30_000 });
    const afterOutage = recovery(load.outcomes, backAt);
    await load.stop();

    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    // No connection is left checked out by a transaction that died at BEGIN: the pool is whole.
    await vi.waitFor(
      () => {
        const { total, idle, waiting } = database.poolStats();
        expect({ inUse: total - idle, waiting }).toEqual({ inUse: 0, waiting: 0 });
      },
      { timeout: 10_000 },
    );
    const outageAnswers = load.outcomes.filter((o) => o.start > downAt && o.end < backAt);
    // While refused, every money move answered at once with the maintenance envelope, nothing
    // else. A public read may still come from memory (decision 018) until the outage is known.
    const maintenance = (o: Outcome) => o.status === 503 && o.message === '服务器正在维护';
    expect(
      outageAnswers.filter((o) => !maintenance(o) && !(o.kind === 'notices' && o.status === 200)),
    ).toEqual([]);
    expect(outageAnswers.filter((o) => o.kind === 'transfer' && maintenance(o)).length).toBeGreaterThan(0);
    // No answer anywhere was a bare 500.
    expect(load.outcomes.filter((o) => o.status === 500)).toEqual([]);

    // Money: each key moved 1.00 once, whatever answers were lost on the way.
    const { db } = database;
    for (const member of members) {
      const moved = await db
        .select({ amount: ledgerEntries.amount })
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.memberId, member.id),
            eq(ledgerEntries.type, 'transfer_out'),
            lt(ledgerEntries.amount, 0n),
          ),
        );
      expect(moved.length).toBe(issued.get(member.id));
      const main = (await t.app.services.ledger.balances(member.id)).get('main');
      expect(main).toBe(FUND - STEP * BigInt(issued.get(member.id)!));
    }
    expect(await t.app.services.ledger.findInvariantViolations()).toEqual([]);

    const total = load.outcomes.length;
    console.info(
      `[outage figures] ${total} requests in ${LANES} lanes. Backends terminated (${killed}): serving again after ` +
        `${afterKill.seconds.toFixed(3)} s, ${afterKill.failed.length} requests failed in between. ` +
        `Database refusing connections for ${((backAt - downAt) / 1_000).toFixed(2)} s: ` +
        `${outageAnswers.length} answers 503 meanwhile (mean ${(
          outageAnswers.reduce((s, o) => s + o.end - o.start, 0) / Math.max(1, outageAnswers.length)
        ).toFixed(1)} ms each); serving again ${afterOutage.seconds.toFixed(3)} s after it returned, ` +
        `${afterOutage.failed.length} requests failed in between.`,
    );
  }, 180_000);
});
