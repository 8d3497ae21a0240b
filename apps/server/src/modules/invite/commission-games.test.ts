import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commissionFen, formatFen } from '@app/shared';
import { as, body, createTestApp, newMember, type TestApp } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { gameRecords } from '../games/games.table.ts';
import { enterGame, fundMain, GAME_TEST_ENV, play, transfer } from '../games/testing.ts';
import { inviteRewards } from './invite.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(GAME_TEST_ENV);
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

describe('commission on game rounds', () => {
  it('counts settled game rounds as valid bets, and game wallet transfers not at all', async () => {
    const inviter = await newMember(t.app);
    const player = await newMember(t.app, { invite_code: inviter.inviteCode }, '/v1/invite/register');
    const mover = await newMember(t.app, { invite_code: inviter.inviteCode }, '/v1/invite/register');

    await fundMain(t, player, 100_000n);
    await transfer(t, player, { type: 'in', amount: '800' });
    const slot = await enterGame(t, player, 'jc_fortune');
    for (const bet of ['100.00', '100.00', '50.00']) {
      expect(body(await play(t, slot.session, { bet }))).toMatchObject({ code: 200 });
    }
    const fish = await enterGame(t, player, 'xh_ocean');
    expect(body(await play(t, fish.session, { bet: '5.00', fish: 'clown' }))).toMatchObject({ code: 200 });
    // The mover only moves money to the game wallet and back: no bets.
    await fundMain(t, mover, 50_000n);
    await transfer(t, mover, { type: 'in', amount: '500' });
    await transfer(t, mover, { type: 'out', amount: 0 });
    await t.app.services.gameRecords.sync();

    const rounds = await t.database.db.select().from(gameRecords).where(eq(gameRecords.memberId, player.id));
    expect(rounds).toHaveLength(4);
    const valid = rounds.reduce((a, r) => a + r.bet, 0n);
    expect(valid).toBe(25_500n);

    const stats = body<{ today_valid_bets: string; today_commission_estimate: string }>(
      await as(t.app, inviter, { method: 'GET', url: '/v1/invite/statistics' }),
    ).data;
    expect(stats.today_valid_bets).toBe('255.00');
    expect(stats.today_commission_estimate).toBe(formatFen(commissionFen(valid)));
    const referrals = body<{ list: Array<{ valid_bet_total: string }> }>(
      await as(t.app, inviter, { method: 'GET', url: '/v1/invite/referrals' }),
    ).data.list;
    expect(referrals.map((r) => r.valid_bet_total).sort()).toEqual(['0.00', '255.00']);

    const tomorrow = new Date(t.app.services.clock.now().getTime() + 86_400_000 + 15 * 60_000);
    await t.app.services.inviteRewards.payCommissions(tomorrow);
    await t.app.services.inviteRewards.payCommissions(tomorrow);
    const paid = await t.database.db
      .select()
      .from(inviteRewards)
      .where(eq(inviteRewards.inviterId, inviter.id));
    expect(paid).toEqual([
      expect.objectContaining({
        inviteeId: player.id,
        rule: 'bet_commission',
        baseAmount: valid,
        amount: commissionFen(valid),
      }),
    ]);
    expect(commissionFen(valid)).toBe(76n); // 255.00 × 0.30%, rounded down

    const rules = body<{ lines: string[] }>(
      await t.app.inject({ method: 'GET', url: '/v1/invite/rules' }),
    ).data;
    expect(rules.lines.join('\n')).toContain('体育注单、彩票注单和电子游戏的游戏局');
  });
});
