/**
 * Payment callbacks: a gateway delivering signed notifications for many orders at once, each
 * order notified several times (real gateways retry until they hear "success"), duplicates
 * shuffled in, all through the real HTTP handler. Prints callbacks per second, latency, and
 * proves credits made = unique orders (one `deposit` ledger entry per order) and a balanced ledger.
 *
 *   npm run bench:payments                         # PostgreSQL (BENCH_DATABASE_URL or local jingcai_bench)
 *   BENCH_DB=pglite npm run bench:payments         # embedded PGlite
 *   ORDERS=2000 COPIES=3 CONCURRENCY=32 npm run bench:payments
 */
import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { and, count, eq, sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { inTransaction } from '../../apps/server/src/db/tx.ts';
import { members } from '../../apps/server/src/modules/accounts/accounts.table.ts';
import { createWallets } from '../../apps/server/src/modules/ledger/ledger.repo.ts';
import { ledgerEntries } from '../../apps/server/src/modules/ledger/ledger.table.ts';
import { signNotification } from '../../apps/server/src/modules/payments/gateway.ts';
import { paymentOrders } from '../../apps/server/src/modules/payments/payments.table.ts';
import { BENCH_LIMITS, BENCH_POOL, countStatements, freshPostgres, percentile } from '../lib.ts';
import { emitFigure } from '../report.ts';

const statements = countStatements();
statements.tracing = true;

const MEMBERS = Number(process.env.MEMBERS ?? 100);
const ORDERS = Number(process.env.ORDERS ?? 1_000);
/** Deliveries per order: 1 real + (COPIES − 1) duplicates. */
const COPIES = Number(process.env.COPIES ?? 3);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 32);
const usePglite = process.env.BENCH_DB === 'pglite';
const SECRET = 'bench-merchant-secret-0123456789abcdef';

async function open(): Promise<Database> {
  if (!usePglite) return freshPostgres(BENCH_POOL);
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  return database;
}

async function main() {
  const database = await open();
  const { db } = database;
  const app = await buildApp({
    config: loadConfig({
      ...BENCH_LIMITS,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PAYMENT_GATEWAY_SECRET: SECRET,
    }),
    database,
    logger: false,
  });
  await app.ready();

  const memberIds: number[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const [row] = await db
      .insert(members)
      .values({
        username: `pay${i}`,
        passwordHash: 'x',
        nickname: `pay${i}`,
        inviteCode: `PAY${i}`,
        registerType: 'seed',
      })
      .returning({ id: members.id });
    memberIds.push(row!.id);
    await inTransaction(db, (work) => createWallets(work.tx, row!.id, ['main']));
  }
  const orders = await db
    .insert(paymentOrders)
    .values(
      Array.from({ length: ORDERS }, (_, i) => ({
        orderNo: `DBENCH${String(i).padStart(8, '0')}`,
        memberId: memberIds[i % MEMBERS]!,
        method: 'alipay' as const,
        amount: BigInt(5_000 + randomInt(0, 1_000_000)),
        gateway: 'simulator',
      })),
    )
    .returning({ orderNo: paymentOrders.orderNo, amount: paymentOrders.amount });

  // Every order COPIES times, shuffled: duplicates arrive interleaved and concurrently.
  const deliveries = orders.flatMap((o) => Array.from({ length: COPIES }, () => o));
  for (let i = deliveries.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
  }
  // Signed now: the handler refuses a timestamp more than 5 minutes from its clock (replays).
  const now = Math.floor(Date.now() / 1000);
  const payloads = deliveries.map((o, i) => {
    const fields = {
      merchant_order_no: o.orderNo,
      trade_no: `SIMBENCH${o.orderNo}`,
      amount: `${o.amount / 100n}.${(o.amount % 100n).toString().padStart(2, '0')}`,
      status: 'paid' as const,
      timestamp: String(now + (i % 60)),
    };
    return { ...fields, sign: signNotification(SECRET, fields) };
  });

  const latencies: number[] = [];
  const outcomes = new Map<string, number>();
  let next = 0;
  const statementsBefore = statements.count;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < payloads.length) {
        const payload = payloads[next++]!;
        const t0 = performance.now();
        const res = await app.inject({ method: 'POST', url: '/v1/payment-orders/notify/simulator', payload });
        latencies.push(performance.now() - t0);
        const outcome =
          res.statusCode === 200
            ? res.json<{ data: { outcome: string } }>().data.outcome
            : `http ${res.statusCode}`;
        if (res.statusCode !== 200 && !outcomes.has(outcome))
          console.error(`  first ${outcome}: ${res.body.slice(0, 200)}`);
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  // This process serves the callbacks through app.inject (no sockets): its CPU per callback.
  const cpuMs = Math.round((used.user + used.system) / payloads.length / 10) / 100;
  const perCallback = Math.round(((statements.count - statementsBefore) / payloads.length) * 10) / 10;
  console.log(`  server CPU ${cpuMs} ms and ${perCallback} statements per callback`);
  latencies.sort((a, b) => a - b);

  const [credits] = await db
    .select({ n: count() })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.type, 'deposit')));
  const [paid] = await db.select({ n: count() }).from(paymentOrders).where(eq(paymentOrders.status, 'paid'));
  const [sums] = await db
    .select({ credited: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.type, 'deposit'));
  const expected = orders.reduce((s, o) => s + o.amount, 0n);
  const violations = await app.services.ledger.findInvariantViolations();
  await app.close();
  await database.close();

  const ok =
    credits?.n === ORDERS &&
    paid?.n === ORDERS &&
    BigInt(sums?.credited ?? 0) === expected &&
    violations.length === 0;
  console.log(
    `payment callbacks on ${usePglite ? 'PGlite' : 'PostgreSQL'}: ${ORDERS} orders × ${COPIES} deliveries, ${CONCURRENCY} in flight`,
  );
  console.log(
    `  callbacks:   ${payloads.length} in ${seconds.toFixed(2)} s = ${Math.round(payloads.length / seconds)} callbacks/s`,
  );
  console.log(
    `  latency:     p50 ${percentile(latencies, 50).toFixed(2)} ms, p99 ${percentile(latencies, 99).toFixed(2)} ms`,
  );
  console.log(`  outcomes:    ${[...outcomes].map(([k, v]) => `${k} ${v}`).join(', ')}`);
  console.log(
    `  credits:     ${credits?.n ?? 0} deposit entries for ${ORDERS} unique orders (${paid?.n ?? 0} orders paid)`,
  );
  console.log(`  money:       credited ${sums?.credited ?? 0} 分, expected ${expected} 分`);
  console.log(`  invariant:   ${violations.length === 0 ? 'balanced' : `${violations.length} VIOLATIONS`}`);
  console.log(`  verdict:     ${ok ? 'credits made = unique orders' : 'MISMATCH'}`);
  emitFigure({
    name: 'payments.callback',
    value: payloads.length / seconds,
    unit: 'callbacks/s',
    p50_ms: percentile(latencies, 50),
    p99_ms: percentile(latencies, 99),
    anchor: 'pgbench',
    note: `${ORDERS} orders × ${COPIES}, ${CONCURRENCY} in flight${usePglite ? '' : ` (pool ${BENCH_POOL})`}${ok ? '' : ', MISMATCH'}`,
  });
  if (!ok) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
