import { betPrize, formatFen, formatYuan, parseSportsOdds } from '@app/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { approvedBy } from '../../test/dual-control.ts';
import { as, body, newMember, newOperator, type TestApp, type TestOperator } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import {
  createSportsApp,
  finish,
  fund,
  oddsOf,
  openMatches,
  outcomeLiability,
  submit,
  type MatchRow,
} from '../../test/sports-helpers.ts';
import { auditLogs } from '../operators/operators.table.ts';
import { bookExposure, bookOrderExposure } from './book.table.ts';
import { BOOK_SHARDS, rebalance } from './book.service.ts';

let t: TestApp;
let pool: MatchRow[];
/** Two sets of eight matches nobody else in this file bets on: fresh markets for SPEC §9's top prize. */
let fresh: MatchRow[];
let capped: MatchRow[];
let cancelled: MatchRow;
let risk: TestOperator;
/** A second risk operator: raising a cap is in force only once another operator approves it. */
let checker: TestOperator;
beforeAll(async () => {
  t = await createSportsApp();
  // One match (or pair) per test: no test sees another's liability.
  // The called-off match first: finding one may sync the feed ahead, finishing earlier matches.
  cancelled = (await openMatches(t, 'football', 1, 'cancelled'))[0]!;
  const open = await openMatches(t, 'football', 25);
  pool = open.slice(0, 9);
  fresh = open.slice(9, 17);
  capped = open.slice(17);
  risk = await newOperator(t.app, 'risk');
  checker = await newOperator(t.app, 'risk');
}, 120_000);
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

async function member(fen = 10_000_000n) {
  const m = await newMember(t.app);
  await fund(t, m, fen);
  return m;
}
async function wdl(match: MatchRow, option = 'h') {
  const { odds } = await oddsOf(t, match.id, 'football.winDrawLose');
  return { match_id: match.id, bet_type: 'winDrawLose', option, odds: odds[option]! };
}
/** Odds of a leg in hundredths. */
const hundredths = (odds: string) => parseSportsOdds(odds)!;
/** Liability of a single at `multiple`: prize − stake. */
const singleLiability = (odds: string, multiple: number) =>
  betPrize([hundredths(odds)], multiple) - 200n * BigInt(multiple);

async function single(
  m: Awaited<ReturnType<typeof member>>,
  match: MatchRow,
  multiple: number,
  option = 'h',
  total?: string,
) {
  return submit(t, m, {
    sport_type: 1,
    bet_mode: 'single',
    pass_type: 'single',
    multiple,
    ...(total ? { total_amount: total } : {}),
    selections: [await wdl(match, option)],
  });
}
/** Sets a cap as `by`; a raise waits for a second operator, who approves it here (the caps are answered). */
async function setCap(scope: string, key: string, maxLiability: bigint | null, by: TestOperator = risk) {
  const res = await as(t.app, by, {
    method: 'PUT',
    url: '/admin/v1/sports/book/caps',
    payload: {
      scope,
      key,
      max_liability: maxLiability === null ? null : formatFen(maxLiability),
      reason: '风控调整',
    },
  });
  if (res.statusCode !== 200 || !body<{ pending_change?: unknown }>(res).data.pending_change) return res;
  await approvedBy(t.app, checker, res);
  return as(t.app, by, { method: 'GET', url: '/admin/v1/sports/book/caps' });
}
const liabilityOf = (matchId: number, option = 'h') =>
  outcomeLiability(t, matchId, 'football.winDrawLose', option);

describe("the book's default cap and SPEC §9's prize caps", () => {
  const TOP_PRIZE = 100_000_000n; // 1,000,000元: SPEC §9's cap of a bet of 6 or more matches

  /**
   * An 8串1 of each match's highest-priced 胜平负 option, or, with `atMostAtOne`, of options stepped
   * down (the dearest leg first) until the slip at ×1 pays no more than that: the feed's odds differ
   * per run, and eight top prices can pay more at ×1 than a cap a test sets.
   */
  async function topSlip(eight: MatchRow[], multiple: number, atMostAtOne = TOP_PRIZE) {
    const prices: Array<Record<string, string>> = [];
    for (const match of eight) prices.push((await oddsOf(t, match.id, 'football.winDrawLose')).odds);
    // Each match's options, dearest first, and the one taken.
    const options = prices.map((odds) =>
      Object.keys(odds).sort((x, y) => Number(hundredths(odds[y]!) - hundredths(odds[x]!))),
    );
    const picked = options.map(() => 0);
    const oddsOfLeg = (i: number) => hundredths(prices[i]![options[i]![picked[i]!]!]!);
    while (
      betPrize(
        eight.map((_, i) => oddsOfLeg(i)),
        1,
      ) > atMostAtOne
    ) {
      const dearest = eight
        .map((_, i) => i)
        .filter((i) => picked[i]! + 1 < options[i]!.length)
        .sort((x, y) => Number(oddsOfLeg(y) - oddsOfLeg(x)))[0];
      expect(dearest).toBeDefined();
      picked[dearest!] = picked[dearest!]! + 1;
    }
    const legs = eight.map((match, i) => {
      const option = options[i]![picked[i]!]!;
      return { match_id: match.id, bet_type: 'winDrawLose', option, odds: prices[i]![option]! };
    });
    // The slip really reaches the top prize at ×99: 2元 × 99 × Π odds ≥ 1,000,000元.
    expect(
      betPrize(
        legs.map((l) => hundredths(l.odds)),
        99,
      ),
    ).toBe(TOP_PRIZE);
    return { sport_type: 1, bet_mode: 'mixed', pass_type: '8x1', multiple, selections: legs };
  }
  const liabilities = (eight: MatchRow[], slip: { selections: Array<{ option: string }> }) =>
    Promise.all(eight.map((match, i) => liabilityOf(match.id, slip.selections[i]!.option)));

  it('shows the default cap in the console: the top prize cap', async () => {
    const res = await as(t.app, risk, { method: 'GET', url: '/admin/v1/sports/book/caps' });
    expect(res.statusCode).toBe(200);
    expect(body<{ default_cap: string }>(res).data.default_cap).toBe(formatFen(TOP_PRIZE));
  });

  it("takes one 8串1 ×99 paying SPEC's 1,000,000元 on a fresh market; the cap then limits what slips add up to", async () => {
    const slip = await topSlip(fresh, 99);
    const accepted = await submit(t, await member(), slip);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(body<{ max_prize: string; total_amount: string }>(accepted).data).toMatchObject({
      max_prize: formatFen(TOP_PRIZE),
      total_amount: '198.00',
    });
    // Each outcome carries the whole prize less the stake: 999,802元, within the default cap.
    const liability = TOP_PRIZE - 19_800n;
    expect(await liabilities(fresh, slip)).toEqual(fresh.map(() => liability));

    // The book then limits accumulation: the same slip once more fits none of its outcomes.
    const again = await submit(t, await member(), await topSlip(fresh, 1));
    expect(again.statusCode).toBe(422);
    expect(body(again).message).toContain('本场最高可投 0.00 元');
    expect(await liabilities(fresh, slip)).toEqual(fresh.map(() => liability));
  });

  it("an operator's lower cap still refuses that slip on a fresh market, and says what would pass", async () => {
    // At ×1 it pays at most a fifth of the cap set here, so some multiple under 99 fits.
    const slip = await topSlip(capped, 99, 10_000_000n);
    const match = capped[3]!;
    expect((await setCap('match', String(match.id), 50_000_000n)).statusCode).toBe(200);
    const m = await member();
    const refused = await submit(t, m, slip);
    expect(refused.statusCode).toBe(422);
    expect(body(refused).message).toContain(match.matchNo);
    expect(body(refused).message).toContain('本场最高可投');
    expect(await liabilities(capped, slip)).toEqual(capped.map(() => 0n));
    // The largest stake it names (one bet: 2元 × multiple) is accepted under that cap.
    const most = body<{ max_stake: string }>(refused).data.max_stake;
    const multiple = Number(most) / 2;
    expect(multiple).toBeGreaterThan(0);
    expect(multiple).toBeLessThan(99);
    const fits = await submit(t, m, { ...slip, multiple, total_amount: most });
    expect(fits.statusCode, fits.body).toBe(200);
    expect(await liabilityOf(match.id, slip.selections[3]!.option)).toBeLessThanOrEqual(50_000_000n);
  });
});

describe('book liability caps', () => {
  it('refuses a single over the cap with the exact largest stake; that stake is accepted, one step more is not', async () => {
    const match = pool[0]!;
    const { odds } = await wdl(match);
    const perBet = singleLiability(odds, 1);
    // Room for 43 bets of 2元 and a little more.
    const cap = perBet * 43n + perBet / 2n;
    expect((await setCap('match', String(match.id), cap)).statusCode).toBe(200);
    const m = await member();

    const over = await single(m, match, 50);
    expect(over.statusCode).toBe(422);
    expect(body(over).message).toContain(`本场最高可投 ${formatYuan(8600n)} 元`);
    expect(body<{ max_stake: string }>(over).data).toMatchObject({ max_stake: '86.00' });
    expect(body(await single(m, match, 44)).message).toContain('本场最高可投 86.00 元');
    // X + 0.01 元 is not a stake the book takes (2元 × multiple), X + 2元 is over the cap.
    expect((await single(m, match, 43, 'h', '86.01')).statusCode).toBe(422);
    expect(await liabilityOf(match.id)).toBe(0n);

    const ok = await single(m, match, 43, 'h', '86.00');
    expect(ok.statusCode).toBe(200);
    expect(await liabilityOf(match.id)).toBe(perBet * 43n);
    const full = await single(m, match, 1);
    expect(body(full)).toMatchObject({ code: 422 });
    expect(body(full).message).toContain('本场最高可投 0.00 元');
    expect(await liabilityOf(match.id)).toBe(perBet * 43n);
  });

  it('caps each outcome on its own: another outcome of the same match still takes bets', async () => {
    const match = pool[1]!;
    const { odds } = await wdl(match, 'h');
    // 'h' fills the cap exactly; the cap still has room for one bet on 'd' on its own outcome,
    // however the two are priced (a short-priced home win carries little liability per bet).
    const draw = singleLiability((await wdl(match, 'd')).odds, 1);
    const perBet = singleLiability(odds, 1);
    const multiple = Math.max(10, Number((draw + perBet - 1n) / perBet));
    await setCap('match', String(match.id), singleLiability(odds, multiple));
    const m = await member();
    expect((await single(m, match, multiple, 'h')).statusCode).toBe(200);
    expect(body(await single(m, match, 1, 'h')).message).toContain('本场最高可投 0.00 元');
    const other = await single(m, match, 1, 'd');
    expect(other.statusCode).toBe(200);
    expect(await liabilityOf(match.id, 'd')).toBe(singleLiability((await wdl(match, 'd')).odds, 1));
  });

  it('a parlay is bound by its tightest leg: the whole max prize counts on every leg', async () => {
    const [a, b] = [pool[2]!, pool[3]!];
    const legs = [await wdl(a), await wdl(b)];
    const o = legs.map((l) => hundredths(l.odds));
    const parlay = (multiple: number) => betPrize(o, multiple) - 200n * BigInt(multiple);
    const cap = parlay(7) + 1n;
    await setCap('match', String(a.id), cap);
    const m = await member();
    const refused = await submit(t, m, {
      sport_type: 1,
      bet_mode: 'mixed',
      pass_type: '2x1',
      multiple: 20,
      selections: legs,
    });
    expect(refused.statusCode).toBe(422);
    expect(body(refused).message).toContain(a.matchNo);
    expect(body(refused).message).toContain('本场最高可投 14.00 元');
    const accepted = await submit(t, m, {
      sport_type: 1,
      bet_mode: 'mixed',
      pass_type: '2x1',
      multiple: 7,
      total_amount: '14.00',
      selections: legs,
    });
    expect(accepted.statusCode).toBe(200);
    expect(await liabilityOf(a.id)).toBe(parlay(7));
    expect(await liabilityOf(b.id)).toBe(parlay(7));
  });

  it('never books past the cap when 50 members race for the last room of one outcome', async () => {
    const match = pool[4]!;
    const { odds } = await wdl(match);
    const perBet = singleLiability(odds, 1);
    const bulk = singleLiability(odds, 40);
    const cap = bulk + perBet * 5n + perBet / 2n;
    await setCap('match', String(match.id), cap);
    expect((await single(await member(), match, 40)).statusCode).toBe(200);
    const racers = await Promise.all(Array.from({ length: 50 }, () => member(100_000n)));
    const results = await Promise.all(racers.map((m) => single(m, match, 1)));
    const accepted = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(accepted).toHaveLength(5);
    for (const r of refused) expect(body(r).message).toContain('本场最高可投 0.00 元');
    const booked = await liabilityOf(match.id);
    expect(booked).toBe(bulk + perBet * 5n);
    expect(booked).toBeLessThanOrEqual(cap);
    const [shares] = await t.database.db
      .select({ sum: sql<string>`SUM(${bookOrderExposure.liability})::text` })
      .from(bookOrderExposure)
      .where(eq(bookOrderExposure.matchId, match.id));
    expect(BigInt(shares?.sum ?? '0')).toBe(booked);
  });

  it('spreads one outcome over its shards, and decides against their sum when a cap is lowered or raised', async () => {
    const match = pool[6]!;
    const { odds } = await wdl(match);
    const perBet = singleLiability(odds, 1);
    const cap = perBet * 1000n;
    await setCap('match', String(match.id), cap);
    const m = await member();
    // The first order finds no shard rows: it is booked on the locked path, which allots the room;
    // the next eleven race each other on the shards (on PostgreSQL, for real).
    expect((await single(m, match, 1)).statusCode).toBe(200);
    const racers = await Promise.all(Array.from({ length: 11 }, () => member(100_000n)));
    const raced = await Promise.all(racers.map((r) => single(r, match, 1)));
    expect(raced.map((r) => r.statusCode)).toEqual(racers.map(() => 200));
    const rows = await t.database.db
      .select()
      .from(bookExposure)
      .where(and(eq(bookExposure.matchId, match.id), eq(bookExposure.optionKey, 'h')))
      .orderBy(bookExposure.shard);
    expect(rows.map((r) => r.shard)).toEqual(Array.from({ length: BOOK_SHARDS }, (_, i) => i));
    // Consecutive orders went to their own shards, each within its allotment.
    expect(rows.filter((r) => r.liability > 0n).length).toBeGreaterThanOrEqual(6);
    for (const r of rows) expect(r.liability).toBeLessThanOrEqual(r.allotment);
    expect(rows.reduce((a, r) => a + r.liability, 0n)).toBe(perBet * 12n);
    expect(rows.reduce((a, r) => a + r.allotment, 0n)).toBe(cap);
    const own = await t.database.db
      .select()
      .from(bookOrderExposure)
      .where(eq(bookOrderExposure.matchId, match.id));
    for (const share of own) expect(share.shard).toBe(share.orderId % BOOK_SHARDS);

    // Lowered to just over what is booked: every shard still has allotment left under the old
    // cap, but the next order is decided against the outcome's sum.
    await setCap('match', String(match.id), perBet * 12n + perBet / 2n);
    expect(body(await single(m, match, 1)).message).toContain('本场最高可投 0.00 元');
    expect(await liabilityOf(match.id)).toBe(perBet * 12n);
    await setCap('match', String(match.id), perBet * 14n);
    expect((await single(m, match, 2, 'h', '4.00')).statusCode).toBe(200);
    expect(await liabilityOf(match.id)).toBe(perBet * 14n);
    expect(body(await single(m, match, 1)).message).toContain('本场最高可投 0.00 元');
  });

  it('allots the room again in a short transaction of its own, and says whether a share now fits any shard', async () => {
    const match = pool[6]!;
    const outcome = { matchId: match.id, playType: 'football.winDrawLose', optionKey: 'd' };
    const { odds } = await wdl(match, 'd');
    const perBet = singleLiability(odds, 1);
    const cap = perBet * 16n * 10n;
    await setCap('match', String(match.id), cap);
    expect((await single(await member(), match, 1, 'd')).statusCode).toBe(200);
    // Unevenly allotted (as shards end up after many orders and settlements): shard 0 has no room.
    const where = and(eq(bookExposure.matchId, match.id), eq(bookExposure.optionKey, 'd'));
    await t.database.db
      .update(bookExposure)
      .set({ allotment: sql`${bookExposure.liability}` })
      .where(where);
    await t.database.db
      .update(bookExposure)
      .set({ allotment: sql`${bookExposure.liability} + ${cap - perBet}::bigint` })
      .where(and(where, eq(bookExposure.shard, 1)));
    expect(
      await rebalance(t.database.db, [{ ...outcome, liability: perBet }], t.app.services.clock.now()),
    ).toBe(true);
    const rows = await t.database.db.select().from(bookExposure).where(where);
    expect(rows.reduce((a, r) => a + r.allotment, 0n)).toBe(cap);
    const rooms = rows.map((r) => r.allotment - r.liability);
    expect(Math.max(...rooms.map(Number)) - Math.min(...rooms.map(Number))).toBeLessThanOrEqual(16);
    // Asked again, as by the next of many first orders queued behind it: every shard already has
    // room for the share under the cap as it stands, so the allotments are left as they are, even
    // uneven (here 100 moved from shard 0 to shard 1), instead of being written again.
    await t.database.db
      .update(bookExposure)
      .set({
        allotment: sql`${bookExposure.allotment} + case ${bookExposure.shard} when 0 then -100 when 1 then 100 else 0 end`,
      })
      .where(where);
    const shardsOf = async () =>
      (await t.database.db.select().from(bookExposure).where(where))
        .sort((a, b) => a.shard - b.shard)
        .map((r) => [r.shard, r.liability, r.allotment, r.cap]);
    const before = await shardsOf();
    expect(
      await rebalance(t.database.db, [{ ...outcome, liability: perBet }], t.app.services.clock.now()),
    ).toBe(true);
    expect(await shardsOf()).toEqual(before);
    // A share larger than a shard's part of the room does not fit: the submit takes the locked path.
    expect(
      await rebalance(t.database.db, [{ ...outcome, liability: perBet * 20n }], t.app.services.clock.now()),
    ).toBe(false);
    expect((await single(await member(), match, 20, 'd')).statusCode).toBe(200);
    expect(await liabilityOf(match.id, 'd')).toBe(perBet * 21n);
  });

  it('shows the liability per outcome with its cap and room to operators; edits are audited and refused without the permission', async () => {
    const match = pool[5]!;
    const m = await member();
    expect((await single(m, match, 10, 'a')).statusCode).toBe(200);
    const support = await newOperator(t.app, 'support');
    expect((await setCap('match', String(match.id), 100_000n, support)).statusCode).toBe(403);
    expect(
      (await as(t.app, support, { method: 'GET', url: '/admin/v1/sports/book/exposure' })).statusCode,
    ).toBe(403);

    const saved = await setCap('match', String(match.id), 100_000n);
    expect(body<{ list: Array<{ scope: string; key: string }> }>(saved).data.list).toContainEqual(
      expect.objectContaining({ scope: 'match', key: String(match.id), max_liability: '1000.00' }),
    );
    const [log] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'sports.book_cap.save'), eq(auditLogs.targetId, `match:${match.id}`)));
    expect(log).toMatchObject({ operatorId: risk.id, reason: '风控调整' });
    expect(log?.detail).toMatchObject({ before: null, after: '1000.00' });

    const liability = singleLiability((await wdl(match, 'a')).odds, 10);
    const res = await as(t.app, risk, {
      method: 'GET',
      url: `/admin/v1/sports/book/exposure?match_id=${match.id}`,
    });
    expect(res.statusCode).toBe(200);
    expect(body<{ list: unknown[] }>(res).data.list).toEqual([
      expect.objectContaining({
        match_id: match.id,
        play_type: 'football.winDrawLose',
        option: 'a',
        liability: formatFen(liability),
        cap: '1000.00',
        cap_scope: 'match',
        room: formatFen(100_000n - liability),
      }),
    ]);
    // Removing the match's row falls back to the sport's default.
    await setCap('match', String(match.id), null);
    const after = body<{ list: Array<{ cap_scope: string; cap: string }> }>(
      await as(t.app, risk, { method: 'GET', url: `/admin/v1/sports/book/exposure?match_id=${match.id}` }),
    ).data.list;
    expect(after[0]).toMatchObject({ cap_scope: 'default', cap: '1000000.00' });
    expect((await setCap('play_type', 'football.nothing', 100n)).statusCode).toBe(422);
  });

  it('applies book-wide member defaults where a member has no limit of their own, with the largest stake left', async () => {
    const match = pool[7]!;
    const { odds } = await wdl(match);
    const m = await member();
    try {
      expect((await setCap('member_default', 'max_stake', 2_000n)).statusCode).toBe(200);
      expect(body(await single(m, match, 11))).toMatchObject({
        code: 422,
        message: '投注金额超过您的账户单笔限额20.00元，本场最高可投 20.00 元',
      });
      await setCap('member_default', 'max_stake', null);
      const perMatch = betPrize([hundredths(odds)], 10) + 1n;
      await setCap('member_default', 'max_payout_per_match', perMatch);
      const over = body(await single(m, match, 12));
      expect(over.code).toBe(422);
      expect(over.message).toContain('本场最高可投 20.00 元');
      expect((await single(m, match, 10)).statusCode).toBe(200);
      expect(body(await single(m, match, 1)).message).toContain('本场最高可投 0.00 元');
      expect((await setCap('member_default', 'nothing', 100n)).statusCode).toBe(422);
    } finally {
      await setCap('member_default', 'max_stake', null);
      await setCap('member_default', 'max_payout_per_match', null);
    }
  });

  it('settlement and a void release the exposure of settled orders', async () => {
    const played = pool[8]!;
    const m = await member();
    expect((await single(m, played, 5, 'h')).statusCode).toBe(200);
    expect((await single(m, played, 5, 'a')).statusCode).toBe(200);
    expect((await single(m, cancelled, 5, 'h')).statusCode).toBe(200);
    expect(await liabilityOf(played.id, 'h')).toBeGreaterThan(0n);
    expect(await liabilityOf(cancelled.id, 'h')).toBeGreaterThan(0n);
    await finish(t, [played, cancelled]);
    await t.app.services.settlement.settleMatch(played.id);
    expect(await liabilityOf(played.id, 'h')).toBe(0n);
    expect(await liabilityOf(played.id, 'a')).toBe(0n);
    expect(await liabilityOf(cancelled.id, 'h')).toBe(0n);
    const left = await t.database.db
      .select()
      .from(bookOrderExposure)
      .where(sql`${bookOrderExposure.matchId} IN (${played.id}, ${cancelled.id})`);
    expect(left).toEqual([]);
  });
});
