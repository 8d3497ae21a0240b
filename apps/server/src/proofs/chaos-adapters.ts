/**
 * The adapters' failure modes for the chaos proof (issue 38): a server in this process on its
 * own PostgreSQL clone, its payment gateway the 易支付 fake in api mode and its chain the
 * TronGrid fake, both real HTTP servers on loopback, with the notifications coming back to the
 * server over HTTP. Seeded, many members at once:
 *
 * - an 易支付 notify lost (the network drops it): reconciliation's order query credits it once;
 *   some come back late, while reconciliation runs, and are answered as repeats;
 * - a notify racing its own order: the gateway pays and notifies while our request that opens the
 *   order waits for mapi.php's answer (and the same notify is delivered twice at once);
 * - the order query failing (HTTP 500) at first: tried again with back-off;
 * - a TRON transfer seen unconfirmed, then gone (a fork): never credited; one seen unconfirmed
 *   then confirmed, and one confirmed at once, credited once each, by two watcher passes at once.
 *
 * The verdict: the ledger invariant, no negative balance, every paid order credited exactly once
 * (one deposit entry, one `credited` callback), no unpaid order credited, each member's balance the
 * sum of their paid deposits, no vanished transfer credited, no transfer credited twice.
 */
import { randomBytes } from 'node:crypto';
import { sql } from '../db/sql.ts';
import { openDatabase, type Database, type Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { startEpayFake, type EpayFake } from '../adapters/epay/fake.ts';
import { startTronGridFake, type TronGridFake } from '../adapters/trongrid/fake.ts';
import { ManualClock } from '../lib/clock.ts';
import { findInvariantViolations } from '../modules/ledger/index.ts';
import { as, body, createTestApp, newMember, type TestApp, type TestMember } from '../test/harness.ts';
import { createFreshPostgres, type FreshPostgres } from '../test/isolated-database.ts';
import { freePort } from '../test/processes.ts';
import { depositsOutOfStep, negativeWallets } from '../test/proof-db.ts';
import { prng } from './openapi.ts';

const PID = '1001';
/** The xpub of bip_utils' TRON vector (chain-deposits.test.ts). */
const ACCOUNT_XPUB =
  'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd';
const TRONGRID_KEY = 'chaos-trongrid-key-0001';
const RECONCILE = { afterMs: 10 * 60_000, everyMs: 5 * 60_000, withinMs: 48 * 3_600_000, limit: 500 };

type DepositPlan = 'paid' | 'lost' | 'lost-late' | 'race' | 'unpaid';
type ChainPlan = 'vanish' | 'late-confirm' | 'confirmed';

export interface AdapterChaosReport {
  orders: Record<DepositPlan, number>;
  transfers: Record<ChainPlan, number>;
  /** `beforeOrderAnswer`: racing notifications credited while mapi.php had not answered yet. */
  notifies: { sent: number; lost: number; delivered: number; beforeOrderAnswer: number };
  queries: number;
  invariantViolations: number;
  negativeBalances: number;
  /** Paid orders without exactly one credit, unpaid ones credited, balances off: each a line. */
  mismatches: string[];
  /** Orders or transfers credited more than once. */
  doubles: string[];
  seconds: number;
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** Waits for `work`, moving the clock on while it sleeps (the order query's back-off). */
async function withBackoff<T>(clock: ManualClock, work: Promise<T>): Promise<T> {
  let done = false;
  const settled = work.finally(() => {
    done = true;
  });
  while (!done) {
    await Promise.race([clock.untilSleeping(), settled]);
    if (clock.sleeping > 0) clock.advance(3_000);
  }
  return settled;
}

export async function runAdapterChaos(options: { seed: number; members: number; depositsEach: number }) {
  const started = performance.now();
  const rand = prng(options.seed * 7_919 + 38);
  const clock = new ManualClock(new Date());
  const key = randomBytes(16).toString('hex');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;

  /** Notifications the network loses, by order number, until healed. */
  const losing = new Set<string>();
  /** A racing deposit's amount ends in 7 元: how the gateway's side knows it (before we know its number). */
  const racing = (money: string) => /7\.00$/.test(money);
  const notifies = { sent: 0, lost: 0, delivered: 0, beforeOrderAnswer: 0 };
  let epay: EpayFake | undefined;
  let tron: TronGridFake | undefined;
  let t: TestApp | undefined;
  let fresh: FreshPostgres | undefined;
  let database: Database | undefined;
  try {
    epay = await startEpayFake({
      merchants: { [PID]: key },
      now: () => clock.now(),
      fetch: async (input, init) => {
        notifies.sent += 1;
        const url = new URL(input instanceof Request ? input.url : input.toString());
        if (losing.has(url.searchParams.get('out_trade_no') ?? '')) {
          notifies.lost += 1;
          throw new TypeError('fetch failed (the network lost the notification)');
        }
        const res = await fetch(url, init);
        if (res.ok) notifies.delivered += 1;
        return res;
      },
      // The payer is that quick: the gateway notifies before answering our order request.
      beforeOrderAnswer: async (order) => {
        if (!racing(order.money)) return;
        const first = await epay!.pay(order.tradeNo);
        // Answered `success`: credited while our request that opened the order still waits.
        if (first.notify.delivered) notifies.beforeOrderAnswer += 1;
        // The same notification a second time at once (a gateway's impatient retry).
        await Promise.all([fetch(first.notify.url), epay!.pay(order.tradeNo)]);
      },
    });
    tron = await startTronGridFake({ apiKeys: [TRONGRID_KEY], now: () => clock.now() });
    fresh = await createFreshPostgres('chaos_adapters');
    database = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 10 });
    await database.migrate();
    t = await createTestApp(
      {
        PAYMENT_GATEWAY: 'epay',
        PAYMENT_GATEWAY_SECRET: key,
        EPAY_API_URL: epay.url,
        EPAY_PID: PID,
        EPAY_MODE: 'api',
        PUBLIC_URL: base,
        USDT_DEPOSITS: 'trongrid',
        TRON_XPUB: ACCOUNT_XPUB,
        TRONGRID_API_KEY: TRONGRID_KEY,
        TRONGRID_URL: tron.url,
        USDT_CHAIN_MIN: '10',
        CALLBACK_PER_MINUTE: '100000',
      },
      undefined,
      { database },
      clock,
    );
    const app = t.app;
    await app.listen({ port, host: '127.0.0.1' });
    const db = t.database.db;

    // ---- 易支付: deposits, each with its plan ----
    const members: TestMember[] = [];
    for (let i = 0; i < options.members; i++) members.push(await newMember(app));
    const choose = (): DepositPlan => {
      const r = rand();
      return r < 0.3 ? 'paid' : r < 0.45 ? 'lost' : r < 0.6 ? 'lost-late' : r < 0.85 ? 'race' : 'unpaid';
    };
    /** The orders as the member was answered: number, amount in 分, plan. */
    const orders: Array<{ member: TestMember; orderNo: string; fen: bigint; plan: DepositPlan }> = [];
    const work = members.flatMap((member) =>
      Array.from({ length: options.depositsEach }, () => ({
        member,
        plan: choose(),
        yuan: 0,
        twice: rand() < 0.25,
        idem: `chaos-epay-${randomBytes(6).toString('hex')}`,
      })),
    );
    // Amounts ending in 7 元 race; the others never do.
    for (const w of work) {
      const tens = 10 + Math.floor(rand() * 90);
      w.yuan = tens * 10 + (w.plan === 'race' ? 7 : Math.floor(rand() * 7));
    }
    await Promise.all(
      members.map(async (member) => {
        for (const w of work.filter((x) => x.member === member)) {
          const send = () =>
            as(app, member, {
              method: 'POST',
              url: '/v1/payment-orders',
              headers: { 'idempotency-key': w.idem },
              payload: { method: 'alipay', amount: String(w.yuan) },
            });
          const answers = await Promise.all(w.twice ? [send(), send()] : [send()]);
          const data = body<{ order: { order_no: string } }>(answers[0]).data;
          orders.push({ member, orderNo: data.order.order_no, fen: BigInt(w.yuan) * 100n, plan: w.plan });
        }
      }),
    );
    // Paid on the gateway's page: notified, lost, or lost for now.
    await Promise.all(
      orders.map(async (o) => {
        if (o.plan === 'lost' || o.plan === 'lost-late') losing.add(o.orderNo);
        if (o.plan === 'paid' || o.plan === 'lost' || o.plan === 'lost-late') await epay!.pay(o.orderNo);
      }),
    );

    // Reconciliation, ten minutes on: the gateway's query fails at first (tried again), the late
    // notifications are healed and sent again while it runs.
    clock.advance(RECONCILE.afterMs + 60_000);
    epay.failNext('server-error', 3);
    for (const o of orders) if (o.plan === 'lost-late') losing.delete(o.orderNo);
    let queries = 0;
    const [first] = await Promise.all([
      withBackoff(clock, app.services.payments.reconcileOpenOrders(RECONCILE)),
      epay.redeliver(),
    ]);
    queries += first.asked;
    // Whatever the failing query left: asked again later.
    for (let round = 0; round < 3; round++) {
      clock.advance(RECONCILE.everyMs + 1_000);
      queries += (await withBackoff(clock, app.services.payments.reconcileOpenOrders(RECONCILE))).asked;
    }
    // The lost notifications come back at last: repeats, nothing moves.
    losing.clear();
    await epay.redeliver();

    // ---- TronGrid: transfers seen unconfirmed, then gone or confirmed ----
    const chainPlans: Array<{ member: TestMember; txId: string; plan: ChainPlan; micro: bigint }> = [];
    for (const member of members) {
      const res = await as(app, member, { method: 'GET', url: '/v1/payment-orders/usdt-address' });
      const address = body<{ address: string }>(res).data.address;
      for (const plan of ['vanish', 'late-confirm', 'confirmed'] as const) {
        if (plan !== 'vanish' && rand() < 0.3) continue;
        const micro = BigInt(20 + Math.floor(rand() * 80)) * 1_000_000n;
        const transfer = tron.addTransfer({ to: address, value: micro, confirmed: plan === 'confirmed' });
        chainPlans.push({ member, txId: transfer.txId, plan, micro });
      }
    }
    const watch = () => app.services.chainDeposits.watch();
    await Promise.all([watch(), watch()]);
    for (const p of chainPlans) {
      if (p.plan === 'vanish') tron.removeTransfer(p.txId);
      if (p.plan === 'late-confirm') tron.confirm(p.txId);
    }
    clock.advance(60_000);
    await Promise.all([watch(), watch()]);
    await watch();

    // ---- the verdict ----
    const mismatches: string[] = [];
    const doubles: string[] = [];
    const credits = new Map(
      (
        await rows<{ order_no: string; status: string; entries: string; credited: string }>(
          db,
          sql`SELECT o.order_no, o.status,
                (SELECT count(*) FROM ledger_entries e WHERE e.type = 'deposit' AND e.idempotency_key = 'deposit:' || o.id) AS entries,
                (SELECT count(*) FROM payment_callbacks c WHERE c.order_no = o.order_no AND c.outcome = 'credited') AS credited
              FROM payment_orders o WHERE o.gateway = 'epay'`,
        )
      ).map((r) => [r.order_no, r]),
    );
    const expected = new Map<number, bigint>();
    for (const o of orders) {
      const paidAtGateway = epay.orders.find((f) => f.outTradeNo === o.orderNo)?.status === 1;
      if (paidAtGateway !== (o.plan !== 'unpaid'))
        mismatches.push(`${o.orderNo} (${o.plan}) not as planned at the gateway`);
      const row = credits.get(o.orderNo);
      if (!row) {
        mismatches.push(`${o.orderNo}: no order`);
        continue;
      }
      const entries = Number(row.entries);
      const credited = Number(row.credited);
      if (entries > 1 || credited > 1)
        doubles.push(`${o.orderNo} (${o.plan}): ${entries} entries, ${credited} credits`);
      if (paidAtGateway && (row.status !== 'paid' || entries !== 1 || credited !== 1))
        mismatches.push(`${o.orderNo} (${o.plan}): ${row.status}, ${entries} entries, ${credited} credits`);
      if (!paidAtGateway && (row.status === 'paid' || entries !== 0))
        mismatches.push(`${o.orderNo} (${o.plan}): credited but never paid`);
      if (paidAtGateway) expected.set(o.member.id, (expected.get(o.member.id) ?? 0n) + o.fen);
    }
    const chainOrders = await rows<{ tx_hash: string; n: string; member_id: number; amount: string }>(
      db,
      sql`SELECT tx_hash, count(*) AS n, min(member_id) AS member_id, sum(amount)::text AS amount
          FROM payment_orders WHERE tx_hash IS NOT NULL AND method = 'usdt_trc20' GROUP BY tx_hash`,
    );
    const byTx = new Map(chainOrders.map((r) => [r.tx_hash, r]));
    for (const p of chainPlans) {
      const row = byTx.get(p.txId);
      if (row && Number(row.n) > 1) doubles.push(`transfer ${p.txId}: ${row.n} orders`);
      if (p.plan === 'vanish' && row) mismatches.push(`transfer ${p.txId} credited after it disappeared`);
      if (p.plan !== 'vanish' && !row) mismatches.push(`transfer ${p.txId} (${p.plan}) never credited`);
      if (row && row.member_id !== p.member.id)
        mismatches.push(`transfer ${p.txId} credited to another member`);
      if (row) expected.set(p.member.id, (expected.get(p.member.id) ?? 0n) + BigInt(row.amount));
    }
    const balances = await rows<{ member_id: number; balance: string }>(
      db,
      sql`SELECT member_id, balance::text AS balance FROM wallets WHERE kind = 'main' AND member_id IN (${sql.join(
        members.map((m) => sql`${m.id}`),
        sql`, `,
      )})`,
    );
    for (const b of balances) {
      const want = expected.get(b.member_id) ?? 0n;
      if (BigInt(b.balance) !== want)
        mismatches.push(`member ${b.member_id}: balance ${b.balance}, deposits ${want}`);
    }
    const outOfStep = await depositsOutOfStep(
      db,
      members.map((m) => m.id),
    );
    if (outOfStep) mismatches.push(`${outOfStep} orders whose status and credit disagree`);

    const count = <K extends string>(keys: readonly K[], of: K[]) =>
      Object.fromEntries(keys.map((k) => [k, of.filter((x) => x === k).length])) as Record<K, number>;
    return {
      orders: count(
        ['paid', 'lost', 'lost-late', 'race', 'unpaid'],
        orders.map((o) => o.plan),
      ),
      transfers: count(
        ['vanish', 'late-confirm', 'confirmed'],
        chainPlans.map((p) => p.plan),
      ),
      notifies,
      queries,
      invariantViolations: (await findInvariantViolations(db)).length,
      negativeBalances: await negativeWallets(db),
      mismatches,
      doubles,
      seconds: Math.round((performance.now() - started) / 100) / 10,
    } satisfies AdapterChaosReport;
  } finally {
    await t?.close();
    await database?.close();
    await fresh?.drop();
    await epay?.close();
    await tron?.close();
  }
}
