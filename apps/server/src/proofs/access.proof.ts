/**
 * The access matrix from the served OpenAPI document (issue 15).
 * - Members: member A owns one of everything (deposits, a card, a withdrawal, a sports order, a
 *   lottery bet, a game transfer, messages); member B calls every signed-in member operation
 *   with A's ids and order numbers in every path parameter and id-like field. Pass: no answer
 *   carries A's data, and none of A's rows changed.
 * - Operators: every /admin/v1 operation called with no token, a member token and each role.
 *   Pass: 401 without an operator token; 403 (writing nothing) for a role outside the
 *   operation's permission (`x-permission`, PERMISSIONS in @app/shared); neither for a role
 *   inside it; no operation without a declared permission outside the operator's own account.
 *   An operator token never opens a member operation.
 * A new endpoint is in the matrix as soon as it is in the document.
 *
 *   npm run access
 */
import { OPERATOR_ROLE_KEYS, PERMISSIONS, type Permission } from '@app/shared/backoffice';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../lib/clock.ts';
import {
  as,
  body,
  newMember,
  newOperator,
  TEST_START,
  type TestApp,
  type TestMember,
  type TestOperator,
} from '../test/harness.ts';
import { createSportsApp, fund, oddsOf, openMatches, submit } from '../test/sports-helpers.ts';
import { fundLottery, openPeriod, placeBets } from '../modules/lottery/testing.ts';
import { addWallet, createOrder, deposit, setPaymentPassword } from '../modules/payments/testing.ts';
import { ChangeCounter } from '../test/change-counter.ts';
import { memberRowsDigest } from '../test/proof-db.ts';
import { fillPath, operationsOf, sample, type OpenApiDocument, type Operation } from './openapi.ts';
import { envelopeProblem, printTable, secondsSince } from './report.ts';

let t: TestApp;
let changes: ChangeCounter;
let a: TestMember;
let b: TestMember;
let doc: OpenApiDocument;
/** A's ids (numbers) and order numbers (strings), tried in every id-like place. */
const ids: Array<number | string> = [];
/** Strings only A's data contains: an answer to B holding one leaks. */
const markers: string[] = [];

beforeAll(async () => {
  t = await createSportsApp({}, new ManualClock(TEST_START));
  changes = await ChangeCounter.install(t.database.db);
  a = await newMember(t.app);
  b = await newMember(t.app);
  markers.push(a.username);
  ids.push(a.id);

  // Money in through the gateway, and one deposit left pending.
  const paid = await deposit(t, a, '800.00', 'bank');
  const pending = await createOrder(t, a, { method: 'alipay', amount: '120.00' });
  for (const o of [paid, pending]) {
    ids.push(o.order.id, o.order.order_no);
    markers.push(o.order.order_no);
  }
  // A card and a withdrawal to it.
  await setPaymentPassword(t, a);
  const card = await addWallet(t, a, { alias: `甲的卡${a.id}` });
  markers.push(`甲的卡${a.id}`);
  ids.push(card.id);
  const withdrawal = body<{ id: number; order_no: string }>(
    await as(t.app, a, {
      method: 'POST',
      url: '/v1/withdraws',
      payload: { wallet_id: card.id, amount: '100.00', payment_password: '135790' },
    }),
  ).data;
  ids.push(withdrawal.id, withdrawal.order_no);
  markers.push(withdrawal.order_no);
  // A sports single.
  await fund(t, a, 100_000n);
  const [match] = await openMatches(t, 'football', 1);
  const { odds } = await oddsOf(t, match!.id, 'football.winDrawLose');
  const order = body<{ id: number; order_no: string }>(
    await submit(t, a, {
      sport_type: 1,
      bet_mode: 'single',
      multiple: 1,
      selections: [{ match_id: match!.id, bet_type: 'winDrawLose', option: 'h', odds: odds['h'] }],
    }),
  ).data;
  ids.push(order.id, order.order_no);
  markers.push(order.order_no);
  // A lottery bet.
  await fundLottery(t, a, 10_000n);
  const period = await openPeriod(t, 'k3_1m');
  const bet = body<{ bets: Array<{ id: number; order_no: string }> }>(
    await placeBets(t, a, 'k3_1m', period.number, [{ play_code: 'k3_hz', bet_codes: '4,10', multiple: 1 }]),
  ).data.bets[0]!;
  ids.push(bet.id, bet.order_no);
  markers.push(bet.order_no);
  // A game transfer.
  const transfer = body<{ transfer_id?: string; id?: string }>(
    await as(t.app, a, {
      method: 'POST',
      url: '/v1/game/ng/transfer',
      payload: { type: 'in', amount: '20.00' },
    }),
  ).data;
  const transferId = transfer.transfer_id ?? transfer.id;
  if (transferId) ids.push(transferId);
  // A's inbox (the welcome message and the deposit's).
  const inbox = body<{ list: Array<{ id: number }> }>(
    await as(t.app, a, { method: 'GET', url: '/v1/messages' }),
  ).data.list;
  ids.push(...inbox.map((m) => m.id));

  doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<OpenApiDocument>();
});
afterAll(() => t.close());

/** A fingerprint of every row of A's: each table with a member_id column, and A's member row. */
const rowsOfA = () => memberRowsDigest(t.database.db, a.id);

const ID_FIELD = /(^id$|_id$|^ids$|_ids$|order_no|_no$)/;

/** Requests of a member operation carrying A's ids: in each path parameter, and in id-like fields. */
function requestsWithIdsOfA(op: Operation): Array<{ url: string; payload?: unknown }> {
  const idFields = [...(op.body ?? []), ...op.query].filter((f) => ID_FIELD.test(f.name));
  if (op.pathParams.length === 0 && idFields.length === 0) return [];
  const out: Array<{ url: string; payload?: unknown }> = [];
  for (const id of ids) {
    const path = fillPath(op.path, Object.fromEntries(op.pathParams.map((p) => [p.name, String(id)])));
    const query = op.query
      .filter((q) => q.required || ID_FIELD.test(q.name))
      .map(
        (q) =>
          `${q.name}=${encodeURIComponent(String(ID_FIELD.test(q.name) ? id : sample(q.name, q.schema)))}`,
      );
    const payload = op.body
      ? Object.fromEntries(
          op.body.map((f) => [
            f.name,
            ID_FIELD.test(f.name) ? (/_ids$|^ids$/.test(f.name) ? [id] : id) : sample(f.name, f.schema),
          ]),
        )
      : undefined;
    out.push({ url: path + (query.length ? `?${query.join('&')}` : ''), payload });
  }
  return out;
}

it("member B, holding member A's ids, never reads or changes anything of A's", async () => {
  const started = performance.now();
  const memberOps = operationsOf(doc, ['/v1/']).filter((op) => op.signedIn);
  const before = await rowsOfA();
  const leaks: string[] = [];
  const problems: string[] = [];
  let requests = 0;
  let sawOwn = 0;
  const operationsTried = new Set<string>();
  for (const op of memberOps) {
    for (const req of requestsWithIdsOfA(op)) {
      operationsTried.add(`${op.method} ${op.path}`);
      const res = await as(t.app, b, {
        method: op.method,
        url: req.url,
        ...(req.payload !== undefined ? { payload: req.payload as Record<string, unknown> } : {}),
      });
      requests += 1;
      const where = `${op.method} ${req.url} → ${res.statusCode}`;
      const leaked = markers.filter((m) => res.body.includes(m));
      if (leaked.length) leaks.push(`${where}: carries ${leaked.join(', ')}`);
      if (res.statusCode >= 500) problems.push(`${where}: ${res.body.slice(0, 120)}`);
      const shape = envelopeProblem(res);
      if (shape) problems.push(`${where}: ${shape}`);
      // The same read as A shows A's data: proof that the check above can see a leak.
      if (op.method === 'GET') {
        const own = await as(t.app, a, { method: 'GET', url: req.url });
        if (markers.some((m) => own.body.includes(m))) sawOwn += 1;
      }
    }
  }
  const after = await rowsOfA();
  const changed = [...before]
    .filter(([table, digest]) => after.get(table) !== digest)
    .map(([table]) => table);

  printTable('access matrix: member B with member A’s ids', [
    ['member operations in the document', memberOps.length],
    ['operations taking an id, tried', operationsTried.size],
    ["A's ids and order numbers tried", ids.length],
    ['requests as B', requests],
    ["answers carrying A's data", leaks.length],
    ["A's tables changed", changed.length ? changed.join(', ') : 0],
    ['same reads as A that showed A’s data', sawOwn],
    ['5xx or not an envelope', problems.length],
    ['seconds', secondsSince(started)],
  ]);
  for (const line of [...leaks, ...problems].slice(0, 40)) console.log(line);
  expect(sawOwn).toBeGreaterThan(5);
  expect(leaks).toEqual([]);
  expect(changed).toEqual([]);
  expect(problems).toEqual([]);
});

/** Operator routes open to every signed-in operator: their own account and session. */
const OWN_ACCOUNT = /^\/admin\/v1\/auth\//;

it('each role reaches exactly the operator operations its permissions name; members and strangers none', async () => {
  const started = performance.now();
  const adminOps = operationsOf(doc, ['/admin/v1/']).filter((op) => op.signedIn);
  const operators = new Map<string, TestOperator>();
  for (const role of OPERATOR_ROLE_KEYS) operators.set(role, await newOperator(t.app, role));
  const breaches: string[] = [];
  let requests = 0;
  let refusedAsDesigned = 0;
  let allowed = 0;
  const undeclared: string[] = [];

  const call = (op: Operation, headers: Record<string, string>) => {
    requests += 1;
    const body = op.body
      ? Object.fromEntries(op.body.map((f) => [f.name, sample(f.name, f.schema)]))
      : undefined;
    const query = op.query
      .filter((q) => q.required)
      .map((q) => `${q.name}=${String(sample(q.name, q.schema))}`);
    return t.app.inject({
      method: op.method,
      url: fillPath(op.path, {}) + (query.length ? `?${query.join('&')}` : ''),
      headers,
      ...(body ? { payload: body } : {}),
    });
  };
  const signedIn = async (role: string) => {
    const op = operators.get(role)!;
    if (
      (await t.app.inject({ method: 'GET', url: '/admin/v1/auth/me', headers: op.auth })).statusCode === 401
    )
      operators.set(role, await newOperator(t.app, role as (typeof OPERATOR_ROLE_KEYS)[number]));
    return operators.get(role)!;
  };

  for (const op of adminOps) {
    const where = `${op.method} ${op.path}`;
    const permission = op.permission as Permission | undefined;
    if (!permission && !OWN_ACCOUNT.test(op.path)) undeclared.push(where);
    for (const [who, headers] of [
      ['no token', {}],
      ['member token', a.auth],
    ] as const) {
      const res = await call(op, headers);
      if (res.statusCode !== 401) breaches.push(`${where} with ${who} → ${res.statusCode}`);
      else refusedAsDesigned += 1;
    }
    for (const role of OPERATOR_ROLE_KEYS) {
      const mayCall = !permission || (PERMISSIONS[permission] as readonly string[]).includes(role);
      const operator = await signedIn(role);
      const before = await changes.snapshot();
      const res = await call(op, operator.auth);
      const shape = envelopeProblem(res);
      if (res.statusCode >= 500 || shape)
        breaches.push(`${where} as ${role} → ${res.statusCode} ${shape ?? ''}`);
      // Dual control refuses some calls of a permitted role by its own rule (an operator's own
      // change, a change of another permission's kind): that is not the access matrix's 403.
      const byDualControl =
        res.statusCode === 403 &&
        (body<{ reason?: string } | null>(res).data?.reason ?? '').startsWith('dual_control.');
      if (mayCall) {
        if (res.statusCode === 401 || (res.statusCode === 403 && !byDualControl))
          breaches.push(
            `${where} as ${role} (${permission ?? 'own account'}) → ${res.statusCode}, should be allowed`,
          );
        else allowed += 1;
      } else if (res.statusCode !== 403) {
        breaches.push(`${where} as ${role} (${permission}) → ${res.statusCode}, should be 403`);
      } else {
        refusedAsDesigned += 1;
        const written = await changes.changedSince(before);
        if (written.length) breaches.push(`${where} as ${role}: refused but wrote ${written.join(', ')}`);
      }
    }
  }
  // An operator token never opens a member operation.
  const memberOps = operationsOf(doc, ['/v1/']).filter((op) => op.signedIn);
  const admin = await signedIn('admin');
  for (const op of memberOps) {
    const res = await call(op, admin.auth);
    if (res.statusCode !== 401)
      breaches.push(`${op.method} ${op.path} with an operator token → ${res.statusCode}`);
    else refusedAsDesigned += 1;
  }

  printTable('access matrix: operators by role', [
    ['operator operations in the document', adminOps.length],
    ['roles', OPERATOR_ROLE_KEYS.join(', ')],
    ['requests', requests],
    ['refused as designed (401 / 403)', refusedAsDesigned],
    ['allowed as designed', allowed],
    ['operations with no declared permission', undeclared.length],
    ['breaches', breaches.length],
    ['seconds', secondsSince(started)],
  ]);
  for (const line of [...undeclared.map((u) => `undeclared: ${u}`), ...breaches].slice(0, 60))
    console.log(line);
  expect(undeclared).toEqual([]);
  expect(breaches).toEqual([]);
});
