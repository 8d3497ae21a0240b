import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/tx.ts';
import { approvedBy } from '../../test/dual-control.ts';
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
import { auditLogs } from '../operators/operators.table.ts';
import { inviteRewards } from '../invite/invite.table.ts';

let t: TestApp;
let support: TestOperator;
beforeAll(async () => {
  t = await createTestApp();
  support = await newOperator(t.app, 'support');
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

let seq = 0;
async function deposit(m: TestMember, fen: bigint) {
  seq++;
  await inTransaction(t.database.db, (work) =>
    t.app.services.ledger.post(work, {
      memberId: m.id,
      amount: fen,
      type: 'deposit',
      idempotencyKey: `agents-admin-deposit:${m.id}:${seq}`,
    }),
  );
  await t.app.services.inviteRewards.idle();
}

async function newAgent(): Promise<{ agent: TestMember; code: string }> {
  const agent = await newMember(t.app);
  const applied = await as(t.app, agent, {
    method: 'POST',
    url: '/v1/invite/apply-agent',
    payload: {
      real_name: '李四',
      contact_type: 'wechat',
      contact: 'lisi2026',
      channel: 'community',
      experience: '经营篮球社群两年，活跃会员三百多人',
      expected_members: 30,
    },
  });
  const id = body<{ id: number }>(applied).data.id;
  const risk = await newOperator(t.app, 'risk');
  const res = await as(t.app, risk, {
    method: 'POST',
    url: `/admin/v1/agent-applications/${id}/approve`,
    payload: { reason: '资料齐全' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { agent, code: body<{ agent_code: string }>(res).data.agent_code };
}

describe('agents', () => {
  it('lists each agent with its members, what they staked and the rewards paid; risk decides applications', async () => {
    const { agent, code } = await newAgent();
    const a = await newMember(t.app, { agent_code: code }, '/v1/agent/register');
    await newMember(t.app, { agent_code: code }, '/v1/agent/register');
    await deposit(a, 30_000n);

    const page = body<{ list: Array<Record<string, unknown>>; total: number }>(
      await as(t.app, support, { method: 'GET', url: `/admin/v1/agents?keyword=${agent.username}` }),
    ).data;
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({
      id: agent.id,
      agent_code: code,
      member_count: 2,
      balance_total: '300.00',
      month_deposit: '300.00',
    });
    const members = body<{ list: Array<{ username: string; deposit_total: string }> }>(
      await as(t.app, support, { method: 'GET', url: `/admin/v1/agents/${agent.id}/members` }),
    ).data.list;
    expect(members.map((m) => m.username)).toContain(a.username);
    expect(members.find((m) => m.username === a.username)?.deposit_total).toBe('300.00');

    const notAgent = await as(t.app, support, { method: 'GET', url: `/admin/v1/agents/${a.id}/members` });
    expect(body(notAgent)).toMatchObject({ code: 404, message: '代理不存在' });
  });

  it('is refused to roles without the agents permission and to member tokens', async () => {
    for (const role of ['content', 'finance'] as const) {
      const op = await newOperator(t.app, role);
      expect((await as(t.app, op, { method: 'GET', url: '/admin/v1/agents' })).statusCode).toBe(403);
      expect((await as(t.app, op, { method: 'GET', url: '/admin/v1/agent-applications' })).statusCode).toBe(
        403,
      );
    }
    const m = await newMember(t.app);
    expect((await as(t.app, m, { method: 'GET', url: '/admin/v1/invite/rewards' })).statusCode).toBe(401);
  });
});

describe('invite rules', () => {
  it('changes a milestone reward: paid at the new amount at once, shown on the rules page, audited', async () => {
    const finance = await newOperator(t.app, 'finance');
    const before = body<{ deposit_milestones: Array<{ key: string; threshold: string; reward: string }> }>(
      await as(t.app, support, { method: 'GET', url: '/admin/v1/settings/invite' }),
    ).data;
    expect(before.deposit_milestones[0]).toEqual({ key: 'd100', threshold: '100.00', reward: '8.00' });

    const refused = await as(t.app, support, {
      method: 'PUT',
      url: '/admin/v1/settings/invite',
      payload: { commission_basis_points: 50, reason: '客服无权' },
    });
    expect(refused.statusCode).toBe(403);

    const milestones = before.deposit_milestones.map((m, i) => (i === 0 ? { ...m, reward: '18.00' } : m));
    const saved = await as(t.app, finance, {
      method: 'PUT',
      url: '/admin/v1/settings/invite',
      payload: { deposit_milestones: milestones, commission_basis_points: 50, reason: '双十一加码' },
    });
    // Paying more is a change one operator may only propose: a second one puts it in force.
    expect(body(saved)).toMatchObject({
      code: 200,
      data: { deposit_milestones: before.deposit_milestones, pending_change: {} },
    });
    const admin = await newOperator(t.app, 'admin');
    await approvedBy(t.app, admin, saved);
    const rules = body<{
      commission_rate: string;
      deposit_milestones: Array<{ reward: string }>;
      lines: string[];
    }>(await t.app.inject({ method: 'GET', url: '/v1/invite/rules' })).data;
    expect(rules.commission_rate).toBe('0.50%');
    expect(rules.deposit_milestones[0]?.reward).toBe('18.00');
    expect(rules.lines.join('')).toContain('累计充值满100.00元奖励18.00元');

    const inviter = await newMember(t.app);
    const friend = await newMember(t.app, { invite_code: inviter.inviteCode }, '/v1/invite/register');
    await deposit(friend, 10_000n);
    const paid = await t.database.db
      .select()
      .from(inviteRewards)
      .where(eq(inviteRewards.inviterId, inviter.id));
    expect(paid.map((r) => [r.period, r.amount])).toEqual([['d100', 1_800n]]);
    const listed = body<{ list: Array<{ invitee: string; amount: string; rule_name: string }> }>(
      await as(t.app, support, {
        method: 'GET',
        url: `/admin/v1/invite/rewards?inviter=${inviter.username}`,
      }),
    ).data.list;
    expect(listed).toEqual([
      expect.objectContaining({ invitee: friend.username, amount: '18.00', rule_name: '充值达标奖励' }),
    ]);

    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'settings.invite'));
    // Applied by the approver, with the proposer and the change named beside the maker's reason.
    expect(audit).toMatchObject({ operatorId: admin.id, reason: '双十一加码' });
    expect(audit?.detail).toMatchObject({
      proposed_by: finance.id,
      before: { commission_basis_points: 30 },
      after: { commission_basis_points: 50 },
    });
  });

  it('refuses milestones renamed, dropped or out of order, and bad numbers, saving nothing', async () => {
    const admin = await newOperator(t.app, 'admin');
    const current = body<{ deposit_milestones: Array<{ key: string; threshold: string; reward: string }> }>(
      await as(t.app, admin, { method: 'GET', url: '/admin/v1/settings/invite' }),
    ).data;
    const put = (payload: Record<string, unknown>) =>
      as(t.app, admin, {
        method: 'PUT',
        url: '/admin/v1/settings/invite',
        payload: { reason: '测试', ...payload },
      });
    const [first, second, third] = current.deposit_milestones;
    expect(body(await put({ deposit_milestones: [first, second] }))).toMatchObject({
      code: 422,
      message: '充值达标档位不能增删或改名，只能修改金额',
    });
    expect(body(await put({ deposit_milestones: [{ ...first, key: 'x' }, second, third] })).code).toBe(422);
    expect(
      body(await put({ deposit_milestones: [{ ...first, threshold: '5000.00' }, second, third] })),
    ).toMatchObject({ code: 422, message: '充值门槛须逐档递增' });
    expect(body(await put({ deposit_milestones: [{ ...first, reward: '-1' }, second, third] })).code).toBe(
      400,
    );
    expect(body(await put({ commission_basis_points: 5_000 })).code).toBe(400);
    expect(body(await put({ turnover_multiple: 1.5 })).code).toBe(400);
    expect(body(await put({})).code).toBe(400);
    const after = body(await as(t.app, admin, { method: 'GET', url: '/admin/v1/settings/invite' })).data;
    expect(after).toMatchObject({ deposit_milestones: current.deposit_milestones });
  });
});
