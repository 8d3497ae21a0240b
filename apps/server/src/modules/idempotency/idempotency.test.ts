import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatFen } from '@app/shared';
import { memberOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { idempotencyKeyOf, routeOf } from '../../plugins/idempotency-key.ts';
import { as, body, createTestApp, newMember, type TestApp } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

/** A money-moving request as a route would run it: ledger work inside the idempotent unit. */
function credit(memberId: number, key: string | undefined, amount: bigint, route = 'POST /v1/test/credit') {
  return t.app.services.idempotency.run({ memberId, key, route, request: { amount } }, async (work) => {
    const entry = await t.app.services.ledger.post(work, { memberId, amount, type: 'adjust' });
    return { entry_id: entry.entryId.toString(), balance: formatFen(entry.balanceAfter) };
  });
}

const balance = async (memberId: number) => (await t.app.services.ledger.balances(memberId)).get('main');

describe('Idempotency-Key', () => {
  it('returns the first answer to a retry and moves money once', async () => {
    const m = await newMember(t.app);
    const first = await credit(m.id, 'key-00000001', 500n);
    const retry = await credit(m.id, 'key-00000001', 500n);
    expect(first.replayed).toBe(false);
    expect(retry).toEqual({ data: first.data, replayed: true });
    expect(await balance(m.id)).toBe(500n);
  });

  it('runs every call without a key', async () => {
    const m = await newMember(t.app);
    await credit(m.id, undefined, 500n);
    await credit(m.id, undefined, 500n);
    expect(await balance(m.id)).toBe(1_000n);
  });

  it('keeps keys per member', async () => {
    const a = await newMember(t.app);
    const b = await newMember(t.app);
    await credit(a.id, 'shared-key-1', 100n);
    const other = await credit(b.id, 'shared-key-1', 100n);
    expect(other.replayed).toBe(false);
    expect(await balance(b.id)).toBe(100n);
  });

  it('refuses a key reused for a different request', async () => {
    const m = await newMember(t.app);
    await credit(m.id, 'key-00000002', 500n);
    await expect(credit(m.id, 'key-00000002', 900n)).rejects.toMatchObject({
      status: 422,
      message: '幂等键已用于不同的请求',
    });
    await expect(credit(m.id, 'key-00000002', 500n, 'POST /v1/other')).rejects.toMatchObject({ status: 422 });
    expect(await balance(m.id)).toBe(500n);
  });

  it('refuses malformed keys', async () => {
    const m = await newMember(t.app);
    for (const key of ['short', 'x'.repeat(129), 'has space 123', '中文中文中文中文']) {
      await expect(credit(m.id, key, 100n)).rejects.toMatchObject({ status: 400 });
    }
    expect(await balance(m.id)).toBe(0n);
  });

  it('does not store a failed attempt, so a retry after topping up runs', async () => {
    const m = await newMember(t.app);
    await expect(credit(m.id, 'key-00000003', -100n)).rejects.toMatchObject({ status: 422 });
    await credit(m.id, undefined, 300n);
    const retry = await credit(m.id, 'key-00000003', -100n);
    expect(retry.replayed).toBe(false);
    expect(await balance(m.id)).toBe(200n);
  });

  it('20 concurrent retries with one key move money once', async () => {
    const m = await newMember(t.app);
    const results = await Promise.all(Array.from({ length: 20 }, () => credit(m.id, 'key-concurrent', 250n)));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.data.entry_id)).size).toBe(1);
    expect(await balance(m.id)).toBe(250n);
  });
});

describe('Idempotency-Key over HTTP', () => {
  let h: TestApp;
  beforeAll(async () => {
    // A money-moving route built the way feature routes are: header → IdempotencyService → ledger.
    h = await createTestApp({}, (app) => {
      app.register(async (scoped) => {
        scoped.addHook('onRequest', scoped.authenticate);
        scoped.post('/v1/__test/credit', async (request) => {
          const member = memberOf(request).member;
          const { data, replayed } = await scoped.services.idempotency.run(
            {
              memberId: member.id,
              key: idempotencyKeyOf(request),
              route: routeOf(request),
              request: request.body,
            },
            async (work) => {
              const entry = await scoped.services.ledger.post(work, {
                memberId: member.id,
                amount: 100n,
                type: 'adjust',
              });
              return { balance: formatFen(entry.balanceAfter) };
            },
          );
          return ok(data, replayed ? '重复请求，返回首次结果' : '操作成功');
        });
      });
    });
  });
  afterAll(() => h.close());

  it('replays the first answer for the same header and moves money once', async () => {
    const m = await newMember(h.app);
    const send = (key?: string) =>
      as(h.app, m, {
        method: 'POST',
        url: '/v1/__test/credit',
        payload: { note: 'x' },
        headers: key ? { 'idempotency-key': key } : {},
      });
    const first = body(await send('retry-0000001'));
    const second = body(await send('retry-0000001'));
    expect(first).toMatchObject({ code: 200, data: { balance: '1.00' } });
    expect(second).toMatchObject({ code: 200, message: '重复请求，返回首次结果', data: { balance: '1.00' } });
    expect(body(await send())).toMatchObject({ data: { balance: '2.00' } });
    expect(body(await send('bad key'))).toMatchObject({ code: 400 });
    await expectLedgerBalanced(h);
  });
});
