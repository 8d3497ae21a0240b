import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatFen, shanghaiDay } from '@app/shared';
import { inTransaction } from '../../db/tx.ts';
import { as, body, newMember, type TestApp, type TestMember } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import {
  createSportsApp,
  finish,
  openMatches,
  winDrawLoseSingle,
  type MatchRow,
} from '../../test/sports-helpers.ts';
import { ledgerEntries } from '../ledger/ledger.table.ts';

let t: TestApp;
let m: TestMember;
let other: TestMember;
let played: MatchRow[];
const orderNos: string[] = [];
const orderIds: number[] = [];

afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

const order = (member: TestMember, match: MatchRow, win: boolean, multiple: number) =>
  winDrawLoseSingle(t, member, match, win, multiple);

const get = (who: TestMember, url: string) => as(t.app, who, { method: 'GET', url });

beforeAll(async () => {
  t = await createSportsApp();
  played = await openMatches(t, 'football', 2);
  [m, other] = await Promise.all([newMember(t.app), newMember(t.app)]);
  for (const who of [m, other]) {
    await inTransaction(t.database.db, (work) =>
      t.app.services.ledger.post(work, { memberId: who.id, amount: 50_000n, type: 'deposit' }),
    );
  }
  for (const [match, win, multiple] of [
    [played[0]!, true, 20],
    [played[1]!, false, 10],
  ] as const) {
    const placed = await order(m, match, win, multiple);
    orderNos.push(placed.order_no);
    orderIds.push(placed.order_id);
  }
  await order(other, played[0]!, false, 5);
  await finish(t, played);
  await inTransaction(t.database.db, (work) =>
    t.app.services.bonus.grant(work, {
      memberId: m.id,
      type: 'manual',
      amount: 1_234n,
      reference: `r:${m.id}`,
    }),
  );
  const apply = await as(t.app, m, { method: 'POST', url: '/v1/rebate/apply' });
  const record = body<{ records: Array<{ id: number }> }>(apply).data.records[0]!;
  await as(t.app, m, { method: 'POST', url: `/v1/rebate/claim/${record.id}` });
}, 120_000);

async function sumOf(memberId: number, type: string): Promise<bigint> {
  const rows = await t.database.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.memberId, memberId), eq(ledgerEntries.type, type)));
  return rows.reduce((acc, r) => acc + r.amount, 0n);
}

describe('comprehensive report', () => {
  it('equals the ledger by type, today in Shanghai', async () => {
    const res = await get(m, '/v1/reports/comprehensive');
    expect(res.statusCode).toBe(200);
    const data = body<{
      start_date: string;
      end_date: string;
      summary: Record<string, string>;
      days: unknown[];
      categories: unknown[];
    }>(res).data;
    const today = shanghaiDay(t.app.services.clock.now());
    expect(data.end_date).toBe(today);
    const bets = -(await sumOf(m.id, 'bet'));
    const payouts = await sumOf(m.id, 'payout');
    const rebates = await sumOf(m.id, 'rebate');
    expect(bets).toBe(6_000n);
    expect(payouts).toBeGreaterThan(4_000n);
    expect(rebates).toBe(18n); // 60.00 × 0.30%
    expect(data.summary).toEqual({
      deposits: '500.00',
      withdrawals: '0.00',
      bets: formatFen(bets),
      payouts: formatFen(payouts),
      rebates: '0.18',
      bonuses: '12.34',
      adjustments: '0.00',
      profit: formatFen(payouts + rebates + 1_234n - bets),
    });
    expect(data.days).toEqual([{ date: today, ...data.summary }]);
    expect(data.categories).toEqual([
      {
        category: 'sports',
        category_name: '体育',
        bets: '60.00',
        payouts: formatFen(payouts),
        profit: formatFen(payouts - bets),
      },
      { category: 'lottery', category_name: '彩票', bets: '0.00', payouts: '0.00', profit: '0.00' },
      { category: 'games', category_name: '电子游戏', bets: '0.00', payouts: '0.00', profit: '0.00' },
    ]);

    const past = body<{ summary: Record<string, string>; days: unknown[] }>(
      await get(m, '/v1/reports/comprehensive?start_date=2025-01-01&end_date=2025-01-31'),
    ).data;
    expect(past.days).toEqual([]);
    expect(past.summary.profit).toBe('0.00');
  });

  it('refuses bad date ranges', async () => {
    for (const url of [
      '/v1/reports/comprehensive?start_date=2026-02-30',
      '/v1/reports/comprehensive?start_date=20261101',
      '/v1/reports/comprehensive?start_date=2026-11-10&end_date=2026-11-01',
      '/v1/reports/comprehensive?start_date=2020-01-01&end_date=2026-11-01',
    ]) {
      const res = await get(m, url);
      expect(res.statusCode, url).toBe(400);
      expect(body(res).message).toMatch(/日期|范围/);
    }
  });
});

describe('bills', () => {
  it('counts only money entering or leaving as income and spending; the summary adds up to the change of the balances', async () => {
    const n = await newMember(t.app);
    const post = (type: string, amount: bigint, wallet: 'main' | 'frozen' | 'lottery' = 'main') =>
      inTransaction(t.database.db, (work) =>
        t.app.services.ledger.post(work, { memberId: n.id, amount, type: type as never, wallet }),
      );
    // Money in and out of the account, of every kind.
    for (const [type, amount] of [
      ['deposit', 100_000n],
      ['demo_credit', 50_000n],
      ['bonus', 1_000n],
      ['vip_bonus', 800n],
      ['invite_reward', 600n],
      ['rebate', 18n],
      ['bet', -20_000n],
      ['bet_refund', 2_000n],
      ['payout', 7_200n],
      ['settle_correction', -700n],
      ['adjust', 300n],
    ] as const)
      await post(type, amount);
    // Moves between the member's own wallets, through the API: lottery and game wallets, a
    // withdrawal frozen and cancelled (unfrozen).
    const call = (method: 'POST', url: string, payload: Record<string, unknown>) =>
      as(t.app, n, { method, url, payload });
    expect((await call('POST', '/v1/game/lottery/transfer-in', { amount: '300.00' })).statusCode).toBe(200);
    expect((await call('POST', '/v1/game/lottery/transfer-out', { amount: '100.00' })).statusCode).toBe(200);
    expect((await call('POST', '/v1/game/ng/transfer', { type: 'in', amount: '150.00' })).statusCode).toBe(
      200,
    );
    expect((await call('POST', '/v1/game/ng/transfer', { type: 'out', amount: '50.00' })).statusCode).toBe(
      200,
    );
    await inTransaction(t.database.db, (work) =>
      t.app.services.ledger.move(work, {
        memberId: n.id,
        from: 'main',
        to: 'frozen',
        amount: 20_000n,
        type: 'withdraw_freeze',
      }),
    );
    await inTransaction(t.database.db, (work) =>
      t.app.services.ledger.move(work, {
        memberId: n.id,
        from: 'frozen',
        to: 'main',
        amount: 5_000n,
        type: 'withdraw_unfreeze',
      }),
    );
    await post('withdraw_paid', -15_000n, 'frozen');

    const bills = body<{
      list: Array<{ type: string; kind: string; amount: string }>;
      income: string;
      expense: string;
      transfer_net: string;
    }>(await get(n, '/v1/bills?per_page=100')).data;
    const kindOf = (type: string) => [
      ...new Set(bills.list.filter((b) => b.type === type).map((b) => b.kind)),
    ];
    for (const type of [
      'transfer_out',
      'transfer_in',
      'game_in',
      'game_out',
      'withdraw_freeze',
      'withdraw_unfreeze',
    ])
      expect(kindOf(type), type).toEqual(['transfer']);
    expect(kindOf('deposit')).toEqual(['income']);
    expect(kindOf('withdraw_paid')).toEqual(['expense']);
    expect(bills.income).toBe('1619.18');
    expect(bills.expense).toBe('357.00');
    expect(bills.transfer_net).toBe('-100.00');
    // income − expense + transfer_net = the change of main + frozen + lottery (from nothing).
    const balances = await t.app.services.ledger.balances(n.id);
    const held = [...balances.values()].reduce((a, b) => a + b, 0n);
    expect(formatFen(held)).toBe('1162.18');
    expect(1619_18n - 357_00n - 100_00n).toBe(held);
  });

  it('lists every ledger entry of the member with type and date filters', async () => {
    const all = body<{ list: Array<Record<string, string>>; total: number; income: string; expense: string }>(
      await get(m, '/v1/bills?per_page=100'),
    ).data;
    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.memberId, m.id));
    expect(all.total).toBe(entries.length);
    expect(all.list.map((e) => e.id).sort()).toEqual(entries.map((e) => e.id.toString()).sort());
    const income = entries.filter((e) => e.amount > 0n).reduce((a, e) => a + e.amount, 0n);
    expect(all.income).toBe(formatFen(income));
    expect(all.expense).toBe('60.00');
    expect(all.list.find((e) => e.type === 'rebate')).toMatchObject({
      type_text: '返水',
      wallet: 'main',
      wallet_name: '主钱包',
      amount: '0.18',
    });

    const bets = body<{ list: Array<{ type: string; amount: string }>; total: number }>(
      await get(m, '/v1/bills?type=bet'),
    ).data;
    expect(bets.total).toBe(2);
    expect(bets.list.map((e) => e.amount).sort()).toEqual(['-20.00', '-40.00']);
    const paged = body<{ list: unknown[]; has_more: boolean }>(
      await get(m, '/v1/bills?per_page=2&page=1'),
    ).data;
    expect(paged).toMatchObject({ has_more: true });
    expect(paged.list).toHaveLength(2);
    const future = body<{ total: number }>(await get(m, '/v1/bills?start_date=2099-01-01')).data;
    expect(future.total).toBe(0);
    const types = body<Array<{ value: string; label: string }>>(await get(m, '/v1/bills/types')).data;
    expect(types).toContainEqual({ value: 'rebate', label: '返水' });
  });

  it('refuses unknown types and bad pages', async () => {
    for (const url of [
      '/v1/bills?type=gift',
      '/v1/bills?page=-1',
      '/v1/bills?per_page=abc',
      '/v1/bills?end_date=x',
    ]) {
      const res = await get(m, url);
      expect(res.statusCode, url).toBe(400);
      expect(body(res).message).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});

describe('betting records', () => {
  it('lists sports orders and lottery bets in one list with filters', async () => {
    const all = body<{ list: Array<Record<string, string>>; total: number }>(
      await get(m, '/v1/betting-records'),
    ).data;
    expect(all.total).toBe(2);
    expect(all.list.map((r) => r.record_no).sort()).toEqual([...orderNos].sort());
    const won = all.list.find((r) => r.record_no === orderNos[0])!;
    expect(won).toMatchObject({
      id: `sports-${orderIds[0]}`,
      category: 'sports',
      category_name: '体育',
      title: '足球 单关',
      amount: '40.00',
      status: 'won',
      status_text: '已中奖',
      link: `/betPages/order/detail?order_no=${orderNos[0]}`,
    });
    expect(body<{ total: number }>(await get(m, '/v1/betting-records?category=lottery')).data.total).toBe(0);
    const lost = body<{ list: Array<{ record_no: string; profit: string }> }>(
      await get(m, '/v1/betting-records?status=lost'),
    ).data.list;
    expect(lost).toEqual([expect.objectContaining({ record_no: orderNos[1], profit: '-20.00' })]);

    const stats = body<Record<string, unknown>>(await get(m, '/v1/betting-records/stats')).data;
    expect(stats).toMatchObject({ count: 2, amount: '60.00', valid_amount: '60.00', pending_count: 0 });
    expect(stats.lottery).toMatchObject({ count: 0, amount: '0.00' });
  });

  it('shows one record to its owner only, and refuses bad ids', async () => {
    const detail = await get(m, `/v1/betting-records/sports-${orderIds[0]}`);
    expect(body(detail).data).toMatchObject({ record_no: orderNos[0] });
    expect((await get(other, `/v1/betting-records/sports-${orderIds[0]}`)).statusCode).toBe(404);
    expect((await get(m, '/v1/betting-records/lottery-999999999')).statusCode).toBe(404);
    expect(body<{ total: number }>(await get(other, '/v1/betting-records')).data.total).toBe(1);
    for (const url of [
      '/v1/betting-records/12',
      '/v1/betting-records/sports--1',
      '/v1/betting-records/poker-1',
      '/v1/betting-records?category=games',
      '/v1/betting-records?status=open',
    ]) {
      const res = await get(m, url);
      expect(res.statusCode, url).toBe(400);
      expect(body(res).message).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});

describe('API docs', () => {
  it('documents the reports, bills, bonus-log and rebate calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/v1/reports/comprehensive',
        '/v1/betting-records',
        '/v1/betting-records/stats',
        '/v1/betting-records/{id}',
        '/v1/bills',
        '/v1/bills/types',
        '/v1/bonus-logs',
        '/v1/bonus-logs/{id}',
        '/v1/bonus-logs/statistics',
        '/v1/bonus-logs/types',
        '/v1/rebate/stats',
        '/v1/rebate/records',
        '/v1/rebate/detail/{id}',
        '/v1/rebate/claimable-stats',
        '/v1/rebate/calculate',
        '/v1/rebate/apply',
        '/v1/rebate/claim-all',
        '/v1/rebate/claim/{id}',
        '/v1/rebate/claim-multiple',
      ]),
    );
  });
});
