/**
 * 提前结算 offers (issue 41): ORDERS open 3串4 orders of 50 members, each priced again and again
 * through `GET /v1/cash-out/:orderNo` (CONCURRENCY in flight, QUOTES in all) — the order, its legs,
 * the current markets and the sport's rule read, the offer computed bet by bet. Prints offers per
 * second and latency, beside the shared engine alone on the same orders in the same run (its
 * ceiling), and checks every offer equals the engine's.
 *
 *   npm run bench:cash-out                      # PostgreSQL (BENCH_DATABASE_URL or local jingcai_bench)
 *   ORDERS=200 QUOTES=4000 CONCURRENCY=50 npm run bench:cash-out
 */
import { performance } from 'node:perf_hooks';
import { cashOutQuote, formatFen, parseSportsOdds, TERMS_VERSION, type BetSelection } from '@app/shared';
import { buildApp } from '../../apps/server/src/app.ts';
import { inTransaction } from '../../apps/server/src/db/tx.ts';
import { openWinDrawLose } from '../../apps/server/src/test/proof-db.ts';
import { BENCH_POOL, benchConfig, freshPostgres, percentile } from '../lib.ts';
import { emitFigure } from '../report.ts';

const MEMBERS = Number(process.env.MEMBERS ?? 50);
const ORDERS = Number(process.env.ORDERS ?? 200);
const QUOTES = Number(process.env.QUOTES ?? 4_000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 50);

async function main() {
  const database = await freshPostgres(BENCH_POOL);
  const app = await buildApp({ config: benchConfig(), database, logger: false });
  await app.services.feedSync.tick(new Date());
  await app.ready();
  const open = await openWinDrawLose(database.db, new Date(Date.now() + 3_600_000), 3);
  if (open.length < 3) throw new Error('fewer than 3 open matches');

  const tokens: string[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: {
        username: `cash${String(i).padStart(4, '0')}`,
        password: 'bench1234',
        accept_terms: true,
        terms_version: TERMS_VERSION,
      },
    });
    const data = res.json<{ data: { token: string; userinfo: { id: number } } | null; message: string }>();
    if (!data.data) throw new Error(`register: ${data.message}`);
    tokens.push(data.data.token);
    const memberId = data.data.userinfo.id;
    await inTransaction(database.db, (work) =>
      app.services.ledger.post(work, { memberId, amount: 100_000_000n, type: 'adjust' }),
    );
  }
  const options = ['h', 'd', 'a'];
  const orders: Array<{ no: string; token: string; selections: BetSelection[] }> = [];
  for (let i = 0; i < ORDERS; i++) {
    const picks = open.map((m, k) => {
      const option = options[(i + k) % 3]!;
      return { match_id: m.id, bet_type: 'winDrawLose', option, odds: m.odds[option]! };
    });
    const token = tokens[i % MEMBERS]!;
    const res = await app.inject({
      method: 'POST',
      url: '/v1/order/submit',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': `cash-order-${i}` },
      payload: { sport_type: 1, bet_mode: 'mixed', pass_type: '3x4', multiple: 1, selections: picks },
    });
    const body = res.json<{ data: { order_no: string } | null; message: string }>();
    if (!body.data) throw new Error(`submit: ${body.message}`);
    orders.push({
      no: body.data.order_no,
      token,
      selections: picks.map((p) => ({
        matchId: String(p.match_id),
        sport: 'football',
        betType: 'winDrawLose',
        option: p.option,
        odds: p.odds,
      })),
    });
  }

  // The engine alone on the same orders and prices: what pricing costs without the reads.
  const engineStarted = performance.now();
  let engineQuotes = 0;
  while (performance.now() - engineStarted < 2_000) {
    for (const o of orders) {
      cashOutQuote(
        { passType: '3x4', multiple: 1, selections: o.selections },
        ['pending', 'pending', 'pending'],
        o.selections.map((s) => parseSportsOdds(s.odds)),
        500,
      );
      engineQuotes += 1;
    }
  }
  const engineRate = engineQuotes / ((performance.now() - engineStarted) / 1000);

  const latencies: number[] = [];
  let next = 0;
  let mismatches = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < QUOTES) {
        const o = orders[next++ % orders.length]!;
        const t0 = performance.now();
        const res = await app.inject({
          method: 'GET',
          url: `/v1/cash-out/${o.no}`,
          headers: { authorization: `Bearer ${o.token}` },
        });
        latencies.push(performance.now() - t0);
        const offer = res.json<{ data: { offer: string | null } }>().data.offer;
        const expected = cashOutQuote(
          { passType: '3x4', multiple: 1, selections: o.selections },
          ['pending', 'pending', 'pending'],
          o.selections.map((s) => parseSportsOdds(s.odds)),
          500,
        );
        if (!expected.ok || offer !== formatFen(expected.offerFen)) mismatches += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  await app.close();
  await database.close();

  const rate = QUOTES / seconds;
  console.log(
    `提前结算 offers on PostgreSQL: ${ORDERS} open 3串4 orders of ${MEMBERS} members, ${CONCURRENCY} in flight`,
  );
  console.log(`  offers:      ${QUOTES} in ${seconds.toFixed(2)} s = ${Math.round(rate)} offers/s over HTTP`);
  console.log(
    `  latency:     p50 ${percentile(latencies, 50).toFixed(2)} ms, p99 ${percentile(latencies, 99).toFixed(2)} ms`,
  );
  console.log(
    `  engine:      ${Math.round(engineRate)} offers/s (the shared cashOutQuote alone, same orders, same run)`,
  );
  console.log(`  ratio:       HTTP/engine ${(rate / engineRate).toFixed(4)}`);
  console.log(
    `  verdict:     ${mismatches === 0 ? 'every offer equals the engine’s' : `${mismatches} MISMATCHES`}`,
  );
  emitFigure({
    name: 'promotions.cash_out_offer',
    value: rate,
    unit: 'offers/s',
    p50_ms: percentile(latencies, 50),
    p99_ms: percentile(latencies, 99),
    anchor: 'hello',
    note: `${ORDERS} open 3串4 orders, ${CONCURRENCY} in flight; the engine alone ${Math.round(engineRate)}/s${mismatches ? `, ${mismatches} MISMATCHES` : ''}`,
  });
  if (mismatches) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
