import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatFen } from '@app/shared';
import { as, body, newMember, type TestApp, type TestMember } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import {
  createSportsApp,
  finalState,
  finish,
  fund,
  oddsOf,
  openMatches,
  submit,
  wdlOption,
  type MatchRow,
} from '../../test/sports-helpers.ts';
import { ledgerEntries } from '../ledger/ledger.table.ts';
import { matches, orderLegs, orders } from './sports.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createSportsApp();
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

async function bet(
  member: TestMember,
  legs: Array<{ match: MatchRow; option: string }>,
  passType = 'single',
  multiple = 1,
) {
  const selections = [];
  for (const { match, option } of legs) {
    const { odds } = await oddsOf(t, match.id, 'football.winDrawLose');
    selections.push({ match_id: match.id, bet_type: 'winDrawLose', option, odds: odds[option]! });
  }
  const res = await submit(t, member, {
    sport_type: 1,
    bet_mode: passType === 'single' ? 'single' : 'mixed',
    pass_type: passType,
    multiple,
    selections,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return { ...body<{ order_id: number; order_no: string }>(res).data, odds: selections.map((s) => s.odds) };
}

const main = async (m: TestMember) => (await t.app.services.ledger.balances(m.id)).get('main')!;
const orderRow = async (id: number) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const payouts = async (orderNo: string) =>
  t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.referenceId, orderNo));

describe('settlement', () => {
  it('pays a winning single, not a losing one, exactly once, and pushes nothing twice', async () => {
    const [match] = await openMatches(t, 'football', 1);
    const m = await newMember(t.app);
    await fund(t, m, 1_000n);
    const win = await bet(m, [{ match: match!, option: wdlOption(t, match!, true) }], 'single', 3);
    const lose = await bet(m, [{ match: match!, option: wdlOption(t, match!, false) }]);
    expect(await main(m)).toBe(200n);
    const settledEvents: string[] = [];
    const off = t.app.services.events.on('order.settled', (e) => {
      if (e.memberId === m.id) settledEvents.push(`${e.orderNo}:${e.status}`);
    });
    await finish(t, [match!]);
    await finish(t, [match!]);
    await t.app.services.settlement.settleMatch(match!.id);
    off();

    const prize = (BigInt(Math.round(Number(win.odds[0]) * 100)) * 600n) / 100n;
    expect(await orderRow(win.order_id)).toMatchObject({ status: 'won', payout: prize });
    expect(await orderRow(lose.order_id)).toMatchObject({ status: 'lost', payout: 0n });
    expect(await main(m)).toBe(200n + prize);
    expect((await payouts(win.order_no)).filter((e) => e.type === 'payout')).toHaveLength(1);
    expect(settledEvents.sort()).toEqual([`${lose.order_no}:lost`, `${win.order_no}:won`].sort());

    const detail = body<{
      status: string;
      payout: string;
      legs: Array<{ status: string; match: { status: string } }>;
    }>(await as(t.app, m, { method: 'GET', url: `/v1/order/detail/${win.order_id}` })).data;
    expect(detail).toMatchObject({ status: 'won', payout: formatFen(prize) });
    expect(detail.legs[0]).toMatchObject({ status: 'won', match: { status: 'finished' } });
    const [row] = await t.database.db.select().from(matches).where(eq(matches.id, match!.id));
    expect(row?.settledAt).not.toBeNull();
  });

  it('settles a parlay only when its last leg is decided, with capped combos and stats', async () => {
    const [a, b, c] = await openMatches(t, 'football', 3);
    const m = await newMember(t.app);
    await fund(t, m, 10_000n);
    const order = await bet(
      m,
      [
        { match: a!, option: wdlOption(t, a!, true) },
        { match: b!, option: wdlOption(t, b!, true) },
        { match: c!, option: wdlOption(t, c!, false) },
      ],
      '3x4',
    );
    // On the feed's clock: a and b are over (a match lasts under 12 real minutes at speed 10), c not yet.
    const between = new Date(b!.kickoffAt.getTime() + 12.5 * 60_000);
    expect(c!.kickoffAt.getTime()).toBeGreaterThan(between.getTime());
    await t.app.services.feedSync.tick(between);
    const [legA] = await t.database.db.select().from(orderLegs).where(eq(orderLegs.matchId, a!.id));
    expect(legA?.status).toBe('won');
    expect(await orderRow(order.order_id)).toMatchObject({ status: 'pending', payout: 0n });
    await finish(t, [a!, b!, c!]);
    const settled = await orderRow(order.order_id);
    // The 2串1 of a and b wins; the three bets with c lose.
    const [oa, ob] = order.odds.map((o) => BigInt(Math.round(Number(o) * 100)));
    const prize = (oa! * ob! * 200n) / 10_000n;
    expect(settled).toMatchObject({ status: 'won', payout: prize });
    const stats = body(
      await as(t.app, m, { method: 'GET', url: `/v1/order/by-no/${order.order_no}/combo-stats` }),
    ).data;
    expect(stats).toEqual({ total: 4, won: 1, lost: 3, void: 0, pending: 0, payout: formatFen(prize) });
    const wonCombos = body<{ list: Array<{ status: string; prize: string }>; total: number }>(
      await as(t.app, m, { method: 'GET', url: `/v1/order/by-no/${order.order_no}/combo-details?status=1` }),
    ).data;
    expect(wonCombos).toMatchObject({ total: 1, list: [{ status: 'won', prize: formatFen(prize) }] });
    const lostCombos = body<{ total: number }>(
      await as(t.app, m, { method: 'GET', url: `/v1/order/by-no/${order.order_no}/combo-details?status=2` }),
    ).data;
    expect(lostCombos.total).toBe(3);
    expect(
      body(
        await as(t.app, m, {
          method: 'GET',
          url: `/v1/order/by-no/${order.order_no}/combo-details?status=5`,
        }),
      ),
    ).toMatchObject({ code: 400 });
  });

  it('refunds a single on a cancelled match and counts it 1.00 in a parlay', async () => {
    const [cancelled] = await openMatches(t, 'football', 1, 'cancelled');
    const [played] = await openMatches(t, 'football', 1);
    const m = await newMember(t.app);
    await fund(t, m, 10_000n);
    const single = await bet(m, [{ match: cancelled!, option: 'h' }], 'single', 5);
    const parlay = await bet(
      m,
      [
        { match: cancelled!, option: 'd' },
        { match: played!, option: wdlOption(t, played!, true) },
      ],
      '2x1',
    );
    await finish(t, [cancelled!, played!]);
    expect(finalState(t, cancelled!).status).toBe('cancelled');
    expect(await orderRow(single.order_id)).toMatchObject({ status: 'refunded', payout: 1_000n });
    const odds = BigInt(Math.round(Number(parlay.odds[1]) * 100));
    expect(await orderRow(parlay.order_id)).toMatchObject({ status: 'won', payout: (odds * 200n) / 100n });
    const refund = await payouts(single.order_no);
    expect(refund.map((e) => e.type).sort()).toEqual(['bet', 'bet_refund']);
    const legs = await t.database.db.select().from(orderLegs).where(eq(orderLegs.orderId, single.order_id));
    expect(legs[0]?.status).toBe('void');
  });

  it('finishes the job after a crash between deciding legs and paying orders', async () => {
    const [match] = await openMatches(t, 'football', 1);
    const m = await newMember(t.app);
    await fund(t, m, 1_000n);
    const win = await bet(m, [{ match: match!, option: wdlOption(t, match!, true) }]);
    // Simulate the crash: the match is over and its legs decided, but no order was settled.
    const state = finalState(t, match!);
    await t.database.db
      .update(matches)
      .set({
        status: 'finished',
        homeScore: state.score.home,
        awayScore: state.score.away,
        result: { status: 'finished', sport: 'football', fullTime: state.score, halfTime: state.halfTime },
      })
      .where(eq(matches.id, match!.id));
    await t.database.db
      .update(orderLegs)
      .set({ status: 'won', settledAt: sql`now()` })
      .where(eq(orderLegs.orderId, win.order_id));
    expect((await orderRow(win.order_id)).status).toBe('pending');

    // The next sync sweeps finished-but-unsettled matches; a second run changes nothing.
    await t.app.services.feedSync.tick(t.app.services.clock.now());
    await t.app.services.feedSync.tick(t.app.services.clock.now());
    await t.app.services.settlement.settleReadyOrders(match!.id);
    const row = await orderRow(win.order_id);
    expect(row.status).toBe('won');
    expect((await payouts(win.order_no)).filter((e) => e.type === 'payout')).toHaveLength(1);
    expect(await main(m)).toBe(800n + row.payout);
  });

  it('marks over matches nobody bet on settled in the same pass that settles the ones with bets', async () => {
    const [betOn, unbet] = await openMatches(t, 'football', 2);
    const m = await newMember(t.app);
    await fund(t, m, 1_000n);
    const win = await bet(m, [{ match: betOn!, option: wdlOption(t, betOn!, true) }]);
    await finish(t, [betOn!, unbet!]);
    const settledAt = async (id: number) =>
      (await t.database.db.select({ at: matches.settledAt }).from(matches).where(eq(matches.id, id)))[0]?.at;
    expect(await settledAt(unbet!.id)).toBeInstanceOf(Date);
    expect(await settledAt(betOn!.id)).toBeInstanceOf(Date);
    const row = await orderRow(win.order_id);
    expect(row.status).toBe('won');
    expect((await payouts(win.order_no)).filter((e) => e.type === 'payout')).toHaveLength(1);
  });
});
