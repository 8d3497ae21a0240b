import { and, eq, gt } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { as, body, newMember, TEST_START, type TestApp, type TestMember } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import {
  createSportsApp,
  finish,
  fund,
  openMatches,
  winDrawLoseSingle,
  type MatchRow,
} from '../../test/sports-helpers.ts';
import { members } from '../accounts/accounts.table.ts';
import { ledgerEntries } from '../ledger/ledger.table.ts';
import { lotteryBets } from '../lottery/lottery.table.ts';
import { fundLottery, placeBets, playablePeriod, tick } from '../lottery/testing.ts';
import { matches } from '../sports/sports.table.ts';

let t: TestApp;
const clock = new ManualClock(TEST_START);
let played: MatchRow[];
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

const order = (member: TestMember, match: MatchRow, win: boolean, multiple: number) =>
  winDrawLoseSingle(t, member, match, win, multiple);

const mainOf = async (m: TestMember) => (await t.app.services.ledger.balances(m.id)).get('main') ?? 0n;
const post = (m: TestMember, url: string, payload?: unknown, key?: string) =>
  as(t.app, m, {
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: key ? { 'idempotency-key': key } : {},
  });
const get = (m: TestMember, url: string) => as(t.app, m, { method: 'GET', url });

interface RecordView {
  id: number;
  category: string;
  rate: string;
  valid_bet: string;
  bet_count: number;
  amount: string;
  status: string;
}

// Members, each with a winning order (stake 100.00) and a losing one (50.00) on matches that
// finish, and `pendingOf` an order on a match that is still to be played.
let a: TestMember;
let b: TestMember;
let vip3: TestMember;
let racer: TestMember;
let daily: TestMember;
let pendingOrderNo: string;

beforeAll(async () => {
  // A match 36 h after the played ones must exist: the deployment's three days ahead.
  t = await createSportsApp({ SPORTS_SYNC_AHEAD_MINUTES: '4320' }, clock);
  played = await openMatches(t, 'football', 2);
  const later = await t.database.db
    .select()
    .from(matches)
    .where(
      and(
        eq(matches.feed, t.config.sports.feedName),
        eq(matches.sport, 'football'),
        eq(matches.status, 'scheduled'),
        gt(matches.kickoffAt, new Date(played[1]!.kickoffAt.getTime() + 36 * 3_600_000)),
      ),
    )
    .limit(1);
  [a, b, vip3, racer, daily] = await Promise.all([
    newMember(t.app),
    newMember(t.app),
    newMember(t.app),
    newMember(t.app),
    newMember(t.app),
  ]);
  for (const m of [a, b, vip3, racer, daily]) {
    await fund(t, m, 100_000n);
    await order(m, played[0]!, true, 50);
    await order(m, played[1]!, false, 25);
  }
  pendingOrderNo = (await order(a, later[0]!, true, 10)).order_no;
  await finish(t, played);
  await t.database.db.update(members).set({ vipLevel: 3 }).where(eq(members.id, vip3.id));
}, 300_000);

describe('rebate calculation', () => {
  it('counts settled bets only, at the VIP rate, one record per category and day', async () => {
    const estimate = body<{ total: string; categories: Array<Record<string, unknown>> }>(
      await post(a, '/v1/rebate/calculate'),
    ).data;
    expect(estimate.total).toBe('0.45');
    expect(estimate.categories).toContainEqual({
      category: 'sports',
      category_name: '体育',
      rate: '0.30',
      valid_bet: '150.00',
      bet_count: 2,
      amount: '0.45',
    });

    const applied = await post(a, '/v1/rebate/apply', undefined, 'apply-a-0001');
    expect(applied.statusCode).toBe(200);
    expect(body(applied).message).toBe('返水申请成功');
    const data = body<{ created: number; total: string; records: RecordView[] }>(applied).data;
    expect(data).toMatchObject({ created: 1, total: '0.45' });
    expect(data.records[0]).toMatchObject({
      category: 'sports',
      rate: '0.30',
      valid_bet: '150.00',
      bet_count: 2,
      amount: '0.45',
      status: 'claimable',
    });

    // The pending order is not in the record; nothing is left to apply for.
    const detail = body<{ bets: Array<{ bet_no: string }> }>(
      await get(a, `/v1/rebate/detail/${data.records[0]!.id}`),
    ).data;
    expect(detail.bets).toHaveLength(2);
    expect(detail.bets.map((x) => x.bet_no)).not.toContain(pendingOrderNo);
    const again = await post(a, '/v1/rebate/apply', undefined, 'apply-a-0002');
    expect(body(again)).toMatchObject({ message: '暂无可申请的返水', data: { created: 0, total: '0.00' } });
    const stats = body<{ claimable_count: number; claimable_amount: string; pending: { total: string } }>(
      await get(a, '/v1/rebate/claimable-stats'),
    ).data;
    expect(stats).toMatchObject({ claimable_count: 1, claimable_amount: '0.45', pending: { total: '0.00' } });
  });

  it('uses the rate of the member’s VIP level', async () => {
    const data = body<{ records: RecordView[] }>(await post(vip3, '/v1/rebate/apply')).data;
    // VIP3 sports rate 0.60%: 150.00 × 0.60% = 0.90.
    expect(data.records).toEqual([
      expect.objectContaining({ rate: '0.60', valid_bet: '150.00', amount: '0.90' }),
    ]);
  });
});

describe('daily rebate run', () => {
  it('turns the bets of finished days into claimable records without the member asking, once', async () => {
    const rebates = t.app.services.rebates;
    // Settled today: today is not finished yet.
    expect(await rebates.applyCompletedDays(clock.now(), [daily.id])).toBe(0);
    const tomorrow = new Date(clock.now().getTime() + 86_400_000);
    expect(await rebates.applyCompletedDays(tomorrow, [daily.id])).toBe(1);
    expect(await rebates.applyCompletedDays(tomorrow, [daily.id])).toBe(0);
    const list = body<{ list: RecordView[] }>(await get(daily, '/v1/rebate/records')).data.list;
    expect(list).toEqual([
      expect.objectContaining({ valid_bet: '150.00', amount: '0.45', status: 'claimable' }),
    ]);
  });
});

describe('rebate claims', () => {
  it('pays a record once: a replay returns the first answer, a second claim is refused', async () => {
    const [record] = body<{ list: RecordView[] }>(await get(a, '/v1/rebate/records?status=claimable')).data
      .list;
    const before = await mainOf(a);
    const first = await post(a, `/v1/rebate/claim/${record!.id}`, undefined, 'claim-a-0001');
    expect(first.statusCode).toBe(200);
    expect(body(first).data).toMatchObject({ claimed: 1, amount: '0.45', record_ids: [record!.id] });
    expect(await mainOf(a)).toBe(before + 45n);

    const replay = await post(a, `/v1/rebate/claim/${record!.id}`, undefined, 'claim-a-0001');
    expect(replay.statusCode).toBe(200);
    expect(body(replay).data).toEqual(body(first).data);
    const second = await post(a, `/v1/rebate/claim/${record!.id}`, undefined, 'claim-a-0002');
    expect(second.statusCode).toBe(409);
    expect(body(second).message).toBe('该返水已领取');
    const all = await post(a, '/v1/rebate/claim-all');
    expect(all.statusCode).toBe(422);
    expect(body(all).message).toBe('暂无可领取的返水');
    expect(await mainOf(a)).toBe(before + 45n);

    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.memberId, a.id), eq(ledgerEntries.type, 'rebate')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ amount: 45n, referenceId: String(record!.id) });

    const detail = body<RecordView & { claimed_at: string }>(
      await get(a, `/v1/rebate/detail/${record!.id}`),
    ).data;
    expect(detail.status).toBe('claimed');
    expect(detail.claimed_at).toEqual(expect.any(String));
    const stats = body<Record<string, unknown>>(await get(a, '/v1/rebate/stats')).data;
    expect(stats).toMatchObject({ total_claimed: '0.45', total_claimable: '0.00', all_time_claimed: '0.45' });
  });

  it('concurrent claim-all, claim and claim-multiple pay each record once', async () => {
    const [record] = body<{ records: RecordView[] }>(await post(racer, '/v1/rebate/apply')).data.records;
    const before = await mainOf(racer);
    const results = await Promise.all([
      post(racer, '/v1/rebate/claim-all'),
      post(racer, `/v1/rebate/claim/${record!.id}`),
      post(racer, '/v1/rebate/claim-multiple', { record_ids: [record!.id] }),
      post(racer, '/v1/rebate/claim-all'),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 409 || c === 422)).toBe(true);
    expect(await mainOf(racer)).toBe(before + 45n);
  });

  it('claims several records and skips those already claimed', async () => {
    const [record] = body<{ records: RecordView[] }>(await post(b, '/v1/rebate/apply')).data.records;
    const res = await post(
      b,
      '/v1/rebate/claim-multiple',
      { record_ids: [record!.id, record!.id] },
      'multi-b-0001',
    );
    expect(body(res).data).toMatchObject({ claimed: 1, amount: '0.45' });
    const again = await post(b, '/v1/rebate/claim-multiple', { record_ids: [record!.id] });
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe('所选返水均已领取');
  });
});

describe('rebate privacy and input', () => {
  it("keeps a member's rebates invisible to others", async () => {
    const [record] = body<{ list: RecordView[] }>(await get(vip3, '/v1/rebate/records')).data.list;
    const other = await newMember(t.app);
    expect((await get(other, `/v1/rebate/detail/${record!.id}`)).statusCode).toBe(404);
    expect((await post(other, `/v1/rebate/claim/${record!.id}`)).statusCode).toBe(404);
    expect((await post(other, '/v1/rebate/claim-multiple', { record_ids: [record!.id] })).statusCode).toBe(
      404,
    );
    expect(body<{ total: number }>(await get(other, '/v1/rebate/records')).data.total).toBe(0);
    // The owner's record is still there to claim.
    expect(body<RecordView>(await get(vip3, `/v1/rebate/detail/${record!.id}`)).data.status).toBe(
      'claimable',
    );
    expect(
      (await as(t.app, { auth: { authorization: '' } }, { method: 'GET', url: '/v1/rebate/records' }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses bad input with a Chinese message and moves nothing', async () => {
    const before = await mainOf(vip3);
    const bad: Array<['GET' | 'POST', string, unknown?]> = [
      ['POST', '/v1/rebate/claim/-1'],
      ['POST', '/v1/rebate/claim/abc'],
      ['POST', '/v1/rebate/claim/1.5'],
      ['POST', '/v1/rebate/claim-multiple', { record_ids: 'all' }],
      ['POST', '/v1/rebate/claim-multiple', {}],
      ['POST', '/v1/rebate/claim-multiple', { record_ids: [] }],
      ['POST', '/v1/rebate/claim-multiple', { record_ids: [1.5] }],
      ['POST', '/v1/rebate/claim-multiple', { record_ids: [-3] }],
      ['GET', '/v1/rebate/records?status=paid'],
      ['GET', '/v1/rebate/records?category=poker'],
      ['GET', '/v1/rebate/records?page=0'],
      ['GET', '/v1/rebate/records?start_date=2026-02-30'],
      ['GET', '/v1/rebate/records?start_date=2026-11-21&end_date=2026-11-01'],
      ['GET', '/v1/rebate/stats?start_date=2020-01-01&end_date=2026-01-01'],
      ['GET', '/v1/rebate/detail/0'],
    ];
    for (const [method, url, payload] of bad) {
      const res = await as(t.app, vip3, {
        method: method,
        url,
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(body(res).message, url).toMatch(/[\u4e00-\u9fa5]/);
    }
    const key = await post(vip3, '/v1/rebate/claim-all', undefined, 'bad key!');
    expect(key.statusCode).toBe(400);
    expect(await mainOf(vip3)).toBe(before);
    expect((await get(vip3, '/v1/rebate/detail/99999999')).statusCode).toBe(404);
  });
});

describe('lottery rebates', () => {
  it('rebates a settled lottery bet at the lottery rate once its period is drawn', async () => {
    const m = await newMember(t.app);
    await fundLottery(t, m, 100_000n);
    // k3_1m is shared with files that bet on it at the wall time (lottery/testing.ts): this test
    // plays a period a day back, where none of them ticks, and moves the clock to its draw.
    clock.set(clock.now().getTime() - 86_400_000);
    const period = await playablePeriod(t, 'k3_1m');
    const placed = await placeBets(t, m, 'k3_1m', period.number, [
      { play_code: 'k3_hz', bet_codes: '4,10,17', multiple: 50 },
    ]);
    expect(placed.statusCode).toBe(200);
    const betId = body<{ bets: Array<{ id: number }> }>(placed).data.bets[0]!.id;
    // Not settled yet: nothing to rebate.
    expect(body<{ total: string }>(await post(m, '/v1/rebate/calculate')).data.total).toBe('0.00');

    clock.set(period.drawAt);
    await tick(t, ['k3_1m']);
    const [row] = await t.database.db.select().from(lotteryBets).where(eq(lotteryBets.id, betId));
    expect(row?.status).not.toBe('pending');
    const data = body<{ records: RecordView[] }>(await post(m, '/v1/rebate/apply')).data;
    // 3 items × 2.00 × 50 = 300.00 at the level-0 lottery rate 0.20% = 0.60.
    expect(data.records).toEqual([
      expect.objectContaining({
        category: 'lottery',
        rate: '0.20',
        valid_bet: '300.00',
        bet_count: 1,
        amount: '0.60',
      }),
    ]);
    const before = await mainOf(m);
    expect((await post(m, '/v1/rebate/claim-all')).statusCode).toBe(200);
    expect(await mainOf(m)).toBe(before + 60n);
  });
});
