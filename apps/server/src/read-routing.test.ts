import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { CountedReads } from './test/counted-reads.ts';
import {
  as,
  body,
  createTestApp,
  newMember,
  newOperator,
  type TestApp,
  type TestMember,
  type TestOperator,
} from './test/harness.ts';
import { addWallet, deposit, setPaymentPassword } from './test/payment-helpers.ts';

/**
 * Which requests read through `Core.reads` (the replica while it is fit, decision 041): the
 * console's lists and exports and the public lists do; a member's own money and records, and an
 * operator's decision, never do. PGlite has no replica, so `Core.reads` is the primary behind a
 * counter (src/test/counted-reads.ts).
 */
const reads = new CountedReads();
let t: TestApp;
let member: TestMember;
let admin: TestOperator;
let withdrawalId: number;
let usdtOrderId: number;

beforeAll(async () => {
  t = await createTestApp({ DEPOSIT_TURNOVER_MULTIPLE: '0' }, undefined, undefined, undefined, reads.over);
  member = await newMember(t.app);
  await deposit(t, member, '1000', 'bank');
  await setPaymentPassword(t, member);
  const { id: walletId } = await addWallet(t, member);
  const res = await as(t.app, member, {
    method: 'POST',
    url: '/v1/withdraws',
    payload: { payment_password: '135790', wallet_id: walletId, amount: '300' },
  });
  expect(body(res).code).toBe(200);
  withdrawalId = body<{ id: number }>(res).data.id;
  // A USDT deposit the member says they sent: it waits in the older deposit queue for an operator.
  const usdt = await as(t.app, member, {
    method: 'POST',
    url: '/v1/payment-orders',
    payload: { method: 'usdt_trc20', amount: '20' },
  });
  usdtOrderId = body<{ order: { id: number } }>(usdt).data.order.id;
  const sent = await as(t.app, member, {
    method: 'POST',
    url: '/v1/payment-orders/submit-transfer',
    payload: { order_id: usdtOrderId, tx_hash: 'a'.repeat(64), amount: '20' },
  });
  expect(body(sent).code).toBe(200);
  admin = await newOperator(t.app, 'admin');
});
afterAll(() => t.close());

/** The answer to `url` and how many calls it made on `Core.reads`; it must have succeeded. */
async function readsOf(
  who: TestMember | TestOperator | null,
  url: string,
  method: 'GET' | 'POST' = 'GET',
): Promise<number> {
  const { result, calls } = await reads.during((): Promise<LightMyRequestResponse> =>
    who ? as(t.app, who, { method, url }) : t.app.inject({ method, url }),
  );
  expect(result.statusCode, `${method} ${url}: ${result.body.slice(0, 200)}`).toBe(200);
  return calls;
}

describe('reads that may lag go to Core.reads', () => {
  it.each([
    `/admin/v1/members?keyword=`,
    '/admin/v1/members/:member/ledger',
    '/admin/v1/members/:member/ledger/export',
    '/admin/v1/members/:member/withdrawals',
    '/admin/v1/finance/deposits',
    '/admin/v1/finance/deposits/export',
    '/admin/v1/finance/withdrawals?status=pending',
    '/admin/v1/payment-orders',
    '/admin/v1/withdraws',
    '/admin/v1/audit-logs',
    '/admin/v1/lottery/periods',
    '/admin/v1/sports/matches',
    '/admin/v1/agents',
    '/admin/v1/content/notices',
    '/admin/v1/dashboard',
  ])('the console list %s', async (path) => {
    const url = path.replace(':member', String(member.id)).replace('keyword=', `keyword=${member.username}`);
    expect(await readsOf(admin, url)).toBeGreaterThan(0);
  });

  it.each([
    '/v1/matches-list/results?sport_type=1',
    '/v1/matches/list?sport_type=1',
    '/v1/liujiu/lottery/history-open-codes?code=ssc_5m',
    '/v1/experts',
    '/v1/lottery-articles',
  ])('the public list %s', async (url) => {
    expect(await readsOf(null, url)).toBeGreaterThan(0);
  });
});

describe('a member’s own money and records, and a decision, read the primary', () => {
  it.each(['/v1/user/balance', '/v1/withdraws/balance', '/v1/bills', '/v1/order/history', '/v1/withdraws'])(
    'the member’s %s',
    async (url) => {
      expect(await readsOf(member, url)).toBe(0);
    },
  );

  it('reviewing and paying a withdrawal from the queue', async () => {
    expect(await readsOf(admin, `/admin/v1/withdraws/${withdrawalId}/review`, 'POST')).toBe(0);
    expect(await readsOf(admin, `/admin/v1/withdraws/${withdrawalId}/pay`, 'POST')).toBe(0);
    // The queue, read through Core.reads, shows what the primary decided (no replica lags here).
    const paid = await reads.during(() =>
      as(t.app, admin, { method: 'GET', url: `/admin/v1/finance/withdrawals?id=${withdrawalId}` }),
    );
    expect(paid.calls).toBeGreaterThan(0);
    expect(body<{ list: Array<{ status: string }> }>(paid.result).data.list[0]?.status).toBe('paid');
    const older = await reads.during(() =>
      as(t.app, admin, { method: 'GET', url: '/admin/v1/withdraws?status=paid' }),
    );
    expect(older.calls).toBeGreaterThan(0);
    expect(body<{ list: Array<{ id: number }> }>(older.result).data.list.map((w) => w.id)).toContain(
      withdrawalId,
    );
  });

  it('confirming a USDT deposit from the older queue', async () => {
    const queue = await reads.during(() =>
      as(t.app, admin, { method: 'GET', url: '/admin/v1/payment-orders' }),
    );
    expect(queue.calls).toBeGreaterThan(0);
    expect(body<{ list: Array<{ id: number }> }>(queue.result).data.list.map((o) => o.id)).toContain(
      usdtOrderId,
    );
    expect(await readsOf(admin, `/admin/v1/payment-orders/${usdtOrderId}/confirm`, 'POST')).toBe(0);
  });
});
