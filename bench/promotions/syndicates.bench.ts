/**
 * 合买 under a crowd (issue 39, point 2), on PostgreSQL:
 *
 *  1. Share purchases: MEMBERS members (50) buy shares of one plan at once, one share per request
 *     with its Idempotency-Key, CONCURRENCY (50) in flight, until it is sold out. Prints purchases
 *     per second and latency (anchor: pgbench, as every money write), and checks the plan never
 *     oversold: the shares sold equal the purchases answered 200, the frozen wallets hold them.
 *  2. Settling a plan with HOLDERS (1,000) participants: the plan is placed by the job, its match
 *     finished by one feed sync tick, and the order's payout split among every holder in the
 *     settling transaction. Prints that tick's seconds beside a local anchor measured just before
 *     in the same run (the set-based SQL for as many writes: one UPDATE of HOLDERS holder-shaped
 *     rows and HOLDERS + 1 ledger-shaped INSERTs in one transaction), and checks the parts add up
 *     to the payout and the ledger holds them.
 *
 *   npm run bench:syndicates
 *   HOLDERS=2000 npm run bench:syndicates
 */
import { performance } from 'node:perf_hooks';
import { splitPayout, TERMS_VERSION, winningOption } from '@app/shared';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { rowsOf } from '../../apps/server/src/db/rows.ts';
import { inTransaction } from '../../apps/server/src/db/tx.ts';
import { openWinDrawLose } from '../../apps/server/src/test/proof-db.ts';
import { BENCH_POOL, benchConfig, freshPostgres, percentile } from '../lib.ts';
import { emitFigure } from '../report.ts';

const MEMBERS = Number(process.env.MEMBERS ?? 50);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 50);
const HOLDERS = Number(process.env.HOLDERS ?? 1_000);
const DAY = 86_400_000;

type App = Awaited<ReturnType<typeof buildApp>>;
type Database = Awaited<ReturnType<typeof freshPostgres>>;

async function pooled(n: number, parallel: number, work: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < n) await work(next++);
    }),
  );
}

const ms = (n: number) => `${Math.round(n * 100) / 100} ms`;
const secs = (n: number) => `${Math.round(n * 1000) / 1000} s`;

async function register(app: App, database: Database, prefix: string, n: number) {
  const members = new Array<{ id: number; token: string }>(n);
  await pooled(n, 16, async (i) => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: {
        username: `${prefix}${String(i).padStart(5, '0')}`,
        password: 'bench1234',
        accept_terms: true,
        terms_version: TERMS_VERSION,
      },
    });
    const answer = res.json<{ message: string; data: { token: string; userinfo: { id: number } } | null }>();
    if (!answer.data) throw new Error(`register ${prefix}${i}: ${answer.message}`);
    members[i] = { id: answer.data.userinfo.id, token: answer.data.token };
    await inTransaction(database.db, (work) =>
      app.services.ledger.post(work, {
        memberId: answer.data!.userinfo.id,
        amount: 10_000_000n,
        type: 'adjust',
      }),
    );
  });
  return members;
}

/** A 4串11 ×99 of the four soonest open matches' home wins: 2,178.00 元, 2,178 shares of 1 元. */
async function startPlan(
  app: App,
  initiator: { token: string },
  open: Array<{ id: number; odds: Record<string, string>; option?: string }>,
  buy: number,
) {
  const res = await app.inject({
    method: 'POST',
    url: '/v1/syndicates',
    headers: { authorization: `Bearer ${initiator.token}`, 'idempotency-key': `plan-${buy}-${open[0]!.id}` },
    payload: {
      slip: {
        sport_type: 1,
        bet_mode: 'mixed',
        pass_type: '4x11',
        multiple: 99,
        selections: open.map((m) => {
          const option = m.option ?? 'h';
          return { match_id: m.id, bet_type: 'winDrawLose', option, odds: m.odds[option]! };
        }),
      },
      shares: 2_178,
      buy_shares: buy,
      commission_bp: 500,
    },
  });
  const body = res.json<{ message: string; data: { plan: { id: number; shares: number } } | null }>();
  if (!body.data) throw new Error(`start plan: ${body.message}`);
  return body.data.plan;
}

async function soldShares(database: Database, planId: number) {
  const rows = rowsOf<{ sold_shares: number; status: string }>(
    await database.db.execute(sql`SELECT sold_shares, status FROM syndicate_plans WHERE id = ${planId}`),
  );
  return rows[0]!;
}

async function main() {
  const database = await freshPostgres(BENCH_POOL);
  const app = await buildApp({ config: benchConfig(), database, logger: false });
  await app.services.feedSync.tick(new Date());
  await app.ready();
  const open = await openWinDrawLose(database.db, new Date(Date.now() + 3 * 3_600_000), 16);
  if (open.length < 8) throw new Error('fewer than 8 open matches');

  // ---- 1. share purchases: MEMBERS members on one plan until it is sold out ----
  const buyers = await register(app, database, 'syb', MEMBERS);
  const plan = await startPlan(app, buyers[0]!, open.slice(0, 4), 109);
  const latencies: number[] = [];
  let ok = 0;
  let refused = 0;
  let request = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, lane) => {
      for (;;) {
        const n = request++;
        const member = buyers[(lane + n) % MEMBERS]!;
        const t0 = performance.now();
        const res = await app.inject({
          method: 'POST',
          url: `/v1/syndicates/${plan.id}/buy`,
          headers: { authorization: `Bearer ${member.token}`, 'idempotency-key': `syndicate-buy-${n}` },
          payload: { shares: 1 },
        });
        latencies.push(performance.now() - t0);
        if (res.statusCode === 200) ok += 1;
        else {
          refused += 1;
          break;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const after = await soldShares(database, plan.id);
  const frozen = rowsOf<{ total: string }>(
    await database.db.execute(
      sql`SELECT COALESCE(SUM(amount), 0)::text AS total FROM syndicate_holders WHERE plan_id = ${plan.id}`,
    ),
  );
  const exact =
    after.sold_shares === plan.shares && ok === plan.shares - 109 && BigInt(frozen[0]!.total) === 217_800n;
  const rate = ok / seconds;
  console.log(
    `合买 share purchases on PostgreSQL: ${MEMBERS} members on one plan of ${plan.shares} shares, ${CONCURRENCY} in flight`,
  );
  console.log(
    `  purchases:   ${ok} in ${secs(seconds)} = ${Math.round(rate)} purchases/s over HTTP (${refused} sold-out answers)`,
  );
  console.log(`  latency:     p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}`);
  console.log(
    `  verdict:     ${exact ? `sold ${after.sold_shares}/${plan.shares}, never oversold, the holdings frozen exactly` : 'MISMATCH'}`,
  );
  emitFigure({
    name: 'promotions.syndicate_buy',
    value: rate,
    unit: 'purchases/s',
    p50_ms: percentile(latencies, 50),
    p99_ms: percentile(latencies, 99),
    anchor: 'pgbench',
    note: `${MEMBERS} members on one plan of ${plan.shares} shares, 1 share a request, ${CONCURRENCY} in flight${exact ? '' : ', MISMATCH'}`,
  });

  // The sold-out plan is failed by an operator (every share returned), so the settlement below
  // is the second plan's alone.
  const operator = await app.services.operators.create({
    username: 'synop',
    password: 'bench-operator-1',
    name: '合买运营',
    role: 'admin',
  });
  await app.services.syndicates.forceFail(plan.id, '压测结束', {
    operatorId: operator.id,
    sessionId: 0,
    ip: '127.0.0.1',
  });

  // ---- 2. settling a plan with HOLDERS participants ----
  const holders = await register(app, database, 'syh', HOLDERS);
  const initiator = holders[0]!;
  // Four matches the simulator finishes, on their winning 胜平负 options: the plan wins and its
  // payout is split among every holder.
  const settling = await winningLegs(app, database, open.slice(4));
  const big = await startPlan(app, initiator, settling, 2_178 - 2 * (HOLDERS - 1));
  await pooled(HOLDERS - 1, 16, async (i) => {
    const member = holders[i + 1]!;
    const res = await app.inject({
      method: 'POST',
      url: `/v1/syndicates/${big.id}/buy`,
      headers: { authorization: `Bearer ${member.token}`, 'idempotency-key': `syndicate-hold-${i}` },
      payload: { shares: 2 },
    });
    if (res.statusCode !== 200) throw new Error(`buy: ${res.body}`);
  });
  const placed = await app.services.syndicates.run();
  if (placed.placed !== 1) throw new Error(`plan not placed: ${JSON.stringify(placed)}`);
  const anchorSeconds = await settlementAnchor(database, HOLDERS);
  const kick = rowsOf<{ last: string | Date }>(
    await database.db.execute(
      sql`SELECT max(kickoff_at) AS last FROM matches WHERE id IN (${sql.join(
        settling.map((m) => sql`${m.id}`),
        sql`, `,
      )})`,
    ),
  );
  await database.db.execute(sql`CHECKPOINT`);
  const t0 = performance.now();
  await app.services.feedSync.tick(new Date(new Date(kick[0]!.last).getTime() + DAY));
  const settleSeconds = (performance.now() - t0) / 1000;
  const result = rowsOf<{
    status: string;
    payout: string;
    commission: string;
    total: string;
    initiator_id: number;
    plan_no: string;
  }>(
    await database.db.execute(
      sql`SELECT status, payout::text, commission::text, total_amount::text AS total, initiator_id, plan_no
          FROM syndicate_plans WHERE id = ${big.id}`,
    ),
  );
  const r = result[0]!;
  const held = rowsOf<{ member_id: number; shares: number; payout: string }>(
    await database.db.execute(
      sql`SELECT member_id, shares, payout::text FROM syndicate_holders WHERE plan_id = ${big.id}`,
    ),
  );
  const split = splitPayout({
    payoutFen: BigInt(r.payout),
    totalFen: BigInt(r.total),
    shares: 2_178,
    rateBp: 500,
    initiatorId: Number(r.initiator_id),
    holdings: held.map((h) => ({ memberId: Number(h.member_id), shares: Number(h.shares) })),
  });
  const paid = rowsOf<{ sum: string; n: number }>(
    await database.db.execute(
      sql`SELECT COALESCE(SUM(amount), 0)::text AS sum, count(*)::int AS n FROM ledger_entries
        WHERE type = 'syndicate_payout' AND reference_id = ${r.plan_no}`,
    ),
  );
  const splitOk =
    r.status !== 'placed' &&
    held.every((h) => BigInt(h.payout) === (split.parts.get(Number(h.member_id)) ?? 0n)) &&
    BigInt(paid[0]!.sum) === 0n;
  console.log(`合买 settlement on PostgreSQL: one plan of ${held.length} holders (4串11 ×99, 2,178 shares)`);
  console.log(
    `  settle:      ${secs(settleSeconds)} for the sync tick that finished its matches and split its payout (${r.status}, payout ${r.payout} 分, ${paid[0]!.n} syndicate_payout entries)`,
  );
  console.log(
    `  anchor:      ${secs(anchorSeconds)} for one UPDATE of ${HOLDERS} rows + ${HOLDERS + 1} INSERTs in one transaction`,
  );
  console.log(`  ratio:       ${Math.round((settleSeconds / anchorSeconds) * 100)} % of the anchor`);
  console.log(
    `  verdict:     ${splitOk ? 'every holder’s part is the shared split; the split entries add up to nothing (a transfer)' : 'MISMATCH'}`,
  );
  emitFigure({
    name: 'promotions.syndicate_settle',
    value: settleSeconds,
    unit: 's',
    local: { label: `set-based SQL, ${HOLDERS} holders`, value: anchorSeconds },
    note: `one plan of ${held.length} holders settled by a feed sync tick (${r.status}); ${paid[0]!.n} syndicate_payout entries${splitOk ? '' : ', MISMATCH'}`,
  });
  await app.close();
  await database.close();
  if (!exact || !splitOk) process.exitCode = 1;
}

/** Open matches the feed will finish, each with its winning 胜平负 option (four of them). */
async function winningLegs(
  app: App,
  database: Database,
  open: Array<{ id: number; odds: Record<string, string> }>,
) {
  const rows = rowsOf<{ id: number; external_id: string; kickoff_at: string | Date }>(
    await database.db.execute(
      sql`SELECT id, external_id, kickoff_at FROM matches WHERE id IN (${sql.join(
        open.map((m) => sql`${m.id}`),
        sql`, `,
      )})`,
    ),
  );
  const legs: Array<{ id: number; odds: Record<string, string>; option: string }> = [];
  for (const m of open) {
    const row = rows.find((r) => Number(r.id) === m.id)!;
    const state = app.services.sportsFeed.state(
      row.external_id,
      new Date(new Date(row.kickoff_at).getTime() + DAY),
    );
    if (state?.status !== 'finished') continue;
    const option = winningOption('football.winDrawLose', null, {
      status: 'finished',
      sport: 'football',
      fullTime: state.score,
      halfTime: state.halfTime ?? { home: 0, away: 0 },
    });
    if (option && m.odds[option]) legs.push({ ...m, option });
    if (legs.length === 4) return legs;
  }
  throw new Error('fewer than 4 open matches the feed finishes');
}

/** The split's writes done by PostgreSQL alone: HOLDERS rows updated, HOLDERS + 1 rows appended. */
async function settlementAnchor(database: Database, n: number): Promise<number> {
  const { db } = database;
  await db.execute(sql`CREATE TABLE bench_holders (id int PRIMARY KEY, payout bigint NOT NULL)`);
  await db.execute(sql`
    CREATE TABLE bench_history (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, wallet_id int NOT NULL, amount bigint NOT NULL,
      created_at timestamptz NOT NULL)`);
  await db.execute(sql`INSERT INTO bench_holders SELECT g, 0 FROM generate_series(1, ${n}) g`);
  await db.execute(sql`CHECKPOINT`);
  const t0 = performance.now();
  await inTransaction(db, async ({ tx }) => {
    await tx.execute(sql`UPDATE bench_holders SET payout = 1234`);
    await tx.execute(sql`
      INSERT INTO bench_history (wallet_id, amount, created_at)
      SELECT g, 1234, now() FROM generate_series(0, ${n}) g`);
  });
  const seconds = (performance.now() - t0) / 1000;
  await db.execute(sql`DROP TABLE bench_holders, bench_history`);
  return seconds;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
