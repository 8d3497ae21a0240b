/**
 * Chaos (issue 15): seeded, reproducible money traffic from many members at once against a real
 * server process on PostgreSQL — deposits through the gateway, sports singles and parlays, lottery
 * transfers, bets and cancels, game transfers in and out, withdrawals with their cancel, review,
 * payout or rejection, rebate claims — with random Idempotency-Key retries, while PostgreSQL
 * backends are terminated and the server is killed with SIGKILL and started again. A request
 * whose answer was lost is sent again with the same key until it has one.
 *
 * At the end: the ledger invariant, no negative balance, every acknowledged operation applied
 * exactly once (business rows = acknowledged keys; a key answered twice answers the same), no
 * game transfer left pending, and the provider's balances equal to the ledger's transfers.
 *
 *   npm run chaos                      CI size: 1,000 operations, 20 members, one kill
 *   PROOF_SIZE=large npm run chaos     10,000 operations, 50 members, five kills
 *   PROOF_SEED=7 npm run chaos         another run, as reproducible
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { wallClock } from '../test/harness.ts';
import { createFreshPostgres, type FreshPostgres } from '../test/isolated-database.ts';
import { MoneyTraffic, openLegsOf, trafficServerEnv, verdictRows } from '../test/money-traffic.ts';
import { spawnServer, waitReady, type ServerProcess } from '../test/processes.ts';
import { pendingGameTransfers } from '../test/proof-db.ts';
import { runAdapterChaos } from './chaos-adapters.ts';
import { prng } from './openapi.ts';
import { printTable, secondsSince } from './report.ts';

const LARGE = process.env.PROOF_SIZE === 'large';
const SEED = Number(process.env.PROOF_SEED ?? 15);
const OPERATIONS = Number(process.env.CHAOS_OPERATIONS ?? (LARGE ? 10_000 : 1_000));
const MEMBERS = LARGE ? 50 : 20;
const KILLS = LARGE ? 5 : 1;
/** Backend terminations: twice the kills. */
const TERMINATIONS = KILLS * 2;
const PG = process.env.TEST_DATABASE_URL;
/** A server started through tsx beside the other test tiers on 2 busy cores may take minutes. */
const READY_MS = 240_000;

let fresh: FreshPostgres;
let db: Database;
let server: ServerProcess;
let env: Record<string, string>;

beforeAll(async () => {
  if (!PG) return;
  fresh = await createFreshPostgres('chaos');
  db = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 4 });
  env = { ...trafficServerEnv(), DATABASE_URL: fresh.url };
  server = await spawnServer(env);
  await waitReady(server, READY_MS);
}, READY_MS + 60_000);

afterAll(async () => {
  if (!PG) return;
  await server?.stop();
  await db?.close();
  await fresh?.drop();
});

/** The faults of this run. */
const faults = { kills: 0, terminations: 0 };
let restarting: Promise<void> | undefined;

async function until(fn: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await fn())) {
    if (performance.now() > deadline) throw new Error('gave up waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function killAndRestart(): Promise<void> {
  faults.kills += 1;
  restarting = (async () => {
    server.child.kill('SIGKILL');
    await server.exited;
    server = await spawnServer(env);
    await waitReady(server, READY_MS);
  })();
  await restarting;
  restarting = undefined;
}

async function terminateBackends(): Promise<void> {
  faults.terminations += 1;
  const admin = new pg.Client({ connectionString: PG });
  await admin.connect();
  try {
    await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [fresh.name],
    );
  } finally {
    await admin.end();
  }
}

it.runIf(PG)(
  'keeps every balance right through backend terminations and SIGKILLs: no drift, no negative, nothing twice',
  async () => {
    const started = performance.now();
    const rand = prng(SEED);
    // The traffic (test/money-traffic.ts) waits while the server restarts; the run's own reads
    // are cut by the terminations too and are read again.
    const traffic = new MoneyTraffic({
      servers: () => [server.base],
      paused: () => restarting,
      openLegs: openLegsOf(db.db, () => wallClock.now()),
    });
    const members = await traffic.setUp(MEMBERS, `chaos${SEED}`);

    // Faults at fixed points of the run, from the seed.
    const faultAt = new Map<number, 'kill' | 'terminate'>();
    for (let i = 0; i < KILLS; i++)
      faultAt.set(Math.floor(OPERATIONS * ((i + 0.5) / KILLS) * (0.8 + rand() * 0.2)), 'kill');
    for (let i = 0; i < TERMINATIONS; i++) {
      let at = Math.floor(rand() * OPERATIONS);
      while (faultAt.has(at)) at += 1;
      faultAt.set(at, 'terminate');
    }
    const queues = traffic.plan(SEED, OPERATIONS, MEMBERS);
    const plan = createHash('sha256')
      .update(JSON.stringify({ queues, faults: [...faultAt].sort(([a], [b]) => a - b) }))
      .digest('hex')
      .slice(0, 16);
    await traffic.run(SEED, members, queues, async (index) => {
      const fault = faultAt.get(index);
      if (fault === 'kill') void killAndRestart();
      if (fault === 'terminate') await terminateBackends();
    });
    if (restarting) await restarting;

    // Let the jobs finish what the run left: pending game transfers reconciled.
    await until(async () => (await pendingGameTransfers(db.db)) === 0, 60_000).catch(() => undefined);

    const v = await traffic.verdict(db.db, members);
    printTable(`chaos (${LARGE ? 'large' : 'CI'} size, seed ${SEED})`, [
      ['operations', OPERATIONS],
      ['plan (same for every run of this seed)', plan],
      ['members', MEMBERS],
      ['faults: server SIGKILLs', faults.kills],
      ['faults: backend terminations', faults.terminations],
      ...traffic.summary(),
      ...verdictRows(v),
      ['seconds', secondsSince(started)],
    ]);
    for (const line of v.doubles.slice(0, 20)) console.log(line);
    expect(faults.kills).toBe(KILLS);
    expect(v.violations).toEqual([]);
    expect(v.negatives).toBe(0);
    expect(v.doubles).toEqual([]);
    expect(v.mismatches).toEqual([]);
    expect(v.pendingTransfers).toBe(0);
    expect(v.drift).toBe(0);
  },
);

it.runIf(PG)(
  "survives the adapters' failure modes: a 易支付 notify lost or racing its order, a failing order query, a TRON transfer that disappears",
  async () => {
    const report = await runAdapterChaos({
      seed: SEED,
      members: LARGE ? 30 : 10,
      depositsEach: LARGE ? 10 : 4,
    });
    printTable(`chaos: adapters' failure modes (seed ${SEED})`, [
      [
        'deposits by plan',
        Object.entries(report.orders)
          .map(([k, n]) => `${k} ${n}`)
          .join(', '),
      ],
      [
        'notifications sent / lost / delivered',
        `${report.notifies.sent} / ${report.notifies.lost} / ${report.notifies.delivered}`,
      ],
      ['racing notifications credited before mapi.php answered', report.notifies.beforeOrderAnswer],
      ['order queries of reconciliation', report.queries],
      [
        'TRON transfers by plan',
        Object.entries(report.transfers)
          .map(([k, n]) => `${k} ${n}`)
          .join(', '),
      ],
      ['ledger drift (invariant violations)', report.invariantViolations],
      ['negative balances', report.negativeBalances],
      ['credited twice', report.doubles.length],
      [
        'not credited once as they should',
        report.mismatches.length ? report.mismatches.slice(0, 10).join('; ') : 0,
      ],
      ['seconds', report.seconds],
    ]);
    expect(report.orders.race).toBeGreaterThan(0);
    expect(report.notifies.beforeOrderAnswer).toBeGreaterThan(0);
    expect(report.orders.lost + report.orders['lost-late']).toBeGreaterThan(0);
    expect(report.transfers.vanish).toBeGreaterThan(0);
    expect(report.notifies.lost).toBeGreaterThan(0);
    expect(report.invariantViolations).toBe(0);
    expect(report.negativeBalances).toBe(0);
    expect(report.doubles).toEqual([]);
    expect(report.mismatches).toEqual([]);
  },
);
