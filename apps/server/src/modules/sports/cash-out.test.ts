/**
 * 提前结算: the offer follows the current odds less the margin; taking it closes the order for
 * the offer (a `cash_out` credit, its book liability released) under the member's odds-change
 * setting; no offer while a market is suspended, a match is switched off or a sport is off; a
 * cash-out racing the settlement of the same order leaves exactly one done (PostgreSQL).
 */
import { betPrize, cashOutQuote, formatFen, parseSportsOdds, type BetSelection } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  body,
  newMember,
  newOperator,
  type TestApp,
  type TestMember,
  type TestOperator,
} from '../../test/harness.ts';
import { entriesOf, expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import {
  createSportsApp,
  finish,
  fund,
  oddsOf,
  openMatches,
  outcomeLiability,
  submit,
  wdlOption,
  type MatchRow,
} from '../../test/sports-helpers.ts';
import { matchMarkets, orders } from './sports.table.ts';

let t: TestApp;
let risk: TestOperator;
let submissions = 0;

beforeAll(async () => {
  t = await createSportsApp();
  risk = await newOperator(t.app, 'risk');
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

async function placeSingle(m: TestMember, match: MatchRow, win = true) {
  const { odds } = await oddsOf(t, match.id, 'football.winDrawLose');
  const option = wdlOption(t, match, win);
  const res = await submit(
    t,
    m,
    {
      sport_type: 1,
      bet_mode: 'single',
      pass_type: 'single',
      multiple: 5,
      selections: [{ match_id: match.id, bet_type: 'winDrawLose', option, odds: odds[option]! }],
    },
    `co-${m.id}-${++submissions}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return { ...body<{ order_id: number; order_no: string }>(res).data, option, odds: odds[option]! };
}

const quote = async (m: TestMember, orderNo: string) =>
  body<{ available: boolean; offer: string | null; reason: string | null; margin_bp: number }>(
    await as(t.app, m, { method: 'GET', url: `/v1/cash-out/${orderNo}` }),
  ).data;

const take = (
  m: TestMember,
  orderNo: string,
  offer: string,
  key = `take-${m.id}-${++submissions}`,
  shares?: number,
) =>
  as(t.app, m, {
    method: 'POST',
    url: `/v1/cash-out/${orderNo}`,
    payload: shares === undefined ? { offer } : { offer, shares },
    headers: { 'idempotency-key': key },
  });

const quoteShares = async (m: TestMember, orderNo: string, shares: number) =>
  body<{ available: boolean; offer: string | null; reason: string | null; shares_total: number }>(
    await as(t.app, m, { method: 'GET', url: `/v1/cash-out/${orderNo}?shares=${shares}` }),
  ).data;

async function setOdds(match: MatchRow, option: string, odds: string) {
  const [row] = await t.database.db
    .select()
    .from(matchMarkets)
    .where(and(eq(matchMarkets.matchId, match.id), eq(matchMarkets.playType, 'football.winDrawLose')));
  await t.database.db
    .update(matchMarkets)
    .set({ odds: { ...row!.odds, [option]: odds } })
    .where(and(eq(matchMarkets.matchId, match.id), eq(matchMarkets.playType, 'football.winDrawLose')));
}

describe('提前结算', () => {
  it('offers the current value less 5 %, and taking it closes the order for the offer with its liability released', async () => {
    const m = await newMember(t.app);
    await fund(t, m, 100_000n);
    const [a] = await openMatches(t, 'football', 1);
    const placed = await placeSingle(m, a!);
    const placedOdds = parseSportsOdds(placed.odds)!;
    // Shortened to 1.50 (or the nearest valid price below the placed one).
    await setOdds(a!, placed.option, '1.50');
    const expected = cashOutQuote(
      {
        passType: 'single',
        multiple: 5,
        selections: [
          {
            matchId: String(a!.id),
            sport: 'football',
            betType: 'winDrawLose',
            option: placed.option,
            odds: placed.odds,
          },
        ],
      },
      ['pending'],
      [150n],
      500,
    );
    if (!expected.ok) throw new Error('no expected offer');
    const offered = await quote(m, placed.order_no);
    expect(offered).toMatchObject({ available: true, offer: formatFen(expected.offerFen), margin_bp: 500 });
    expect(placedOdds).toBeGreaterThan(0n);
    const liabilityBefore = await outcomeLiability(t, a!.id, 'football.winDrawLose', placed.option);
    expect(liabilityBefore).toBeGreaterThan(0n);

    const res = await take(m, placed.order_no, offered.offer!);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toMatchObject({ status: 'cashed_out', amount: offered.offer });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, placed.order_id));
    expect(order).toMatchObject({ status: 'cashed_out', payout: expected.offerFen });
    expect(await outcomeLiability(t, a!.id, 'football.winDrawLose', placed.option)).toBe(0n);
    const entries = await entriesOf(t, m.id);
    expect(entries.filter((e) => e.type === 'cash_out').map((e) => e.amount)).toEqual([expected.offerFen]);

    // Once closed: no offer, a second take refused, and settlement leaves it as it is.
    expect((await quote(m, placed.order_no)).available).toBe(false);
    expect((await take(m, placed.order_no, offered.offer!)).statusCode).toBe(409);
    await finish(t, [a!]);
    const [after] = await t.database.db.select().from(orders).where(eq(orders.id, placed.order_id));
    expect(after?.status).toBe('cashed_out');
    const payouts = (await entriesOf(t, m.id)).filter((e) => e.type === 'payout');
    expect(payouts).toEqual([]);
  });

  it('decides a moved offer by the member’s odds-change setting', async () => {
    const m = await newMember(t.app);
    await fund(t, m, 100_000n);
    const [a] = await openMatches(t, 'football', 1);
    const placed = await placeSingle(m, a!);
    const shown = await quote(m, placed.order_no);
    // The price drifts: the offer drops. The default setting takes only a higher or equal offer.
    await setOdds(a!, placed.option, '9.00');
    const lower = await quote(m, placed.order_no);
    expect(Number(lower.offer)).toBeLessThan(Number(shown.offer));
    const refused = await take(m, placed.order_no, shown.offer!);
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message).toBe(`提前结算金额已变为${lower.offer}元，请确认后重试`);
    expect(body<{ offer: string }>(refused).data.offer).toBe(lower.offer);
    const accepted = await take(m, placed.order_no, lower.offer!);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('has no offer while the market is suspended, the match is switched off or the sport is off', async () => {
    const m = await newMember(t.app);
    await fund(t, m, 100_000n);
    const [a] = await openMatches(t, 'football', 1);
    const placed = await placeSingle(m, a!);
    const suspended = await as(t.app, risk, {
      method: 'POST',
      url: `/admin/v1/sports/matches/${a!.id}/suspend`,
      payload: { play_type: 'football.winDrawLose', reason: '伤停消息' },
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(await quote(m, placed.order_no)).toMatchObject({
      available: false,
      reason: '注单中有赛事暂停交易，暂不能提前结算',
    });
    const refused = await take(m, placed.order_no, '1.00');
    expect(refused.statusCode).toBe(409);
    await as(t.app, risk, {
      method: 'POST',
      url: `/admin/v1/sports/matches/${a!.id}/reopen`,
      payload: { play_type: 'football.winDrawLose', reason: '恢复' },
    });
    expect((await quote(m, placed.order_no)).available).toBe(true);

    const off = await as(t.app, risk, {
      method: 'PUT',
      url: `/admin/v1/sports/matches/${a!.id}/cash-out`,
      payload: { enabled: false, reason: '重要赛事' },
    });
    expect(body(off).data).toEqual({ match_id: a!.id, cash_out: false });
    const detail = await as(t.app, risk, { method: 'GET', url: `/admin/v1/sports/matches/${a!.id}` });
    expect(body<{ cash_out: boolean }>(detail).data.cash_out).toBe(false);
    expect((await quote(m, placed.order_no)).reason).toBe('注单中有赛事暂不支持提前结算');
    await as(t.app, risk, {
      method: 'PUT',
      url: `/admin/v1/sports/matches/${a!.id}/cash-out`,
      payload: { enabled: true, reason: '恢复' },
    });

    const sportOff = await as(t.app, risk, {
      method: 'PUT',
      url: '/admin/v1/sports/cash-out',
      payload: { sport: 'football', enabled: false, margin_bp: 800 },
    });
    expect(
      body<{ sports: Array<{ sport: string; enabled: boolean; margin_text: string }> }>(sportOff).data.sports,
    ).toContainEqual(expect.objectContaining({ sport: 'football', enabled: false, margin_text: '8%' }));
    expect((await quote(m, placed.order_no)).reason).toBe('足球暂未开放提前结算');
    await as(t.app, risk, {
      method: 'PUT',
      url: '/admin/v1/sports/cash-out',
      payload: { sport: 'football', enabled: true, margin_bp: 500 },
    });
    // Another member's order is not found; a bad margin is refused.
    const other = await newMember(t.app);
    expect(
      (await as(t.app, other, { method: 'GET', url: `/v1/cash-out/${placed.order_no}` })).statusCode,
    ).toBe(404);
    const bad = await as(t.app, risk, {
      method: 'PUT',
      url: '/admin/v1/sports/cash-out',
      payload: { sport: 'football', enabled: true, margin_bp: 5_001 },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('部分提前结算', () => {
  it('closes 2 of a ×5 single’s 5 shares for their offer; the ×3 left is booked and settled as a ×3 order', async () => {
    const m = await newMember(t.app);
    await fund(t, m, 100_000n);
    const [a] = await openMatches(t, 'football', 1);
    const placed = await placeSingle(m, a!);
    const odds = parseSportsOdds(placed.odds)!;
    const whole = await quote(m, placed.order_no);
    expect(whole).toMatchObject({ shares: 5, shares_total: 5, cashed_out: '0.00', in_play: false });
    const part = await quoteShares(m, placed.order_no, 2);
    const selection: BetSelection = {
      matchId: String(a!.id),
      sport: 'football',
      betType: 'winDrawLose',
      option: placed.option,
      odds: placed.odds,
    };
    const expected = cashOutQuote(
      { passType: 'single', multiple: 2, selections: [selection] },
      ['pending'],
      [odds],
      500,
    );
    if (!expected.ok) throw new Error('no expected offer');
    expect(part).toMatchObject({ available: true, offer: formatFen(expected.offerFen), shares_total: 5 });
    // More shares than the order has: no offer, and a take of them is refused with nothing written.
    expect((await quoteShares(m, placed.order_no, 6)).reason).toBe('本注单最多可分 5 份提前结算');
    expect((await take(m, placed.order_no, part.offer!, undefined, 6)).statusCode).toBe(409);

    const liability = () => outcomeLiability(t, a!.id, 'football.winDrawLose', placed.option);
    const before = await liability();
    const res = await take(m, placed.order_no, part.offer!, undefined, 2);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toMatchObject({ status: 'pending', amount: part.offer, stake: '6.00' });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, placed.order_id));
    expect(row).toMatchObject({
      status: 'pending',
      multiple: 3,
      totalAmount: 600n,
      maxPrize: betPrize([odds], 3),
      cashedOutStake: 400n,
      cashedOutAmount: expected.offerFen,
    });
    // The book carries the ×3 left (its prize less its stake) instead of the ×5.
    expect(await liability()).toBe(before - (betPrize([odds], 5) - 1_000n) + (betPrize([odds], 3) - 600n));
    expect(await quote(m, placed.order_no)).toMatchObject({
      shares_total: 3,
      stake: '6.00',
      cashed_out: formatFen(expected.offerFen),
    });

    // The rest wins: paid as a ×3 single; the member got the share's offer and the ×3's prize.
    await finish(t, [a!]);
    const [settled] = await t.database.db.select().from(orders).where(eq(orders.id, placed.order_id));
    expect(settled).toMatchObject({ status: 'won', payout: betPrize([odds], 3) });
    const entries = await entriesOf(t, m.id);
    expect(entries.filter((e) => e.type === 'cash_out').map((e) => e.amount)).toEqual([expected.offerFen]);
    expect(entries.filter((e) => e.type === 'payout').map((e) => e.amount)).toEqual([betPrize([odds], 3)]);
    expect(await liability()).toBe(0n);
  });

  it('a share, then the rest: two cash_out entries, the order closed for the second', async () => {
    const m = await newMember(t.app);
    await fund(t, m, 100_000n);
    const [a] = await openMatches(t, 'football', 1);
    const placed = await placeSingle(m, a!);
    const liability = () => outcomeLiability(t, a!.id, 'football.winDrawLose', placed.option);
    const odds = parseSportsOdds(placed.odds)!;
    const before = await liability();
    const first = await quoteShares(m, placed.order_no, 1);
    expect((await take(m, placed.order_no, first.offer!, undefined, 1)).statusCode).toBe(200);
    // The offer the member saw for the whole ×5 no longer matches the ×4 order: priced again.
    const rest = await quote(m, placed.order_no);
    expect(rest).toMatchObject({ available: true, shares: 4, shares_total: 4, stake: '8.00' });
    const closed = await take(m, placed.order_no, rest.offer!);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(body(closed).data).toMatchObject({ status: 'cashed_out', stake: '0.00' });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, placed.order_id));
    expect(row).toMatchObject({ status: 'cashed_out', totalAmount: 800n, cashedOutStake: 200n });
    const cashOuts = (await entriesOf(t, m.id)).filter((e) => e.type === 'cash_out');
    expect(cashOuts.map((e) => formatFen(e.amount))).toEqual([first.offer, rest.offer]);
    // Nothing of the order is left on the book.
    expect(await liability()).toBe(before - (betPrize([odds], 5) - 1_000n));
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('提前结算 racing settlement (PostgreSQL)', () => {
  it('12 orders cashed out (half of them a share) while their match settles: each cash-out is paid before the settlement or refused, never both on one stake', async () => {
    const [a] = await openMatches(t, 'football', 1);
    const crowd = await Promise.all(Array.from({ length: 12 }, () => newMember(t.app)));
    const placed = [];
    for (const m of crowd) {
      await fund(t, m, 100_000n);
      placed.push({ m, order: await placeSingle(m, a!) });
    }
    // Odd ones take 2 of their 5 shares, the others the whole order.
    const shares = (i: number) => (i % 2 === 1 ? 2 : undefined);
    const offers = await Promise.all(
      placed.map(({ m, order }, i) =>
        shares(i) ? quoteShares(m, order.order_no, 2) : quote(m, order.order_no),
      ),
    );
    const asked = placed.map(({ m, order }, i) =>
      take(m, order.order_no, offers[i]!.offer!, undefined, shares(i)),
    );
    // The match ends and settles once the first answer is back, with the other eleven in flight.
    const [answers] = await Promise.all([Promise.all(asked), asked[0]!.then(() => finish(t, [a!]))]);
    let cashed = 0;
    for (const [i, { m, order }] of placed.entries()) {
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.order_id));
      const types = (await entriesOf(t, m.id)).map((e) => e.type);
      if (answers[i]!.statusCode === 200) {
        cashed += 1;
        expect(types.filter((x) => x === 'cash_out')).toHaveLength(1);
        if (shares(i)) {
          // The share was paid first; the ×3 left was settled after it, as a ×3.
          expect(row).toMatchObject({ status: 'won', multiple: 3, cashedOutStake: 400n });
          expect(types.filter((x) => x === 'payout')).toHaveLength(1);
        } else {
          expect(row!.status).toBe('cashed_out');
          expect(types).not.toContain('payout');
        }
      } else {
        expect(answers[i]!.statusCode).toBe(409);
        expect(row).toMatchObject({ status: 'won', multiple: 5, cashedOutStake: 0n });
        expect(types).not.toContain('cash_out');
        expect(types.filter((x) => x === 'payout')).toHaveLength(1);
      }
    }
    console.info(`cash-out race: ${cashed} cashed out, ${placed.length - cashed} settled`);
    expect(await outcomeLiability(t, a!.id, 'football.winDrawLose', placed[0]!.order.option)).toBe(0n);
  });
});
