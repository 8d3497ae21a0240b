/**
 * 红包雨 under a crowd (issue 41): MEMBERS members tap one rain of COUNT packets at once, each
 * claim a real `POST /v1/red-packets/:id/claim` with its Idempotency-Key (CONCURRENCY in flight),
 * through the HTTP handler. Prints claims per second (every answer: a packet or 已抢完) and the
 * paid ones, latency, and proves the money: COUNT packets paid to COUNT different members, their
 * sum exactly the budget, one `red_packet` entry each, a balanced ledger.
 *
 *   npm run bench:promotions                              # PostgreSQL (BENCH_DATABASE_URL or local jingcai_bench)
 *   BENCH_DB=pglite npm run bench:promotions              # embedded PGlite
 *   MEMBERS=1000 COUNT=800 CONCURRENCY=50 npm run bench:promotions
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { TERMS_VERSION } from '@app/shared';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { ledgerEntries } from '../../apps/server/src/modules/ledger/schema.ts';
import { redPacketSlots } from '../../apps/server/src/modules/red-packets/schema.ts';
import { BENCH_LIMITS, BENCH_POOL, countStatements, freshPostgres, percentile } from '../lib.ts';
import { emitFigure } from '../report.ts';

const statements = countStatements();
statements.tracing = true;

const MEMBERS = Number(process.env.MEMBERS ?? 1_000);
const COUNT = Number(process.env.COUNT ?? 800);
const BUDGET_FEN = BigInt(process.env.BUDGET_FEN ?? 800_000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 50);
const usePglite = process.env.BENCH_DB === 'pglite';

async function open(): Promise<Database> {
  if (!usePglite) return freshPostgres(BENCH_POOL);
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  return database;
}

/** Runs `work(i)` for i in [0, n) with `parallel` in flight. */
async function pooled(n: number, parallel: number, work: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < n) await work(next++);
    }),
  );
}

async function main() {
  const database = await open();
  const { db } = database;
  const app = await buildApp({
    config: loadConfig({
      ...BENCH_LIMITS,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DRAW_SEED_KEY: randomBytes(32).toString('hex'),
    }),
    database,
    logger: false,
  });
  await app.ready();
  const services = app.services;
  await services.appConfig.updateAppInfo({ redpacket_switch: 1 });

  const tokens = new Array<string>(MEMBERS);
  const registering = performance.now();
  await pooled(MEMBERS, 16, async (i) => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: {
        username: `rain${String(i).padStart(5, '0')}`,
        password: 'bench1234',
        accept_terms: true,
        terms_version: TERMS_VERSION,
      },
    });
    const answer = res.json<{ message: string; data: { token: string } | null }>();
    if (!answer.data) throw new Error(`register rain${i}: ${answer.message}`);
    tokens[i] = answer.data.token;
  });
  console.log(
    `  ${MEMBERS} members registered in ${((performance.now() - registering) / 1000).toFixed(1)} s`,
  );

  const operator = await services.operators.create({
    username: 'rainop',
    password: 'bench-operator-1',
    name: '红包运营',
    role: 'admin',
  });
  const now = services.clock.now().getTime();
  let packet = await services.redPackets.create(
    {
      kind: 'rain',
      name: '压测红包雨',
      code: null,
      startsAt: new Date(now - 60_000),
      endsAt: new Date(now + 30 * 60_000),
      budget: BUDGET_FEN,
      count: COUNT,
      minAmount: 1n,
      turnoverPct: 100,
      vipMin: null,
      depositMin: null,
      turnoverMin: null,
    },
    { operatorId: operator.id, ip: '127.0.0.1' },
  );
  // Above the approval threshold a budget waits for a second operator, as in production.
  if (packet.status === 'pending') {
    const checker = await services.operators.create({
      username: 'raincheck',
      password: 'bench-operator-2',
      name: '复核',
      role: 'admin',
    });
    await services.controlChanges.approve(packet.pending_change!.id, '压测', {
      operatorId: checker.id,
      ip: '127.0.0.1',
      role: 'admin',
    });
    packet = { ...packet, status: 'running' };
  }

  const latencies: number[] = [];
  const outcomes = new Map<string, number>();
  const statementsBefore = statements.count;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await pooled(MEMBERS, CONCURRENCY, async (i) => {
    const t0 = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: `/v1/red-packets/${packet.id}/claim`,
      headers: { authorization: `Bearer ${tokens[i]}`, 'idempotency-key': `rain-claim-${i}` },
    });
    latencies.push(performance.now() - t0);
    const body = res.json<{ message: string; data: { reason?: string } | null }>();
    const outcome = res.statusCode === 200 ? 'paid' : (body.data?.reason ?? `http ${res.statusCode}`);
    if (res.statusCode !== 200 && !outcomes.has(outcome))
      console.error(`  first ${outcome}: ${body.message}`);
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  });
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuMs = Math.round((used.user + used.system) / MEMBERS / 10) / 100;
  const perClaim = Math.round(((statements.count - statementsBefore) / MEMBERS) * 10) / 10;
  latencies.sort((a, b) => a - b);

  const [slots] = await db
    .select({
      n: count(),
      members: sql<number>`count(DISTINCT ${redPacketSlots.memberId})::int`,
      sum: sql<string>`COALESCE(SUM(${redPacketSlots.amount}), 0)::text`,
    })
    .from(redPacketSlots)
    .where(and(eq(redPacketSlots.packetId, packet.id), isNotNull(redPacketSlots.memberId)));
  const [credits] = await db
    .select({ n: count(), sum: sql<string>`COALESCE(SUM(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.type, 'red_packet'));
  const violations = await services.ledger.findInvariantViolations();
  await app.close();
  await database.close();

  const paid = outcomes.get('paid') ?? 0;
  const expectedPaid = Math.min(COUNT, MEMBERS);
  const ok =
    paid === expectedPaid &&
    slots?.n === expectedPaid &&
    slots.members === expectedPaid &&
    (expectedPaid < COUNT || BigInt(slots.sum) === BUDGET_FEN) &&
    credits?.n === expectedPaid &&
    credits.sum === slots.sum &&
    violations.length === 0;
  console.log(
    `红包雨 on ${usePglite ? 'PGlite' : 'PostgreSQL'}: ${MEMBERS} members, ${COUNT} packets of ${BUDGET_FEN} 分, ${CONCURRENCY} in flight`,
  );
  console.log(
    `  claims:      ${MEMBERS} in ${seconds.toFixed(2)} s = ${Math.round(MEMBERS / seconds)} claims/s`,
  );
  console.log(`  paid:        ${paid} = ${Math.round(paid / seconds)} paid claims/s`);
  console.log(
    `  latency:     p50 ${percentile(latencies, 50).toFixed(2)} ms, p99 ${percentile(latencies, 99).toFixed(2)} ms`,
  );
  console.log(`  server:      CPU ${cpuMs} ms and ${perClaim} statements per claim`);
  console.log(`  outcomes:    ${[...outcomes].map(([k, v]) => `${k} ${v}`).join(', ')}`);
  console.log(
    `  money:       ${slots?.n ?? 0} packets to ${slots?.members ?? 0} members, ${slots?.sum ?? 0} 分; ${credits?.n ?? 0} red_packet entries, ${credits?.sum ?? 0} 分`,
  );
  console.log(`  invariant:   ${violations.length === 0 ? 'balanced' : `${violations.length} VIOLATIONS`}`);
  console.log(`  verdict:     ${ok ? 'each packet paid once, the budget exactly' : 'MISMATCH'}`);
  emitFigure({
    name: 'promotions.red_packet_claim',
    value: MEMBERS / seconds,
    unit: 'claims/s',
    p50_ms: percentile(latencies, 50),
    p99_ms: percentile(latencies, 99),
    anchor: 'pgbench',
    note: `${MEMBERS} members, ${COUNT} packets (${paid} paid), ${CONCURRENCY} in flight${usePglite ? '' : ` (pool ${BENCH_POOL})`}${ok ? '' : ', MISMATCH'}`,
  });
  if (!ok) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
