import { playLimitWindow } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/tx.ts';
import { ManualClock } from '../../lib/clock.ts';
import {
  as,
  body,
  newMember,
  newOperator,
  TEST_START,
  uniqueIp,
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
import { randomBytes } from 'node:crypto';
import { demoActivities } from '../../seed/community.ts';
import { activities } from '../activities/activities.table.ts';
import { updateMember } from '../accounts/accounts.repo.ts';
import { bonusLogs } from '../bonus/bonus.table.ts';
import { GAME_TEST_ENV } from '../games/testing.ts';
import { fundLottery, openPeriod, placeBets } from '../lottery/testing.ts';
import { messages } from '../messages/messages.table.ts';
import { addWallet, createOrder, deposit, pressGateway, setPaymentPassword } from '../payments/testing.ts';
import { vipUpgrades } from '../rewards/rewards.table.ts';
import { playExclusions } from './responsible.table.ts';
import {
  beijing,
  depositOrder,
  excluded,
  gameTransfer,
  lotteryTransfer,
  overview,
  setLimit,
  startExclusion,
} from './testing.ts';

const HOUR = 3_600_000;
const K3 = 'k3_1m';
const clock = new ManualClock(TEST_START);
let t: TestApp;
let played: MatchRow[];
let later: MatchRow[];
/** This file's copies of the demo activities. */
const activity = { firstDeposit: 0, checkin: 0 };

beforeAll(async () => {
  t = await createSportsApp(GAME_TEST_ENV, clock);
  played = await openMatches(t, 'football', 1);
  later = (await openMatches(t, 'football', 4)).filter((m) => m.id !== played[0]!.id);
  const suffix = `-${randomBytes(4).toString('hex')}`;
  const rows = await t.database.db
    .insert(activities)
    .values(demoActivities(new Date(clock.now().getTime() - 24 * 3_600_000), suffix))
    .returning();
  activity.firstDeposit = rows.find((r) => r.slug === `first-deposit${suffix}`)!.id;
  activity.checkin = rows.find((r) => r.slug === `daily-checkin${suffix}`)!.id;
}, 120_000);
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

async function member(mainFen = 1_000_000n): Promise<TestMember> {
  const m = await newMember(t.app);
  if (mainFen > 0n) await fund(t, m, mainFen);
  return m;
}

async function sportsBet(m: TestMember, match: MatchRow, multiple = 1) {
  const { odds } = await oddsOf(t, match.id, 'football.winDrawLose');
  return submit(t, m, {
    sport_type: 1,
    bet_mode: 'single',
    multiple,
    selections: [{ match_id: match.id, bet_type: 'winDrawLose', option: 'h', odds: odds['h'] }],
  });
}

async function lotteryBet(m: TestMember, yuan = 4) {
  const period = await openPeriod(t, K3, 20_000);
  return placeBets(t, m, K3, period.number, [{ play_code: 'k3_hz', bet_codes: '4', multiple: yuan / 2 }]);
}

async function login(m: TestMember): Promise<{ authorization: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/login',
    payload: { username: m.username, password: m.password },
    remoteAddress: uniqueIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${body<{ token: string }>(res).data.token}` };
}

/** The member signed in again (a jump of months outlives every session). */
async function relogin(m: TestMember): Promise<TestMember> {
  return { ...m, auth: await login(m) };
}

const exclusionRows = (m: TestMember) =>
  t.database.db.select().from(playExclusions).where(eq(playExclusions.memberId, m.id));

const inbox = async (m: TestMember) =>
  (await t.database.db.select().from(messages).where(eq(messages.memberId, m.id))).map((r) => r.title);

describe('sports orders and limits', () => {
  it('counts a sports order against the stake limit, with the limit, what is left and when it resets', async () => {
    const m = await member();
    await setLimit(t, m, 'stake', 'day', '5');
    expect((await sportsBet(m, later[0]!, 2)).statusCode).toBe(200);
    const refused = await sportsBet(m, later[0]!, 1);
    const resets = beijing(playLimitWindow('day', clock.now()).to);
    expect(body(refused)).toMatchObject({
      code: 422,
      message: `超出每日投注限额：本期剩余 1.00 元，将于 ${resets.monthDay} 重置`,
    });
    const loser = await member();
    await setLimit(t, loser, 'loss', 'week', '5');
    expect((await sportsBet(loser, later[1]!, 2)).statusCode).toBe(200);
    expect(body(await sportsBet(loser, later[1]!, 1))).toMatchObject({
      code: 422,
      message: `超出每周亏损限额：本期剩余 1.00 元，将于 ${beijing(playLimitWindow('week', clock.now()).to).monthDay} 重置`,
    });
  });
});

describe('time-outs', () => {
  it('refuses a wrong password with the tries left, and writes nothing', async () => {
    const m = await member(0n);
    const res = await startExclusion(t, m, 'timeout_24h', 'not-my-password');
    expect(res.statusCode).toBe(422);
    expect(body(res).message).toMatch(/^登录密码不正确，还可尝试\d+次$/);
    expect(await exclusionRows(m)).toEqual([]);
    for (const payload of [
      { choice: 'timeout_1h', password: m.password },
      { choice: 'timeout_24h' },
      { password: m.password },
      { choice: 'timeout_24h', password: '' },
      { choice: 'timeout_24h', password: 'a\u0000b' },
      { choice: 7, password: m.password },
    ]) {
      const bad = await as(t.app, m, { method: 'POST', url: '/v1/responsible-play/exclusions', payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await exclusionRows(m)).toEqual([]);
  });

  it('keeps the member from every bet, deposit, transfer in, game and promotion; records, transfers out and withdrawals stay; other sessions end', async () => {
    const m = await member();
    await fundLottery(t, m, 10_000n);
    expect((await gameTransfer(t, m, 'in', '20')).statusCode).toBe(200);
    const other = await login(m);
    const opened = await createOrder(t, m, { method: 'alipay', amount: '100' });
    const started = clock.now();
    const res = await startExclusion(t, m, 'timeout_24h');
    const ends = new Date(started.getTime() + 24 * HOUR);
    expect(body(res)).toEqual({
      code: 200,
      message: '冷静期已生效',
      data: {
        kind: 'timeout',
        starts_at: started.toISOString(),
        ends_at: ends.toISOString(),
        return_requested_at: null,
        play_again_at: ends.toISOString(),
        can_request_return: false,
      },
    });
    // Every other session ended; this one stays.
    expect((await t.app.inject({ method: 'GET', url: '/v1/me', headers: other })).statusCode).toBe(401);
    expect((await as(t.app, m, { method: 'GET', url: '/v1/me' })).statusCode).toBe(200);

    const words = `您已设置冷静期至 ${beijing(ends).minute}，期间不能投注、充值或转入`;
    for (const [what, refused] of [
      ['sports', await sportsBet(m, later[0]!)],
      ['lottery', await lotteryBet(m)],
      ['deposit', await depositOrder(t, m, '100')],
      ['lottery in', await lotteryTransfer(t, m, 'in', '10')],
      ['game in', await gameTransfer(t, m, 'in', '10')],
      [
        'paying an order opened before',
        await as(t.app, m, {
          method: 'POST',
          url: '/v1/payment-orders/payment-info',
          payload: { order_id: opened.order.id },
        }),
      ],
    ] as const) {
      expect(body(refused), what).toMatchObject({ code: 403, message: words });
    }
    const enter = await as(t.app, m, {
      method: 'POST',
      url: '/v1/game/ng/enter-game',
      payload: { game_code: t.app.services.gameProvider.games()[0]!.code },
    });
    expect(body(enter)).toMatchObject({
      code: 403,
      message: `您已设置冷静期至 ${beijing(ends).minute}，期间不能进入游戏、投注、充值或转入`,
    });
    const promotion = `您已设置冷静期至 ${beijing(ends).minute}，期间不能参加活动、领取彩金或返水`;
    const status = await as(t.app, m, {
      method: 'GET',
      url: `/v1/activity/${activity.checkin}/application-status`,
    });
    expect(body(status).data).toMatchObject({ eligible: false, reason: promotion });
    for (const [url, payload] of [
      ['/v1/activity/apply', { activity_id: activity.checkin }],
      ['/v1/rebate/apply', undefined],
      ['/v1/rebate/claim-all', undefined],
    ] as const) {
      const refused = await as(t.app, m, { method: 'POST', url, ...(payload ? { payload } : {}) });
      expect(body(refused), url).toMatchObject({ code: 403, message: promotion });
    }
    const agent = await as(t.app, m, {
      method: 'POST',
      url: '/v1/invite/apply-agent',
      payload: {
        real_name: '张三',
        contact_type: 'wechat',
        contact: 'zhangsan88',
        channel: 'social',
        experience: '运营足球交流群三年，群成员两千多人',
        expected_members: 50,
      },
    });
    const agentWords = `您已设置冷静期至 ${beijing(ends).minute}，期间不能申请代理`;
    expect(body(await as(t.app, m, { method: 'GET', url: '/v1/invite/agent-status' })).data).toMatchObject({
      can_apply: false,
      reason: agentWords,
    });
    expect(body(agent)).toMatchObject({
      code: 403,
      message: `您已设置冷静期至 ${beijing(ends).minute}，期间不能申请代理`,
    });

    // Records, money back out, and withdrawals.
    for (const url of ['/v1/order/history', '/v1/bills', '/v1/liujiu/bet/list', '/v1/payment-orders'])
      expect((await as(t.app, m, { method: 'GET', url })).statusCode, url).toBe(200);
    expect((await lotteryTransfer(t, m, 'out', '0')).statusCode).toBe(200);
    expect((await gameTransfer(t, m, 'out', '0')).statusCode).toBe(200);
    await setPaymentPassword(t, m);
    const card = await addWallet(t, m);
    const withdrawal = await as(t.app, m, {
      method: 'POST',
      url: '/v1/withdraws',
      payload: { wallet_id: card.id, amount: '100.00', payment_password: '135790' },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    expect((await overview(t, m)).exclusion).toMatchObject({ kind: 'timeout', ends_at: ends.toISOString() });
  });

  it('cannot be shortened or replaced by a shorter one; a longer one is added', async () => {
    const m = await member(0n);
    const week = await excluded(t, m, 'timeout_7d');
    const shorter = await startExclusion(t, m, 'timeout_24h');
    expect(body(shorter)).toMatchObject({
      code: 409,
      message: `您已设置冷静期至 ${beijing(week.ends_at).minute}，期间不能缩短或替换，只能选择更长的时长`,
    });
    expect((await startExclusion(t, m, 'timeout_7d')).statusCode).toBe(409);
    expect(await exclusionRows(m)).toHaveLength(1);
    const longer = await excluded(t, m, 'timeout_30d');
    expect((await overview(t, m)).exclusion).toMatchObject({ kind: 'timeout', ends_at: longer.ends_at });
    expect(await exclusionRows(m)).toHaveLength(2);
  });

  it('no bonus, rebate, invite reward or marketing message reaches an excluded member; a credited deposit and its message do', async () => {
    const admin = await newOperator(t.app, 'admin');
    const m = await member();
    const control = await member();
    const invitee = await newMember(t.app, { invite_code: m.inviteCode });
    // Settled bets before the time-out, for the rebate run.
    for (const who of [m, control]) expect((await sportsBet(who, played[0]!, 50)).statusCode).toBe(200);
    await finish(t, played);
    const open = await createOrder(t, m, { method: 'alipay', amount: '100' });
    await excluded(t, m, 'timeout_7d');

    // A bonus: nothing paid, nothing logged.
    const grant = (memberId: number, reference: string) =>
      inTransaction(t.database.db, (work) =>
        t.app.services.bonus.grant(work, { memberId, type: 'manual', amount: 1_000n, reference }),
      );
    expect(await grant(m.id, `t18:${m.id}`)).toEqual({ log: null, duplicate: false, excluded: true });
    expect((await grant(control.id, `t18:${control.id}`)).excluded).toBe(false);
    expect(await t.database.db.select().from(bonusLogs).where(eq(bonusLogs.memberId, m.id))).toEqual([]);

    // The daily rebate run leaves the excluded member's bets for later.
    const tomorrow = new Date(clock.now().getTime() + 24 * HOUR);
    expect(await t.app.services.rebates.applyCompletedDays(tomorrow, [m.id])).toBe(0);
    expect(await t.app.services.rebates.applyCompletedDays(tomorrow, [control.id])).toBe(1);

    // The invitee's deposit reaches a milestone: the excluded inviter is not paid.
    await deposit(t, invitee, '100.00');
    await t.app.services.inviteRewards.idle();
    expect(await t.app.services.inviteRewards.payMilestonesOf(invitee.id)).toBe(0);

    // A VIP promotion: the level, but no gift and no congratulation.
    await updateMember(t.database.db, m.id, { paysum: 10_000_000_000n, totalgame: 10_000_000_000n });
    const promoted = await t.app.services.vip.check(m.id);
    expect(promoted?.paidLevels).toEqual([]);
    const upgrades = await t.database.db.select().from(vipUpgrades).where(eq(vipUpgrades.memberId, m.id));
    expect(upgrades.length).toBeGreaterThan(0);
    expect(upgrades.every((u) => u.bonus === 0n && u.bonusLogId === null)).toBe(true);

    // An operator's broadcast (marketing) is dropped; the deposit credited (transactional) arrives.
    for (const who of [m, control]) {
      const res = await as(t.app, admin, {
        method: 'POST',
        url: '/admin/v1/messages',
        payload: { audience: 'member', member: who.username, title: '周末充值加赠', content: '充值即送20%' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await pressGateway(t, open.pay_url!, 'pay')).statusCode).toBe(303);
    const titles = await inbox(m);
    expect(titles).toContain('充值到账');
    expect(titles).not.toContain('周末充值加赠');
    expect(titles.some((title) => title.startsWith('恭喜您晋级'))).toBe(false);
    expect(await inbox(control)).toContain('周末充值加赠');

    // Once the time-out is over, what was left for later is paid.
    const after = new Date(clock.now().getTime() + 8 * 24 * HOUR);
    clock.set(after);
    expect(await t.app.services.inviteRewards.payMilestonesOf(invitee.id)).toBe(1);
    expect(await t.app.services.rebates.applyCompletedDays(after, [m.id])).toBe(1);
  });

  it('an application made before is not paid during it: the operator is told to reject it', async () => {
    const support = await newOperator(t.app, 'support');
    const m = await member(0n);
    await deposit(t, m, '200.00');
    const applied = await as(t.app, m, {
      method: 'POST',
      url: '/v1/activity/apply',
      payload: { activity_id: activity.firstDeposit },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const id = body<{ application: { id: number; status: string } }>(applied).data.application.id;
    await excluded(t, m, 'timeout_7d');
    const review = (action: string, payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/admin/v1/activity-applications/${id}/${action}`,
        headers: support.auth,
        payload,
      });
    expect(body(await review('approve', { remark: '核实' }))).toMatchObject({
      code: 422,
      message: '该会员处于冷静期或自我排除期，不能发放彩金，请驳回该申请',
    });
    expect(await t.database.db.select().from(bonusLogs).where(eq(bonusLogs.memberId, m.id))).toEqual([]);
    expect((await review('reject', { reason: '会员处于冷静期' })).statusCode).toBe(200);
    // The answer to the member's own application is not marketing: it arrives.
    expect(await inbox(m)).toContain('活动申请未通过');
  });

  it('ends by itself at its end', async () => {
    const m = await member();
    const timeout = await excluded(t, m, 'timeout_24h');
    clock.set(new Date(timeout.ends_at).getTime() - 1);
    expect((await gameTransfer(t, m, 'in', '10')).statusCode).toBe(403);
    clock.set(new Date(timeout.ends_at));
    expect((await gameTransfer(t, m, 'in', '10')).statusCode).toBe(200);
    expect((await overview(t, m)).exclusion).toBeNull();
  });
});

describe('self-exclusion', () => {
  it('lasts its term, then until 24 h after the member asks to return', async () => {
    let m = await member();
    const chosen = await excluded(t, m, 'exclusion_6m');
    expect(chosen).toMatchObject({ kind: 'self_exclusion', play_again_at: null, can_request_return: false });
    const early = await as(t.app, m, { method: 'POST', url: '/v1/responsible-play/exclusions/return' });
    expect(body(early)).toMatchObject({
      code: 422,
      message: `自我排除期至 ${beijing(chosen.ends_at).minute} 结束，届时方可申请恢复`,
    });
    expect(body(await gameTransfer(t, m, 'in', '10')).message).toBe(
      `您已设置自我排除至 ${beijing(chosen.ends_at).minute}，期间不能投注、充值或转入`,
    );

    // The term is over: still kept out until the member asks to return.
    clock.set(new Date(chosen.ends_at).getTime() + HOUR);
    m = await relogin(m);
    expect(body(await gameTransfer(t, m, 'in', '10')).message).toBe(
      `您的自我排除期已于 ${beijing(chosen.ends_at).minute} 结束，请先申请恢复，申请24小时后方可投注、充值或转入`,
    );
    expect((await overview(t, m)).exclusion).toMatchObject({ can_request_return: true });
    const asked = await as(t.app, m, { method: 'POST', url: '/v1/responsible-play/exclusions/return' });
    const playAgain = new Date(clock.now().getTime() + 24 * HOUR);
    expect(body(asked)).toMatchObject({
      code: 200,
      data: {
        return_requested_at: clock.now().toISOString(),
        play_again_at: playAgain.toISOString(),
        can_request_return: false,
      },
    });
    expect(
      (await as(t.app, m, { method: 'POST', url: '/v1/responsible-play/exclusions/return' })).statusCode,
    ).toBe(409);
    expect(body(await gameTransfer(t, m, 'in', '10')).message).toBe(
      `您已申请结束自我排除，${beijing(playAgain).minute} 起方可投注、充值或转入`,
    );
    clock.set(playAgain);
    expect((await gameTransfer(t, m, 'in', '10')).statusCode).toBe(200);
    expect((await overview(t, m)).exclusion).toBeNull();
  });

  it('cannot be changed or deleted, not even by raw SQL (the guard trigger)', async () => {
    const m = await member(0n);
    await excluded(t, m, 'exclusion_1y');
    const [row] = await exclusionRows(m);
    await expect(
      t.database.db.execute(sql`UPDATE play_exclusions SET ends_at = now() WHERE id = ${row!.id}`),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`UPDATE play_exclusions SET kind = 'timeout' WHERE id = ${row!.id}`),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`DELETE FROM play_exclusions WHERE id = ${row!.id}`),
    ).rejects.toThrow();
    // An early return request breaks the table's own check.
    await expect(
      t.database.db.execute(
        sql`UPDATE play_exclusions SET return_requested_at = now() WHERE id = ${row!.id}`,
      ),
    ).rejects.toThrow();
    expect(await exclusionRows(m)).toEqual([row]);
  });
});

describe('the back office', () => {
  it('shows the member’s limits and exclusions read only; no operator route changes them', async () => {
    const admin = await newOperator(t.app, 'support');
    const m = await member(0n);
    await setLimit(t, m, 'deposit', 'week', '800');
    await setLimit(t, m, 'deposit', 'week', '1000');
    const timeout = await excluded(t, m, 'timeout_30d');
    const res = await as(t.app, admin, { method: 'GET', url: `/admin/v1/members/${m.id}` });
    expect(res.statusCode).toBe(200);
    expect(body<{ responsible_play: unknown }>(res).data.responsible_play).toEqual({
      limits: [
        expect.objectContaining({
          kind: 'deposit',
          period: 'week',
          amount: '800.00',
          pending: { amount: '1000.00', effective_at: expect.any(String) as string },
        }),
      ],
      reality_check_minutes: 0,
      exclusion: expect.objectContaining({ kind: 'timeout', ends_at: timeout.ends_at }) as unknown,
      exclusions: [expect.objectContaining({ kind: 'timeout' })],
    });
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const operatorWrites = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/admin/') && /exclusion|responsible|play-limit/.test(path))
      .map(([path]) => path);
    expect(operatorWrites).toEqual([]);
    // A member token opens no operator route and an operator token no member route.
    const viaOperator = await as(t.app, admin, { method: 'GET', url: '/v1/responsible-play' });
    expect(viaOperator.statusCode).toBe(401);
  });
});

describe('the reality check', () => {
  it('counts from the login, keeps its time across reloads, and restarts only on 继续 when due', async () => {
    const m = await member();
    await fundLottery(t, m, 10_000n);
    const session = async () => {
      const res = await as(t.app, m, { method: 'GET', url: '/v1/responsible-play/session' });
      expect(res.statusCode).toBe(200);
      return body<{
        started_at: string;
        now: string;
        duration_seconds: number;
        stakes: string;
        payouts: string;
        net: string;
        interval_minutes: number;
        next_check_at: string | null;
      }>(res).data;
    };
    const off = await session();
    expect(off).toMatchObject({ interval_minutes: 0, next_check_at: null, stakes: '0.00', net: '0.00' });
    const startedAt = off.started_at;

    clock.advance(10 * 60_000);
    const set = await as(t.app, m, {
      method: 'PUT',
      url: '/v1/responsible-play/reality-check',
      payload: { minutes: 30 },
    });
    const setAt = clock.now().getTime();
    expect(body(set)).toMatchObject({
      message: '已设置每30分钟提醒一次',
      data: { interval_minutes: 30, next_check_at: new Date(setAt + 30 * 60_000).toISOString() },
    });
    expect((await lotteryBet(m, 4)).statusCode).toBe(200);
    expect((await gameTransfer(t, m, 'in', '20')).statusCode).toBe(200);
    expect((await gameTransfer(t, m, 'out', '5')).statusCode).toBe(200);

    clock.set(setAt + 31 * 60_000);
    const due = await session();
    expect(due).toMatchObject({
      started_at: startedAt,
      now: clock.now().toISOString(),
      stakes: '24.00',
      payouts: '5.00',
      net: '-19.00',
      next_check_at: new Date(setAt + 30 * 60_000).toISOString(),
    });
    expect(due.duration_seconds).toBe(Math.floor((clock.now().getTime() - Date.parse(startedAt)) / 1000));
    // A reload changes nothing: the check is still due.
    expect((await session()).next_check_at).toBe(due.next_check_at);

    const answered = await as(t.app, m, { method: 'POST', url: '/v1/responsible-play/session/continue' });
    const next = new Date(clock.now().getTime() + 30 * 60_000).toISOString();
    expect(body(answered).data).toMatchObject({ next_check_at: next });
    clock.advance(5 * 60_000);
    // Not due: 继续 answers without moving it.
    expect(
      body(await as(t.app, m, { method: 'POST', url: '/v1/responsible-play/session/continue' })).data,
    ).toMatchObject({ next_check_at: next });
    expect((await session()).next_check_at).toBe(next);
    expect((await overview(t, m)).reality_check_minutes).toBe(30);

    // Another session of the member counts from its own login.
    const other = await login(m);
    const own = body<{ started_at: string; stakes: string }>(
      await t.app.inject({ method: 'GET', url: '/v1/responsible-play/session', headers: other }),
    ).data;
    expect(own).toMatchObject({ started_at: clock.now().toISOString(), stakes: '0.00' });
  });
});
