/**
 * Lottery benchmark on PostgreSQL:
 *  1. bet creates per second over HTTP, 50 concurrent members, p50/p99 latency (each create:
 *     codes checked by the shared rules, the period share-locked, bet row + lottery-wallet debit
 *     in one transaction);
 *  2. settlement of 100,000 bets of one period (draw + settle + payouts through the ledger), in
 *     seconds, and the cost of a re-run (nothing left to do).
 *
 * The bets come from a child process (bet-load.ts), so the figure measures the server; beside it
 * the server process's CPU per bet and the statements it sent per bet (BEGIN and COMMIT included).
 *
 *   npm run bench:lottery          BETS=2000 SETTLE_BETS=20000 npm run bench:lottery
 *   POOL=30 npm run bench:lottery  (the server's connection pool; default DB_POOL_SIZE's)
 *   TRACE_SQL=1 MEMBERS=1 BETS=2 SETTLE_BETS=10 npm run bench:lottery   (prints each bet's statements)
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { currentPeriod, findLottery, findPlay, formatFen, oddsSnapshot, TERMS_VERSION } from '@app/shared';
import { buildApp } from '../../apps/server/src/app.ts';
import { inTransaction } from '../../apps/server/src/db/tx.ts';
import { findInvariantViolations } from '../../apps/server/src/modules/ledger/ledger.repo.ts';
import { findPeriod } from '../../apps/server/src/modules/lottery/lottery.repo.ts';
import { BENCH_POOL, benchConfig, countStatements, freshPostgres, percentile } from '../lib.ts';
import { costSuffix, measureLoad, walBytes } from '../cpu.ts';
import { emitFigure } from '../report.ts';
import { runLoadChild } from '../load.ts';
import { profiled } from '../profile.ts';
import type { BetLoadJob } from './bet-load.ts';
import { rowsOf } from '../../apps/server/src/db/rows.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

const statements = countStatements();

const MEMBERS = Number(process.env.MEMBERS ?? 50);
const BETS = Number(process.env.BETS ?? 5_000);
const SETTLE_BETS = Number(process.env.SETTLE_BETS ?? 100_000);
/** Connections of the server's pool (a smaller one leaves room on a PostgreSQL shared with other runs). */

async function main() {
  // A database of its own, so another benchmark running at the same time cannot drop it.
  process.env.BENCH_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/jingcai_bench_lottery';
  const database = await freshPostgres(BENCH_POOL);
  const config = benchConfig();
  const app = await buildApp({ config, database, logger: false });
  const scheduler = app.services.lotteryScheduler;
  await scheduler.tick(new Date());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${address && typeof address === 'object' ? address.port : 0}`;

  const members: Array<{ id: number; token: string }> = [];
  for (let i = 0; i < MEMBERS; i++) {
    const res = await fetch(`${base}/v1/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: `lotto${String(i).padStart(4, '0')}`,
        password: 'bench1234',
        accept_terms: true,
        terms_version: TERMS_VERSION,
      }),
    });
    const { data } = (await res.json()) as { data: { token: string; userinfo: { id: number } } };
    members.push({ id: data.userinfo.id, token: data.token });
    await inTransaction(database.db, (work) =>
      app.services.ledger.post(work, {
        memberId: data.userinfo.id,
        wallet: 'lottery',
        amount: 100_000_000n,
        type: 'adjust',
      }),
    );
  }

  // 1. Bet creates on the weekly 六合彩 (open for days), one 特码 number per bet.
  const lhc = currentPeriod(findLottery('lhc')!, Date.now());
  if (lhc.closeAt - Date.now() < 10 * 60_000) throw new Error('六合彩 closes within 10 minutes: run later');
  // The bets come from a child process (bet-load.ts): this process only serves them.
  const job: BetLoadJob = { base, tokens: members.map((m) => m.token), bets: BETS, expect: lhc.number };
  const statementsBefore = statements.count;
  statements.tracing = true;
  // What the server process spent per bet (the load is a child), the local PostgreSQL's CPU (all
  // its processes; not shown when remote), the log it wrote, and what the load child used.
  const wal = () => walBytes((text) => database.db.execute(sql.raw(text)));
  const {
    result: { seconds, latencies, failures, firstFailure },
    serverCpuMs: cpuMs,
    costs: perRequest,
  } = await measureLoad(BETS, wal, () =>
    profiled('lottery.bet', () => runLoadChild(path.join(here, 'bet-load.ts'), job)),
  );
  statements.tracing = false;
  const costs = costSuffix(perRequest, '/bet');
  const perBet = Math.round(((statements.count - statementsBefore) / BETS) * 10) / 10;
  if (firstFailure !== null) console.error(`  first failure: ${firstFailure}`);
  latencies.sort((a, b) => a - b);
  console.log(`lottery bench on PostgreSQL: ${MEMBERS} concurrent members over HTTP`);
  console.log(
    `  bet/create (六合彩 特码)      ${Math.round(BETS / seconds)} bets/s, p50 ${Math.round(percentile(latencies, 50))} ms, p99 ${Math.round(percentile(latencies, 99))} ms (${BETS} bets, ${failures} refused; server CPU ${cpuMs} ms/bet${costs}, ${perBet} statements/bet)`,
  );
  emitFigure({
    name: 'lottery.bet',
    value: BETS / seconds,
    unit: 'bets/s',
    p50_ms: percentile(latencies, 50),
    p99_ms: percentile(latencies, 99),
    anchor: 'pgbench',
    costs: perRequest,
    note: `${MEMBERS} members (pool ${BENCH_POOL}), ${BETS} bets, ${failures} refused, server CPU ${cpuMs} ms/bet${costs}, ${perBet} statements/bet`,
  });

  // 2. Settlement: SETTLE_BETS placed bets on one 极速快3 period (和值 and 大小单双), then its draw.
  const k3 = findLottery('k3_1m')!;
  await scheduler.tick(new Date(), { codes: ['k3_1m'] });
  const target = currentPeriod(k3, Date.now());
  const row = (await findPeriod(database.db, 'k3_1m', target.number))!;
  const hz = oddsSnapshot(findPlay('k3_hz')!);
  const dxds = oddsSnapshot(findPlay('k3_dxds')!);
  const ids = `ARRAY[${members.map((m) => m.id).join(',')}]`;
  await database.db.execute(sql`
    INSERT INTO lottery_bets (bet_no, member_id, lottery_code, period_id, play_code, codes, item_count, multiple, unit_fen, amount, odds)
    SELECT 'B' || lpad(g::text, 12, '0'), (${sql.raw(ids)})[1 + g % ${members.length}], 'k3_1m', ${row.id},
           CASE WHEN g % 2 = 0 THEN 'k3_hz' ELSE 'k3_dxds' END,
           CASE WHEN g % 2 = 0 THEN (3 + g % 16)::text ELSE (ARRAY['大','小','单','双'])[1 + g % 4] END,
           1, 1, 200, 200,
           CASE WHEN g % 2 = 0 THEN ${JSON.stringify(hz)}::jsonb ELSE ${JSON.stringify(dxds)}::jsonb END
    FROM generate_series(1, ${SETTLE_BETS}) g`);
  const t0 = performance.now();
  const report = await profiled('lottery.settle', () =>
    scheduler.tick(new Date(target.drawAt), { codes: ['k3_1m'] }),
  );
  const settleSeconds = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  await scheduler.tick(new Date(target.drawAt + 1_000), { codes: ['k3_1m'] });
  const rerunMs = performance.now() - t1;
  const [counts] = rowsOf<{ won: string; lost: string; pending: string; paid: string }>(
    await database.db.execute(sql`
      SELECT count(*) FILTER (WHERE status = 'won') AS won, count(*) FILTER (WHERE status = 'lost') AS lost,
             count(*) FILTER (WHERE status = 'pending') AS pending, COALESCE(sum(payout), 0)::text AS paid
      FROM lottery_bets WHERE period_id = ${row.id}`),
  );
  console.log(
    `  settle ${SETTLE_BETS} bets of one period: ${settleSeconds.toFixed(2)} s (draw + settle, ${report.settledBets} bets) — won ${counts?.won}, lost ${counts?.lost}, pending ${counts?.pending}, paid ${formatFen(BigInt(counts?.paid ?? '0'))} 元; re-run ${rerunMs.toFixed(0)} ms`,
  );
  const violations = await findInvariantViolations(database.db);
  console.log(
    `  ledger invariant: ${violations.length === 0 ? 'balanced' : `${violations.length} VIOLATIONS`}`,
  );
  emitFigure({
    name: 'lottery.settle',
    value: settleSeconds,
    unit: 's',
    note: `${SETTLE_BETS} bets of one period, draw + settle; pending ${counts?.pending}${violations.length > 0 ? ', INVARIANT VIOLATED' : ''}`,
  });
  await app.close();
  await database.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
