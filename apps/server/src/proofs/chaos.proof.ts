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
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TERMS_VERSION } from '@app/shared';
import { openDatabase, type Database } from '../db/client.ts';
import { findInvariantViolations } from '../modules/ledger/ledger.repo.ts';
import {
  depositsOutOfStep,
  memberRowCount,
  negativeWallets,
  openWinDrawLose,
  pendingGameTransfers,
  providerDrift,
} from '../test/proof-db.ts';
import { wallClock } from '../test/harness.ts';
import { createFreshPostgres, type FreshPostgres } from '../test/isolated-database.ts';
import { spawnServer, waitReady, type ServerProcess } from '../test/processes.ts';
import { uniqueCard } from '../modules/payments/testing.ts';
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
  env = {
    DATABASE_URL: fresh.url,
    APP_SECRET: randomBytes(16).toString('hex'),
    PAYMENT_GATEWAY_SECRET: randomBytes(16).toString('hex'),
    JOBS_ENABLED: 'true',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    // A compressed sports day: a kick-off every minute, a match over in about 12 s, so orders
    // settle while the traffic runs.
    SPORTS_SIM_SPEED: '600',
    SPORTS_SIM_FOOTBALL_INTERVAL_MIN: '1',
    SPORTS_SIM_REPEAT_TEAMS: 'true',
    SPORTS_SYNC_BACK_MINUTES: '3',
    // Two hours of fixtures ahead (120 kick-offs) rather than three days (4,320): the first feed
    // pass, which runs before the server listens, stays a few seconds on a busy machine.
    SPORTS_SYNC_AHEAD_MINUTES: '120',
    DEPOSIT_TURNOVER_MULTIPLE: '0',
    GAME_RECONCILE_AFTER_MS: '2000',
    GAME_RECONCILE_INTERVAL_MS: '1000',
    // Every member of the run comes from 127.0.0.1.
    REGISTER_PER_HOUR: '100000',
    PUBLIC_POST_PER_MINUTE: '100000',
  };
  server = await spawnServer(env);
  await waitReady(server, READY_MS);
}, READY_MS + 60_000);

afterAll(async () => {
  if (!PG) return;
  await server?.stop();
  await db?.close();
  await fresh?.drop();
});

/** The faults of this run and what the traffic saw of them. */
const faults = { kills: 0, terminations: 0, lostAnswers: 0, busy: 0 };
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

interface Answer {
  status: number;
  body: { code: number; message: string; data: Record<string, unknown> | null };
}

/**
 * One request, sent until it has an answer: a lost connection (the server killed) or a 503 (the
 * database gone) sends it again, with the same Idempotency-Key, once the server answers.
 */
async function send(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; key?: string } = {},
): Promise<Answer> {
  for (;;) {
    if (restarting) await restarting;
    try {
      const res = await fetch(`${server.base}${path}`, {
        method,
        redirect: 'manual',
        headers: {
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.key ? { 'idempotency-key': options.key } : {}),
        },
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      });
      const text = await res.text();
      if (res.status === 503) {
        faults.busy += 1;
        await new Promise((r) => setTimeout(r, 200));
        continue;
      }
      const body = text.startsWith('{')
        ? (JSON.parse(text) as Answer['body'])
        : { code: res.status, message: '', data: null };
      return { status: res.status, body };
    } catch {
      faults.lostAnswers += 1;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

interface Member {
  id: number;
  token: string;
  walletId: number;
}

/** Keys acknowledged (2xx) per kind, with the business id each answered; a replay must answer the same. */
const acked = new Map<string, Map<string, string>>();
const doubles: string[] = [];
const counts = new Map<string, number>();

function note(kind: string, key: string, id: string) {
  const seen = acked.get(kind) ?? new Map<string, string>();
  acked.set(kind, seen);
  const earlier = seen.get(key);
  if (earlier !== undefined && earlier !== id)
    doubles.push(`${kind} ${key}: answered ${earlier}, then ${id}`);
  seen.set(key, id);
}

it.runIf(PG)(
  'keeps every balance right through backend terminations and SIGKILLs: no drift, no negative, nothing twice',
  async () => {
    const started = performance.now();
    const rand = prng(SEED);
    // Each operation draws from its own generator (seeded by the run's seed and its place in the
    // plan), so the plan — who does what, with which amounts and keys — is the same on every run
    // of a seed, however the members interleave.
    type Draw = () => number;
    const pick = <T>(r: Draw, items: readonly T[]): T => items[Math.floor(r() * items.length)]!;
    const amount = (r: Draw, min: number, max: number) => `${Math.floor(min + r() * (max - min))}.00`;
    const key = (r: Draw) =>
      `chaos-${Math.floor(r() * 2 ** 48).toString(36)}-${Math.floor(r() * 2 ** 48).toString(36)}`;

    // Members: registered, with a payment password and a card.
    const members: Member[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const username = `chaos${SEED}x${i}${randomBytes(2).toString('hex')}`.slice(0, 16);
      const reg = await send('POST', '/v1/register', {
        body: { username, password: 'chaos123', accept_terms: true, terms_version: TERMS_VERSION },
      });
      const data = reg.body.data as { token: string; userinfo: { id: number } };
      const token = data.token;
      await send('POST', '/v1/user/set-payment-password', {
        token,
        body: {
          payment_password: '135790',
          payment_password_confirmation: '135790',
          login_password: 'chaos123',
        },
      });
      const wallet = await send('POST', '/v1/user-wallets', {
        token,
        // A card belongs to one member: each has their own.
        body: { type: 'bank', bank_code: 'CMB', holder_name: '张三', account: uniqueCard() },
      });
      members.push({ id: data.userinfo.id, token, walletId: (wallet.body.data as { id: number }).id });
    }
    const login = await send('POST', '/admin/v1/auth/login', {
      body: { username: 'admin', password: 'admin1234' },
    });
    const operatorToken = (login.body.data as { token: string }).token;

    /** A money POST under an Idempotency-Key; sometimes sent twice (at once or again later). */
    const money = async (
      r: Draw,
      kind: string,
      member: Member,
      path: string,
      body: unknown,
      idOf: (d: Record<string, unknown>) => string,
    ) => {
      const k = key(r);
      const twice = r() < 0.2;
      const answers = await Promise.all(
        [0, ...(twice ? [1] : [])].map(() => send('POST', path, { token: member.token, body, key: k })),
      );
      for (const a of answers)
        if (a.status === 200 && a.body.data) note(kind, `${member.id}:${k}`, idOf(a.body.data));
      if (r() < 0.1) {
        const again = await send('POST', path, { token: member.token, body, key: k });
        if (again.status === 200 && again.body.data) note(kind, `${member.id}:${k}`, idOf(again.body.data));
      }
      counts.set(`${kind} ${answers[0]!.status}`, (counts.get(`${kind} ${answers[0]!.status}`) ?? 0) + 1);
      return answers[0]!;
    };

    // The run's own reads are cut by the terminations too: read again.
    const openLegs = async (): Promise<Array<{ id: number; odds: Record<string, string> }>> => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await legsNow();
        } catch (err) {
          if (attempt > 20) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    };
    // Matches still open a minute from now on the servers' clock: they run on the system clock.
    const legsNow = () => openWinDrawLose(db.db, new Date(wallClock.now().getTime() + 60_000), 8);

    const operations: Array<(m: Member, r: Draw) => Promise<void>> = [
      // A deposit through the gateway: the order, then the payer pays on the hosted page.
      async (m, r) => {
        const res = await money(
          r,
          'deposit',
          m,
          '/v1/payment-orders',
          { method: 'bank', amount: amount(r, 100, 800) },
          (d) => String((d['order'] as { id: number }).id),
        );
        const payUrl = res.body.data?.['pay_url'] as string | undefined;
        if (payUrl) await send('POST', `${payUrl}/pay`);
      },
      // A sports single or parlay.
      async (m, r) => {
        const legs = await openLegs();
        if (legs.length < 3) return;
        const parlay = r() < 0.5;
        const chosen = parlay ? legs.slice(0, 3) : [pick(r, legs)];
        const option = pick(r, ['h', 'd', 'a']);
        const selections = chosen.map((l) => ({
          match_id: l.id,
          bet_type: 'winDrawLose',
          option,
          odds: l.odds[option],
        }));
        await money(
          r,
          'sports order',
          m,
          '/v1/order/submit',
          parlay
            ? {
                sport_type: 1,
                bet_mode: 'mixed',
                pass_type: '3x1',
                multiple: 1,
                total_amount: '2.00',
                selections,
              }
            : { sport_type: 1, bet_mode: 'single', multiple: 1 + Math.floor(r() * 5), selections },
          (d) => String(d['id']),
        );
      },
      // Lottery: money in, a bet on the open period, sometimes cancelled.
      async (m, r) => {
        await money(
          r,
          'lottery transfer',
          m,
          '/v1/game/lottery/transfer-in',
          { amount: amount(r, 10, 60) },
          (d) => JSON.stringify(d['balance'] ?? d),
        );
        const current = await send('GET', '/v1/liujiu/lottery/current-expect?code=k3_1m');
        const period = (current.body.data as { current: { expect: string; status: string } | null } | null)
          ?.current;
        if (!period || period.status !== 'open') return;
        const bet = await money(
          r,
          'lottery bet',
          m,
          '/v1/liujiu/bet/create',
          {
            lottery_code: 'k3_1m',
            expect: period.expect,
            bets: [{ play_code: 'k3_hz', bet_codes: '10,11', multiple: 1 }],
          },
          (d) => (d['bets'] as Array<{ id: number }>).map((b) => b.id).join(','),
        );
        const id = (bet.body.data?.['bets'] as Array<{ id: number }> | undefined)?.[0]?.id;
        if (id && r() < 0.3) await send('POST', '/v1/liujiu/bet/cancel', { token: m.token, body: { id } });
      },
      // Game wallet: in, or everything out.
      async (m, r) => {
        const out = r() < 0.4;
        await money(
          r,
          'game transfer',
          m,
          '/v1/game/ng/transfer',
          { type: out ? 'out' : 'in', amount: out ? '0' : amount(r, 5, 50) },
          (d) => String(d['transfer_id']),
        );
      },
      // A withdrawal, then the member cancels it or an operator reviews and pays or rejects it.
      async (m, r) => {
        const res = await money(
          r,
          'withdrawal',
          m,
          '/v1/withdraws',
          { wallet_id: m.walletId, amount: amount(r, 100, 200), payment_password: '135790' },
          (d) => String(d['id']),
        );
        const id = res.body.data?.['id'] as number | undefined;
        if (!id) return;
        const decision = r();
        if (decision < 0.3) await send('POST', `/v1/withdraws/${id}/cancel`, { token: m.token });
        else if (decision < 0.6)
          await send('POST', `/admin/v1/withdraws/${id}/reject`, {
            token: operatorToken,
            body: { reason: '混沌测试拒绝' },
          });
        else {
          await send('POST', `/admin/v1/withdraws/${id}/review`, { token: operatorToken, body: {} });
          await send('POST', `/admin/v1/withdraws/${id}/pay`, { token: operatorToken, body: {} });
        }
      },
      // Rebates: apply, then claim everything.
      async (m, r) => {
        await send('POST', '/v1/rebate/apply', { token: m.token, key: key(r) });
        await money(r, 'rebate claim', m, '/v1/rebate/claim-all', undefined, (d) => JSON.stringify(d));
      },
    ];
    // The first operation of every member is a deposit, so there is money to move.
    const weights = [3, 4, 3, 2, 2, 1];
    const table = weights.flatMap((w, i) => Array<number>(w).fill(i));

    // Faults at fixed points of the run, from the seed.
    const faultAt = new Map<number, 'kill' | 'terminate'>();
    for (let i = 0; i < KILLS; i++)
      faultAt.set(Math.floor(OPERATIONS * ((i + 0.5) / KILLS) * (0.8 + rand() * 0.2)), 'kill');
    for (let i = 0; i < TERMINATIONS; i++) {
      let at = Math.floor(rand() * OPERATIONS);
      while (faultAt.has(at)) at += 1;
      faultAt.set(at, 'terminate');
    }

    // The plan: which operation, by whom, in what order; each member works through its own queue.
    const queues = members.map(() => [] as Array<{ index: number; kind: number }>);
    for (let index = 0; index < OPERATIONS; index++) {
      const owner = index < MEMBERS ? index : Math.floor(rand() * MEMBERS);
      queues[owner]!.push({ index, kind: index < MEMBERS ? 0 : pick(rand, table) });
    }
    const plan = createHash('sha256')
      .update(JSON.stringify({ queues, faults: [...faultAt].sort(([a], [b]) => a - b) }))
      .digest('hex')
      .slice(0, 16);
    await Promise.all(
      members.map(async (m, i) => {
        for (const { index, kind } of queues[i]!) {
          const fault = faultAt.get(index);
          if (fault === 'kill') void killAndRestart();
          if (fault === 'terminate') await terminateBackends();
          await operations[kind]!(m, prng(SEED * 1_000_003 + index));
        }
      }),
    );
    if (restarting) await restarting;

    // Let the jobs finish what the run left: pending game transfers reconciled.
    await until(async () => (await pendingGameTransfers(db.db)) === 0, 60_000).catch(() => undefined);

    // The verdict.
    const violations = await findInvariantViolations(db.db);
    const negatives = await negativeWallets(db.db);
    const pendingTransfers = await pendingGameTransfers(db.db);
    const ids = members.map((m) => m.id);
    const exact: Array<[string, number, number]> = [
      ['deposit', await memberRowCount(db.db, 'payment_orders', ids), acked.get('deposit')?.size ?? 0],
      ['sports order', await memberRowCount(db.db, 'orders', ids), acked.get('sports order')?.size ?? 0],
      ['withdrawal', await memberRowCount(db.db, 'withdrawals', ids), acked.get('withdrawal')?.size ?? 0],
      [
        'lottery bet',
        await memberRowCount(db.db, 'lottery_bets', ids),
        [...(acked.get('lottery bet')?.values() ?? [])].reduce((n, bets) => n + bets.split(',').length, 0),
      ],
    ];
    const mismatches = exact
      .filter(([, rows, keys]) => rows !== keys)
      .map(([k, rows, keys]) => `${k}: ${rows} rows for ${keys} acknowledged keys`);
    // Deposits credited exactly once: one deposit entry per paid order, none for another.
    const depositEntries = await depositsOutOfStep(db.db, ids);
    if (depositEntries)
      mismatches.push(`${depositEntries} deposits whose credit does not match their status`);
    // The provider holds what the ledger moved to it.
    const drift = await providerDrift(db.db, ids);

    printTable(`chaos (${LARGE ? 'large' : 'CI'} size, seed ${SEED})`, [
      ['operations', OPERATIONS],
      ['plan (same for every run of this seed)', plan],
      ['members', MEMBERS],
      ['faults: server SIGKILLs', faults.kills],
      ['faults: backend terminations', faults.terminations],
      ['answers lost and sent again', faults.lostAnswers],
      ['503 answers sent again', faults.busy],
      ['acknowledged keys', [...acked].map(([k, v]) => `${k} ${v.size}`).join(', ')],
      [
        'answers',
        [...counts]
          .sort()
          .map(([k, n]) => `${k}×${n}`)
          .join(', '),
      ],
      ['ledger drift (invariant violations)', violations.length],
      ['negative balances', negatives],
      ['doubles (a key answered two ways)', doubles.length],
      ['rows ≠ acknowledged keys', mismatches.length ? mismatches.join('; ') : 0],
      ['game transfers left pending', pendingTransfers],
      ['members whose provider balance ≠ ledger', drift],
      ['seconds', secondsSince(started)],
    ]);
    for (const line of doubles.slice(0, 20)) console.log(line);
    expect(faults.kills).toBe(KILLS);
    expect(violations).toEqual([]);
    expect(negatives).toBe(0);
    expect(doubles).toEqual([]);
    expect(mismatches).toEqual([]);
    expect(pendingTransfers).toBe(0);
    expect(drift).toBe(0);
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
