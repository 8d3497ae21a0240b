/**
 * Dual control (issue 37): no single operator, in any role and in any order of calls, moves more
 * than the approval threshold for one member in one Beijing day without a second operator.
 *
 * For each role, one insider runs a seeded random sequence over every operator operation that
 * moves money or loosens a control: manual credits and debits of every size (split under the
 * threshold or not, sent one by one or at once), USDT confirmations (the order's amount, or another
 * "seen on chain"), withdrawal reviews and payments, activity bonus approvals, voids and
 * resettlements of settled matches, raising the threshold, limits, caps and rates, creating or
 * promoting a second account, approving every waiting change and adjustment (their own). Nobody
 * else acts. The ledger is the judge: the money that entered or left each member's account in the
 * insider's run is at most the threshold, and the threshold is the one in force before.
 *
 * Then a second operator approves what waits, and money beyond the threshold moves: the proof
 * would see a control that let one operator through.
 *
 *   npm run dual-control         (part of npm run test:proofs; PROOF_SIZE=large runs more rounds)
 *   PROOF_SEED=7 …               another sequence
 */
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { OPERATOR_ROLE_KEYS, type OperatorRoleKey } from '@app/shared/backoffice';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  as,
  body,
  newMember,
  newOperator,
  type TestApp,
  type TestMember,
  type TestOperator,
} from '../test/harness.ts';
import { insertDemoActivities, lastLedgerEntryId, moneyMovedSince } from '../test/proof-db.ts';
import {
  createSportsApp,
  finish,
  oddsOf,
  openMatches,
  submit,
  wdlOption,
  type MatchRow,
} from '../test/sports-helpers.ts';
import { addWallet, createOrder, deposit, setPaymentPassword } from '../modules/payments/testing.ts';
import { prng } from './openapi.ts';
import { printTable, secondsSince } from './report.ts';

const LARGE = process.env.PROOF_SIZE === 'large';
const SEED = Number(process.env.PROOF_SEED ?? 37);
/** Actions per insider (each a call, or a burst of calls sent at once). */
const ACTIONS = LARGE ? 240 : 60;
const THRESHOLD = 100_000n; // 1,000.00 元, the default in force

let t: TestApp;
let activityId = 0;
beforeAll(async () => {
  t = await createSportsApp({ DEPOSIT_TURNOVER_MULTIPLE: '0' });
  const ids = await insertDemoActivities(
    t.database.db,
    t.app.services.clock.now(),
    `-${randomBytes(4).toString('hex')}`,
  );
  activityId = ids.get('first-deposit')!;
});
afterAll(() => t.close());

/** What the members of one insider's run hold open for an operator to decide. */
interface Stage {
  members: TestMember[];
  usdtOrders: number[];
  withdrawals: number[];
  applications: number[];
  matches: MatchRow[];
}

const hex = () => randomBytes(32).toString('hex');

/** Members with money, USDT orders (some declaring another amount), withdrawals, bonus applications and settled bets. */
async function stage(memberCount: number): Promise<Stage> {
  const s: Stage = { members: [], usdtOrders: [], withdrawals: [], applications: [], matches: [] };
  for (let i = 0; i < memberCount; i++) {
    const m = await newMember(t.app);
    s.members.push(m);
    await deposit(t, m, '20000', 'bank');
    const application = await as(t.app, m, {
      method: 'POST',
      url: '/v1/activity/apply',
      payload: { activity_id: activityId },
    });
    if (application.statusCode === 200)
      s.applications.push(body<{ application: { id: number } }>(application).data.application.id);
    for (const [usdt, declared] of [
      ['100', '100'],
      ['150', '150'],
      ['20', '13000'],
      ['300', '300'],
    ] as const) {
      const created = await createOrder(t, m, { method: 'usdt_trc20', amount: usdt });
      await as(t.app, m, {
        method: 'POST',
        url: '/v1/payment-orders/submit-transfer',
        payload: { order_id: created.order.id, tx_hash: hex(), amount: declared },
      });
      s.usdtOrders.push(created.order.id);
    }
    await setPaymentPassword(t, m);
    const { id: walletId } = await addWallet(t, m);
    for (const amount of ['500', '1500', '900']) {
      const res = await as(t.app, m, {
        method: 'POST',
        url: '/v1/withdraws',
        payload: { payment_password: '135790', wallet_id: walletId, amount },
      });
      if (res.statusCode === 200) s.withdrawals.push(body<{ id: number }>(res).data.id);
    }
  }
  // Settled bets on two matches, so a void or resettlement of each moves money.
  s.matches = await openMatches(t, 'football', 2);
  for (const match of s.matches) {
    const { odds } = await oddsOf(t, match.id, 'football.winDrawLose');
    for (const [i, m] of s.members.entries()) {
      const option = wdlOption(t, match, i % 2 === 0);
      await submit(t, m, {
        sport_type: 1,
        bet_mode: 'single',
        pass_type: 'single',
        multiple: 50,
        selections: [{ match_id: match.id, bet_type: 'winDrawLose', option, odds: odds[option]! }],
      });
    }
  }
  await finish(t, s.matches);
  return s;
}

type Action = (op: TestOperator) => Promise<LightMyRequestResponse | LightMyRequestResponse[]>;

/** Every way one operator may try to move money or loosen a control, with random arguments. */
function actionsFor(s: Stage, rand: () => number, made: { usernames: string[] }): Action[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const amount = () =>
    pick(['1000', '999.99', '500', '0.01', '1000.01', '250', '100000', '1000000', '333.33', '1']);
  const member = () => pick(s.members);
  const call = (op: TestOperator, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    as(t.app, op, {
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const adjust = (op: TestOperator) =>
    call(op, 'POST', '/admin/v1/adjustments', {
      member_id: member().id,
      direction: rand() < 0.8 ? 'credit' : 'debit',
      amount: amount(),
      reason: '人工调整测试',
    });
  return [
    adjust,
    // A split sent at once: several credits of the threshold or just under it.
    (op) => {
      const m = member();
      const each = pick(['1000', '999.99', '500']);
      return Promise.all(
        Array.from({ length: 2 + Math.floor(rand() * 5) }, () =>
          call(op, 'POST', '/admin/v1/adjustments', {
            member_id: m.id,
            direction: 'credit',
            amount: each,
            reason: '拆分加款测试',
          }),
        ),
      );
    },
    async (op) => {
      const list = body<{ list: Array<{ id: number }> }>(
        await call(op, 'GET', '/admin/v1/adjustments?status=pending&per_page=100'),
      ).data?.list;
      return Promise.all(
        (list ?? []).map((a) => call(op, 'POST', `/admin/v1/adjustments/${a.id}/approve`, {})),
      );
    },
    (op) => call(op, 'POST', `/admin/v1/payment-orders/${pick(s.usdtOrders)}/confirm`, {}),
    (op) =>
      call(op, 'POST', `/admin/v1/payment-orders/${pick(s.usdtOrders)}/confirm`, {
        usdt_amount: pick(['20', '100', '13000', '300', '5000']),
      }),
    (op) => call(op, 'POST', `/admin/v1/withdraws/${pick(s.withdrawals)}/review`, {}),
    (op) => call(op, 'POST', `/admin/v1/withdraws/${pick(s.withdrawals)}/pay`, {}),
    (op) => call(op, 'POST', `/admin/v1/withdraws/${pick(s.withdrawals)}/approve`, {}),
    (op) =>
      s.applications.length
        ? call(op, 'POST', `/admin/v1/activity-applications/${pick(s.applications)}/approve`, {})
        : call(op, 'GET', '/admin/v1/control-changes'),
    (op) =>
      call(op, 'POST', `/admin/v1/sports/matches/${pick(s.matches).id}/correction`, {
        kind: 'void',
        reason: '赛事作废测试',
      }),
    (op) => {
      const home = Math.floor(rand() * 4);
      const away = Math.floor(rand() * 4);
      return call(op, 'POST', `/admin/v1/sports/matches/${pick(s.matches).id}/correction`, {
        kind: 'resettle',
        home,
        away,
        ht_home: Math.min(home, 1),
        ht_away: Math.min(away, 1),
        reason: '重新结算测试',
      });
    },
    (op) =>
      call(op, 'PUT', '/admin/v1/settings/finance', {
        adjustment_approval_threshold: pick(['9999999', '1000000', '5000', '1000.01']),
        reason: '提高额度',
      }),
    (op) =>
      call(op, 'PUT', '/admin/v1/settings/finance', {
        usdt_deposit_rate: pick(['72', '7.3', '700']),
        withdraw_max: '9999999',
        reason: '放宽',
      }),
    (op) =>
      call(op, 'PUT', '/admin/v1/sports/book/caps', {
        scope: 'sport',
        key: 'football',
        max_liability: '99999999',
        reason: '提高上限',
      }),
    (op) =>
      call(op, 'PUT', '/admin/v1/sports/limits', {
        member: member().username,
        max_stake: null,
        max_payout_per_match: null,
        reason: '解除限额',
      }),
    (op) =>
      call(op, 'PUT', '/admin/v1/settings/invite', { commission_basis_points: 1000, reason: '提高返佣' }),
    // A second account for oneself, or a colleague promoted: proposed, never in force alone.
    (op) => {
      const username = `sock${randomBytes(3).toString('hex')}`;
      made.usernames.push(username);
      return call(op, 'POST', '/admin/v1/operators', { username, name: '影子账号', role: 'finance' });
    },
    // Approving (or withdrawing) whatever waits, their own proposals included.
    async (op) => {
      const list = body<{ list: Array<{ id: number }> }>(
        await call(op, 'GET', '/admin/v1/control-changes?status=pending&per_page=100'),
      ).data?.list;
      return Promise.all(
        (list ?? []).map((c) =>
          call(op, 'POST', `/admin/v1/control-changes/${c.id}/approve`, { reason: '自批' }),
        ),
      );
    },
  ];
}

/** Another operator refuses whatever waits, so each insider starts from an empty queue. */
async function clearQueue(janitor: TestOperator): Promise<void> {
  const changes = body<{ list: Array<{ id: number }> }>(
    await as(t.app, janitor, { method: 'GET', url: '/admin/v1/control-changes?status=pending&per_page=100' }),
  ).data.list;
  for (const c of changes)
    await as(t.app, janitor, {
      method: 'POST',
      url: `/admin/v1/control-changes/${c.id}/reject`,
      payload: { reason: '清理' },
    });
  const adjustments = body<{ list: Array<{ id: number }> }>(
    await as(t.app, janitor, { method: 'GET', url: '/admin/v1/adjustments?status=pending&per_page=100' }),
  ).data.list;
  for (const a of adjustments)
    await as(t.app, janitor, {
      method: 'POST',
      url: `/admin/v1/adjustments/${a.id}/reject`,
      payload: { reason: '清理' },
    });
}

async function threshold(op: TestOperator): Promise<string> {
  return body<{ adjustment_approval_threshold: string }>(
    await as(t.app, op, { method: 'GET', url: '/admin/v1/settings/finance' }),
  ).data.adjustment_approval_threshold;
}

it('no single operator, in any role or order of calls, moves more than the threshold for a member in a day', async () => {
  const started = performance.now();
  const rand = prng(SEED);
  const admin = await newOperator(t.app, 'admin');
  const rows: Array<[string, string | number]> = [];
  const breaches: string[] = [];
  let calls = 0;
  let mostMoved = 0n;

  for (const role of OPERATOR_ROLE_KEYS as readonly OperatorRoleKey[]) {
    await clearQueue(admin);
    const s = await stage(3);
    const insider = await newOperator(t.app, role);
    const made = { usernames: [] as string[] };
    const actions = actionsFor(s, rand, made);
    const since = await lastLedgerEntryId(t.database.db);
    const statuses = new Map<number, number>();
    for (let i = 0; i < ACTIONS; i++) {
      const answer = await actions[Math.floor(rand() * actions.length)]!(insider);
      for (const res of [answer].flat()) {
        calls += 1;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode >= 500) breaches.push(`${role}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    const moved = await moneyMovedSince(t.database.db, since);
    for (const m of s.members) {
      const fen = moved.get(m.id) ?? 0n;
      if (fen > mostMoved) mostMoved = fen;
      if (fen > THRESHOLD)
        breaches.push(`${role} alone moved ${fen} 分 for member ${m.id} (threshold ${THRESHOLD})`);
    }
    if ((await threshold(admin)) !== '1000.00') breaches.push(`${role} alone changed the threshold`);
    for (const username of made.usernames) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/admin/v1/auth/login',
        payload: { username, password: 'anything-1234' },
      });
      if (body(login).code !== 401 && body(login).code !== 429)
        breaches.push(`${role} alone made an account ${username} that answers ${body(login).code}`);
    }
    rows.push([
      `${role}: calls / statuses`,
      `${[...statuses.values()].reduce((a, b) => a + b, 0)} / ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([code, n]) => `${code}×${n}`)
        .join(' ')}`,
    ]);
    rows.push([
      `${role}: most moved for one member`,
      `${(Number(moved.size ? [...moved.values()].reduce((a, b) => (a > b ? a : b)) : 0n) / 100).toFixed(2)} 元`,
    ]);

    // The same run with a second operator approving what waits: money beyond the threshold moves,
    // so a control that let one operator through would have been seen above.
    if (role === 'finance') {
      const checker = await newOperator(t.app, 'admin');
      const before = await lastLedgerEntryId(t.database.db);
      const pending = body<{ list: Array<{ id: number; kind: string }> }>(
        await as(t.app, checker, {
          method: 'GET',
          url: '/admin/v1/control-changes?status=pending&per_page=100',
        }),
      ).data.list.filter((c) => c.kind !== 'finance.settings' && c.kind !== 'operator.create');
      for (const c of pending)
        await as(t.app, checker, {
          method: 'POST',
          url: `/admin/v1/control-changes/${c.id}/approve`,
          payload: {},
        });
      const adjustments = body<{ list: Array<{ id: number }> }>(
        await as(t.app, checker, { method: 'GET', url: '/admin/v1/adjustments?status=pending&per_page=100' }),
      ).data.list;
      for (const a of adjustments)
        await as(t.app, checker, {
          method: 'POST',
          url: `/admin/v1/adjustments/${a.id}/approve`,
          payload: {},
        });
      const withTwo = await moneyMovedSince(t.database.db, before);
      const most = [...withTwo.values()].reduce((a, b) => (a > b ? a : b), 0n);
      rows.push([
        'finance + a second operator: most moved for one member',
        `${(Number(most) / 100).toFixed(2)} 元`,
      ]);
      expect(most, 'with two operators, money beyond the threshold moves').toBeGreaterThan(THRESHOLD);
    }
  }

  printTable(`dual control (${LARGE ? 'large' : 'CI'} size, seed ${SEED})`, [
    ['insiders (one per role)', OPERATOR_ROLE_KEYS.length],
    ['actions per insider', ACTIONS],
    ['calls', calls],
    ['threshold', `${(Number(THRESHOLD) / 100).toFixed(2)} 元`],
    ['most one operator moved alone for a member', `${(Number(mostMoved) / 100).toFixed(2)} 元`],
    ...rows,
    ['breaches', breaches.length],
    ['seconds', secondsSince(started)],
  ]);
  if (breaches.length) console.log(breaches.slice(0, 40).join('\n'));
  expect(breaches).toEqual([]);
});
