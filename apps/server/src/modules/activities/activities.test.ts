import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoActivities } from '../../seed/community.ts';
import { ledgerArchivedMembers } from '../../db/schema.ts';
import { inTransaction } from '../../db/tx.ts';
import {
  as,
  body,
  createTestApp,
  newMember,
  newOperator,
  type TestApp,
  type TestMember,
  type TestOperator,
} from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { bonusLogs } from '../bonus/bonus.table.ts';
import { messages } from '../messages/messages.table.ts';
import { auditLogs } from '../operators/operators.table.ts';
import { gameRecords } from '../games/games.table.ts';
import { orders } from '../sports/sports.table.ts';
import { activities } from './activities.table.ts';

let t: TestApp;
let support: TestOperator;
/** This file's copies of the demo activities (parallel files on PostgreSQL share the table). */
const ids = { firstDeposit: 0, checkin: 0, turnover: 0, upcoming: 0 };
const suffix = `-${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  t = await createTestApp();
  support = await newOperator(t.app, 'support');
  const rows = await t.database.db
    .insert(activities)
    .values(demoActivities(t.app.services.clock.now(), suffix))
    .returning();
  const id = (slug: string) => rows.find((r) => r.slug === `${slug}${suffix}`)!.id;
  ids.firstDeposit = id('first-deposit');
  ids.checkin = id('daily-checkin');
  ids.turnover = id('weekly-turnover');
  ids.upcoming = id('new-year-checkin');
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

const get = (m: TestMember, url: string) => as(t.app, m, { method: 'GET', url });
const apply = (m: TestMember, activityId: unknown, key?: string) =>
  as(t.app, m, {
    method: 'POST',
    url: '/v1/activity/apply',
    payload: { activity_id: activityId },
    headers: key ? { 'idempotency-key': key } : {},
  });
const review = (
  op: { auth: { authorization: string } },
  id: number,
  action: 'approve' | 'reject',
  payload?: unknown,
) =>
  t.app.inject({
    method: 'POST',
    url: `/admin/v1/activity-applications/${id}/${action}`,
    headers: op.auth,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const main = async (m: TestMember) => (await t.app.services.ledger.balances(m.id)).get('main') ?? 0n;
const activityMessages = (m: TestMember) =>
  t.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.memberId, m.id), eq(messages.type, 'activity')));

async function deposit(m: TestMember, fen: bigint) {
  await inTransaction(t.database.db, (work) =>
    t.app.services.ledger.post(work, { memberId: m.id, amount: fen, type: 'deposit', remark: '测试充值' }),
  );
}

interface Application {
  id: number;
  status: string;
  amount: string;
  basis: string;
  activity_title: string;
}

describe('activity catalogue', () => {
  it('lists categories, activities by category and the detail with rules and tiers', async () => {
    const types = body<{ list: Array<{ key: string; name: string }> }>(
      await t.app.inject({ method: 'GET', url: '/v1/activity/types' }),
    ).data;
    expect(types.list).toEqual([
      { key: 'newcomer', name: '新人专享' },
      { key: 'daily', name: '日常活动' },
      { key: 'turnover', name: '流水闯关' },
    ]);
    const daily = body<{ list: Array<{ id: number; category: string; state: string }> }>(
      await t.app.inject({ method: 'GET', url: '/v1/activity/list?category=daily&per_page=100' }),
    ).data;
    expect(daily.list.every((a) => a.category === 'daily')).toBe(true);
    expect(daily.list.find((a) => a.id === ids.checkin)?.state).toBe('ongoing');
    expect(daily.list.find((a) => a.id === ids.upcoming)?.state).toBe('upcoming');
    const detail = body<{
      title: string;
      image: string;
      rules: string[];
      content: string[];
      tiers: unknown[];
    }>(await t.app.inject({ method: 'GET', url: `/v1/activity/detail/${ids.turnover}` })).data;
    expect(detail.title).toBe('周周流水闯关');
    expect(detail.image).toBe('/activity/weekly-turnover.svg');
    expect(detail.rules.length).toBeGreaterThan(2);
    expect(detail.tiers[0]).toEqual({ threshold: '1000.00', bonus: '18.00' });
  });

  it('refuses bad ids and filters and answers 404 for an unknown activity', async () => {
    for (const url of [
      '/v1/activity/detail/abc',
      '/v1/activity/detail/-1',
      '/v1/activity/detail/0',
      '/v1/activity/detail/99999999999',
      '/v1/activity/list?category=vip',
      '/v1/activity/list?page=-1',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(body(res).message).toMatch(/[\u4e00-\u9fa5]/);
    }
    const missing = await t.app.inject({ method: 'GET', url: '/v1/activity/detail/2147483000' });
    expect(missing.statusCode).toBe(404);
    expect(body(missing).message).toBe('活动不存在');
  });
});

describe('daily check-in', () => {
  it('pays at once, once per Shanghai day, replays an Idempotency-Key and tells the member', async () => {
    const m = await newMember(t.app);
    const before = await main(m);
    const status = body<{ eligible: boolean; amount: string }>(
      await get(m, `/v1/activity/${ids.checkin}/application-status`),
    ).data;
    expect(status).toMatchObject({ eligible: true, amount: '1.88' });

    const key = `checkin-${randomBytes(6).toString('hex')}`;
    const first = await apply(m, ids.checkin, key);
    expect(first.statusCode).toBe(200);
    expect(body(first).message).toBe('领取成功');
    const application = body<{ application: Application }>(first).data.application;
    expect(application).toMatchObject({
      status: 'approved',
      amount: '1.88',
      activity_title: '每日签到领彩金',
    });
    const replay = await apply(m, ids.checkin, key);
    expect(body<{ application: Application }>(replay).data.application.id).toBe(application.id);

    const again = await apply(m, ids.checkin);
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe('今日已签到（已通过）');
    expect(await main(m)).toBe(before + 188n);
    const logs = await t.database.db.select().from(bonusLogs).where(eq(bonusLogs.memberId, m.id));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      type: 'activity',
      amount: 188n,
      reference: `activity-application:${application.id}`,
    });
    const inbox = await activityMessages(m);
    expect(inbox.map((x) => x.title)).toEqual(['签到成功']);

    const after = body<{ eligible: boolean; reason: string; application: Application }>(
      await get(m, `/v1/activity/${ids.checkin}/application-status`),
    ).data;
    expect(after).toMatchObject({
      eligible: false,
      reason: '今日已签到（已通过）',
      application: { id: application.id },
    });
  });

  it('refuses an activity that has not started', async () => {
    const m = await newMember(t.app);
    const res = await apply(m, ids.upcoming);
    expect(res.statusCode).toBe(422);
    expect(body(res).message).toBe('活动尚未开始，敬请期待');
  });
});

describe('first-deposit bonus and the operator review', () => {
  it('explains why a member without a qualifying first deposit cannot apply', async () => {
    const m = await newMember(t.app);
    const none = await apply(m, ids.firstDeposit);
    expect(none.statusCode).toBe(422);
    expect(body(none).message).toBe('您还没有充值记录，完成首次充值后即可申请');
    await deposit(m, 5_000n);
    await deposit(m, 90_000n);
    const small = await apply(m, ids.firstDeposit);
    expect(body(small).message).toBe('首次充值须满 100.00 元，您的首充为 50.00 元');
    const status = body<{ eligible: boolean; reason: string }>(
      await get(m, `/v1/activity/${ids.firstDeposit}/application-status`),
    ).data;
    expect(status).toEqual(
      expect.objectContaining({ eligible: false, reason: '首次充值须满 100.00 元，您的首充为 50.00 元' }),
    );
    expect(await activityMessages(m)).toHaveLength(0);
  });

  it('counts a first deposit kept from archived months: a deposit today is not a first deposit again', async () => {
    const m = await newMember(t.app);
    // As if the months holding the member's first deposit had left the database (decision 042).
    const sixYearsAgo = new Date(t.app.services.clock.now().getTime() - 6 * 365 * 86_400_000);
    await t.database.db.insert(ledgerArchivedMembers).values({
      memberId: m.id,
      firstDepositEntryId: 1n,
      firstDepositAt: sixYearsAgo,
      firstDepositAmount: 20_000n,
      deposit: 20_000n,
      withdraw: 0n,
      bet: 0n,
      payout: 0n,
      bonus: 0n,
    });
    // Would qualify as a first deposit (the next test applies with the same amount).
    await deposit(m, 150_000n);
    const res = await apply(m, ids.firstDeposit);
    expect(res.statusCode).toBe(422);
    expect(body(res).message).toBe('您的首次充值不在活动时间内，无法参加本活动');
    const status = body<{ eligible: boolean; reason: string }>(
      await get(m, `/v1/activity/${ids.firstDeposit}/application-status`),
    ).data;
    expect(status).toEqual(
      expect.objectContaining({ eligible: false, reason: '您的首次充值不在活动时间内，无法参加本活动' }),
    );
  });

  it('waits for review, pays once on approval with an audit entry, and never twice', async () => {
    const m = await newMember(t.app);
    await deposit(m, 150_000n);
    const res = await apply(m, ids.firstDeposit);
    expect(body(res).message).toBe('申请已提交，请等待审核');
    const application = body<{ application: Application }>(res).data.application;
    expect(application).toMatchObject({ status: 'pending', amount: '888.00', basis: '1500.00' });
    expect((await apply(m, ids.firstDeposit)).statusCode).toBe(409);
    const balance = await main(m);

    const listed = body<{ list: Array<{ id: number; username: string; member_id: number }> }>(
      await t.app.inject({
        method: 'GET',
        url: `/admin/v1/activity-applications?status=pending&member_id=${m.id}`,
        headers: support.auth,
      }),
    ).data;
    expect(listed.list).toEqual([
      expect.objectContaining({ id: application.id, member_id: m.id, username: m.username }),
    ]);

    const approved = await review(support, application.id, 'approve', { remark: '首充核实无误' });
    expect(approved.statusCode).toBe(200);
    expect(body<Application>(approved).data.status).toBe('approved');
    const twice = await review(support, application.id, 'approve');
    expect(twice.statusCode).toBe(409);
    expect(body(twice).message).toBe('该申请已处理（已通过）');
    expect((await review(support, application.id, 'reject', { reason: '重复' })).statusCode).toBe(409);
    expect(await main(m)).toBe(balance + 88_800n);
    expect(await t.database.db.select().from(bonusLogs).where(eq(bonusLogs.memberId, m.id))).toHaveLength(1);
    expect((await activityMessages(m)).map((x) => x.title).sort()).toEqual(
      ['活动申请已提交', '活动申请已通过'].sort(),
    );
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.targetType, 'activity_application'), eq(auditLogs.targetId, String(application.id))),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      operatorId: support.id,
      action: 'activity_application.approve',
      memberId: m.id,
    });

    const mine = body<{ list: Application[] }>(await get(m, '/v1/activity/my-applications')).data;
    expect(mine.list.find((a) => a.id === application.id)).toMatchObject({
      status: 'approved',
      amount: '888.00',
    });
  });

  it('rejects with a reason the member reads, pays nothing, and checks roles and input', async () => {
    const m = await newMember(t.app);
    await deposit(m, 20_000n);
    const application = body<{ application: Application }>(await apply(m, ids.firstDeposit)).data.application;
    const balance = await main(m);

    const finance = await newOperator(t.app, 'finance');
    expect((await review(finance, application.id, 'reject', { reason: '不符合' })).statusCode).toBe(403);
    expect((await review(m, application.id, 'reject', { reason: '不符合' })).statusCode).toBe(401);
    for (const payload of [{}, { reason: '' }, { reason: 5 }, { reason: 'x'.repeat(201) }])
      expect((await review(support, application.id, 'reject', payload)).statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/admin/v1/activity-applications/-4/approve',
          headers: support.auth,
        })
      ).statusCode,
    ).toBe(400);
    expect((await review(support, 2_147_483_000, 'approve')).statusCode).toBe(404);

    const rejected = await review(support, application.id, 'reject', { reason: '同一设备多个账户参与' });
    expect(body<Application & { review_remark: string }>(rejected).data).toMatchObject({
      status: 'rejected',
      review_remark: '同一设备多个账户参与',
    });
    expect(await main(m)).toBe(balance);
    const inbox = await activityMessages(m);
    expect(inbox.find((x) => x.title === '活动申请未通过')?.content).toContain('同一设备多个账户参与');
    expect(body(await apply(m, ids.firstDeposit)).message).toBe('您已申请过该活动（已拒绝）');
  });
});

describe('concurrent review', () => {
  it('pays once when two operators approve the same application at the same moment', async () => {
    const m = await newMember(t.app);
    await deposit(m, 30_000n);
    const application = body<{ application: Application }>(await apply(m, ids.firstDeposit)).data.application;
    const balance = await main(m);
    const other = await newOperator(t.app, 'admin');
    const results = await Promise.all([
      review(support, application.id, 'approve'),
      review(other, application.id, 'approve'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await main(m)).toBe(balance + 30_000n);
    expect(await t.database.db.select().from(bonusLogs).where(eq(bonusLogs.memberId, m.id))).toHaveLength(1);
  });

  it('refuses bad filters on the review list', async () => {
    for (const query of ['status=done', 'member_id=-1', 'activity_id=abc', 'per_page=500']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/admin/v1/activity-applications?${query}`,
        headers: support.auth,
      });
      expect(res.statusCode, query).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/admin/v1/activity-applications' })).statusCode).toBe(
      401,
    );
  });
});

describe('turnover challenge', () => {
  it("counts this week's settled, not refunded, bets and applies for the tier reached", async () => {
    const m = await newMember(t.app);
    const refused = await apply(m, ids.turnover);
    expect(refused.statusCode).toBe(422);
    expect(body(refused).message).toBe('本周有效投注 0.00 元，满 1,000.00 元 即可申请');
    const order = (status: 'lost' | 'won' | 'refunded', fen: bigint) => ({
      orderNo: `T${randomBytes(8).toString('hex')}`,
      memberId: m.id,
      sport: 'football' as const,
      betMode: 'single' as const,
      passType: 'single',
      multiple: 1,
      matchCount: 1,
      betCount: 1,
      totalAmount: fen,
      maxPrize: fen * 3n,
      status,
      settledAt: t.app.services.clock.now(),
    });
    await t.database.db
      .insert(orders)
      .values([order('lost', 400_000n), order('won', 150_000n), order('refunded', 900_000n)]);
    const res = await apply(m, ids.turnover);
    expect(res.statusCode).toBe(200);
    expect(body<{ application: Application }>(res).data.application).toMatchObject({
      status: 'pending',
      amount: '58.00',
      basis: '5500.00',
    });
    expect(body(await apply(m, ids.turnover)).message).toBe('本周已申请（审核中）');
  });

  it('counts settled slot rounds as 有效投注, as VIP and the reports do (issue 44)', async () => {
    const m = await newMember(t.app);
    const round = (bet: bigint, payout: bigint) => ({
      provider: 'demo',
      roundId: `R${randomBytes(8).toString('hex')}`,
      memberId: m.id,
      platform: 'NG',
      gameCode: 'slot-fruit',
      gameName: '水果机',
      gameType: 'slot',
      bet,
      payout,
      profit: payout - bet,
      detail: '{}',
      playedAt: t.app.services.clock.now(),
    });
    await t.database.db.insert(gameRecords).values([round(60_000n, 0n), round(50_000n, 120_000n)]);
    const status = body<{ eligible: boolean; reason: string }>(
      await get(m, `/v1/activity/${ids.turnover}/application-status`),
    ).data;
    expect(status).toMatchObject({ eligible: true, reason: '本周有效投注 1,100.00 元，可领取 18.00 元' });
    const res = await apply(m, ids.turnover);
    expect(body<{ application: Application }>(res).data.application).toMatchObject({
      amount: '18.00',
      basis: '1100.00',
    });
  });
});

describe("another member's applications", () => {
  it('are neither listed nor reported as mine', async () => {
    const a = await newMember(t.app);
    const b = await newMember(t.app);
    const mine = body<{ application: Application }>(await apply(a, ids.checkin)).data.application;
    const listed = body<{ list: Application[]; total: number }>(
      await get(b, '/v1/activity/my-applications'),
    ).data;
    expect(listed).toMatchObject({ total: 0, list: [] });
    const status = body<{ application: Application | null; eligible: boolean }>(
      await get(b, `/v1/activity/${ids.checkin}/application-status`),
    ).data;
    expect(status).toMatchObject({ application: null, eligible: true });
    expect(
      body<{ list: Application[] }>(await get(a, '/v1/activity/my-applications')).data.list.map((x) => x.id),
    ).toEqual([mine.id]);
  });
});

describe('bad input', () => {
  it('refuses wrong types, negative, huge and missing ids with Chinese messages and writes nothing', async () => {
    const m = await newMember(t.app);
    for (const payload of [
      {},
      { activity_id: 'abc' },
      { activity_id: -1 },
      { activity_id: 0 },
      { activity_id: 2 ** 40 },
      { activity_id: 1.5 },
    ]) {
      const res = await as(t.app, m, { method: 'POST', url: '/v1/activity/apply', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).message).toMatch(/活动ID|activity_id/);
    }
    expect((await apply(m, 2_147_483_000)).statusCode).toBe(404);
    for (const url of [
      '/v1/activity/my-applications?status=done',
      '/v1/activity/my-applications?page=0',
      '/v1/activity/abc/application-status',
      '/v1/activity/-2/application-status',
    ])
      expect((await get(m, url)).statusCode, url).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/activity/apply',
          payload: { activity_id: ids.checkin },
        })
      ).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/v1/activity/my-applications' })).statusCode).toBe(401);
    expect(body<{ total: number }>(await get(m, '/v1/activity/my-applications')).data.total).toBe(0);
  });
});
