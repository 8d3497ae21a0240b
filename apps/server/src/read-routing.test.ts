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
  payload?: Record<string, unknown>,
): Promise<number> {
  const { result, calls } = await reads.during((): Promise<LightMyRequestResponse> =>
    who ? as(t.app, who, { method, url, payload }) : t.app.inject({ method, url, payload }),
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
    '/admin/v1/lottery/chases',
    '/admin/v1/lottery/chases/export',
    '/admin/v1/sports/boosts',
    '/admin/v1/follow/posts',
    '/admin/v1/follow/subscriptions',
    '/admin/v1/syndicates',
    '/admin/v1/syndicates/export',
    '/admin/v1/syndicates/commissions?from=2030-06-01&to=2030-06-12',
    '/admin/v1/free-bets',
    '/admin/v1/free-bets/export',
    '/admin/v1/red-packets',
    '/admin/v1/sms',
    '/admin/v1/sms/export',
    '/admin/v1/activity-applications',
    '/admin/v1/agent-applications',
    '/admin/v1/support/conversations',
    '/admin/v1/adjustments',
    '/admin/v1/adjustments/export',
    '/admin/v1/pending-counts',
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

describe('a member’s own money and records, a decision, and the desk’s live queue read the primary', () => {
  it.each(['/v1/user/balance', '/v1/withdraws/balance', '/v1/bills', '/v1/order/history', '/v1/withdraws'])(
    'the member’s %s',
    async (url) => {
      expect(await readsOf(member, url)).toBe(0);
    },
  );

  it('the support desk’s queue, which the desk refetches on each push', async () => {
    expect(await readsOf(admin, '/admin/v1/support/queue?scope=all')).toBe(0);
  });

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

describe('a console list beside a decision: the list reads Core.reads, the decision the primary', () => {
  it('saving a 加奖 campaign, then listing it', async () => {
    const now = t.app.services.clock.now().getTime();
    const campaign = {
      name: '读写分离 加奖',
      sport: 'football',
      pass_types: ['2x1'],
      starts_at: new Date(now - 3_600_000).toISOString(),
      ends_at: new Date(now + 86_400_000).toISOString(),
      vip_min: null,
      tag: null,
      rate_bp: 500,
      cap_per_order: '1000.00',
      budget: '100000.00',
      active: true,
    };
    expect(await readsOf(admin, '/admin/v1/sports/boosts', 'POST', campaign)).toBe(0);
    const listed = await reads.during(() =>
      as(t.app, admin, { method: 'GET', url: '/admin/v1/sports/boosts' }),
    );
    expect(listed.calls).toBeGreaterThan(0);
    expect(body<{ list: Array<{ name: string }> }>(listed.result).data.list.map((b) => b.name)).toContain(
      campaign.name,
    );
  });

  it('granting a free bet, then listing the tickets', async () => {
    const grant = {
      target: 'member',
      username: member.username,
      tag: null,
      vip_min: null,
      title: '读写分离 免费投注券',
      value: '10',
      min_odds: '1.01',
      plays: ['single', 'parlay'],
      expires_at: new Date(t.app.services.clock.now().getTime() + 7 * 86_400_000).toISOString(),
    };
    expect(await readsOf(admin, '/admin/v1/free-bets/grants', 'POST', grant)).toBe(0);
    const listed = await reads.during(() =>
      as(t.app, admin, { method: 'GET', url: `/admin/v1/free-bets?username=${member.username}` }),
    );
    expect(listed.calls).toBeGreaterThan(0);
    expect(body<{ list: Array<{ title: string }> }>(listed.result).data.list.map((f) => f.title)).toContain(
      grant.title,
    );
  });

  it('scheduling a 红包雨, then listing its claims', async () => {
    const now = t.app.services.clock.now().getTime();
    const { result, calls } = await reads.during(() =>
      as(t.app, admin, {
        method: 'POST',
        url: '/admin/v1/red-packets',
        payload: {
          kind: 'rain',
          name: '读写分离 红包雨',
          code: null,
          starts_at: new Date(now + 600_000).toISOString(),
          ends_at: new Date(now + 1_200_000).toISOString(),
          budget: '100.00',
          count: 10,
          min_amount: '1.00',
          turnover_multiple: 2,
          vip_min: null,
          deposit_min: null,
          turnover_min: null,
        },
      }),
    );
    expect(result.statusCode, result.body).toBe(200);
    expect(calls).toBe(0);
    const id = body<{ id: number }>(result).data.id;
    expect(await readsOf(admin, `/admin/v1/red-packets/${id}/claims`)).toBeGreaterThan(0);
  });

  it('making a manual adjustment, listing it, and a second operator approving it', async () => {
    const checker = await newOperator(t.app, 'admin');
    const made = await reads.during(() =>
      as(t.app, admin, {
        method: 'POST',
        url: '/admin/v1/adjustments',
        payload: { member_id: member.id, direction: 'credit', amount: '5000', reason: '读写分离 补单' },
      }),
    );
    expect(made.calls).toBe(0);
    const { id, status } = body<{ id: number; status: string }>(made.result).data;
    expect(status).toBe('pending');
    const listed = await reads.during(() =>
      as(t.app, admin, { method: 'GET', url: '/admin/v1/adjustments?status=pending' }),
    );
    expect(listed.calls).toBeGreaterThan(0);
    expect(body<{ list: Array<{ id: number }> }>(listed.result).data.list.map((a) => a.id)).toContain(id);
    expect(await readsOf(checker, `/admin/v1/adjustments/${id}/approve`, 'POST', { reason: '已核对' })).toBe(
      0,
    );
  });

  it.each([
    ['/admin/v1/activity-applications/999999/reject', 'activities.application_not_found'],
    ['/admin/v1/agent-applications/999999/reject', 'agents.application_not_found'],
  ])('deciding an application (%s) finds it on the primary', async (url, reason) => {
    const decided = await reads.during(() =>
      as(t.app, admin, { method: 'POST', url, payload: { reason: '测试' } }),
    );
    expect(body(decided.result).data).toMatchObject({ reason });
    expect(decided.calls).toBe(0);
  });

  it('a forced 流产 finds its plan on the primary', async () => {
    const forced = await reads.during(() =>
      as(t.app, admin, {
        method: 'POST',
        url: '/admin/v1/syndicates/999999/fail',
        payload: { reason: '测试' },
      }),
    );
    expect(body(forced.result).data).toMatchObject({ reason: 'syndicates.not_found' });
    expect(forced.calls).toBe(0);
  });
});
