import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { formatFen, PUBLIC_CHANNELS, REALTIME_EVENTS } from '@app/shared';
import { approvedBy } from '../../test/dual-control.ts';
import { as, body, newMember, newOperator, type TestApp, type TestMember } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { auditLogs } from '../operators/operators.table.ts';
import {
  createSportsApp,
  finish,
  fund,
  oddsOf,
  openMatches,
  submit,
  wdlOption,
  type MatchRow,
} from '../../test/sports-helpers.ts';

let t: TestApp;
let pool: MatchRow[];
beforeAll(async () => {
  t = await createSportsApp();
  // One match per test: no test sees another's orders.
  pool = await openMatches(t, 'football', 3);
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

async function single(m: TestMember, match: MatchRow, option: string, multiple = 5) {
  const { odds } = await oddsOf(t, match.id, 'football.winDrawLose');
  return submit(t, m, {
    sport_type: 1,
    bet_mode: 'single',
    pass_type: 'single',
    multiple,
    selections: [{ match_id: match.id, bet_type: 'winDrawLose', option, odds: odds[option]! }],
  });
}
const main = async (m: TestMember) => (await t.app.services.ledger.balances(m.id)).get('main') ?? 0n;

describe('suspension', () => {
  it('a suspended market refuses bets and shows suspended to members; reopening accepts them again', async () => {
    const match = pool[0];
    const risk = await newOperator(t.app, 'risk');
    const m = await newMember(t.app);
    await fund(t, m, 100_000n);
    const pushed: Array<{ channel: string; event: string; data: unknown }> = [];
    const deliver = vi
      .spyOn(t.app.services.hub, 'deliver')
      .mockImplementation((channel, event, data) => pushed.push({ channel, event, data }));
    onTestFinished(() => deliver.mockRestore());
    const suspended = await as(t.app, risk, {
      method: 'POST',
      url: `/admin/v1/sports/matches/${match!.id}/suspend`,
      payload: { play_type: 'football.winDrawLose', reason: '异常投注' },
    });
    expect(
      body<{ markets: Array<{ play_type: string; suspended: boolean }> }>(suspended).data.markets.find(
        (x) => x.play_type === 'football.winDrawLose',
      )?.suspended,
    ).toBe(true);
    // Open screens and slips hear it at once on the public channel, not at their next fetch. On
    // PostgreSQL the hub delivers what the database notifies: moments after the answer.
    type MarketsPush = {
      channel: string;
      event: string;
      data: { id: number; markets: Array<{ play_type: string; suspended: boolean }> };
    };
    const push = await vi.waitFor(() => {
      const found = pushed.find(
        (p) =>
          p.channel === PUBLIC_CHANNELS.liveMatches &&
          p.event === REALTIME_EVENTS.oddsUpdated &&
          (p.data as MarketsPush['data']).id === match!.id,
      );
      if (!found) throw new Error('odds.updated not delivered yet');
      return found as MarketsPush;
    });
    const suspendedNow = Object.fromEntries(push.data.markets.map((x) => [x.play_type, x.suspended]));
    expect(suspendedNow).toMatchObject({ 'football.winDrawLose': true, 'football.handicap': false });
    const refused = await single(m, match!, 'h');
    expect(body(refused)).toMatchObject({ code: 422, message: `${match!.matchNo} 的胜平负已暂停投注` });
    const plays = await t.app.inject({ method: 'GET', url: `/v1/matches/${match!.id}/plays` });
    expect(JSON.stringify(body(plays).data)).toContain('"suspended":true');

    await as(t.app, risk, {
      method: 'POST',
      url: `/admin/v1/sports/matches/${match!.id}/reopen`,
      payload: { play_type: 'football.winDrawLose' },
    });
    expect(body(await single(m, match!, 'h'))).toMatchObject({ code: 200 });
    const support = await newOperator(t.app, 'support');
    const no = await as(t.app, support, {
      method: 'POST',
      url: `/admin/v1/sports/matches/${match!.id}/suspend`,
      payload: {},
    });
    expect(body(no).code).toBe(403);
  });
});

describe('void and resettle', () => {
  it('voids a match before it is played: open orders are refunded by settlement, new bets refused', async () => {
    const match = pool[1];
    const m = await newMember(t.app);
    await fund(t, m, 50_000n);
    expect(body(await single(m, match!, 'h', 10))).toMatchObject({ code: 200 });
    const risk = await newOperator(t.app, 'risk');
    const detail = await as(t.app, risk, { method: 'GET', url: `/admin/v1/sports/matches/${match!.id}` });
    const wdl = body<{
      markets: Array<{ play_type: string; outcomes: Array<{ option: string; stake: string; legs: number }> }>;
    }>(detail).data.markets.find((x) => x.play_type === 'football.winDrawLose');
    expect(wdl?.outcomes.find((o) => o.option === 'h')).toMatchObject({ legs: 1, stake: '20.00' });
    const res = await as(t.app, risk, {
      method: 'POST',
      url: `/admin/v1/sports/matches/${match!.id}/correction`,
      payload: { kind: 'void', reason: '赛事取消' },
    });
    expect(body(res).data).toMatchObject({ refunds: 1, refund_amount: '20.00' });
    expect(await main(m)).toBe(50_000n);
    expect(body(await single(m, match!, 'h')).code).toBe(422);
  });
  it('voids a settled match exactly once: winners give back the difference, losers get their stake, as correction entries', async () => {
    const match = pool[2];
    const winner = await newMember(t.app);
    const loser = await newMember(t.app);
    await fund(t, winner, 100_000n);
    await fund(t, loser, 100_000n);
    expect(body(await single(winner, match!, wdlOption(t, match!, true)))).toMatchObject({ code: 200 });
    expect(body(await single(loser, match!, wdlOption(t, match!, false)))).toMatchObject({ code: 200 });
    await finish(t, [match!]);
    const winnerAfterSettle = await main(winner);
    expect(winnerAfterSettle).toBeGreaterThan(100_000n);
    expect(await main(loser)).toBe(99_000n);

    const risk = await newOperator(t.app, 'risk');
    const preview = await as(t.app, risk, {
      method: 'POST',
      url: `/admin/v1/sports/matches/${match!.id}/correction-preview`,
      payload: { kind: 'void', reason: '比赛结果无效' },
    });
    expect(body(preview).data).toMatchObject({
      orders: 2,
      settled_orders: 2,
      refunds: 1,
      refund_amount: '10.00',
      take_backs: 1,
    });

    const voided = await as(t.app, risk, {
      method: 'POST',
      url: `/admin/v1/sports/matches/${match!.id}/correction`,
      payload: { kind: 'void', reason: '比赛结果无效' },
    });
    expect(body(voided)).toMatchObject({ code: 200, message: '已作废' });
    // Both singles are refunded: each member ends with what they had before betting.
    expect(await main(winner)).toBe(100_000n);
    expect(await main(loser)).toBe(100_000n);
    const ledger = await as(t.app, risk, {
      method: 'GET',
      url: `/admin/v1/members/${loser.id}/ledger?type=settle_correction`,
    });
    expect(body<{ list: Array<{ amount: string }> }>(ledger).data.list.map((e) => e.amount)).toEqual([
      '10.00',
    ]);

    const again = await as(t.app, risk, {
      method: 'POST',
      url: `/admin/v1/sports/matches/${match!.id}/correction`,
      payload: { kind: 'resettle', home: 1, away: 0, ht_home: 0, ht_away: 0, reason: '再次更正' },
    });
    expect(body(again)).toMatchObject({ code: 409, message: '该比赛已作废或重新结算过，不能重复操作' });
    const orders = await as(t.app, risk, {
      method: 'GET',
      url: `/admin/v1/sports/matches/${match!.id}/orders`,
    });
    expect(body<{ list: Array<{ status: string }> }>(orders).data.list.map((o) => o.status)).toEqual([
      'refunded',
      'refunded',
    ]);
  });

  it('counts an open parlay with a leg on the voided match, and the member then sees its 最高奖金 with that leg at 1.00', async () => {
    const legs = (await openMatches(t, 'football', 3)) as [MatchRow, MatchRow, MatchRow];
    const m = await newMember(t.app);
    await fund(t, m, 100_000n);
    const selections = await Promise.all(
      legs.map(async (match) => {
        const { odds } = await oddsOf(t, match.id, 'football.winDrawLose');
        return { match_id: match.id, bet_type: 'winDrawLose', option: 'h', odds: odds.h! };
      }),
    );
    const placed = await submit(t, m, {
      sport_type: 1,
      bet_mode: 'mixed',
      pass_type: '3x4',
      multiple: 2,
      selections,
    });
    expect(body(placed)).toMatchObject({ code: 200, data: { total_amount: '16.00' } });
    const orderId = body<{ order_id: number }>(placed).data.order_id;
    const [voided] = legs;
    const risk = await newOperator(t.app, 'risk');
    // The liability view counts the parlay on each of its outcomes, at its max prize.
    const maxPrize = body<{ max_prize: string }>(placed).data.max_prize;
    const book = await as(t.app, risk, { method: 'GET', url: `/admin/v1/sports/matches/${voided.id}` });
    const outcome = body<{
      markets: Array<{ play_type: string; outcomes: Array<Record<string, unknown>> }>;
    }>(book)
      .data.markets.find((x) => x.play_type === 'football.winDrawLose')
      ?.outcomes.find((o) => o.option === 'h');
    expect(outcome).toMatchObject({
      legs: 1,
      stake: '16.00',
      payout_if_won: '0.00',
      parlay_legs: 1,
      parlay_payout_if_won: maxPrize,
      worst_case_payout: maxPrize,
    });
    const correction = { kind: 'void', reason: '赛事取消，串关待其他场次' };
    const preview = await as(t.app, risk, {
      method: 'POST',
      url: `/admin/v1/sports/matches/${voided.id}/correction-preview`,
      payload: correction,
    });
    expect(body(preview).data).toMatchObject({ orders: 1, open_orders: 1, settled_orders: 0, refunds: 0 });
    const done = await as(t.app, risk, {
      method: 'POST',
      url: `/admin/v1/sports/matches/${voided.id}/correction`,
      payload: correction,
    });
    expect(body(done)).toMatchObject({ code: 200, data: { orders: 1, open_orders: 1 } });
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'sports.void'))
      .then((rows) => rows.filter((r) => r.targetId === String(voided.id)));
    expect(audit?.detail).toMatchObject({ orders: 1, open_orders: 1 });

    // 2 × multiple 2 × odds, each bet rounded down to the 分: AB and AC at 1.00 × the other, BC and ABC alike.
    const [, b, c] = selections.map((s) => BigInt(Math.round(Number(s.odds) * 100)));
    const bet = (...odds: bigint[]) => odds.reduce((p, o) => p * o, 400n) / 100n ** BigInt(odds.length);
    const expected = bet(b!) + bet(c!) + 2n * bet(b!, c!);
    const detail = await as(t.app, m, { method: 'GET', url: `/v1/order/detail/${orderId}` });
    expect(
      body<{ status: string; max_prize: string; legs: Array<{ status: string }> }>(detail).data,
    ).toMatchObject({
      status: 'pending',
      max_prize: formatFen(expected),
      legs: [{ status: 'void' }, { status: 'pending' }, { status: 'pending' }],
    });
  });
});

describe('member limits', () => {
  it('caps one order’s stake and what a member may win on one match; support may not set them; audited', async () => {
    // Earlier tests moved the clock past their matches: take one still open now.
    const [match] = (await openMatches(t, 'football', 1)) as [MatchRow];
    const m = await newMember(t.app);
    const other = await newMember(t.app);
    await fund(t, m, 500_000n);
    await fund(t, other, 500_000n);
    const risk = await newOperator(t.app, 'risk');
    const support = await newOperator(t.app, 'support');
    const put = (op: typeof risk, payload: Record<string, unknown>) =>
      as(t.app, op, { method: 'PUT', url: '/admin/v1/sports/limits', payload });
    expect(
      (
        await put(support, {
          member: m.username,
          max_stake: '10',
          max_payout_per_match: null,
          reason: '越权',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      body(
        await put(risk, { member: m.username, max_stake: '-1', max_payout_per_match: null, reason: 'x限' }),
      ).code,
    ).toBe(400);
    expect(
      body(
        await put(risk, {
          member: 'nobody-here',
          max_stake: '10',
          max_payout_per_match: null,
          reason: '限额',
        }),
      ),
    ).toMatchObject({ code: 404 });

    const saved = await put(risk, {
      member: m.username,
      max_stake: '20',
      max_payout_per_match: null,
      reason: '疑似套利',
    });
    expect(body(saved)).toMatchObject({
      code: 200,
      data: { member_id: m.id, max_stake: '20.00', max_payout_per_match: null },
    });
    // 10 × 2元 = 20元 passes; 11 × 2元 does not; another member is not limited.
    expect(body(await single(m, match, 'h', 10))).toMatchObject({ code: 200 });
    expect(body(await single(m, match, 'h', 11))).toMatchObject({
      code: 422,
      message: '投注金额超过您的账户单笔限额20.00元，本场最高可投 20.00 元',
    });
    expect(body(await single(other, match, 'h', 11))).toMatchObject({ code: 200 });

    // Per match: the open order above already holds its max prize; the next one must fit in what is left.
    const { odds } = await oddsOf(t, match.id, 'football.winDrawLose');
    const firstPrize = (BigInt(Math.round(Number(odds.h) * 100)) * 2_000n) / 100n;
    const cap = firstPrize + 1_000n; // room for a 10元 stake only at odds ≤ 1.00: nothing fits.
    // Dropping the stake limit loosens it: in force only once a second operator approves.
    const loosened = await put(risk, {
      member: m.username,
      max_stake: null,
      max_payout_per_match: formatFen(cap),
      reason: '单场限额',
    });
    expect(body(loosened)).toMatchObject({ code: 200, data: { max_stake: '20.00', pending_change: {} } });
    expect(body(await single(m, match, 'h', 11)).code).toBe(422);
    await approvedBy(t.app, await newOperator(t.app, 'risk'), loosened);
    const refused = body(await single(m, match, 'd', 5));
    expect(refused.code).toBe(422);
    expect(refused.message).toContain(
      `${match.matchNo} 的最高可赢金额超过您的账户单场限额${formatFen(cap)}元（剩余10.00元）`,
    );
    await approvedBy(
      t.app,
      await newOperator(t.app, 'risk'),
      await put(risk, {
        member: m.username,
        max_stake: null,
        max_payout_per_match: null,
        reason: '解除限额',
      }),
    );
    expect(body(await single(m, match, 'd', 5))).toMatchObject({ code: 200 });

    const listed = body<{ list: unknown[] }>(
      await as(t.app, risk, { method: 'GET', url: `/admin/v1/sports/limits?keyword=${m.username}` }),
    ).data.list;
    expect(listed).toEqual([]);
    const audits = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'sports.limit.save'));
    expect(audits.filter((a) => a.memberId === m.id).map((a) => a.reason)).toEqual([
      '疑似套利',
      '单场限额',
      '解除限额',
    ]);
  });
});
