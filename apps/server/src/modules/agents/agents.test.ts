import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerArchivedMembers } from '../../db/schema.ts';
import { inTransaction } from '../../db/tx.ts';
import { ManualClock } from '../../lib/clock.ts';
import {
  as,
  body,
  createTestApp,
  newMember,
  newOperator,
  TEST_START,
  type TestApp,
  type TestMember,
  type TestOperator,
} from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { members } from '../accounts/accounts.table.ts';
import { messages } from '../messages/messages.table.ts';
import { auditLogs } from '../operators/operators.table.ts';
import { fundLottery, openPeriod, placeBets } from '../lottery/testing.ts';

let t: TestApp;
let admin: TestOperator;
beforeAll(async () => {
  t = await createTestApp({}, undefined, undefined, new ManualClock(TEST_START));
  admin = await newOperator(t.app, 'support');
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

const get = (m: { auth: { authorization: string } }, url: string) => as(t.app, m, { method: 'GET', url });
const post = (m: { auth: { authorization: string } }, url: string, payload?: unknown) =>
  as(t.app, m, { method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as object }) });

const application = {
  real_name: '张三',
  contact_type: 'wechat',
  contact: 'zhangsan88',
  channel: 'social',
  experience: '运营足球交流群三年，群成员两千多人',
  expected_members: 50,
};

async function apply(m: TestMember, extra: Record<string, unknown> = {}) {
  return post(m, '/v1/invite/apply-agent', { ...application, ...extra });
}

/** A member who applied and was approved through the operator API. */
async function newAgent(): Promise<{ agent: TestMember; code: string }> {
  const agent = await newMember(t.app);
  const applied = body<{ id: number }>(await apply(agent)).data;
  const res = await post(admin, `/admin/v1/agent-applications/${applied.id}/approve`, { reason: '资料齐全' });
  expect(res.statusCode, res.body).toBe(200);
  return { agent, code: body<{ agent_code: string }>(res).data.agent_code };
}

describe('agent applications', () => {
  it('applies once at a time, lists the history, cancels, and applies again', async () => {
    const m = await newMember(t.app);
    const first = await apply(m);
    expect(first.statusCode).toBe(200);
    expect(body(first).message).toBe('申请已提交，请等待审核');
    expect(body(first).data).toMatchObject({
      status: 'pending',
      status_text: '审核中',
      channel_text: '社交媒体',
    });

    const again = await apply(m);
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toContain('审核中的代理申请');

    const status = body<{ can_apply: boolean; reason: string; latest_application: { id: number } }>(
      await get(m, '/v1/invite/agent-status'),
    ).data;
    expect(status.can_apply).toBe(false);
    expect(status.latest_application.id).toBe(body<{ id: number }>(first).data.id);

    const cancelled = await post(m, '/v1/agent/cancel-application', {});
    expect(cancelled.statusCode).toBe(200);
    expect(body(cancelled).data).toMatchObject({ status: 'cancelled' });
    expect((await post(m, '/v1/agent/cancel-application')).statusCode).toBe(404);

    expect((await apply(m)).statusCode).toBe(200);
    const history = body<{ list: Array<{ status: string }>; total: number }>(
      await get(m, '/v1/agent/my-application-history'),
    ).data;
    expect(history.total).toBe(2);
    expect(history.list.map((a) => a.status)).toEqual(['pending', 'cancelled']);
    const stats = body(await get(m, '/v1/agent/application-stats')).data;
    expect(stats).toMatchObject({ total: 2, pending: 1, cancelled: 1, approved: 0, is_agent: 0 });
  });

  it('lets only one of two simultaneous applications in', async () => {
    const m = await newMember(t.app);
    const results = await Promise.all([apply(m), apply(m), apply(m)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('refuses bad fields with Chinese messages and writes nothing', async () => {
    const m = await newMember(t.app);
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ real_name: '' }, /真实姓名/],
      [{ real_name: 12 }, /真实姓名/],
      [{ contact_type: 'email' }, /联系方式/],
      [{ contact_type: 'mobile', contact: '12345' }, /手机号/],
      [{ channel: 'tv' }, /推广渠道/],
      [{ experience: '很好' }, /至少填写10个字/],
      [{ expected_members: -1 }, /至少为1/],
      [{ expected_members: 1e12 }, /不能超过/],
      [{ expected_members: 'many' }, /数字/],
    ];
    for (const [extra, message] of cases) {
      const res = await apply(m, extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(body(res).message).toMatch(message);
    }
    const missing = await post(m, '/v1/invite/apply-agent', { real_name: '张三' });
    expect(missing.statusCode).toBe(400);
    expect((await post(m, '/v1/invite/apply-agent')).statusCode).toBe(400);
    for (const q of ['status=done', 'page=0', 'per_page=-5']) {
      expect((await get(m, `/v1/agent/my-application-history?${q}`)).statusCode, q).toBe(400);
    }
    const history = body<{ total: number }>(await get(m, '/v1/agent/my-application-history')).data;
    expect(history.total).toBe(0);
  });

  it("never shows or cancels another member's application", async () => {
    const a = await newMember(t.app);
    const b = await newMember(t.app);
    const mine = body<{ id: number }>(await apply(a)).data;
    const res = await post(b, '/v1/agent/cancel-application', { application_id: mine.id });
    expect(res.statusCode).toBe(404);
    expect(body(res).message).toBe('申请不存在');
    expect(body<{ total: number }>(await get(b, '/v1/agent/my-application-history')).data.total).toBe(0);
    for (const id of [-1, 0, 'x', 2 ** 40]) {
      expect(
        (await post(b, '/v1/agent/cancel-application', { application_id: id })).statusCode,
        String(id),
      ).toBe(400);
    }
    // Still pending for its owner.
    const status = body<{ latest_application: { status: string } }>(
      await get(a, '/v1/invite/agent-status'),
    ).data;
    expect(status.latest_application.status).toBe('pending');
  });
});

describe('operator decisions', () => {
  it('approves: member becomes an agent with a code, gets a message, the action is audited', async () => {
    const { agent, code } = await newAgent();
    expect(code).toMatch(/^AG[A-Z0-9]{6}$/);
    const [row] = await t.database.db.select().from(members).where(eq(members.id, agent.id));
    expect(row).toMatchObject({ isAgent: 1, agentCode: code });
    const inbox = await t.database.db
      .select()
      .from(messages)
      // Only the decision, not the welcome message every new member gets.
      .where(and(eq(messages.memberId, agent.id), eq(messages.type, 'agent')));
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ type: 'agent', title: '代理申请已通过', link: '/agentPages/agent' });
    expect(inbox[0]?.content).toContain(code);
    const audits = await t.database.db.select().from(auditLogs).where(eq(auditLogs.memberId, agent.id));
    expect(audits.map((a) => a.action)).toEqual(['agent_application.approve']);

    const status = body(await get(agent, '/v1/invite/agent-status')).data;
    expect(status).toMatchObject({ is_agent: 1, agent_code: code, can_apply: false });
    const again = await apply(agent);
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toContain('已经是代理');
    // The code registers members to this agent.
    const valid = await t.app.inject({
      method: 'POST',
      url: '/v1/agent/validate',
      payload: { agent_code: code },
    });
    expect(body(valid).data).toMatchObject({ valid: true, agent_id: agent.id });
  });

  it('rejects with a reason the member reads; decided applications cannot be decided again', async () => {
    const m = await newMember(t.app);
    const { id } = body<{ id: number }>(await apply(m)).data;
    expect((await post(admin, `/admin/v1/agent-applications/${id}/reject`, {})).statusCode).toBe(400);
    const res = await post(admin, `/admin/v1/agent-applications/${id}/reject`, { reason: '推广经验不足' });
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({
      status: 'rejected',
      reason: '推广经验不足',
      username: m.username,
    });
    const inbox = await t.database.db
      .select()
      .from(messages)
      // Only the decision, not the welcome message every new member gets.
      .where(and(eq(messages.memberId, m.id), eq(messages.type, 'agent')));
    expect(inbox[0]?.content).toContain('推广经验不足');
    const history = body<{ list: Array<{ reason: string }> }>(
      await get(m, '/v1/agent/my-application-history'),
    ).data;
    expect(history.list[0]?.reason).toBe('推广经验不足');

    const twice = await post(admin, `/admin/v1/agent-applications/${id}/approve`, {});
    expect(twice.statusCode).toBe(409);
    expect((await post(m, '/v1/agent/cancel-application', { application_id: id })).statusCode).toBe(409);
    expect((await post(admin, '/admin/v1/agent-applications/99999999/approve', {})).statusCode).toBe(404);
    expect((await post(admin, '/admin/v1/agent-applications/99999999999/approve', {})).statusCode).toBe(400);
    const [row] = await t.database.db.select().from(members).where(eq(members.id, m.id));
    expect(row?.isAgent).toBe(0);
  });

  it('lists applications for support and admin only, never for members or finance', async () => {
    const m = await newMember(t.app);
    await apply(m);
    const list = await get(admin, `/admin/v1/agent-applications?status=pending&member_id=${m.id}`);
    expect(list.statusCode).toBe(200);
    expect(body<{ list: Array<{ username: string }> }>(list).data.list[0]?.username).toBe(m.username);
    const finance = await newOperator(t.app, 'finance');
    expect((await get(finance, '/admin/v1/agent-applications')).statusCode).toBe(403);
    expect((await get(m, '/admin/v1/agent-applications')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/admin/v1/agent-applications' })).statusCode).toBe(401);
  });
});

describe('agent centre', () => {
  it('answers 403 with a clear message to members who are not agents', async () => {
    const m = await newMember(t.app);
    for (const url of [
      '/v1/agent/overview',
      '/v1/agent/members',
      '/v1/agent/records',
      '/v1/agent/members/1',
    ]) {
      const res = await get(m, url);
      expect(res.statusCode, url).toBe(403);
      expect(body(res).message).toContain('您还不是代理');
    }
  });

  it("adds its members' archived months to the lifetime totals, never to today's or this month's", async () => {
    const { agent, code } = await newAgent();
    const veteran = await newMember(t.app, { agent_code: code }, '/v1/agent/register');
    // As if the months of the member's first years had left the database (decision 042).
    await t.database.db.insert(ledgerArchivedMembers).values({
      memberId: veteran.id,
      firstDepositEntryId: 1n,
      firstDepositAt: new Date(TEST_START.getTime() - 6 * 365 * 86_400_000),
      firstDepositAmount: 100_000n,
      deposit: 300_000n,
      withdraw: 50_000n,
      bet: 200_000n,
      payout: 120_000n,
      bonus: 8_800n,
    });
    await inTransaction(t.database.db, (work) =>
      t.app.services.ledger.post(work, { memberId: veteran.id, amount: 20_000n, type: 'deposit' }),
    );

    const overview = body<Record<'today' | 'month' | 'total', Record<string, string>>>(
      await get(agent, '/v1/agent/overview'),
    ).data;
    expect(overview.total).toEqual({
      deposit: '3200.00',
      withdraw: '500.00',
      bet: '2000.00',
      payout: '1200.00',
      bonus: '88.00',
      profit: '712.00',
    });
    for (const period of [overview.today, overview.month])
      expect(period).toMatchObject({ deposit: '200.00', withdraw: '0.00', bet: '0.00', payout: '0.00' });

    const listed = body<{
      list: Array<{ id: number; deposit_total: string; withdraw_total: string; bet_total: string }>;
    }>(await get(agent, '/v1/agent/members')).data.list;
    expect(listed).toEqual([
      expect.objectContaining({
        id: veteran.id,
        deposit_total: '3200.00',
        withdraw_total: '500.00',
        bet_total: '2000.00',
      }),
    ]);
    const detail = body(await get(agent, `/v1/agent/members/${veteran.id}`)).data;
    expect(detail).toMatchObject({ deposit_total: '3200.00', payout_total: '1200.00', bonus_total: '88.00' });

    // The console's agent list: lifetime stakes include the archive, this month's do not.
    const agents = body<{ list: Array<Record<string, unknown>> }>(
      await get(admin, `/admin/v1/agents?keyword=${agent.username}`),
    ).data.list;
    expect(agents[0]).toMatchObject({
      id: agent.id,
      total_bet: '2000.00',
      month_bet: '0.00',
      month_deposit: '200.00',
    });
  });

  it("shows an agent its own members and their records, never another agent's", async () => {
    const one = await newAgent();
    const two = await newAgent();
    const mine = await newMember(t.app, { agent_code: one.code }, '/v1/agent/register');
    const theirs = await newMember(t.app, { agent_code: two.code }, '/v1/agent/register');
    // Invited by an agent's member: belongs to that agent too.
    const downline = await newMember(t.app, { invite_code: mine.inviteCode }, '/v1/invite/register');

    await inTransaction(t.database.db, async (work) => {
      await t.app.services.ledger.post(work, { memberId: mine.id, amount: 20_000n, type: 'deposit' });
      await t.app.services.ledger.post(work, { memberId: theirs.id, amount: 70_000n, type: 'deposit' });
    });
    await fundLottery(t, mine, 10_000n);
    // k3_1m: other files tick it only at the real time or in the past, so its open period stays
    // open on a shared PostgreSQL.
    const period = await openPeriod(t, 'k3_1m');
    expect(
      (await placeBets(t, mine, 'k3_1m', period.number, [{ play_code: 'k3_hz', bet_codes: '4' }])).statusCode,
    ).toBe(200);

    const page = body<{
      list: Array<{ id: number; username: string; deposit_total: string }>;
      total: number;
    }>(await get(one.agent, '/v1/agent/members')).data;
    expect(page.total).toBe(2);
    expect(page.list.map((x) => x.id).sort()).toEqual([mine.id, downline.id].sort());
    expect(page.list.find((x) => x.id === mine.id)).toMatchObject({
      username: mine.username,
      deposit_total: '200.00',
    });
    const search = body<{ total: number }>(
      await get(one.agent, `/v1/agent/members?keyword=${downline.username.slice(2, 10)}`),
    ).data;
    expect(search.total).toBe(1);

    const overview = body<{
      member_count: number;
      total: { deposit: string; bet: string };
      agent_code: string;
    }>(await get(one.agent, '/v1/agent/overview')).data;
    expect(overview).toMatchObject({
      member_count: 2,
      agent_code: one.code,
      total: { deposit: '200.00', bet: '2.00' },
    });

    const detail = await get(one.agent, `/v1/agent/members/${mine.id}`);
    expect(detail.statusCode).toBe(200);
    expect(body(detail).data).toMatchObject({ id: mine.id, lottery_bet_count: 1, lottery_balance: '98.00' });

    const records = body<{ list: Array<{ member_id: number; type: string }>; total: number }>(
      await get(one.agent, '/v1/agent/records?category=deposit'),
    ).data;
    expect(records.list.map((r) => r.member_id)).toEqual([mine.id]);
    const bets = body<{ list: Array<{ kind: string; title: string; status_text: string }> }>(
      await get(one.agent, `/v1/agent/members/${mine.id}/bets`),
    ).data;
    expect(bets.list).toHaveLength(1);
    expect(bets.list[0]).toMatchObject({ kind: 'lottery', status_text: '待开奖' });
    expect(bets.list[0]?.title).toContain('极速快3');

    // Another agent's member, or anyone's: 404, nothing shown.
    for (const url of [
      `/v1/agent/members/${theirs.id}`,
      `/v1/agent/members/${theirs.id}/bets`,
      `/v1/agent/records?member_id=${theirs.id}`,
      `/v1/agent/members/${two.agent.id}`,
    ]) {
      const res = await get(one.agent, url);
      expect(res.statusCode, url).toBe(404);
      expect(body(res).message).toBe('会员不存在或不属于您');
    }
    const theirRecords = body<{ list: Array<{ member_id: number }> }>(
      await get(two.agent, '/v1/agent/records'),
    ).data;
    expect(theirRecords.list.every((r) => r.member_id === theirs.id)).toBe(true);

    for (const url of [
      '/v1/agent/members/-1',
      '/v1/agent/members/abc',
      '/v1/agent/members/99999999999',
      '/v1/agent/records?category=cash',
      '/v1/agent/records?member_id=0',
      `/v1/agent/members/${mine.id}/bets?kind=casino`,
      '/v1/agent/members?per_page=500',
    ]) {
      expect((await get(one.agent, url)).statusCode, url).toBe(400);
    }
  });
});
