/**
 * Games benchmark on PostgreSQL:
 *  1. two-phase transfers over HTTP (in: main debit + pending row, provider call, completion;
 *     out 0: pending row, provider call, main credit), 50 concurrent members each doing in 100.00
 *     then out everything TRANSFER_ROUNDS times, per second and p50/p99;
 *  2. demo slot rounds over HTTP (session check, provider balance, crypto spin, round row), per second;
 *  3. reconciliation of PENDING transfers whose answers were lost, in seconds;
 *  then the ledger invariant and the conservation of money (main + provider = funded + rounds' net).
 *
 * Transfers and rounds come from a child process (games-load.ts), so the figures measure the
 * server; beside each, the server process's CPU and the statements it sent per request.
 *
 *   npm run bench:games            SPINS=2000 PENDING=500 npm run bench:games
 *   TRANSFER_ROUNDS=10 (in + out rounds per member), POOL=30 (the server's connection pool; default DB_POOL_SIZE's),
 *   TRACE_SQL=1 MEMBERS=1 TRANSFER_ROUNDS=1 SPINS=2 PENDING=1 (prints the statements of each request)
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { formatFen, TERMS_VERSION } from '@app/shared';
import { buildApp } from '../../apps/server/src/app.ts';
import { inTransaction } from '../../apps/server/src/db/tx.ts';
import { findInvariantViolations } from '../../apps/server/src/modules/ledger/ledger.repo.ts';
import { BENCH_POOL, benchConfig, countStatements, freshPostgres, percentile } from '../lib.ts';
import { costParts, perItemBytes, perItemMs, postgresCpuMs, requestCosts, walBytes } from '../cpu.ts';
import { emitFigure, type Figure, type RequestCosts } from '../report.ts';
import { runLoadChild, type LoadResult } from '../load.ts';
import type { GamesLoadJob } from './games-load.ts';
import { rowsOf } from '../../apps/server/src/db/rows.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

const statements = countStatements();

/**
 * Runs one load job in a child process (games-load.ts), so this process only serves it; with the
 * server's CPU time and statements per request over the job.
 */
async function load(
  job: GamesLoadJob,
  wal: () => Promise<number | null>,
): Promise<LoadResult & { cpuMs: number; costs: RequestCosts; perRequest: number }> {
  const before = statements.count;
  const cpu = process.cpuUsage();
  const dbBefore = postgresCpuMs();
  const walBefore = await wal();
  statements.tracing = true;
  const result = await runLoadChild(path.join(here, 'games-load.ts'), job);
  statements.tracing = false;
  const used = process.cpuUsage(cpu);
  const n = Math.max(result.latencies.length, 1);
  const dbCpuMs = perItemMs(dbBefore, postgresCpuMs(), n);
  const walPer = perItemBytes(walBefore, await wal(), n);
  if (result.firstFailure !== null) console.error(`  first failure: ${result.firstFailure}`);
  const cpuMs = Math.round((used.user + used.system) / n / 10) / 100;
  return {
    ...result,
    cpuMs,
    costs: requestCosts({
      serverCpuMs: cpuMs,
      dbMs: dbCpuMs,
      walBytes: walPer,
      loadCpuMs: result.loadCpuMs,
      items: n,
    }),
    perRequest: Math.round(((statements.count - before) / n) * 10) / 10,
  };
}

const MEMBERS = Number(process.env.MEMBERS ?? 50);
const SPINS = Number(process.env.SPINS ?? 5_000);
const PENDING = Number(process.env.PENDING ?? 1_000);
/** Rounds of (in 100.00, out everything) per member in the transfer figure. */
const TRANSFER_ROUNDS = Number(process.env.TRANSFER_ROUNDS ?? 10);
/** Connections of the server's pool (a smaller one leaves room on a PostgreSQL shared with other runs). */
const FUND = 1_000_000n;

function summary(
  name: string,
  { latencies, seconds, failures, cpuMs, costs, perRequest }: Awaited<ReturnType<typeof load>>,
  figure: Pick<Figure, 'name' | 'unit'>,
): void {
  const sorted = [...latencies].sort((a, b) => a - b);
  // What the local PostgreSQL server spent and logged per request (not shown when it is remote),
  // and what the load child used.
  const dbCpu = costParts(costs, '')
    .map((part) => `${part}, `)
    .join('');
  console.log(
    `${name}: ${latencies.length} in ${seconds.toFixed(2)} s = ${Math.round(latencies.length / seconds)}/s, ` +
      `p50 ${Math.round(percentile(sorted, 50))} ms, p99 ${Math.round(percentile(sorted, 99))} ms, failures ${failures}; ` +
      `server CPU ${cpuMs} ms, ${dbCpu}${perRequest} statements per request`,
  );
  emitFigure({
    ...figure,
    value: latencies.length / seconds,
    p50_ms: percentile(sorted, 50),
    p99_ms: percentile(sorted, 99),
    anchor: 'pgbench',
    costs,
    note: `${latencies.length} over HTTP, ${MEMBERS} members (pool ${BENCH_POOL}), ${failures} failures, server CPU ${cpuMs} ms, ${dbCpu}${perRequest} statements per request`,
  });
}

async function main() {
  process.env.BENCH_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/jingcai_bench_games';
  const database = await freshPostgres(BENCH_POOL);
  const wal = () => walBytes((text) => database.db.execute(sql.raw(text)));
  const config = benchConfig({
    GAME_PROVIDER_TIMEOUT_MS: '2000',
    GAME_RECONCILE_AFTER_MS: '0',
  });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${address && typeof address === 'object' ? address.port : 0}`;
  const call = async (path: string, token: string | null, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await res.json()) as { code: number; data: Record<string, unknown> };
  };

  const members: Array<{ id: number; token: string }> = [];
  for (let i = 0; i < MEMBERS; i++) {
    const { data } = await call('/v1/register', null, {
      username: `game${String(i).padStart(4, '0')}`,
      password: 'bench1234',
      accept_terms: true,
      terms_version: TERMS_VERSION,
    });
    const id = (data.userinfo as { id: number }).id;
    members.push({ id, token: data.token as string });
    await inTransaction(database.db, (work) =>
      app.services.ledger.post(work, { memberId: id, amount: FUND, type: 'adjust' }),
    );
  }

  // 1. Transfers: each member in 100.00 then out everything, TRANSFER_ROUNDS times.
  const tokens = members.map((m) => m.token);
  summary('transfers', await load({ kind: 'transfers', base, tokens, rounds: TRANSFER_ROUNDS }, wal), {
    name: 'games.transfer',
    unit: 'transfers/s',
  });

  // 2. Slot rounds of 1.00 with 200.00 in the game wallet.
  const sessions: string[] = [];
  for (const { token } of members) {
    await call('/v1/game/ng/transfer', token, { type: 'in', amount: '200' });
    const { data } = await call('/v1/game/ng/enter-game', token, { game_code: 'jc_fortune' });
    sessions.push(data.session_id as string);
  }
  const spins = await load({ kind: 'spins', base, sessions, spins: SPINS }, wal);
  summary('slot rounds', spins, { name: 'games.slot_round', unit: 'rounds/s' });

  // 3. Reconciliation: transfers out whose answers were lost.
  const sim = app.services.demoProvider;
  const pendingPer = Math.ceil(PENDING / MEMBERS);
  sim.failNext('transferOut', 'lose-answer', pendingPer * MEMBERS);
  await Promise.all(
    members.map(async ({ token }) => {
      for (let i = 0; i < pendingPer; i++)
        await call('/v1/game/ng/transfer', token, { type: 'out', amount: '0.01' });
    }),
  );
  const reconcileAll = async () => {
    let finished = 0;
    for (;;) {
      const tally = await app.services.gameTransfers.reconcile(new Date(), { limit: 500 });
      finished += tally.completed + tally.failed;
      if (tally.checked === 0) return finished;
    }
  };
  const started = performance.now();
  const reconciled = await reconcileAll();
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `reconciliation: ${reconciled} pending transfers finished in ${seconds.toFixed(2)} s = ${Math.round(reconciled / seconds)}/s`,
  );
  emitFigure({
    name: 'games.reconcile',
    value: reconciled / seconds,
    unit: 'transfers/s',
    note: `${reconciled} PENDING transfers, batch job (no anchor)`,
  });

  // Everything back out (what timed out under load is finished by one more reconciliation), then the books.
  await Promise.all(
    members.map(({ token }) => call('/v1/game/ng/transfer', token, { type: 'out', amount: 0 })),
  );
  const late = await reconcileAll();
  if (late) console.log(`(${late} transfers that timed out under load finished by reconciliation)`);
  const violations = await findInvariantViolations(database.db);
  const [row] = rowsOf<{ main: string; provider: string; net: string }>(
    await database.db.execute(sql`
    SELECT (SELECT coalesce(sum(balance), 0) FROM wallets WHERE kind = 'main') AS main,
           (SELECT coalesce(sum(balance), 0) FROM game_sim_players) AS provider,
           (SELECT coalesce(sum(payout - bet), 0) FROM game_sim_rounds) AS net`),
  );
  if (!row) throw new Error('no totals');
  const funded = FUND * BigInt(MEMBERS);
  const held = BigInt(row.main) + BigInt(row.provider);
  console.log(
    `books: ledger violations ${violations.length}; main + provider ${formatFen(held)} = funded ${formatFen(funded)} + rounds' net ${formatFen(BigInt(row.net))}: ${held === funded + BigInt(row.net) ? 'yes' : 'NO'}`,
  );
  const [r] = rowsOf<{ bet: string; payout: string }>(
    await database.db.execute(sql`SELECT sum(bet) AS bet, sum(payout) AS payout FROM game_sim_rounds`),
  );
  const bp = (BigInt(r?.payout ?? '0') * 10_000n) / BigInt(r?.bet ?? '1');
  console.log(
    `observed slot return: ${bp / 100n}.${(bp % 100n).toString().padStart(2, '0')}% over ${spins.latencies.length} rounds (published 96.56%)`,
  );
  await app.close();
  await database.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
