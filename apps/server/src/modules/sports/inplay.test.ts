import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatFen, formatSportsOdds, parseSportsOdds, REALTIME_EVENTS, type PlayTypeId } from '@app/shared';
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
  openInPlayAt,
  outcomeLiability,
  submit,
  type MatchRow,
} from '../../test/sports-helpers.ts';
import { members } from '../accounts/accounts.table.ts';
import { ledgerEntries } from '../ledger/ledger.table.ts';
import { memberBetLimits } from './limits.table.ts';
import { matches, matchMarkets, orderLegs, orders } from './sports.table.ts';
import { marketSuspensions } from './suspensions.table.ts';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

// Speed 1 (real time): a football match lasts about two hours, so several are live at once.
const clock = new ManualClock(TEST_START);
let t: TestApp;
/** A moment when `football` (two matches) and `basketball` (one) all take in-play bets. */
let at: Date;
let football: MatchRow[];
let basketball: MatchRow;

beforeAll(async () => {
  t = await createSportsApp({ SPORTS_SIM_SPEED: '1' }, clock);
  const start = clock.now().getTime();
  const rows = await t.database.db.select().from(matches).where(eq(matches.feed, t.config.sports.feedName));
  for (let when = start + MINUTE; when < start + 6 * 60 * MINUTE; when += MINUTE) {
    const f = openInPlayAt(t.app.services.sportsFeed, rows, new Date(when), 'football');
    const b = openInPlayAt(t.app.services.sportsFeed, rows, new Date(when), 'basketball');
    if (f.length >= 2 && b.length >= 1) {
      at = new Date(when);
      football = f.slice(0, 2);
      basketball = b[0]!;
      break;
    }
  }
  if (!at) throw new Error('no moment with matches open in play');
  clock.set(at);
  await t.app.services.feedSync.tick(at);
});
// Every test starts from the feed's word at `at` (tests below write match rows by hand).
beforeEach(() => t.app.services.feedSync.tick(at).then(() => undefined));
afterEach(async () => {
  await t.database.db.delete(marketSuspensions);
  await expectLedgerBalanced(t);
});
afterAll(() => t.close());

const after = (ms: number) => new Date(at.getTime() + ms);
const DELAY = 5 * SECOND;

async function member(policy?: 'any' | 'higher' | 'none', fen = 1_000_000n) {
  const m = await newMember(t.app);
  await fund(t, m, fen);
  if (policy) {
    const res = await as(t.app, m, {
      method: 'PUT',
      url: '/v1/sports/preferences',
      payload: { odds_policy: policy },
    });
    expect(res.statusCode).toBe(200);
  }
  return m;
}

async function leg(match: MatchRow, playType: PlayTypeId, option: string) {
  const { line, odds } = await oddsOf(t, match.id, playType);
  return { match_id: match.id, bet_type: playType.split('.')[1]!, option, odds: odds[option]!, line };
}

/** A leg on the option priced nearest 3.00 with room to move either way (1.40 to 500.00). */
async function pick(match: MatchRow, playType: PlayTypeId) {
  const { odds } = await oddsOf(t, match.id, playType);
  const [option] = Object.keys(odds)
    .filter((k) => Number(odds[k]) >= 1.4 && Number(odds[k]) <= 500)
    .sort((a, b) => Math.abs(Number(odds[a]) - 3) - Math.abs(Number(odds[b]) - 3));
  if (!option) throw new Error(`no option to bet on in ${playType}`);
  return leg(match, playType, option);
}

async function single(m: TestMember, selection: Awaited<ReturnType<typeof leg>>, multiple = 10) {
  const sport_type = selection.bet_type === 'win-lose' || selection.bet_type === 'total-score' ? 2 : 1;
  return submit(t, m, { sport_type, bet_mode: 'single', multiple, selections: [selection] });
}

async function placed(m: TestMember, selection: Awaited<ReturnType<typeof leg>>, multiple = 10) {
  const res = await single(m, selection, multiple);
  expect(res.statusCode, res.body).toBe(200);
  return body<{
    order_id: number;
    order_no: string;
    status: string;
    accept_at: string | null;
    max_prize: string;
    total_amount: string;
  }>(res).data;
}

async function orderRow(id: number) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function setOdds(matchId: number, playType: string, option: string, odds: string) {
  await t.database.db
    .update(matchMarkets)
    .set({ odds: sql`jsonb_set(${matchMarkets.odds}, ${`{${option}}`}::text[], to_jsonb(${odds}::text))` })
    .where(and(eq(matchMarkets.matchId, matchId), eq(matchMarkets.playType, playType)));
}

/** Odds moved by `by` hundredths, in the engine's integer arithmetic. */
const bump = (odds: string, by: bigint) => formatSportsOdds(parseSportsOdds(odds)! + by);
const main = async (m: TestMember) => (await t.app.services.ledger.balances(m.id)).get('main');

const exposureOf = (matchId: number, playType: string, option: string) =>
  outcomeLiability(t, matchId, playType, option);

describe('matches in play', () => {
  it('carries the in-play state and offers only the in-play markets while live', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/live-matches/${football[0]!.id}/detail` });
    const data = body<{
      status: string;
      live_betting: boolean;
      live_suspended: boolean;
      live_suspend_reason: string | null;
      betting_open: boolean;
      markets: Array<{ play_type: string; suspended: boolean }>;
    }>(res).data;
    expect(data).toMatchObject({
      status: 'live',
      live_betting: true,
      live_suspended: false,
      live_suspend_reason: null,
      betting_open: false,
    });
    expect(data.markets.map((m) => m.play_type).sort()).toEqual([
      'football.handicap',
      'football.totalGoals',
      'football.winDrawLose',
    ]);
    expect(data.markets.every((m) => !m.suspended)).toBe(true);

    await t.database.db
      .update(matches)
      .set({ liveSuspended: true, liveSuspendReason: '进球', liveSuspendedAt: at })
      .where(eq(matches.id, football[0]!.id));
    // Written as the feed sync writes it, which then drops the public lists kept in memory.
    t.app.services.publicCache.invalidate('sports');
    const suspended = body<typeof data>(
      await t.app.inject({ method: 'GET', url: `/v1/live-matches/${football[0]!.id}/detail` }),
    ).data;
    expect(suspended).toMatchObject({
      live_betting: false,
      live_suspended: true,
      live_suspend_reason: '进球',
    });
    expect(suspended.markets.every((m) => m.suspended)).toBe(true);
  });
});

describe('member preferences', () => {
  it("defaults to 'higher' and shows the bet delays", async () => {
    const m = await member();
    const res = await as(t.app, m, { method: 'GET', url: '/v1/sports/preferences' });
    expect(body(res)).toMatchObject({
      code: 200,
      data: { odds_policy: 'higher', bet_delay_seconds: { football: 5, basketball: 3 } },
    });
  });

  it('saves a policy, and refuses a bad one with a Chinese message, writing nothing', async () => {
    const m = await member('none');
    const bad = await as(t.app, m, {
      method: 'PUT',
      url: '/v1/sports/preferences',
      payload: { odds_policy: 'sometimes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).code).toBe(400);
    expect(body(bad).message).toContain('赔率变化设置');
    const missing = await as(t.app, m, { method: 'PUT', url: '/v1/sports/preferences', payload: {} });
    expect(body(missing).code).toBe(400);
    const now = body(await as(t.app, m, { method: 'GET', url: '/v1/sports/preferences' })).data;
    expect(now).toMatchObject({ odds_policy: 'none' });
    expect((await t.app.inject({ method: 'GET', url: '/v1/sports/preferences' })).statusCode).toBe(401);
  });
});

describe('in-play submit', () => {
  it('takes an in-play single as confirming, with the stake debited and no turnover yet', async () => {
    const m = await member();
    const order = await placed(m, await leg(football[0]!, 'football.winDrawLose', 'h'));
    expect(order).toMatchObject({ status: 'confirming', accept_at: after(DELAY).toISOString() });
    expect(await main(m)).toBe(1_000_000n - 2_000n);
    const [row] = await t.database.db.select().from(members).where(eq(members.id, m.id));
    expect(row!.totalgame).toBe(0n);
    const detail = body<{
      status: string;
      status_text: string;
      accept_at: string;
      legs: Array<{ in_play: boolean }>;
    }>(await as(t.app, m, { method: 'GET', url: `/v1/order/by-no/${order.order_no}/detail` })).data;
    expect(detail).toMatchObject({
      status: 'confirming',
      status_text: '投注确认中',
      accept_at: order.accept_at,
    });
    expect(detail.legs[0]!.in_play).toBe(true);
    await t.app.services.liveAcceptance.decide(order.order_id, after(DELAY));
  });

  it('uses the basketball delay for a basketball in-play order', async () => {
    const m = await member();
    const order = await placed(m, await leg(basketball, 'basketball.win-lose', 'h'));
    expect(order.accept_at).toBe(after(3 * SECOND).toISOString());
    await t.app.services.liveAcceptance.decide(order.order_id, after(3 * SECOND));
  });

  it('refuses a live leg on a play type not offered in play', async () => {
    const m = await member();
    const res = await single(m, await leg(football[0]!, 'football.score', '1:0'));
    expect(res.statusCode).toBe(422);
    expect(body(res).message).toContain('不提供滚球投注');
    expect(await main(m)).toBe(1_000_000n);
  });

  it('refuses a live leg while its match is suspended or closed in play', async () => {
    const m = await member();
    const selection = await leg(football[0]!, 'football.winDrawLose', 'h');
    await t.database.db
      .update(matches)
      .set({ liveSuspended: true, liveSuspendReason: '点球', liveSuspendedAt: at })
      .where(eq(matches.id, football[0]!.id));
    const res = await single(m, selection);
    expect(body(res).code).toBe(422);
    expect(body(res).message).toContain('点球');
    expect(body(res).message).toContain('已暂停投注');
    await t.database.db
      .update(matches)
      .set({ liveOpen: false, liveSuspended: true, liveSuspendReason: '比赛末段' })
      .where(eq(matches.id, football[0]!.id));
    expect(body(await single(m, selection)).message).toContain('已停止投注');
    expect(await main(m)).toBe(1_000_000n);
  });

  it("'any' takes moved odds silently at submit", async () => {
    const m = await member('any');
    const selection = await leg(football[0]!, 'football.winDrawLose', 'd');
    const order = await placed(m, { ...selection, odds: bump(selection.odds, 30n) });
    const [l] = await t.database.db.select().from(orderLegs).where(eq(orderLegs.orderId, order.order_id));
    expect(l!.odds).toBe(selection.odds);
    await t.app.services.liveAcceptance.decide(order.order_id, after(DELAY));
  });

  it("'higher' takes a rise but refuses a fall with 409 and direction 'down'", async () => {
    const m = await member();
    const selection = await pick(football[0]!, 'football.winDrawLose');
    const up = await placed(m, { ...selection, odds: bump(selection.odds, -20n) });
    expect(up.status).toBe('confirming');
    await t.app.services.liveAcceptance.decide(up.order_id, after(DELAY));
    const down = await single(m, { ...selection, odds: bump(selection.odds, 20n) });
    expect(down.statusCode).toBe(409);
    expect(body(down)).toMatchObject({
      message: '赔率已变化，请确认最新赔率后重新提交',
      data: {
        changes: [
          {
            match_id: football[0]!.id,
            option: selection.option,
            old_odds: bump(selection.odds, 20n),
            new_odds: selection.odds,
            direction: 'down',
          },
        ],
      },
    });
  });

  it("'none' refuses any move, and a changed line is refused whatever the policy", async () => {
    const none = await member('none');
    const selection = await pick(football[0]!, 'football.winDrawLose');
    const res = await single(none, { ...selection, odds: bump(selection.odds, -20n) });
    expect(body(res)).toMatchObject({ code: 409, data: { changes: [{ direction: 'up' }] } });
    const any = await member('any');
    const handicap = await leg(football[0]!, 'football.handicap', 'h');
    const moved = await single(any, { ...handicap, line: handicap.line === '-1' ? '+1' : '-1' });
    expect(body(moved)).toMatchObject({ code: 409, data: { changes: [{ direction: 'line' }] } });
  });
});

describe('deciding in-play orders after the bet delay', () => {
  it('accepts after the delay with unchanged odds: pending, turnover counted, order.confirmed pushed', async () => {
    const m = await member();
    const publish = vi.spyOn(t.app.services.realtime.broadcaster, 'publish');
    const order = await placed(m, await leg(football[0]!, 'football.winDrawLose', 'h'));
    // Not before its time.
    expect(await t.app.services.liveAcceptance.decide(order.order_id, after(DELAY - 1))).toBeNull();
    expect((await orderRow(order.order_id)).status).toBe('confirming');
    const report = await t.app.services.liveAcceptance.run(after(DELAY));
    expect(report.accepted).toBeGreaterThanOrEqual(1);
    const row = await orderRow(order.order_id);
    expect(row).toMatchObject({ status: 'pending', rejectReason: null, maxPrize: row.maxPrize });
    expect(formatFen(row.maxPrize)).toBe(order.max_prize);
    const [mine] = await t.database.db.select().from(members).where(eq(members.id, m.id));
    expect(mine!.totalgame).toBe(2_000n);
    expect(publish).toHaveBeenCalledWith(`private-user.${m.id}`, REALTIME_EVENTS.orderConfirmed, {
      order_no: order.order_no,
      status: 'pending',
      reason: null,
      odds_changed: false,
      max_prize: order.max_prize,
      accept_at: order.accept_at,
    });
    publish.mockRestore();
    const summary = body<{ list: Array<{ order_no: string; status: string; accept_at: string }> }>(
      await as(t.app, m, { method: 'GET', url: '/v1/order/history' }),
    ).data.list[0];
    expect(summary).toMatchObject({
      order_no: order.order_no,
      status: 'pending',
      accept_at: order.accept_at,
    });
  });

  it("odds up under 'higher': accepted at the new odds, max prize recomputed, book follows", async () => {
    const m = await member('higher');
    const selection = await pick(football[1]!, 'football.totalGoals');
    const before = await exposureOf(football[1]!.id, 'football.totalGoals', selection.option);
    const order = await placed(m, selection);
    const higher = bump(selection.odds, 50n);
    await setOdds(football[1]!.id, 'football.totalGoals', selection.option, higher);
    const decision = await t.app.services.liveAcceptance.decide(order.order_id, after(DELAY));
    expect(decision).toMatchObject({ status: 'pending', oddsChanged: true });
    const row = await orderRow(order.order_id);
    // 10 bets of 2 元 at the new odds.
    const prize = BigInt(Math.round(Number(higher) * 100)) * 2n * 10n;
    expect(row.maxPrize).toBe(prize);
    const [l] = await t.database.db.select().from(orderLegs).where(eq(orderLegs.orderId, order.order_id));
    expect(l!.odds).toBe(higher);
    // The book carries it at the new odds: prize − stake.
    expect(await exposureOf(football[1]!.id, 'football.totalGoals', selection.option)).toBe(
      before + prize - 2_000n,
    );
  });

  it("odds up past the member's payout limit per match: rejected and refunded, never accepted over it", async () => {
    const m = await member('any', 1_000_000n);
    const selection = await pick(football[0]!, 'football.winDrawLose');
    const order = await placed(m, selection);
    // The limit is exactly this order's max prize: the bet fits as placed, not one fen more.
    await t.database.db.insert(memberBetLimits).values({
      memberId: m.id,
      maxStake: null,
      maxPayoutPerMatch: BigInt(Math.round(Number(order.max_prize) * 100)),
      reason: '风控限额',
      operatorId: null,
      updatedAt: clock.now(),
    });
    const balance = await main(m);
    await setOdds(football[0]!.id, 'football.winDrawLose', selection.option, bump(selection.odds, 20n));
    const decision = await t.app.services.liveAcceptance.decide(order.order_id, after(DELAY));
    expect(decision).toMatchObject({ status: 'rejected', reason: '超出账户单场限额' });
    expect(await main(m)).toBe(balance! + 2_000n);
    expect((await orderRow(order.order_id)).status).toBe('rejected');
  });

  it("odds up under 'none': rejected, refunded to the fen, book exposure released", async () => {
    const m = await member('none');
    const selection = await pick(football[1]!, 'football.totalGoals');
    const before = await exposureOf(football[1]!.id, 'football.totalGoals', selection.option);
    const order = await placed(m, selection);
    expect(await exposureOf(football[1]!.id, 'football.totalGoals', selection.option)).toBeGreaterThan(
      before,
    );
    await setOdds(football[1]!.id, 'football.totalGoals', selection.option, bump(selection.odds, 50n));
    const decision = await t.app.services.liveAcceptance.decide(order.order_id, after(DELAY));
    expect(decision).toMatchObject({ status: 'rejected', reason: '赔率已变化' });
    expect(await main(m)).toBe(1_000_000n);
    expect(await exposureOf(football[1]!.id, 'football.totalGoals', selection.option)).toBe(before);
    const row = await orderRow(order.order_id);
    expect(row).toMatchObject({ status: 'rejected', rejectReason: '赔率已变化' });
    const refunds = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.memberId, m.id), eq(ledgerEntries.type, 'bet_refund')));
    expect(refunds.map((e) => e.amount)).toEqual([2_000n]);
    const detail = body<{ status: string; status_text: string; reject_reason: string }>(
      await as(t.app, m, { method: 'GET', url: `/v1/order/by-no/${order.order_no}/detail` }),
    ).data;
    expect(detail).toMatchObject({
      status: 'rejected',
      status_text: '投注被拒',
      reject_reason: '赔率已变化',
    });
    // Never a bet: its one combination reads void (退款) with the stake back, not 待开奖.
    const stats = body(
      await as(t.app, m, { method: 'GET', url: `/v1/order/by-no/${order.order_no}/combo-stats` }),
    ).data;
    expect(stats).toMatchObject({ total: 1, void: 1, pending: 0, payout: '20.00' });
    const combos = body<{ list: Array<{ status: string }> }>(
      await as(t.app, m, { method: 'GET', url: `/v1/order/by-no/${order.order_no}/combo-details` }),
    ).data;
    expect(combos.list.map((c) => c.status)).toEqual(['void']);
  });

  it("odds down: rejected under 'higher', accepted at the lower odds under 'any'", async () => {
    const higher = await member('higher');
    const any = await member('any');
    const selection = await pick(football[0]!, 'football.handicap');
    const a = await placed(higher, selection);
    const b = await placed(any, selection);
    const lower = bump(selection.odds, -30n);
    await setOdds(football[0]!.id, 'football.handicap', selection.option, lower);
    const report = await t.app.services.liveAcceptance.run(after(DELAY));
    expect(report).toMatchObject({ accepted: 1, rejected: 1, reasons: { 赔率已变化: 1 } });
    expect(await orderRow(a.order_id)).toMatchObject({ status: 'rejected', rejectReason: '赔率已变化' });
    expect(await main(higher)).toBe(1_000_000n);
    const accepted = await orderRow(b.order_id);
    expect(accepted.status).toBe('pending');
    expect(accepted.maxPrize).toBe(BigInt(Math.round(Number(lower) * 100)) * 20n);
  });

  it('a suspension during the delay rejects, naming the event, even once it is over', async () => {
    const m = await member('any');
    const a = await placed(m, await leg(football[0]!, 'football.winDrawLose', 'h'));
    // A goal two seconds after the bet; suspended still when the delay ends.
    await t.database.db
      .update(matches)
      .set({ liveSuspended: true, liveSuspendReason: '进球', liveSuspendedAt: after(2 * SECOND) })
      .where(eq(matches.id, football[0]!.id));
    expect(await t.app.services.liveAcceptance.decide(a.order_id, after(DELAY))).toMatchObject({
      status: 'rejected',
      reason: '盘口暂停（进球）',
    });

    // Placed, then a red card comes and goes within the delay: still refused.
    await t.app.services.feedSync.tick(at);
    const b = await placed(m, await leg(football[0]!, 'football.winDrawLose', 'h'));
    await t.database.db
      .update(matches)
      .set({ liveSuspended: false, liveSuspendReason: '红牌', liveSuspendedAt: after(SECOND) })
      .where(eq(matches.id, football[0]!.id));
    const decided = await t.app.services.liveAcceptance.decide(b.order_id, after(DELAY));
    expect(decided?.reason).toContain('红牌');
    expect(await main(m)).toBe(1_000_000n);
  });

  it('an event the feed reported only after the bet, though it happened just before, rejects', async () => {
    const m = await member('any');
    const order = await placed(m, await leg(football[1]!, 'football.winDrawLose', 'h'));
    // The goal came a second before the bet, its suspension already over when the delay ends.
    await t.database.db
      .update(matches)
      .set({ liveSuspended: false, liveSuspendReason: '进球', liveSuspendedAt: after(-SECOND) })
      .where(eq(matches.id, football[1]!.id));
    expect(await t.app.services.liveAcceptance.decide(order.order_id, after(DELAY))).toMatchObject({
      status: 'rejected',
      reason: '盘口暂停（进球）',
    });
    expect(await main(m)).toBe(1_000_000n);
  });

  it('an operator suspension rejects', async () => {
    const m = await member('any');
    const order = await placed(m, await leg(football[1]!, 'football.winDrawLose', 'd'));
    await t.database.db.insert(marketSuspensions).values({
      matchId: football[1]!.id,
      playType: 'football.winDrawLose',
      reason: '风控',
      operatorId: null,
      createdAt: after(SECOND),
    });
    expect(await t.app.services.liveAcceptance.decide(order.order_id, after(DELAY))).toMatchObject({
      status: 'rejected',
      reason: '盘口暂停（人工暂停）',
    });
    expect(await main(m)).toBe(1_000_000n);
  });

  it('a line change rejects', async () => {
    const m = await member('any');
    const selection = await leg(football[1]!, 'football.handicap', 'a');
    const order = await placed(m, selection);
    await t.database.db
      .update(matchMarkets)
      .set({ line: selection.line === '-1' ? '-2' : '-1' })
      .where(and(eq(matchMarkets.matchId, football[1]!.id), eq(matchMarkets.playType, 'football.handicap')));
    expect(await t.app.services.liveAcceptance.decide(order.order_id, after(DELAY))).toMatchObject({
      status: 'rejected',
      reason: '盘口已变化',
    });
    expect(await main(m)).toBe(1_000_000n);
  });

  it('a match no longer open in play rejects', async () => {
    const m = await member('any');
    const order = await placed(m, await leg(basketball, 'basketball.total-score', 'over'));
    await t.database.db
      .update(matches)
      .set({
        liveOpen: false,
        liveSuspended: true,
        liveSuspendReason: '比赛末段',
        liveSuspendedAt: after(SECOND),
      })
      .where(eq(matches.id, basketball.id));
    expect(await t.app.services.liveAcceptance.decide(order.order_id, after(3 * SECOND))).toMatchObject({
      status: 'rejected',
      reason: '比赛已停止投注',
    });
  });

  it('deciding twice concurrently decides once: one refund, one push', async () => {
    const m = await member('none');
    const selection = await pick(football[0]!, 'football.totalGoals');
    const order = await placed(m, selection);
    await setOdds(football[0]!.id, 'football.totalGoals', selection.option, bump(selection.odds, 40n));
    const publish = vi.spyOn(t.app.services.realtime.broadcaster, 'publish');
    const svc = t.app.services.liveAcceptance;
    const results = await Promise.all([
      svc.decide(order.order_id, after(DELAY)),
      svc.decide(order.order_id, after(DELAY)),
      svc.run(after(DELAY)),
    ]);
    const [first, second, run] = results;
    expect([first, second].filter((r) => r !== null).length + run.accepted + run.rejected).toBe(1);
    const confirmed = publish.mock.calls.filter(
      ([channel, event]) => channel === `private-user.${m.id}` && event === REALTIME_EVENTS.orderConfirmed,
    );
    expect(confirmed).toHaveLength(1);
    publish.mockRestore();
    expect(await svc.decide(order.order_id, after(DELAY + MINUTE))).toBeNull();
    const refunds = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.memberId, m.id), eq(ledgerEntries.type, 'bet_refund')));
    expect(refunds).toHaveLength(1);
    expect(await main(m)).toBe(1_000_000n);
  });

  // Last: it plays every match to the end.
  it('never settles a confirming order; the decider refuses it once its match is over', async () => {
    const m = await member('any');
    const order = await placed(m, await leg(football[0]!, 'football.winDrawLose', 'h'));
    await finish(t, [football[0]!]);
    const [match] = await t.database.db.select().from(matches).where(eq(matches.id, football[0]!.id));
    expect(match!.status).toBe('finished');
    expect(await orderRow(order.order_id)).toMatchObject({ status: 'confirming', payout: 0n });
    await t.app.services.settlement.settleReadyOrders(football[0]!.id);
    expect((await orderRow(order.order_id)).status).toBe('confirming');
    expect(await t.app.services.liveAcceptance.decide(order.order_id, after(DELAY))).toMatchObject({
      status: 'rejected',
      reason: '比赛已停止投注',
    });
    expect(await main(m)).toBe(1_000_000n);

    // An operator's later correction of the match leaves the refused order alone.
    const risk = await newOperator(t.app, 'risk');
    const voided = await as(t.app, risk, {
      method: 'POST',
      url: `/admin/v1/sports/matches/${football[0]!.id}/correction`,
      payload: { kind: 'void', reason: '比赛结果无效' },
    });
    expect(body(voided).code).toBe(200);
    expect(await orderRow(order.order_id)).toMatchObject({ status: 'rejected', payout: 2_000n });
    expect(await main(m)).toBe(1_000_000n);
  });
});
