/**
 * 易支付 (PAYMENT_GATEWAY=epay) through the real handler, beside its anchor in the same run:
 *
 *  1. Notifications: ORDERS pending orders, each notified COPIES times (a gateway sends again until
 *     it reads `success`), shuffled, CONCURRENCY in flight, as the gateway's signed GET (MD5 over
 *     the sorted fields) to /v1/payment-orders/notify/epay. The anchor: the same number of the
 *     simulator's HMAC-SHA256 JSON notifications for as many orders, through its own app on the
 *     same kind of database, measured just before. Prints both rates and their ratio.
 *  2. Reconciliation: RECONCILE orders opened at the fake gateway (its submit.php), paid there
 *     with every notification lost, then found by the order query: batches of 50 (the job's) back
 *     to back until none is left. Prints the time to reconcile them and proves each was credited
 *     once and the ledger balances.
 *
 *   npm run bench:epay                          # PostgreSQL (BENCH_DATABASE_URL or local)
 *   BENCH_DB=pglite npm run bench:epay          # embedded PGlite
 *   ORDERS=2000 COPIES=3 CONCURRENCY=32 RECONCILE=1000 npm run bench:epay
 */
import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { count, eq, sql } from 'drizzle-orm';
import { startEpayFake } from '../../apps/server/src/adapters/epay/fake.ts';
import { withEpaySign } from '../../apps/server/src/adapters/epay/signature.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import type { Database } from '../../apps/server/src/db/client.ts';
import { ledgerEntries, members, paymentOrders } from '../../apps/server/src/db/schema.ts';
import { inTransaction } from '../../apps/server/src/db/tx.ts';
import { ManualClock } from '../../apps/server/src/lib/clock.ts';
import { createWallets } from '../../apps/server/src/modules/ledger/ledger.repo.ts';
import { signNotification } from '../../apps/server/src/modules/payments/gateway.ts';
import { BENCH_POOL, benchConfig, freshPglite, freshPostgres, percentile } from '../lib.ts';
import { emitFigure } from '../report.ts';

const MEMBERS = Number(process.env.MEMBERS ?? 100);
const ORDERS = Number(process.env.ORDERS ?? 1_000);
const COPIES = Number(process.env.COPIES ?? 3);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 32);
const RECONCILE = Number(process.env.RECONCILE ?? 1_000);
const usePglite = process.env.BENCH_DB === 'pglite';
const PID = '1001';
const KEY = 'bench-epay-merchant-key-0123456789ab';
const SITE = 'https://jc.example';

const open = (): Promise<Database> => (usePglite ? freshPglite() : freshPostgres(BENCH_POOL));
/** A figure to two decimals, for the printout. */
const two = (n: number) => String(Math.round(n * 100) / 100);
const yuan = (fen: bigint) => `${fen / 100n}.${(fen % 100n).toString().padStart(2, '0')}`;

async function seedMembers(database: Database, prefix: string): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const [row] = await database.db
      .insert(members)
      .values({
        username: `${prefix}${i}`,
        passwordHash: 'x',
        nickname: `${prefix}${i}`,
        inviteCode: `${prefix.toUpperCase()}${i}`,
        registerType: 'seed',
      })
      .returning({ id: members.id });
    ids.push(row!.id);
    await inTransaction(database.db, (work) => createWallets(work.tx, row!.id, ['main']));
  }
  return ids;
}

async function pendingOrders(
  database: Database,
  memberIds: number[],
  gateway: string,
  tag: string,
  n: number,
) {
  return database.db
    .insert(paymentOrders)
    .values(
      Array.from({ length: n }, (_, i) => ({
        orderNo: `D${tag}${String(i).padStart(8, '0')}`,
        memberId: memberIds[i % memberIds.length]!,
        method: 'alipay' as const,
        amount: BigInt(5_000 + randomInt(0, 1_000_000)),
        gateway,
      })),
    )
    .returning({ orderNo: paymentOrders.orderNo, amount: paymentOrders.amount });
}

/** Sends `requests` with `CONCURRENCY` in flight; rate, latencies and outcomes. */
async function deliver(requests: Array<() => Promise<{ status: number; outcome: string }>>) {
  const shuffled = [...requests];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  const latencies: number[] = [];
  const outcomes = new Map<string, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < shuffled.length) {
        const send = shuffled[next++]!;
        const t0 = performance.now();
        const { outcome } = await send();
        latencies.push(performance.now() - t0);
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { seconds, rate: shuffled.length / seconds, latencies, outcomes };
}

async function credited(database: Database) {
  const [entries] = await database.db
    .select({ n: count(), sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.type, 'deposit'));
  return { n: entries?.n ?? 0, sum: BigInt(entries?.sum ?? 0) };
}

/** The anchor: the simulator's notifications, HMAC-signed JSON POSTs, for as many orders. */
async function simulatorRun() {
  const database = await open();
  const app = await buildApp({
    config: benchConfig({ PAYMENT_GATEWAY_SECRET: KEY }),
    database,
    logger: false,
  });
  await app.ready();
  const memberIds = await seedMembers(database, 'sim');
  const orders = await pendingOrders(database, memberIds, 'simulator', 'SIM', ORDERS);
  const now = Math.floor(app.services.clock.now().getTime() / 1000);
  const requests = orders.flatMap((o) =>
    Array.from({ length: COPIES }, () => {
      const fields = {
        merchant_order_no: o.orderNo,
        trade_no: `SIM${o.orderNo}`,
        amount: yuan(o.amount),
        status: 'paid' as const,
        timestamp: String(now),
      };
      const payload = { ...fields, sign: signNotification(KEY, fields) };
      return async () => {
        const res = await app.inject({ method: 'POST', url: '/v1/payment-orders/notify/simulator', payload });
        return {
          status: res.statusCode,
          outcome:
            res.statusCode === 200
              ? res.json<{ data: { outcome: string } }>().data.outcome
              : `http ${res.statusCode}`,
        };
      };
    }),
  );
  const result = await deliver(requests);
  const money = await credited(database);
  const expected = orders.reduce((s, o) => s + o.amount, 0n);
  await app.close();
  await database.close();
  return { ...result, ok: money.n === ORDERS && money.sum === expected };
}

async function main() {
  const anchor = await simulatorRun();

  const clock = new ManualClock(Date.parse('2030-06-12T04:00:00.000Z'));
  const database = await open();
  const fake = await startEpayFake({
    merchants: { [PID]: KEY },
    now: () => clock.now(),
    // Reconciliation's payments are paid with their notifications lost; nothing is delivered.
    fetch: async () => new Response('lost', { status: 503 }),
  });
  const app = await buildApp({
    config: benchConfig({
      PAYMENT_GATEWAY: 'epay',
      PAYMENT_GATEWAY_SECRET: KEY,
      EPAY_API_URL: fake.url,
      EPAY_PID: PID,
      PUBLIC_URL: SITE,
    }),
    database,
    logger: false,
    clock,
  });
  await app.ready();
  const memberIds = await seedMembers(database, 'epay');

  // 1. Notifications through 易支付's verification.
  const orders = await pendingOrders(database, memberIds, 'epay', 'EPAY', ORDERS);
  const requests = orders.flatMap((o, i) =>
    Array.from({ length: COPIES }, () => {
      const query = new URLSearchParams(
        withEpaySign(
          {
            pid: PID,
            trade_no: `2030061212${String(i).padStart(9, '0')}`,
            out_trade_no: o.orderNo,
            type: 'alipay',
            name: '充值 支付宝',
            money: yuan(o.amount),
            trade_status: 'TRADE_SUCCESS',
          },
          KEY,
        ),
      ).toString();
      return async () => {
        const res = await app.inject({ method: 'GET', url: `/v1/payment-orders/notify/epay?${query}` });
        return {
          status: res.statusCode,
          outcome: res.statusCode === 200 ? res.body : `http ${res.statusCode}`,
        };
      };
    }),
  );
  const cpu = process.cpuUsage();
  const notified = await deliver(requests);
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / requests.length / 1000;
  const afterNotify = await credited(database);
  const expectedNotify = orders.reduce((s, o) => s + o.amount, 0n);
  const notifyOk =
    afterNotify.n === ORDERS &&
    afterNotify.sum === expectedNotify &&
    notified.outcomes.get('success') === requests.length;

  // 2. Reconciliation of RECONCILE orders whose notifications were all lost.
  const opened: Array<{ orderNo: string; payUrl: string }> = [];
  for (let i = 0; i < RECONCILE; i++) {
    const created = await app.services.payments.create(
      { method: 'alipay', amount: BigInt(5_000 + randomInt(0, 100_000)) },
      { memberId: memberIds[i % memberIds.length]!, idempotencyKey: undefined, route: 'bench' },
    );
    opened.push({ orderNo: created.order.order_no, payUrl: created.pay_url! });
  }
  // The payers open the gateway's page (its submit.php takes each order) and pay.
  let visit = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (visit < opened.length) {
        const o = opened[visit++]!;
        const res = await fetch(o.payUrl);
        if (res.status !== 200) throw new Error(`submit.php answered ${res.status}`);
        await res.arrayBuffer();
      }
    }),
  );
  fake.setNotifyDropping(true);
  for (const o of opened) await fake.pay(o.orderNo);
  clock.advance(11 * 60_000);
  const reconcile = app.services.config.finance.reconcile;
  const before = await credited(database);
  const started = performance.now();
  let batches = 0;
  const tally = { asked: 0, credited: 0, unpaid: 0, refused: 0, unanswered: 0 };
  for (;;) {
    const t = await app.services.payments.reconcileOpenOrders({ ...reconcile, limit: 50 });
    batches += 1;
    for (const k of Object.keys(tally) as Array<keyof typeof tally>) tally[k] += t[k];
    if (t.asked < 50) break;
  }
  const reconcileSeconds = (performance.now() - started) / 1000;
  const after = await credited(database);
  // A second pass after the re-ask period finds nothing more to credit.
  clock.advance(reconcile.everyMs);
  const again = await app.services.payments.reconcileOpenOrders({ ...reconcile, limit: 5_000 });
  const violations = await app.services.ledger.findInvariantViolations();
  await app.close();
  await fake.close();
  await database.close();
  const reconcileOk =
    tally.credited === RECONCILE &&
    after.n - before.n === RECONCILE &&
    again.credited === 0 &&
    violations.length === 0;

  const where = usePglite ? 'PGlite' : 'PostgreSQL';
  console.log(`易支付 on ${where}: ${ORDERS} orders × ${COPIES} notifications, ${CONCURRENCY} in flight`);
  console.log(
    `  epay (MD5, GET):        ${requests.length} in ${two(notified.seconds)} s = ${Math.round(notified.rate)} notifies/s, p50 ${two(percentile(notified.latencies, 50))} ms, p99 ${two(percentile(notified.latencies, 99))} ms, ${two(cpuMs)} ms CPU each`,
  );
  console.log(
    `  anchor simulator (HMAC): ${Math.round(anchor.rate)} notifies/s, p99 ${two(percentile(anchor.latencies, 99))} ms  → ratio ${two(notified.rate / anchor.rate)}`,
  );
  console.log(`  answers:                ${[...notified.outcomes].map(([k, v]) => `${k} ${v}`).join(', ')}`);
  console.log(
    `  credits:                ${afterNotify.n} for ${ORDERS} orders (${notifyOk ? 'once each' : 'MISMATCH'}); anchor ${anchor.ok ? 'once each' : 'MISMATCH'}`,
  );
  console.log(
    `  reconcile:              ${RECONCILE} orders with lost notifications in ${two(reconcileSeconds)} s (${batches} batches of 50, ${Math.round(RECONCILE / reconcileSeconds)} orders/s): ${tally.credited} credited, ${tally.unpaid} unpaid, ${tally.unanswered} unanswered; again after ${reconcile.everyMs / 60_000} min: ${again.asked} asked, ${again.credited} credited`,
  );
  console.log(
    `  invariant:              ${violations.length === 0 ? 'balanced' : `${violations.length} VIOLATIONS`}`,
  );
  emitFigure({
    name: 'payments.epay_notify',
    value: notified.rate,
    unit: 'notifies/s',
    p50_ms: percentile(notified.latencies, 50),
    p99_ms: percentile(notified.latencies, 99),
    anchor: 'pgbench',
    local: { label: 'simulator HMAC notifications, same run', value: anchor.rate },
    note: `${ORDERS} orders × ${COPIES}, ${CONCURRENCY} in flight${notifyOk ? '' : ', MISMATCH'}`,
  });
  emitFigure({
    name: 'payments.epay_reconcile_1000',
    value: reconcileSeconds,
    unit: 's',
    // Beside it: as many notifications through the same handler, at the rate measured above.
    local: { label: `${RECONCILE} notifications at the measured rate`, value: RECONCILE / notified.rate },
    note: `${RECONCILE} orders, ${batches} batches of 50${reconcileOk ? '' : ', MISMATCH'}`,
  });
  if (!notifyOk || !reconcileOk || !anchor.ok) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
