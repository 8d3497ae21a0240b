import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commissionFen } from '@app/shared';
import { as, body, newMember, newOperator, type TestApp } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import {
  createSportsApp,
  finish,
  fund,
  oddsOf,
  openMatches,
  submit,
  wdlOption,
} from '../../test/sports-helpers.ts';
import { orders } from '../sports/sports.table.ts';
import { inviteRewards } from './invite.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createSportsApp();
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

describe('commission on settled sports orders', () => {
  it('counts a settled football order as valid bets: estimate today, paid once the day is over; the agent sees the order', async () => {
    // An approved agent whose member invites a friend: the friend belongs to the agent too.
    const agent = await newMember(t.app);
    const op = await newOperator(t.app, 'support');
    const applied = await as(t.app, agent, {
      method: 'POST',
      url: '/v1/invite/apply-agent',
      payload: {
        real_name: '王五',
        contact_type: 'qq',
        contact: '12345678',
        channel: 'community',
        experience: '经营本地球迷协会五年，会员三百人',
        expected_members: 20,
      },
    });
    const approved = await as(t.app, op, {
      method: 'POST',
      url: `/admin/v1/agent-applications/${body<{ id: number }>(applied).data.id}/approve`,
      payload: {},
    });
    expect(approved.statusCode).toBe(200);

    const friend = await newMember(t.app, { invite_code: agent.inviteCode }, '/v1/invite/register');
    await fund(t, friend, 10_000n);
    const [match] = await openMatches(t, 'football', 1);
    const option = wdlOption(t, match!, false);
    const { odds } = await oddsOf(t, match!.id, 'football.winDrawLose');
    const res = await submit(t, friend, {
      sport_type: 1,
      bet_mode: 'single',
      pass_type: 'single',
      multiple: 5,
      selections: [{ match_id: match!.id, bet_type: 'winDrawLose', option, odds: odds[option]! }],
    });
    expect(res.statusCode, res.body).toBe(200);
    await finish(t, [match!]);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.memberId, friend.id));
    expect(order?.status).toBe('lost');
    const stake = order!.totalAmount;

    const stats = body<{ today_valid_bets: string; today_commission_estimate: string }>(
      await as(t.app, agent, { method: 'GET', url: '/v1/invite/statistics' }),
    ).data;
    expect(stats.today_valid_bets).toBe('10.00');

    const tomorrow = new Date(t.app.services.clock.now().getTime() + 86_400_000 + 15 * 60_000);
    await t.app.services.inviteRewards.payCommissions(tomorrow);
    await t.app.services.inviteRewards.payCommissions(tomorrow);
    const paid = await t.database.db
      .select()
      .from(inviteRewards)
      .where(eq(inviteRewards.inviteeId, friend.id));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ baseAmount: stake, amount: commissionFen(stake), inviterId: agent.id });
    expect(stats.today_commission_estimate).toBe('0.03');

    const bets = body<{ list: Array<{ kind: string; title: string; status_text: string; amount: string }> }>(
      await as(t.app, agent, { method: 'GET', url: `/v1/agent/members/${friend.id}/bets?kind=sports` }),
    ).data;
    expect(bets.list).toEqual([
      expect.objectContaining({ kind: 'sports', title: '足球 单关', status_text: '未中奖', amount: '10.00' }),
    ]);
  });
});
