/**
 * 提前结算 in play: an order with a leg on a live match is priced from the in-play odds; taking
 * the offer waits through the bet delay (a request), and when it ends the order is priced again
 * and paid, or refused with why: a suspension began meanwhile, or the offer moved against the
 * member's odds-change setting. One request at a time per order; a share as well as the whole.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cashOutQuote, formatFen, parseSportsOdds, REALTIME_EVENTS } from '@app/shared';
import { ManualClock } from '../../lib/clock.ts';
import { as, body, newMember, TEST_START, type TestApp, type TestMember } from '../../test/harness.ts';
import { entriesOf, expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import {
  createSportsApp,
  fund,
  oddsOf,
  firstInPlayMoment,
  submit,
  type MatchRow,
} from '../../test/sports-helpers.ts';
import { matches, matchMarkets, orders } from './sports.table.ts';

const SECOND = 1_000;
/** The football bet delay of the test configuration. */
const DELAY = 5 * SECOND;
const WDL = 'football.winDrawLose';

const clock = new ManualClock(TEST_START);
let t: TestApp;
/** A moment when `match` takes in-play bets. */
let at: Date;
let match: MatchRow;

beforeAll(async () => {
  t = await createSportsApp({ SPORTS_SIM_SPEED: '1' }, clock);
  const rows = await t.database.db.select().from(matches).where(eq(matches.feed, t.config.sports.feedName));
  ({ at, match } = firstInPlayMoment(t.app.services.sportsFeed, rows, clock.now().getTime()));
});
// Every test starts from the feed's word at `at` (tests below write match rows by hand).
beforeEach(async () => {
  clock.set(at);
  await t.app.services.feedSync.tick(at);
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

const after = (ms: number) => new Date(at.getTime() + ms);
let keys = 0;

/** An in-play ×10 single on the 胜平负 option priced nearest 3.00, accepted after its delay. */
async function placeInPlay(policy?: 'any' | 'higher' | 'none') {
  const m = await newMember(t.app);
  await fund(t, m, 100_000n);
  if (policy)
    expect(
      (await as(t.app, m, { method: 'PUT', url: '/v1/sports/preferences', payload: { odds_policy: policy } }))
        .statusCode,
    ).toBe(200);
  const { odds } = await oddsOf(t, match.id, WDL);
  const [option] = Object.keys(odds).sort(
    (x, y) => Math.abs(Number(odds[x]) - 3) - Math.abs(Number(odds[y]) - 3),
  );
  const res = await submit(t, m, {
    sport_type: 1,
    bet_mode: 'single',
    multiple: 10,
    selections: [{ match_id: match.id, bet_type: 'winDrawLose', option: option!, odds: odds[option!]! }],
  });
  expect(res.statusCode, res.body).toBe(200);
  const placed = body<{ order_id: number; order_no: string; status: string }>(res).data;
  expect(placed.status).toBe('confirming');
  await t.app.services.liveAcceptance.run(after(DELAY));
  return { m, ...placed, option: option!, odds: odds[option!]! };
}

type Offer = {
  available: boolean;
  offer: string | null;
  reason: string | null;
  in_play: boolean;
  delay_seconds: number;
  waiting: { shares: number; accepted: string; decide_at: string } | null;
};
const quote = async (m: TestMember, orderNo: string) =>
  body<Offer>(await as(t.app, m, { method: 'GET', url: `/v1/cash-out/${orderNo}` })).data;

const take = (m: TestMember, orderNo: string, offer: string, shares?: number) =>
  as(t.app, m, {
    method: 'POST',
    url: `/v1/cash-out/${orderNo}`,
    payload: shares === undefined ? { offer } : { offer, shares },
    headers: { 'idempotency-key': `inplay-take-${++keys}` },
  });

async function setOdds(option: string, odds: string) {
  const where = and(eq(matchMarkets.matchId, match.id), eq(matchMarkets.playType, WDL));
  const [row] = await t.database.db.select().from(matchMarkets).where(where);
  await t.database.db
    .update(matchMarkets)
    .set({ odds: { ...row!.odds, [option]: odds } })
    .where(where);
}

const orderRow = async (id: number) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const cashOutsOf = async (m: TestMember) =>
  (await entriesOf(t, m.id)).filter((e) => e.type === 'cash_out').map((e) => e.amount);

describe('提前结算 in play', () => {
  it('prices from the in-play odds, waits through the bet delay, then pays the offer', async () => {
    const placed = await placeInPlay();
    const { odds } = await oddsOf(t, match.id, WDL);
    const expected = cashOutQuote(
      {
        passType: 'single',
        multiple: 10,
        selections: [
          {
            matchId: String(match.id),
            sport: 'football',
            betType: 'winDrawLose',
            option: placed.option,
            odds: placed.odds,
          },
        ],
      },
      ['pending'],
      [parseSportsOdds(odds[placed.option]!)],
      500,
    );
    if (!expected.ok) throw new Error('no expected offer');
    const shown = await quote(placed.m, placed.order_no);
    expect(shown).toMatchObject({
      available: true,
      in_play: true,
      delay_seconds: DELAY / SECOND,
      offer: formatFen(expected.offerFen),
      waiting: null,
    });

    const publish = vi.spyOn(t.app.services.realtime.broadcaster, 'publish');
    const asked = await take(placed.m, placed.order_no, shown.offer!);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(body(asked)).toMatchObject({
      message: '滚球提前结算已提交，投注延迟结束后确认',
      data: { status: 'waiting', amount: null, decide_at: after(DELAY).toISOString() },
    });
    // Waiting: nothing paid, the order open, no second request.
    expect(await cashOutsOf(placed.m)).toEqual([]);
    expect((await orderRow(placed.order_id)).status).toBe('pending');
    expect(await quote(placed.m, placed.order_no)).toMatchObject({
      available: false,
      reason: '提前结算确认中，请稍候',
      waiting: { shares: 10, accepted: shown.offer },
    });
    const again = await take(placed.m, placed.order_no, shown.offer!);
    expect(body(again)).toMatchObject({ code: 409, message: '提前结算确认中，请稍候' });

    // Not before the delay ends; then once, whatever the number of runs.
    expect(await t.app.services.cashOut.decideDue(after(DELAY - 1))).toEqual({ paid: 0, refused: 0 });
    clock.set(after(DELAY));
    expect(await t.app.services.cashOut.decideDue(after(DELAY))).toEqual({ paid: 1, refused: 0 });
    expect(await t.app.services.cashOut.decideDue(after(DELAY))).toEqual({ paid: 0, refused: 0 });
    expect(await orderRow(placed.order_id)).toMatchObject({
      status: 'cashed_out',
      payout: expected.offerFen,
    });
    expect(await cashOutsOf(placed.m)).toEqual([expected.offerFen]);
    expect(publish).toHaveBeenCalledWith(`private-user.${placed.m.id}`, REALTIME_EVENTS.cashOutDecided, {
      order_no: placed.order_no,
      status: 'cashed_out',
      amount: formatFen(expected.offerFen),
      reason: null,
    });
    publish.mockRestore();
  });

  it('refuses when a suspension began during the delay, even one already lifted; nothing paid', async () => {
    const placed = await placeInPlay();
    const shown = await quote(placed.m, placed.order_no);
    expect((await take(placed.m, placed.order_no, shown.offer!)).statusCode).toBe(200);
    await t.database.db
      .update(matches)
      .set({ liveSuspended: false, liveSuspendReason: '进球', liveSuspendedAt: after(2 * SECOND) })
      .where(eq(matches.id, match.id));
    const publish = vi.spyOn(t.app.services.realtime.broadcaster, 'publish');
    expect(await t.app.services.cashOut.decideDue(after(DELAY))).toEqual({ paid: 0, refused: 1 });
    expect(publish).toHaveBeenCalledWith(`private-user.${placed.m.id}`, REALTIME_EVENTS.cashOutDecided, {
      order_no: placed.order_no,
      status: 'refused',
      amount: null,
      reason: '确认期间盘口暂停，提前结算未成功',
    });
    publish.mockRestore();
    expect((await orderRow(placed.order_id)).status).toBe('pending');
    expect(await cashOutsOf(placed.m)).toEqual([]);
    // The member may ask again: the request is closed.
    expect(await quote(placed.m, placed.order_no)).toMatchObject({ waiting: null });
  });

  it('has no offer while the match is suspended in play', async () => {
    const placed = await placeInPlay();
    await t.database.db
      .update(matches)
      .set({ liveSuspended: true, liveSuspendReason: '点球', liveSuspendedAt: at })
      .where(eq(matches.id, match.id));
    expect(await quote(placed.m, placed.order_no)).toMatchObject({
      available: false,
      in_play: true,
      reason: '盘口暂停（点球），暂不能提前结算',
    });
    expect((await take(placed.m, placed.order_no, '1.00')).statusCode).toBe(409);
  });

  it('refuses an offer that fell during the delay under 只接受更高赔率, and pays it under 接受任何赔率', async () => {
    for (const policy of ['higher', 'any'] as const) {
      await t.app.services.feedSync.tick(at);
      const placed = await placeInPlay(policy);
      const shown = await quote(placed.m, placed.order_no);
      expect((await take(placed.m, placed.order_no, shown.offer!)).statusCode).toBe(200);
      // The option drifts: worth less now.
      await setOdds(placed.option, '9.00');
      const verdict = await t.app.services.cashOut.decideDue(after(DELAY));
      const lower = await quote(placed.m, placed.order_no);
      if (policy === 'higher') {
        expect(verdict).toEqual({ paid: 0, refused: 1 });
        expect((await orderRow(placed.order_id)).status).toBe('pending');
        expect(Number(lower.offer)).toBeLessThan(Number(shown.offer));
      } else {
        expect(verdict).toEqual({ paid: 1, refused: 0 });
        expect((await orderRow(placed.order_id)).status).toBe('cashed_out');
        expect(formatFen((await cashOutsOf(placed.m))[0]!)).not.toBe(shown.offer);
      }
    }
  });

  it('a share in play: 4 of 10 shares paid when the delay ends, the ×6 left open', async () => {
    const placed = await placeInPlay();
    const part = body<Offer>(
      await as(t.app, placed.m, { method: 'GET', url: `/v1/cash-out/${placed.order_no}?shares=4` }),
    ).data;
    expect((await take(placed.m, placed.order_no, part.offer!, 4)).statusCode).toBe(200);
    expect(await t.app.services.cashOut.decideDue(after(DELAY))).toEqual({ paid: 1, refused: 0 });
    expect(await orderRow(placed.order_id)).toMatchObject({
      status: 'pending',
      multiple: 6,
      totalAmount: 1_200n,
      cashedOutStake: 800n,
    });
    expect((await cashOutsOf(placed.m)).map(formatFen)).toEqual([part.offer]);
  });
});
