import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { beijingDate, commissionFen, formatFen, INVITE_RULES } from '@app/shared';
import { ledgerArchivedMembers } from '../../db/schema.ts';
import { inTransaction } from '../../db/tx.ts';
import { ManualClock } from '../../lib/clock.ts';
import {
  as,
  body,
  createTestApp,
  databaseNow,
  newMember,
  TEST_START,
  type TestApp,
  type TestMember,
} from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { bonusLogs } from '../bonus/bonus.table.ts';
import { fundLottery, openPeriod, placeBets } from '../lottery/testing.ts';
import { lotteryBets } from '../lottery/lottery.table.ts';
import { messages } from '../messages/messages.table.ts';
import { depositTotalOf } from './invite.repo.ts';
import { inviteRewards } from './invite.table.ts';

let t: TestApp;
// Lottery bets move this clock (see lottery/testing.ts).
const clock = new ManualClock(TEST_START);
beforeAll(async () => {
  t = await createTestApp({}, undefined, undefined, clock);
  // Members are stamped by the database (members.created_at DEFAULT now()), and the statistics
  // (today's referrals) and the monthly ranking compare that with the app's clock: start it there.
  clock.set(await databaseNow(t.database));
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

const get = (m: TestMember, url: string) => as(t.app, m, { method: 'GET', url });
const post = (m: TestMember, url: string, payload?: unknown) =>
  as(t.app, m, { method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as object }) });

let depositSeq = 0;
/** A committed deposit, as the finance module posts it (the event fires after commit). */
async function deposit(m: TestMember, fen: bigint): Promise<void> {
  depositSeq++;
  await inTransaction(t.database.db, (work) =>
    t.app.services.ledger.post(work, {
      memberId: m.id,
      amount: fen,
      type: 'deposit',
      idempotencyKey: `test-deposit:${m.id}:${depositSeq}`,
    }),
  );
}

async function rewardsOf(inviterId: number) {
  return t.database.db.select().from(inviteRewards).where(eq(inviteRewards.inviterId, inviterId));
}

async function mainBalance(m: TestMember): Promise<bigint> {
  return (await t.app.services.ledger.balances(m.id)).get('main') ?? 0n;
}

async function inviterWithFriend() {
  const inviter = await newMember(t.app);
  const friend = await newMember(t.app, { invite_code: inviter.inviteCode }, '/v1/invite/register');
  return { inviter, friend };
}

describe('/v1/invite info, url, rules', () => {
  it('gives the code, a registration link with it, and who invited me (masked)', async () => {
    const { inviter, friend } = await inviterWithFriend();
    const res = await as(t.app, friend, {
      method: 'GET',
      url: '/v1/invite/info',
      headers: { host: 'bet.example' },
    });
    expect(res.statusCode).toBe(200);
    const info = body<{ invite_code: string; invite_url: string; inviter: string; is_agent: number }>(
      res,
    ).data;
    expect(info.invite_code).toBe(friend.inviteCode);
    expect(info.invite_url).toBe(`http://bet.example/#/ireg?invite_code=${friend.inviteCode}`);
    expect(info.inviter).toBe(`${inviter.username.slice(0, 2)}****${inviter.username.slice(-2)}`);
    expect(info.is_agent).toBe(0);

    const url = body<{ url: string; path: string; agent_url: null }>(
      await get(inviter, '/v1/invite/url'),
    ).data;
    expect(url.path).toBe(`/ireg?invite_code=${inviter.inviteCode}`);
    expect(url.url).toContain(url.path);
    expect(url.agent_url).toBeNull();
  });

  it('answers 401 without a token', async () => {
    for (const url of [
      '/v1/invite/info',
      '/v1/invite/url',
      '/v1/invite/referrals',
      '/v1/invite/statistics',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('shows the rules from the constants the calculator pays by', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/invite/rules' });
    const rules = body<{
      deposit_milestones: Array<{ threshold: string; reward: string }>;
      commission_rate: string;
      lines: string[];
    }>(res).data;
    expect(rules.deposit_milestones).toEqual(
      INVITE_RULES.depositMilestones.map((m) => ({
        threshold: formatFen(m.threshold),
        reward: formatFen(m.reward),
      })),
    );
    expect(rules.commission_rate).toBe('0.30%');
    expect(rules.lines.join('')).toContain('累计充值满100.00元奖励8.00元');
  });
});

describe('referrals and statistics', () => {
  it('lists my referrals masked with their deposits, and only mine', async () => {
    const { inviter, friend } = await inviterWithFriend();
    const other = await newMember(t.app);
    await newMember(t.app, { invite_code: other.inviteCode }, '/v1/invite/register');
    await deposit(friend, 5_000n);

    const page = body<{
      list: Array<{ id: number; username: string; deposit_total: string; is_active: boolean }>;
      total: number;
    }>(await get(inviter, '/v1/invite/referrals?page=1&per_page=10')).data;
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({
      id: friend.id,
      username: `${friend.username.slice(0, 2)}****${friend.username.slice(-2)}`,
      deposit_total: '50.00',
      is_active: true,
    });

    const stats = body<Record<string, unknown>>(await get(inviter, '/v1/invite/statistics')).data;
    expect(stats).toMatchObject({
      referral_count: 1,
      today_referrals: 1,
      active_referrals: 1,
      referral_deposit_total: '50.00',
      reward_total: '0.00',
    });
    const none = body<{ total: number }>(await get(friend, '/v1/invite/referrals')).data;
    expect(none.total).toBe(0);
  });

  it('refuses bad paging with a Chinese message', async () => {
    const m = await newMember(t.app);
    for (const q of ['page=0', 'page=-1', 'per_page=1000', 'page=abc', 'page=99999999999']) {
      const res = await get(m, `/v1/invite/referrals?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(body(res).message).toMatch(/page|per_page/);
    }
    expect((await get(m, '/v1/invite/rewards?rule=bogus')).statusCode).toBe(400);
  });
});

describe('invite rewards', () => {
  it('pays each deposit milestone once when the deposit commits, replays change nothing', async () => {
    const { inviter, friend } = await inviterWithFriend();
    await deposit(friend, 9_999n);
    await t.app.services.inviteRewards.tick();
    expect(await rewardsOf(inviter.id)).toHaveLength(0);

    await deposit(friend, 1n); // reaches 100.00
    await t.app.services.inviteRewards.idle();
    expect(await rewardsOf(inviter.id)).toHaveLength(1);
    expect(await mainBalance(inviter)).toBe(800n);

    // Replayed events, the job and concurrent runs: still one payment per milestone.
    await Promise.all([
      t.app.services.inviteRewards.payMilestonesOf(friend.id),
      t.app.services.inviteRewards.payMilestonesOf(friend.id),
      t.app.services.inviteRewards.tick(),
    ]);
    expect(await rewardsOf(inviter.id)).toHaveLength(1);
    expect(await mainBalance(inviter)).toBe(800n);

    await deposit(friend, 500_000n); // jumps past 1000 and 5000 at once
    await t.app.services.inviteRewards.idle();
    expect(await rewardsOf(inviter.id)).toHaveLength(3);
    await t.app.services.inviteRewards.tick();
    expect(await rewardsOf(inviter.id)).toHaveLength(3);
    expect(await mainBalance(inviter)).toBe(800n + 3_800n + 8_800n);

    const logs = await t.database.db.select().from(bonusLogs).where(eq(bonusLogs.memberId, inviter.id));
    expect(logs.map((l) => l.type)).toEqual(['invite', 'invite', 'invite']);
    expect(logs.reduce((s, l) => s + l.turnover, 0n)).toBe(13_400n);
    // Besides the welcome message every new member gets.
    const inbox = (
      await t.database.db.select().from(messages).where(eq(messages.memberId, inviter.id))
    ).filter((msg) => msg.dedupeKey !== 'welcome');
    expect(inbox).toHaveLength(3);
    expect(inbox[0]?.title).toContain('8.00元已到账');
    // The invitee got nothing.
    expect(await mainBalance(friend)).toBe(509_999n + 1n);

    const rewards = body<{
      list: Array<{ rule: string; amount: string; description: string }>;
      total: number;
    }>(await get(inviter, '/v1/invite/rewards')).data;
    expect(rewards.total).toBe(3);
    expect(rewards.list.map((r) => r.amount)).toEqual(['88.00', '38.00', '8.00']);
    expect(rewards.list[2]?.description).toContain('累计充值满100.00元');
    const stats = body<{ reward_total: string; deposit_reward_total: string }>(
      await get(inviter, '/v1/invite/statistics'),
    ).data;
    expect(stats).toMatchObject({ reward_total: '134.00', deposit_reward_total: '134.00' });
  });

  it('pays the daily commission on settled valid bets once the day is over, once', async () => {
    const { inviter, friend } = await inviterWithFriend();
    await fundLottery(t, friend, 100_000n);
    // k3_1m: other files tick it only at the real time or in the past, so its open period stays
    // open on a shared PostgreSQL.
    const period = await openPeriod(t, 'k3_1m');
    const placed = await placeBets(t, friend, 'k3_1m', period.number, [
      { play_code: 'k3_hz', bet_codes: '4,5,6,7,8', multiple: 100 },
    ]);
    expect(placed.statusCode, placed.body).toBe(200);
    // Settled as lost now (the draw itself is the lottery module's business and tested there).
    await t.database.db
      .update(lotteryBets)
      .set({ status: 'lost', settledAt: clock.now() })
      .where(and(eq(lotteryBets.memberId, friend.id), eq(lotteryBets.status, 'pending')));
    const bets = await t.database.db.select().from(lotteryBets).where(eq(lotteryBets.memberId, friend.id));
    const stake = bets.reduce((sum, b) => sum + b.amount, 0n); // 5 注 × 2 元 × 100 倍
    expect(stake).toBe(100_000n);

    const estimate = body<{ today_valid_bets: string; today_commission_estimate: string }>(
      await get(inviter, '/v1/invite/statistics'),
    ).data;
    expect(estimate.today_valid_bets).toBe(formatFen(stake));
    expect(estimate.today_commission_estimate).toBe(formatFen(commissionFen(stake)));

    // Today is not over: nothing yet.
    await t.app.services.inviteRewards.payCommissions(clock.now());
    expect(await rewardsOf(inviter.id)).toHaveLength(0);

    const tomorrow = new Date(clock.now().getTime() + 86_400_000 + 15 * 60_000);
    await Promise.all([
      t.app.services.inviteRewards.payCommissions(tomorrow),
      t.app.services.inviteRewards.payCommissions(tomorrow),
    ]);
    await t.app.services.inviteRewards.tick(tomorrow);
    await t.app.services.inviteRewards.runJob(tomorrow);
    await t.app.services.inviteRewards.runJob(tomorrow);
    const paid = await rewardsOf(inviter.id);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({
      rule: 'bet_commission',
      period: beijingDate(clock.now().getTime()),
      baseAmount: stake,
      amount: commissionFen(stake),
    });
    expect(commissionFen(stake)).toBe(300n);
    expect(await mainBalance(inviter)).toBe(300n);
  });

  it('counts deposits kept from archived months towards milestones, the referrals and the statistics', async () => {
    const { inviter, friend } = await inviterWithFriend();
    const quiet = await newMember(t.app, { invite_code: inviter.inviteCode }, '/v1/invite/register');
    // As if the months of these deposits had left the database (decision 042).
    const sixYearsAgo = new Date(clock.now().getTime() - 6 * 365 * 86_400_000);
    for (const [m, fen] of [
      [friend, 9_000n],
      [quiet, 5_000n],
    ] as const) {
      await t.database.db.insert(ledgerArchivedMembers).values({
        memberId: m.id,
        firstDepositEntryId: 1n,
        firstDepositAt: sixYearsAgo,
        firstDepositAmount: fen,
        deposit: fen,
        withdraw: 0n,
        bet: 0n,
        payout: 0n,
        bonus: 0n,
      });
    }

    await deposit(friend, 999n); // 99.99 in all
    await t.app.services.inviteRewards.idle();
    await t.app.services.inviteRewards.tick();
    expect(await rewardsOf(inviter.id)).toHaveLength(0);
    await deposit(friend, 1n); // 90.00 archived + 10.00 now reach 100.00
    await t.app.services.inviteRewards.idle();
    const paid = await rewardsOf(inviter.id);
    expect(paid).toEqual([
      expect.objectContaining({
        inviteeId: friend.id,
        rule: 'deposit_milestone',
        baseAmount: 10_000n,
        amount: 800n,
      }),
    ]);
    expect(await depositTotalOf(t.database.db, friend.id)).toBe(10_000n);
    expect(await depositTotalOf(t.database.db, quiet.id)).toBe(5_000n);

    const page = body<{ list: Array<{ id: number; deposit_total: string; is_active: boolean }> }>(
      await get(inviter, '/v1/invite/referrals'),
    ).data;
    expect(page.list.map((r) => [r.id, r.deposit_total, r.is_active])).toEqual([
      [quiet.id, '50.00', true],
      [friend.id, '100.00', true],
    ]);
    const stats = body<Record<string, unknown>>(await get(inviter, '/v1/invite/statistics')).data;
    expect(stats).toMatchObject({ referral_count: 2, active_referrals: 2, referral_deposit_total: '150.00' });
  });

  it('pays nothing for members nobody invited', async () => {
    const alone = await newMember(t.app);
    await deposit(alone, 1_000_000n);
    await t.app.services.inviteRewards.tick();
    expect(
      await t.database.db.select().from(inviteRewards).where(eq(inviteRewards.inviteeId, alone.id)),
    ).toHaveLength(0);
  });
});

describe('ranking', () => {
  it('ranks inviters with masked names and adds my own place when logged in', async () => {
    const top = await newMember(t.app);
    for (let i = 0; i < 3; i++)
      await newMember(t.app, { invite_code: top.inviteCode }, '/v1/invite/register');
    const visitor = await t.app.inject({ method: 'GET', url: '/v1/invite/ranking?limit=100' });
    expect(visitor.statusCode).toBe(200);
    const board = body<{
      list: Array<{ username: string; invite_count: number; is_me: boolean }>;
      mine: null;
    }>(visitor).data;
    expect(board.mine).toBeNull();
    const entry = board.list.find(
      (e) => e.username === `${top.username.slice(0, 2)}****${top.username.slice(-2)}`,
    );
    expect(entry?.invite_count).toBe(3);
    expect(board.list.every((e) => e.username.includes('****'))).toBe(true);

    const mine = body<{ mine: { rank: number; invite_count: number }; list: Array<{ is_me: boolean }> }>(
      await get(top, '/v1/invite/ranking?period=week&limit=100'),
    ).data;
    expect(mine.mine.invite_count).toBe(3);
    expect(mine.mine.rank).toBeGreaterThan(0);
    expect(mine.list.some((e) => e.is_me)).toBe(true);

    const nobody = await newMember(t.app);
    const off = body<{ mine: { rank: null; invite_count: number } }>(
      await get(nobody, '/v1/invite/ranking'),
    ).data;
    expect(off.mine).toEqual({ rank: null, invite_count: 0, reward_total: '0.00' });
    for (const q of ['period=year', 'by=x', 'limit=0', 'limit=101']) {
      expect((await t.app.inject({ method: 'GET', url: `/v1/invite/ranking?${q}` })).statusCode, q).toBe(400);
    }
  });
});

describe('generate-code and validate-code', () => {
  it('replaces the code (old one stops working, invitees stay) up to the daily limit', async () => {
    const { inviter, friend } = await inviterWithFriend();
    const res = await post(inviter, '/v1/invite/generate-code');
    expect(res.statusCode).toBe(200);
    const fresh = body<{ invite_code: string; remaining_today: number }>(res).data;
    expect(fresh.invite_code).not.toBe(inviter.inviteCode);
    expect(fresh.remaining_today).toBe(INVITE_RULES.codeChangesPerDay - 1);

    const oldCode = await t.app.inject({
      method: 'POST',
      url: '/v1/invite/validate-code',
      payload: { code: inviter.inviteCode },
    });
    expect(body(oldCode).data).toMatchObject({ valid: false, type: null });
    const newCode = await t.app.inject({
      method: 'POST',
      url: '/v1/invite/validate-code',
      payload: { code: fresh.invite_code.toLowerCase() },
    });
    expect(body(newCode).data).toMatchObject({ valid: true, type: 'invite' });
    const referrals = body<{ total: number }>(await get(inviter, '/v1/invite/referrals')).data;
    expect(referrals.total).toBe(1);
    expect(friend.id).toBeGreaterThan(0);

    await post(inviter, '/v1/invite/generate-code');
    await post(inviter, '/v1/invite/generate-code');
    const refused = await post(inviter, '/v1/invite/generate-code');
    expect(refused.statusCode).toBe(429);
    expect(body(refused).message).toContain('每天最多更换3次');
  });

  it('validates agent codes too and refuses malformed codes', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/v1/invite/validate-code',
      payload: { code: 'NOPE1234' },
    });
    expect(body(ok).data).toMatchObject({ valid: false });
    for (const payload of [{}, { code: 12 }, { code: 'a b' }, { code: 'x'.repeat(17) }, { code: '' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/invite/validate-code', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).message).toMatch(/邀请码/);
    }
  });
});
