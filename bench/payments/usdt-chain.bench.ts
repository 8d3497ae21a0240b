/**
 * USDT-TRC20 deposits on chain (USDT_DEPOSITS=trongrid): how fast the leader's watcher credits
 * confirmed transfers, beside an anchor in the same run.
 *
 *  1. Anchor: TRANSFERS pending simulator orders confirmed through the existing path, the
 *     simulator's HMAC-signed notification to /v1/payment-orders/notify/simulator, 4 in flight
 *     (the watcher reads 4 addresses at once), on its own app and database of the same kind.
 *  2. The watcher: ADDRESSES members each with their own deposit address (derived from the
 *     xpub), TRANSFERS confirmed USDT transfers spread over them on the TronGrid fake (over
 *     loopback, TronGrid's v1 shapes and paging), then `chainDeposits.watch()` passes back to back
 *     until every transfer is credited. Proves each was credited exactly once (orders by
 *     transaction id, deposit ledger entries, every member's main balance equal to their
 *     transfers × the rate), that a further pass credits nothing, and that the ledger balances.
 *
 *   npm run bench:usdt-chain                     # PostgreSQL (BENCH_DATABASE_URL or local)
 *   BENCH_DB=pglite npm run bench:usdt-chain     # embedded PGlite
 *   TRANSFERS=2000 ADDRESSES=500 npm run bench:usdt-chain
 */
import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { count, eq, sql } from 'drizzle-orm';
import { startTronGridFake } from '../../apps/server/src/adapters/trongrid/fake.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import type { Database } from '../../apps/server/src/db/client.ts';
import { ledgerEntries, members, paymentOrders } from '../../apps/server/src/db/schema.ts';
import { rowsOf } from '../../apps/server/src/db/rows.ts';
import { inTransaction } from '../../apps/server/src/db/tx.ts';
import { createWallets } from '../../apps/server/src/modules/ledger/ledger.repo.ts';
import { signNotification } from '../../apps/server/src/modules/payments/gateway.ts';
import { BENCH_POOL, benchConfig, freshPglite, freshPostgres } from '../lib.ts';
import { emitFigure } from '../report.ts';

const TRANSFERS = Number(process.env.TRANSFERS ?? 2_000);
const ADDRESSES = Number(process.env.ADDRESSES ?? 500);
const IN_FLIGHT = 4;
const usePglite = process.env.BENCH_DB === 'pglite';
const KEY = 'bench-usdt-chain-gateway-secret-0123';
const API_KEY = 'bench-trongrid-key-0001';
/** bip_utils' TRON vector ("abandon ×11 about"): the account xpub of m/44'/195'/0'. */
const ACCOUNT_XPUB =
  'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd';
/** 元 per USDT at the default USDT_DEPOSIT_RATE (7.2000), in 分. */
const FEN_PER_USDT = 720n;

const open = (): Promise<Database> => (usePglite ? freshPglite() : freshPostgres(BENCH_POOL));

/** n / seconds as a whole number per second, from milliseconds (integer maths). */
const perSecond = (n: number, ms: number) => Math.round((n * 1000) / Math.max(1, ms));
/** a / b to two decimals, as text (integer maths). */
function ratio(a: number, b: number): string {
  const hundredths = Math.round((a * 100) / Math.max(1, b));
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}
/** Milliseconds as seconds to two decimals, as text (integer maths). */
function seconds(ms: number): string {
  const hundredths = Math.round(ms / 10);
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

async function seedMembers(database: Database, prefix: string, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
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

async function deposits(database: Database) {
  const [entries] = await database.db
    .select({ n: count(), sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.type, 'deposit'));
  return { n: entries?.n ?? 0, sum: BigInt(entries?.sum ?? 0) };
}

/** The anchor: as many simulator deposits confirmed by their signed notification. */
async function simulatorRun() {
  const database = await open();
  const app = await buildApp({
    config: benchConfig({ PAYMENT_GATEWAY_SECRET: KEY }),
    database,
    logger: false,
  });
  await app.ready();
  const memberIds = await seedMembers(database, 'sim', Math.min(ADDRESSES, 100));
  const orders = await database.db
    .insert(paymentOrders)
    .values(
      Array.from({ length: TRANSFERS }, (_, i) => ({
        orderNo: `DSIM${String(i).padStart(10, '0')}`,
        memberId: memberIds[i % memberIds.length]!,
        method: 'alipay' as const,
        amount: BigInt(5_000 + randomInt(0, 100_000)),
        gateway: 'simulator',
      })),
    )
    .returning({ orderNo: paymentOrders.orderNo, amount: paymentOrders.amount });
  const now = String(Math.floor(app.services.clock.now().getTime() / 1000));
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < orders.length) {
        const o = orders[next++]!;
        const fields = {
          merchant_order_no: o.orderNo,
          trade_no: `SIM${o.orderNo}`,
          amount: `${o.amount / 100n}.${(o.amount % 100n).toString().padStart(2, '0')}`,
          status: 'paid' as const,
          timestamp: now,
        };
        const res = await app.inject({
          method: 'POST',
          url: '/v1/payment-orders/notify/simulator',
          payload: { ...fields, sign: signNotification(KEY, fields) },
        });
        if (res.statusCode !== 200) throw new Error(`simulator notify answered ${res.statusCode}`);
      }
    }),
  );
  const ms = performance.now() - started;
  const money = await deposits(database);
  const ok = money.n === TRANSFERS && money.sum === orders.reduce((s, o) => s + o.amount, 0n);
  await app.close();
  await database.close();
  return { ms, ok };
}

async function main() {
  const anchor = await simulatorRun();

  const database = await open();
  const fake = await startTronGridFake({ apiKeys: [API_KEY] });
  const app = await buildApp({
    config: benchConfig({
      USDT_DEPOSITS: 'trongrid',
      TRON_XPUB: ACCOUNT_XPUB,
      TRONGRID_API_KEY: API_KEY,
      TRONGRID_URL: fake.url,
    }),
    database,
    logger: false,
  });
  await app.ready();
  const memberIds = await seedMembers(database, 'chain', ADDRESSES);
  const chain = app.services.chainDeposits;
  const addresses: string[] = [];
  for (const id of memberIds) addresses.push((await chain.addressOf(id)).address);

  // TRANSFERS confirmed transfers of 10 … 500 whole USDT, round-robin over the addresses.
  const expected = new Map<number, bigint>();
  let total = 0n;
  const at = Date.now() - 60_000;
  for (let i = 0; i < TRANSFERS; i++) {
    const k = i % ADDRESSES;
    const usdt = BigInt(10 + randomInt(0, 491));
    fake.addTransfer({
      to: addresses[k]!,
      value: usdt * 1_000_000n,
      confirmed: true,
      blockTimestamp: at + i,
    });
    const fen = usdt * FEN_PER_USDT;
    expected.set(memberIds[k]!, (expected.get(memberIds[k]!) ?? 0n) + fen);
    total += fen;
  }

  const before = fake.requests.length;
  const tally = { passes: 0, credited: 0, duplicate: 0, unanswered: 0 };
  const started = performance.now();
  const cpu = process.cpuUsage();
  while (tally.credited < TRANSFERS && tally.passes < 20) {
    const pass = await chain.watch();
    tally.passes += 1;
    tally.credited += pass.credited;
    tally.duplicate += pass.duplicate;
    tally.unanswered += pass.unanswered;
  }
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const calls = fake.requests.length - before;
  const again = await chain.watch();

  const money = await deposits(database);
  const [orders] = await database.db
    .select({ n: count() })
    .from(paymentOrders)
    .where(eq(paymentOrders.gateway, 'trongrid'));
  const balances = await database.db.execute(
    sql`SELECT member_id, SUM(amount) AS total FROM ledger_entries WHERE type = 'deposit' GROUP BY member_id`,
  );
  const rows = rowsOf<{ member_id: number; total: string }>(balances);
  const wrongMembers = rows.filter((r) => expected.get(Number(r.member_id)) !== BigInt(r.total)).length;
  const violations = await app.services.ledger.findInvariantViolations();
  await app.close();
  await fake.close();
  await database.close();
  const ok =
    tally.credited === TRANSFERS &&
    money.n === TRANSFERS &&
    money.sum === total &&
    orders?.n === TRANSFERS &&
    rows.length === expected.size &&
    wrongMembers === 0 &&
    again.credited === 0 &&
    violations.length === 0;

  const chainRate = perSecond(TRANSFERS, ms);
  const anchorRate = perSecond(TRANSFERS, anchor.ms);
  const where = usePglite ? 'PGlite' : 'PostgreSQL';
  console.log(`USDT-TRC20 watcher on ${where}: ${TRANSFERS} confirmed transfers to ${ADDRESSES} addresses`);
  console.log(
    `  watcher:            ${TRANSFERS} credited in ${seconds(ms)} s (${tally.passes} passes, ${calls} TronGrid calls) = ${chainRate} transfers/s, ${Math.round((used.user + used.system) / TRANSFERS)} µs CPU each`,
  );
  console.log(
    `  anchor simulator:   ${TRANSFERS} notifications (${IN_FLIGHT} in flight) in ${seconds(anchor.ms)} s = ${anchorRate} deposits/s  → ratio ${ratio(chainRate, anchorRate)}`,
  );
  console.log(
    `  credits:            ${money.n} ledger deposits, ${orders?.n ?? 0} orders, ${rows.length} members (${wrongMembers} with a wrong balance); again: ${again.credited} credited, ${again.duplicate} duplicate — ${ok ? 'exactly once each' : 'MISMATCH'}; anchor ${anchor.ok ? 'once each' : 'MISMATCH'}`,
  );
  console.log(
    `  invariant:          ${violations.length === 0 ? 'balanced' : `${violations.length} VIOLATIONS`}`,
  );
  emitFigure({
    name: 'payments.usdt_chain_credit',
    value: chainRate,
    unit: 'transfers/s',
    anchor: 'pgbench',
    local: { label: 'simulator deposits confirmed by notification, same run', value: anchorRate },
    note: `${TRANSFERS} transfers, ${ADDRESSES} addresses, ${tally.passes} passes${ok ? '' : ', MISMATCH'}`,
  });
  if (!ok || !anchor.ok) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
