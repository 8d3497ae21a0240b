/**
 * Fuzz from the served OpenAPI document (issue 15): every operation, every field spoiled in
 * every way `spoilsOf` knows (wrong types, missing, negative / huge / 3-decimal amounts, 100k
 * strings, NUL, `__proto__`, arrays for scalars), plus malformed JSON, the wrong content type,
 * an array body and prototype keys. Pass: no 5xx, every answer a Chinese envelope, and no
 * table changed by a refused request (bookkeeping tables aside: see src/test/change-counter.ts).
 *
 *   npm run fuzz                        CI size: a seeded sample of cases per operation
 *   PROOF_SIZE=large npm run fuzz       every case of every operation
 *   PROOF_SEED=7 npm run fuzz           another sample
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newMember, newOperator, type TestApp, type TestMember, type TestOperator } from '../test/harness.ts';
import { createSportsApp } from '../test/sports-helpers.ts';
import { ChangeCounter } from '../test/change-counter.ts';
import {
  fillPath,
  MISSING,
  operationsOf,
  PATH_SPOILS,
  prng,
  sample,
  spoilsOf,
  type OpenApiDocument,
  type Operation,
} from './openapi.ts';
import { envelopeProblem, printTable, secondsSince } from './report.ts';

const LARGE = process.env.PROOF_SIZE === 'large';
const SEED = Number(process.env.PROOF_SEED ?? 15);
/** Cases tried per operation at CI size (always including the plausible request). */
const PER_OPERATION = 12;

let t: TestApp;
let changes: ChangeCounter;
let member: TestMember;
let operator: TestOperator;

beforeAll(async () => {
  t = await createSportsApp();
  changes = await ChangeCounter.install(t.database.db);
  member = await newMember(t.app);
  operator = await newOperator(t.app, 'admin');
});
afterAll(() => t.close());

interface Case {
  label: string;
  request: InjectOptions;
}

function queryString(values: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v])
      parts.push(
        `${encodeURIComponent(k)}=${encodeURIComponent(typeof one === 'object' ? JSON.stringify(one) : String(one))}`,
      );
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** The plausible request of an operation, and each way to spoil it. */
function casesOf(op: Operation): Case[] {
  const path = Object.fromEntries(op.pathParams.map((p) => [p.name, String(sample(p.name, p.schema))]));
  const query = Object.fromEntries(
    op.query.filter((q) => q.required).map((q) => [q.name, sample(q.name, q.schema)]),
  );
  const body = op.body
    ? Object.fromEntries(op.body.map((f) => [f.name, sample(f.name, f.schema)]))
    : undefined;
  const json = (payload: unknown) => ({
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  });
  const request = (
    p: Record<string, string>,
    q: Record<string, unknown>,
    extra: Partial<InjectOptions> = body ? json(body) : {},
  ): InjectOptions => ({ method: op.method, url: fillPath(op.path, p) + queryString(q), ...extra });

  const cases: Case[] = [{ label: 'plausible', request: request(path, query) }];
  for (const p of op.pathParams)
    for (const spoil of PATH_SPOILS)
      cases.push({
        label: `path ${p.name}: ${spoil.label}`,
        request: request({ ...path, [p.name]: String(spoil.value) }, query),
      });
  for (const q of op.query)
    for (const spoil of spoilsOf(q)) {
      const spoiled = { ...query };
      if (spoil.value === MISSING) delete spoiled[q.name];
      else spoiled[q.name] = spoil.value;
      cases.push({ label: `query ${q.name}: ${spoil.label}`, request: request(path, spoiled) });
    }
  if (op.body && body) {
    for (const f of op.body)
      for (const spoil of spoilsOf(f)) {
        const spoiled = { ...body };
        if (spoil.value === MISSING) delete spoiled[f.name];
        else spoiled[f.name] = spoil.value;
        cases.push({ label: `body ${f.name}: ${spoil.label}`, request: request(path, query, json(spoiled)) });
      }
    const raw = (label: string, payload: string, type = 'application/json') =>
      cases.push({ label, request: request(path, query, { payload, headers: { 'content-type': type } }) });
    raw('malformed JSON', '{"amount": ');
    raw('wrong content type', 'amount=1', 'text/plain');
    raw('array body', JSON.stringify([body]));
    raw('__proto__ key', `{"__proto__": {"polluted": true}, ${JSON.stringify(body).slice(1)}`);
    raw('constructor.prototype key', `{"constructor": {"prototype": {"polluted": true}}}`);
    raw('empty JSON body', '');
    raw('string body', '"hello"');
  }
  return cases;
}

function pick<T>(items: T[], n: number, rand: () => number): T[] {
  if (items.length <= n) return items;
  const [first, ...rest] = items;
  const shuffled = rest
    .map((item) => ({ item, key: rand() }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.item);
  return [first!, ...shuffled.slice(0, n - 1)];
}

/** The fuzz member or operator may have signed themselves out (or been disabled): sign in again. */
async function keepSignedIn(): Promise<void> {
  if ((await t.app.inject({ method: 'GET', url: '/v1/me', headers: member.auth })).statusCode === 401)
    member = await newMember(t.app);
  if (
    (await t.app.inject({ method: 'GET', url: '/admin/v1/auth/me', headers: operator.auth })).statusCode ===
    401
  )
    operator = await newOperator(t.app, 'admin');
}

it('answers every spoiled request of every operation with a Chinese envelope, no 5xx, and writes nothing when it refuses', async () => {
  const started = performance.now();
  const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<OpenApiDocument>();
  const operations = operationsOf(doc);
  const rand = prng(SEED);
  const statuses = new Map<number, number>();
  const breaches: string[] = [];
  let requests = 0;
  let refused = 0;
  let fiveHundreds = 0;
  let notEnvelopes = 0;
  let refusedWithWrites = 0;
  let noAnswers = 0;

  for (const op of operations) {
    const all = casesOf(op);
    for (const c of LARGE ? all : pick(all, PER_OPERATION, rand)) {
      const auth = !op.signedIn ? {} : op.path.startsWith('/admin/') ? operator.auth : member.auth;
      const before = await changes.snapshot();
      let res: LightMyRequestResponse;
      requests += 1;
      try {
        res = await t.app.inject({
          ...c.request,
          headers: { ...c.request.headers, ...auth },
          remoteAddress: `10.${Math.floor(rand() * 250)}.${Math.floor(rand() * 250)}.${Math.floor(rand() * 250)}`,
        });
      } catch (err) {
        noAnswers += 1;
        breaches.push(`${op.method} ${op.path} [${c.label}]: no answer (${(err as Error).message})`);
        continue;
      }
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      const where = `${op.method} ${op.path} [${c.label}] → ${res.statusCode}`;
      if (res.statusCode >= 500) {
        fiveHundreds += 1;
        breaches.push(`${where}: ${res.body.slice(0, 160)}`);
      }
      const problem = envelopeProblem(res);
      if (problem) {
        notEnvelopes += 1;
        breaches.push(`${where}: ${problem}`);
      }
      if (res.statusCode >= 400) {
        refused += 1;
        const written = await changes.changedSince(before);
        if (written.length) {
          refusedWithWrites += 1;
          breaches.push(`${where}: refused but wrote ${written.join(', ')}`);
        }
      } else if (op.method !== 'GET') {
        await keepSignedIn();
      }
    }
  }
  const polluted = Object.keys(Object.prototype).length > 0 || 'polluted' in {};
  if (polluted) breaches.push('Object.prototype was polluted');

  printTable(`fuzz (${LARGE ? 'large' : 'CI'} size, seed ${SEED})`, [
    ['operations', operations.length],
    ['requests', requests],
    ['refused (4xx)', refused],
    ['answered 5xx', fiveHundreds],
    ['no answer (connection dropped)', noAnswers],
    ['answers not a Chinese envelope', notEnvelopes],
    ['refused requests that wrote a row', refusedWithWrites],
    ['prototype polluted', polluted ? 'yes' : 'no'],
    [
      'statuses',
      [...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(' '),
    ],
    ['seconds', secondsSince(started)],
  ]);
  if (breaches.length)
    console.log(`breaches (first 40 of ${breaches.length}):\n${breaches.slice(0, 40).join('\n')}`);
  expect(breaches).toEqual([]);
});

it('refuses an update with nothing in it, on every PUT and PATCH: 400 in Chinese, nothing written', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<OpenApiDocument>();
  const updates = operationsOf(doc).filter((op) => (op.method === 'PUT' || op.method === 'PATCH') && op.body);
  expect(updates.length).toBeGreaterThanOrEqual(15);
  const breaches: string[] = [];
  const empties: Array<[label: string, payload: string]> = [
    ['{}', '{}'],
    ['only an unknown field', '{"no_such_field": 1}'],
    ['null', 'null'],
  ];
  for (const op of updates) {
    const path = Object.fromEntries(op.pathParams.map((p) => [p.name, String(sample(p.name, p.schema))]));
    const auth = op.path.startsWith('/admin/') ? operator.auth : member.auth;
    for (const [label, payload] of empties) {
      const before = await changes.snapshot();
      const res = await t.app.inject({
        method: op.method,
        url: fillPath(op.path, path),
        payload,
        headers: { 'content-type': 'application/json', ...auth },
      });
      const where = `${op.method} ${op.path} [${label}] → ${res.statusCode}`;
      if (res.statusCode !== 400) breaches.push(`${where}: ${res.body.slice(0, 160)}`);
      const problem = envelopeProblem(res);
      if (problem) breaches.push(`${where}: ${problem}`);
      const written = await changes.changedSince(before);
      if (written.length) breaches.push(`${where}: wrote ${written.join(', ')}`);
    }
  }
  printTable('empty updates', [
    ['PUT/PATCH operations', updates.length],
    ['requests', updates.length * empties.length],
    ['breaches', breaches.length],
  ]);
  expect(breaches).toEqual([]);
});
