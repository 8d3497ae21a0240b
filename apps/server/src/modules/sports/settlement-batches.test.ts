import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { matchResultSchema, parseLine, settleOption, type PlayTypeId } from '@app/shared';
import { newMember, body, type TestApp, type TestMember } from '../../test/harness.ts';
import { expectHotUpdates } from '../../test/hot-updates.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import {
  createSportsApp,
  finalState,
  fund,
  oddsOf,
  openMatches,
  submit,
  wdlOption,
  type MatchRow,
} from '../../test/sports-helpers.ts';
import { ledgerEntries } from '../ledger/ledger.table.ts';
import { messages } from '../messages/messages.table.ts';
import { bookExposure, bookOrderExposure } from './book.table.ts';
import { orderIdsOfMatches } from './orders.repo.ts';
import { matchesWithLegs } from './settlement.repo.ts';
import { SettlementService } from './settlement.service.ts';
import { matches, orderLegs, orders } from './sports.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createSportsApp();
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

/** The betting inbox messages of these members (their dedupe keys). */
function bettingMessagesOf(members: readonly TestMember[]) {
  return t.database.db
    .select({ key: messages.dedupeKey })
    .from(messages)
    .where(
      and(
        eq(messages.type, 'betting'),
        inArray(
          messages.memberId,
          members.map((m) => m.id),
        ),
      ),
    );
}

/** The app's settlement, but with tiny batches so a handful of orders crosses several of them. */
function settlementIn(batchSize: number): SettlementService {
  const s = t.app.services;
  return new SettlementService(t.database.db, s.ledger, s.events, t.app.log, s.messages, s.clock, s.boosts, {
    batchSize,
  });
}

interface Placed {
  id: number;
  orderNo: string;
  member: TestMember;
  /** What the order must pay once its matches are over. */
  expected: bigint;
}

/** A 胜平负 single (or a 2串1 over two matches) at the current odds; `expected` from the final scores. */
async function bet(member: TestMember, picks: Array<{ match: MatchRow; win: boolean }>, multiple = 1) {
  const selections = [];
  let prize = 200n * BigInt(multiple);
  for (const { match, win } of picks) {
    const option = wdlOption(t, match, win);
    const { odds } = await oddsOf(t, match.id, 'football.winDrawLose');
    selections.push({ match_id: match.id, bet_type: 'winDrawLose', option, odds: odds[option]! });
    prize = win ? (prize * BigInt(Math.round(Number(odds[option]) * 100))) / 100n : 0n;
  }
  const res = await submit(t, member, {
    sport_type: 1,
    bet_mode: picks.length === 1 ? 'single' : 'mixed',
    pass_type: picks.length === 1 ? 'single' : `${picks.length}x1`,
    multiple,
    selections,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  const { order_id, order_no } = body<{ order_id: number; order_no: string }>(res).data;
  return { id: order_id, orderNo: order_no, member, expected: prize } satisfies Placed;
}

/** The match over in our books (result saved) without settling it: what the feed leaves behind. */
async function over(match: MatchRow) {
  const state = finalState(t, match);
  await t.database.db
    .update(matches)
    .set({
      status: 'finished',
      homeScore: state.score.home,
      awayScore: state.score.away,
      result: { status: 'finished', sport: 'football', fullTime: state.score, halfTime: state.halfTime },
    })
    .where(eq(matches.id, match.id));
}

const orderRows = (placed: readonly Placed[]) =>
  t.database.db
    .select()
    .from(orders)
    .where(
      inArray(
        orders.id,
        placed.map((p) => p.id),
      ),
    );

/** What the ledger credited the member for orders (payouts), in fen. */
async function creditedTo(member: TestMember): Promise<bigint> {
  const [row] = await t.database.db
    .select({ total: sql<string>`COALESCE(SUM(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.memberId, member.id), eq(ledgerEntries.type, 'payout')));
  return BigInt(row?.total ?? '0');
}

const sum = (values: readonly bigint[]) => values.reduce((a, b) => a + b, 0n);

/** The book's liability left on the match's outcomes, and the order shares still held for it. */
async function bookOf(match: MatchRow) {
  const [liability] = await t.database.db
    .select({ total: sql<string>`COALESCE(SUM(${bookExposure.liability}), 0)::text` })
    .from(bookExposure)
    .where(eq(bookExposure.matchId, match.id));
  const shares = await t.database.db
    .select({ orderId: bookOrderExposure.orderId })
    .from(bookOrderExposure)
    .where(eq(bookOrderExposure.matchId, match.id));
  return { liability: BigInt(liability?.total ?? '0'), shares: shares.map((r) => r.orderId) };
}

/** `n` new members, 100.00 元 funded each. */
async function fundedMembers(n: number) {
  const members = [];
  for (let i = 0; i < n; i++) {
    const m = await newMember(t.app);
    await fund(t, m, 100_000n);
    members.push(m);
  }
  return members;
}

/** Three members with three singles each on the match (won, lost, won), 100.00 元 funded each. */
async function nineSingles(match: MatchRow) {
  const members = await fundedMembers(3);
  const placed: Placed[] = [];
  for (const m of members) for (const win of [true, false, true]) placed.push(await bet(m, [{ match, win }]));
  return { members, placed };
}

/** After the last run: each order its own payout, each member credited once, told once, book clear. */
async function expectSettledOnce(match: MatchRow, members: readonly TestMember[], placed: readonly Placed[]) {
  for (const row of await orderRows(placed)) {
    const p = placed.find((x) => x.id === row.id)!;
    expect({ order: p.orderNo, status: row.status, payout: row.payout }).toEqual({
      order: p.orderNo,
      status: p.expected > 0n ? 'won' : 'lost',
      payout: p.expected,
    });
  }
  for (const m of members)
    expect(await creditedTo(m)).toBe(sum(placed.filter((p) => p.member === m).map((p) => p.expected)));
  const told = await bettingMessagesOf(members);
  expect(told.map((r) => r.key).sort()).toEqual(
    placed
      .filter((p) => p.expected > 0n)
      .map((p) => `order:${p.id}:won`)
      .sort(),
  );
  expect(await bookOf(match)).toEqual({ liability: 0n, shares: [] });
}

/** The second call of `target[method]` throws `message` (a process killed there); the others run. */
function failSecondCall<T extends object, K extends keyof T & string>(
  target: T,
  method: K,
  message: string,
): { mockRestore(): void } {
  const original = (target[method] as (...args: unknown[]) => Promise<unknown>).bind(target);
  let calls = 0;
  return vi.spyOn(target, method as never).mockImplementation((async (...args: unknown[]) => {
    calls += 1;
    if (calls === 2) throw new Error(message);
    return original(...args);
  }) as never);
}

describe('settlement in batches', () => {
  it('settles many orders of many members across batches: each its own payout, each member the sum', async () => {
    const [a, b] = await openMatches(t, 'football', 2);
    const members = await fundedMembers(4);
    const placed: Placed[] = [];
    for (const [i, m] of members.entries()) {
      placed.push(await bet(m, [{ match: a!, win: true }], 1 + i));
      placed.push(await bet(m, [{ match: a!, win: false }]));
      placed.push(await bet(m, [{ match: b!, win: i % 2 === 0 }], 2));
      placed.push(await bet(m, [{ match: a!, win: true }]));
    }
    // A parlay over both matches waits for the second one.
    const parlay = await bet(members[0]!, [
      { match: a!, win: true },
      { match: b!, win: true },
    ]);
    placed.push(parlay);

    const settlement = settlementIn(3);
    await over(a!);
    const first = await settlement.settleMatch(a!.id);
    expect(first.orders).toBe(12);
    // Every leg on the match, decided batch by batch with its orders (the parlay's too).
    expect(first.legs).toBe(13);
    expect((await orderRows([parlay]))[0]?.status).toBe('pending');
    await over(b!);
    const second = await settlement.settleMatch(b!.id);
    expect(second.orders).toBe(5);
    expect(second.legs).toBe(5);
    expect(first.paid + second.paid).toBe(sum(placed.map((p) => p.expected)));

    const rows = new Map((await orderRows(placed)).map((r) => [r.id, r]));
    for (const p of placed) {
      const row = rows.get(p.id)!;
      expect({ order: p.orderNo, status: row.status, payout: row.payout }).toEqual({
        order: p.orderNo,
        status: p.expected > 0n ? 'won' : 'lost',
        payout: p.expected,
      });
    }
    for (const m of members) {
      const mine = placed.filter((p) => p.member === m);
      expect(await creditedTo(m)).toBe(sum(mine.map((p) => p.expected)));
      const stakes = sum((await orderRows(mine)).map((r) => r.totalAmount));
      expect((await t.app.services.ledger.balances(m.id)).get('main')).toBe(
        100_000n - stakes + sum(mine.map((p) => p.expected)),
      );
    }
    // One inbox message per winning order.
    const told = await bettingMessagesOf(members);
    expect(told.map((r) => r.key).sort()).toEqual(
      placed
        .filter((p) => p.expected > 0n)
        .map((p) => `order:${p.id}:won`)
        .sort(),
    );
  });

  it('settles the matches one feed pass finished together: an order over several is read and paid once', async () => {
    const [a, b] = await openMatches(t, 'football', 2);
    const members = await fundedMembers(2);
    const placed = [
      await bet(members[0]!, [{ match: a!, win: true }]),
      await bet(members[1]!, [{ match: b!, win: false }]),
      await bet(members[0]!, [
        { match: a!, win: true },
        { match: b!, win: true },
      ]),
      await bet(members[1]!, [
        { match: a!, win: false },
        { match: b!, win: true },
      ]),
      await bet(members[1]!, [{ match: a!, win: true }], 3),
    ];
    await over(a!);
    await over(b!);
    const settlement = settlementIn(2);
    const reads = vi.spyOn(
      settlement as unknown as { decideBatch(ids: number[]): Promise<unknown> },
      'decideBatch',
    );

    expect(await settlement.settleMatches([a!.id, b!.id])).toBe(placed.length);
    // Each order in one batch read, the parlays too (one match after the other read them twice).
    const read = reads.mock.calls.flatMap(([ids]) => ids).sort((x, y) => x - y);
    expect(read).toEqual(placed.map((p) => p.id).sort((x, y) => x - y));
    reads.mockRestore();

    await expectSettledOnce(a!, members, placed);
    expect(await bookOf(b!)).toEqual({ liability: 0n, shares: [] });
    const legs = await t.database.db
      .select({ status: orderLegs.status })
      .from(orderLegs)
      .where(inArray(orderLegs.matchId, [a!.id, b!.id]));
    expect(legs.filter((l) => l.status === 'pending')).toEqual([]);
    const done = await t.database.db
      .select({ settledAt: matches.settledAt })
      .from(matches)
      .where(inArray(matches.id, [a!.id, b!.id]));
    expect(done.every((m) => m.settledAt !== null)).toBe(true);
  });

  it('pays nothing twice when a batch fails mid-way and the run is repeated', async () => {
    const [match] = await openMatches(t, 'football', 1);
    const { members, placed } = await nineSingles(match!);
    expect((await bookOf(match!)).shares).toHaveLength(placed.length);
    const seen: string[] = [];
    const off = t.app.services.events.on('order.settled', (e) => seen.push(e.orderNo));
    await over(match!);

    // The second batch dies after its orders were flipped, its messages written and its book
    // liability released, as it posts its credits, before it commits (the third, in flight
    // meanwhile, then commits nothing either).
    const crash = failSecondCall(t.app.services.ledger, 'postMany', 'killed mid-batch');
    const settlement = settlementIn(2);
    await expect(settlement.settleMatch(match!.id)).rejects.toThrow('killed mid-batch');
    crash.mockRestore();
    const halfway = await orderRows(placed);
    const first = [...placed].sort((a, b) => a.id - b.id).slice(0, 2);
    expect(halfway.filter((r) => r.status !== 'pending').map((r) => r.id)).toEqual(first.map((p) => p.id));
    expect((await bookOf(match!)).shares).toHaveLength(placed.length - 2);
    await expectLedgerBalanced(t);

    // The re-run settles the rest; a third run finds nothing to do.
    const again = await settlement.settleMatch(match!.id);
    expect(again.orders).toBe(7);
    expect((await settlement.settleMatch(match!.id)).orders).toBe(0);
    off();

    expect(seen.sort()).toEqual(placed.map((p) => p.orderNo).sort());
    await expectSettledOnce(match!, members, placed);
  });

  it('commits no batch after one that fails while the next is in flight, and the re-run pays each order once', async () => {
    const [match] = await openMatches(t, 'football', 1);
    const { members, placed } = await nineSingles(match!);
    await over(match!);

    // Whichever batch writes its inbox messages second dies there, before its credits: the
    // batches before it commit, it and every batch after it commit nothing. Two batches are in
    // flight, and either may reach its inbox write first: the second call may be the second
    // batch's, the first's, or (when the second batch is slower) the third's.
    const crash = failSecondCall(t.app.services.messages, 'sendMany', 'killed in flight');
    const settlement = settlementIn(2);
    await expect(settlement.settleMatch(match!.id)).rejects.toThrow('killed in flight');
    crash.mockRestore();
    const ids = placed.map((p) => p.id).sort((a, b) => a - b);
    const settled = (await orderRows(placed))
      .filter((r) => r.status !== 'pending')
      .map((r) => r.id)
      .sort((a, b) => a - b);
    // A prefix of whole batches (2 orders each) that stops before the batch that died.
    expect(settled).toEqual(ids.slice(0, settled.length));
    expect(settled.length % 2).toBe(0);
    expect(settled.length).toBeLessThan(ids.length);
    await expectLedgerBalanced(t);

    const again = await settlement.settleMatch(match!.id);
    expect(again.orders).toBe(placed.length - settled.length);
    expect((await settlement.settleMatch(match!.id)).orders).toBe(0);
    await expectSettledOnce(match!, members, placed);
  });

  it('decides each leg by its own play type and line, batch by batch', async () => {
    const [match] = await openMatches(t, 'football', 1);
    const m = await newMember(t.app);
    await fund(t, m, 100_000n);
    const placed: Array<{ id: number; playType: PlayTypeId; option: string; line: string | null }> = [];
    for (const playType of ['football.handicap', 'football.winDrawLose'] as const)
      for (const option of ['h', 'd', 'a']) {
        const { odds, line } = await oddsOf(t, match!.id, playType);
        const res = await submit(t, m, {
          sport_type: 1,
          bet_mode: 'single',
          pass_type: 'single',
          multiple: 1,
          selections: [
            { match_id: match!.id, bet_type: playType.split('.')[1], option, odds: odds[option]!, line },
          ],
        });
        if (res.statusCode !== 200) throw new Error(res.body);
        placed.push({ id: body<{ order_id: number }>(res).data.order_id, playType, option, line });
      }
    expect(placed.find((p) => p.playType === 'football.handicap')?.line).not.toBeNull();
    await over(match!);

    const report = await settlementIn(2).settleMatch(match!.id);
    expect(report).toMatchObject({ legs: 6, orders: 6 });
    const [stored] = await t.database.db.select().from(matches).where(eq(matches.id, match!.id));
    const result = matchResultSchema.parse(stored?.result);
    const ids = placed.map((p) => p.id);
    const legs = await t.database.db.select().from(orderLegs).where(inArray(orderLegs.orderId, ids));
    const rows = await t.database.db.select().from(orders).where(inArray(orders.id, ids));
    for (const p of placed) {
      const line = p.line === null ? null : parseLine(p.playType, p.line);
      const expected = settleOption(p.playType, p.option, line, result);
      expect({ order: p.id, leg: legs.find((l) => l.orderId === p.id)?.status }).toEqual({
        order: p.id,
        leg: expected,
      });
      expect(rows.find((r) => r.id === p.id)?.status).toBe(expected);
    }
  });

  it('decides a leg and settles an order without touching an index (none holds what settlement writes); a match is found bet on by the index alone', async () => {
    await expectHotUpdates(t.database.db, 'order_legs', ['status', 'settled_at']);
    await expectHotUpdates(t.database.db, 'orders', ['status', 'payout', 'settled_at']);
    const [betOn, unbet] = await openMatches(t, 'football', 2);
    const m = await newMember(t.app);
    await fund(t, m, 10_000n);
    await bet(m, [{ match: betOn!, win: true }]);
    expect(await matchesWithLegs(t.database.db, [betOn!.id, unbet!.id])).toEqual(new Set([betOn!.id]));
    await over(betOn!);
    expect((await settlementIn(10).settleMatch(betOn!.id)).orders).toBe(1);
  });

  it('settles an order whose leg only the match-wide pass decided (placed while the batches ran) before it marks the match settled', async () => {
    const [match] = await openMatches(t, 'football', 1);
    const [m] = await fundedMembers(1);
    const late = await bet(m!, [{ match: match!, win: true }]);
    await over(match!);
    const settlement = settlementIn(10);
    // The batches never see the order (it came after their read): only the match-wide pass does.
    const spy = vi
      .spyOn(settlement as unknown as { settleOrders: () => Promise<unknown> }, 'settleOrders')
      .mockImplementationOnce(() => Promise.resolve({ legs: 0, orders: 0, paid: 0n }));
    const report = await settlement.settleMatch(match!.id);
    spy.mockRestore();
    expect(report).toEqual({ legs: 1, orders: 1, paid: late.expected });
    await expectSettledOnce(match!, [m!], [late]);
    const [row] = await t.database.db.select().from(matches).where(eq(matches.id, match!.id));
    expect(row?.settledAt).not.toBeNull();
  });

  it('lists the orders of several matches once each, by ascending id, a parlay over both among them', async () => {
    const [a, b] = await openMatches(t, 'football', 2);
    const [m] = await fundedMembers(1);
    const placed = [
      await bet(m!, [{ match: b!, win: true }]),
      await bet(m!, [
        { match: a!, win: true },
        { match: b!, win: false },
      ]),
      await bet(m!, [{ match: a!, win: false }]),
    ];
    const ids = await orderIdsOfMatches(t.database.db, [b!.id, a!.id]);
    expect(ids).toEqual(placed.map((p) => p.id).sort((x, y) => x - y));
    await over(a!);
    await over(b!);
    expect(await settlementIn(2).settleMatches([a!.id, b!.id])).toBe(3);
  });
});
