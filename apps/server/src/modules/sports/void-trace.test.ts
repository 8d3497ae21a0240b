import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import {
  as,
  body,
  newMember,
  newOperator,
  TEST_START,
  type TestApp,
  type TestMember,
} from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import {
  createSportsApp,
  finish,
  fund,
  oddsOf,
  openMatches,
  submit,
  type MatchRow,
} from '../../test/sports-helpers.ts';
import { auditLogs } from '../../db/schema.ts';
import { matchCorrections } from './corrections.table.ts';
import { OVERDUE_VOID_REASON } from './overdue.service.ts';
import { matches, orders } from './sports.table.ts';

const HOUR = 3_600_000;
const clock = new ManualClock(TEST_START);
let t: TestApp;
let pool: MatchRow[];
let calledOff: MatchRow;
beforeAll(async () => {
  t = await createSportsApp({}, clock);
  // One match per test. Finding the match the feed will call off syncs the feed up to it (which
  // ends every match before it), so the others are picked after.
  [calledOff] = (await openMatches(t, 'football', 1, 'cancelled')) as [MatchRow];
  pool = await openMatches(t, 'football', 3);
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

interface Trace {
  status: string;
  void_action: string | null;
  void_by: string | null;
  void_reason: string | null;
  voided_at: string | null;
}

async function single(m: TestMember, match: MatchRow): Promise<number> {
  const { odds } = await oddsOf(t, match.id, 'football.winDrawLose');
  const res = await submit(t, m, {
    sport_type: 1,
    bet_mode: 'single',
    pass_type: 'single',
    multiple: 1,
    selections: [{ match_id: match.id, bet_type: 'winDrawLose', option: 'h', odds: odds.h! }],
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return body<{ order_id: number }>(res).data.order_id;
}

async function memberWithOrder(match: MatchRow) {
  const m = await newMember(t.app);
  await fund(t, m, 10_000n);
  return { m, orderId: await single(m, match) };
}

const detail = async (m: TestMember, orderId: number) =>
  as(t.app, m, { method: 'GET', url: `/v1/order/detail/${orderId}` });

describe("the member's order says who voided it and why", () => {
  it('refuses an operator void without a reason and writes nothing', async () => {
    const match = pool[0];
    const { m, orderId } = await memberWithOrder(match!);
    const risk = await newOperator(t.app, 'risk');
    for (const payload of [{ kind: 'void' }, { kind: 'void', reason: '   ' }]) {
      const res = await as(t.app, risk, {
        method: 'POST',
        url: `/admin/v1/sports/matches/${match!.id}/correction`,
        payload,
      });
      expect(body(res).code).toBe(400);
      expect(body(res).message).toContain('请填写原因');
    }
    expect(
      await t.database.db.select().from(matchCorrections).where(eq(matchCorrections.matchId, match!.id)),
    ).toEqual([]);
    const audits = await t.database.db.select().from(auditLogs).where(eq(auditLogs.operatorId, risk.id));
    expect(audits.filter((a) => a.action.startsWith('sports.'))).toEqual([]);
    const [row] = await t.database.db.select().from(matches).where(eq(matches.id, match!.id));
    expect(row?.status).toBe('scheduled');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('pending');
    expect(body<Trace>(await detail(m, orderId)).data).toMatchObject({
      void_action: null,
      void_by: null,
      void_reason: null,
      voided_at: null,
    });
  });

  it("shows an operator's void as 运营人员 with the reason, never the operator's name", async () => {
    const match = pool[1];
    const { m, orderId } = await memberWithOrder(match!);
    const risk = await newOperator(t.app, 'risk');
    const res = await as(t.app, risk, {
      method: 'POST',
      url: `/admin/v1/sports/matches/${match!.id}/correction`,
      payload: { kind: 'void', reason: '赛事取消，主办方通知' },
    });
    expect(body(res)).toMatchObject({ code: 200, data: { refunds: 1 } });
    const answer = await detail(m, orderId);
    expect(body<Trace>(answer).data).toMatchObject({
      status: 'refunded',
      void_action: '作废',
      void_by: '运营人员',
      void_reason: '赛事取消，主办方通知',
      voided_at: clock.now().toISOString(),
    });
    expect(answer.body).not.toContain(risk.username);
    // The member's list (投注记录) says the same.
    const history = await as(t.app, m, { method: 'GET', url: '/v1/order/history' });
    expect(body<{ list: Trace[] }>(history).data.list).toEqual([
      expect.objectContaining({
        void_action: '作废',
        void_by: '运营人员',
        void_reason: '赛事取消，主办方通知',
      }),
    ]);
    expect(history.body).not.toContain(risk.username);
    // The console names the operator.
    const inConsole = await as(t.app, risk, { method: 'GET', url: `/admin/v1/sports/matches/${match!.id}` });
    expect(body<{ void_trace: unknown }>(inConsole).data.void_trace).toEqual({
      action: '作废',
      by: `测试risk（${risk.username}）`,
      operator_id: risk.id,
      reason: '赛事取消，主办方通知',
      at: clock.now().toISOString(),
    });
    const records = await as(t.app, risk, { method: 'GET', url: `/admin/v1/members/${m.id}/orders` });
    const [row] = body<{ list: Array<{ id: number; void_trace: string | null }> }>(records).data.list;
    expect(row).toMatchObject({ id: orderId });
    expect(row?.void_trace).toMatch(
      new RegExp(
        `^作废 · 测试risk（${risk.username}） · 原因：赛事取消，主办方通知 · \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$`,
      ),
    );
    // The correction row is where the operator and the reason were recorded, with the void.
    const [correction] = await t.database.db
      .select()
      .from(matchCorrections)
      .where(eq(matchCorrections.matchId, match!.id));
    expect(correction).toMatchObject({ kind: 'void', reason: '赛事取消，主办方通知', operatorId: risk.id });
  });

  it("does not show member A's order to member B", async () => {
    const match = pool[2];
    const { orderId } = await memberWithOrder(match!);
    const other = await newMember(t.app);
    const res = await detail(other, orderId);
    expect(body(res)).toEqual({
      code: 404,
      message: '订单不存在',
      data: { reason: 'sports.order_not_found' },
    });
    expect(res.body).not.toContain('void_');
  });

  it('shows a match the feed cancelled as 系统 with its reason', async () => {
    const match = calledOff;
    const { m, orderId } = await memberWithOrder(match);
    await finish(t, [match]);
    expect(body<Trace>(await detail(m, orderId)).data).toMatchObject({
      status: 'refunded',
      void_action: '作废',
      void_by: '系统',
      void_reason: '赛事取消',
    });
    const [row] = await t.database.db.select().from(matches).where(eq(matches.id, match.id));
    expect(row?.result).toMatchObject({ status: 'cancelled', by: 'feed:settlement' });
    const admin = await newOperator(t.app, 'risk');
    const inConsole = await as(t.app, admin, { method: 'GET', url: `/admin/v1/sports/matches/${match.id}` });
    expect(body<{ void_trace: unknown }>(inConsole).data.void_trace).toMatchObject({
      action: '作废',
      by: 'feed:settlement',
      operator_id: null,
      reason: '赛事取消',
    });
    const records = await as(t.app, admin, { method: 'GET', url: `/admin/v1/members/${m.id}/orders` });
    expect(body<{ list: Array<{ void_trace: string | null }> }>(records).data.list[0]?.void_trace).toMatch(
      /^作废 · feed:settlement · 原因：赛事取消/,
    );
  });

  it('shows a match the 36 h job called off as 系统 with the rule as its reason', async () => {
    // A match after every other one here: the job calls off every match not completed before it.
    const [match] = await openMatches(t, 'football', 1);
    const { m, orderId } = await memberWithOrder(match!);
    // Our own clock passes kick-off + 36 h with no feed sync meanwhile: the match is not completed.
    const start = clock.now();
    clock.set(match!.kickoffAt.getTime() + 36 * HOUR);
    try {
      await t.app.services.overdueMatches.run();
    } finally {
      clock.set(start.getTime());
    }
    expect(body<Trace>(await detail(m, orderId)).data).toMatchObject({
      status: 'refunded',
      void_action: '作废',
      void_by: '系统',
      void_reason: OVERDUE_VOID_REASON,
    });
    const [row] = await t.database.db.select().from(matches).where(eq(matches.id, match!.id));
    expect(row?.result).toMatchObject({ by: 'job:sports-void-overdue' });
  });
});
