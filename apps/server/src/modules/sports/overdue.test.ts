import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { body, newMember, TEST_START, type TestApp, type TestMember } from '../../test/harness.ts';
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
import type { Broadcaster } from '../realtime/broadcaster.ts';
import type { SportsFeed } from './feed/feed.ts';
import { FeedSync } from './feed-sync.ts';
import { OVERDUE_VOID_REASON } from './overdue.service.ts';
import { saveMatchStates } from './sports.repo.ts';
import { matches, orderLegs, orders } from './sports.table.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const clock = new ManualClock(TEST_START);
let t: TestApp;
beforeAll(async () => {
  t = await createSportsApp({}, clock);
});
afterEach(() => expectLedgerBalanced(t));
afterAll(() => t.close());

async function bet(member: TestMember, legs: Array<{ match: MatchRow; option: string }>, multiple = 1) {
  const selections = [];
  for (const { match, option } of legs) {
    const { odds } = await oddsOf(t, match.id, 'football.winDrawLose');
    selections.push({ match_id: match.id, bet_type: 'winDrawLose', option, odds: odds[option]! });
  }
  const single = legs.length === 1;
  const res = await submit(t, member, {
    sport_type: 1,
    bet_mode: single ? 'single' : 'mixed',
    pass_type: single ? 'single' : `${legs.length}x1`,
    multiple,
    selections,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return { ...body<{ order_id: number; order_no: string }>(res).data, odds: selections.map((s) => s.odds) };
}

/**
 * The app's simulated feed, except that the matches in `silenced` are listed with their fixtures
 * and pre-match odds but, once kicked off, stay postponed for ever: the feed never reports a
 * result (until a test sets `late` to let the real one through).
 */
function neverEndingFeed(silenced: Set<string>, late: { on: boolean }): SportsFeed {
  const sim = t.app.services.sportsFeed;
  return {
    name: sim.name,
    inPlay: sim.inPlay,
    leagues: () => sim.leagues(),
    teams: () => sim.teams(),
    fixtures: (from, to) => sim.fixtures(from, to),
    state(externalId, now) {
      const real = sim.state(externalId, now);
      if (!real || !silenced.has(externalId) || late.on || real.status === 'scheduled') return real;
      return {
        ...real,
        status: 'postponed',
        period: 'POSTPONED',
        minute: null,
        clock: '推迟',
        score: { home: 0, away: 0 },
        halfTime: null,
        periods: [],
        events: [],
        stats: {},
        markets: [],
        bettingOpen: false,
      };
    },
  };
}

const quiet: Broadcaster = {
  driver: 'embedded',
  publish: () => Promise.resolve(),
  ping: () => Promise.resolve(),
  close: () => Promise.resolve(),
};
const noLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

const matchRow = async (id: number) =>
  (await t.database.db.select().from(matches).where(eq(matches.id, id)))[0]!;
const orderRow = async (id: number) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const entriesOf = (m: TestMember) =>
  t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.memberId, m.id));
const main = async (m: TestMember) => (await t.app.services.ledger.balances(m.id)).get('main')!;

describe('the 36 h void rule, on our own clock', () => {
  it('voids any match not completed, also one the feed stops reporting while still scheduled', async () => {
    const start = clock.now();
    const [c] = await openMatches(t, 'football', 1);
    const m = await newMember(t.app);
    await fund(t, m, 1_000n);
    const single = await bet(m, [{ match: c!, option: 'a' }], 2);
    const sim = t.app.services.sportsFeed;
    // Listed with its odds; after kick-off the provider no longer knows it (state null).
    const silent: SportsFeed = {
      ...neverEndingFeed(new Set(), { on: false }),
      state: (id, now) => (id === c!.externalId && now >= c!.kickoffAt ? null : sim.state(id, now)),
    };
    const sync = new FeedSync(t.database.db, silent, quiet, t.app.services.settlement, noLog, clock, {
      backHours: 2,
      aheadHours: 12,
      preMatchRefreshMs: MINUTE,
      fixturesRefreshMs: 10 * MINUTE,
    });
    await sync.tick(new Date(c!.kickoffAt.getTime() + 3 * HOUR));
    expect((await matchRow(c!.id)).status).toBe('scheduled');

    clock.set(c!.kickoffAt.getTime() + 36 * HOUR - MINUTE);
    await t.app.services.overdueMatches.run();
    expect((await matchRow(c!.id)).status).toBe('scheduled');
    expect(await orderRow(single.order_id)).toMatchObject({ status: 'pending' });

    clock.set(c!.kickoffAt.getTime() + 36 * HOUR);
    await t.app.services.overdueMatches.run();
    expect(await matchRow(c!.id)).toMatchObject({
      status: 'cancelled',
      result: { status: 'cancelled', reason: OVERDUE_VOID_REASON },
    });
    expect(await orderRow(single.order_id)).toMatchObject({ status: 'refunded', payout: 400n });
    expect(await main(m)).toBe(1_000n);
    clock.set(start);
  });

  it('voids a match the feed leaves postponed at kick-off + 36 h, once: single refunded, parlay leg 1.00', async () => {
    const open = await openMatches(t, 'football', 6);
    const a = open[0]!;
    // The parlay's other match kicks off later, so it is still undecided when `a` is voided.
    const b = open.find((m) => m.kickoffAt.getTime() > a.kickoffAt.getTime())!;
    expect(b).toBeDefined();
    const m = await newMember(t.app);
    await fund(t, m, 10_000n);
    const single = await bet(m, [{ match: a, option: 'h' }], 5);
    const parlay = await bet(m, [
      { match: a, option: 'd' },
      { match: b, option: wdlOption(t, b, true) },
    ]);
    expect(await main(m)).toBe(10_000n - 1_000n - 200n);

    const late = { on: false };
    const sync = new FeedSync(
      t.database.db,
      neverEndingFeed(new Set([a.externalId]), late),
      quiet,
      t.app.services.settlement,
      noLog,
      clock,
      { backHours: 2, aheadHours: 12, preMatchRefreshMs: MINUTE, fixturesRefreshMs: 10 * MINUTE },
    );
    // A minute after kick-off the feed calls `a` postponed (and says nothing more, ever).
    await sync.tick(new Date(a.kickoffAt.getTime() + MINUTE));
    expect((await matchRow(a.id)).status).toBe('postponed');
    expect((await matchRow(b.id)).status).not.toBe('finished');

    // 35 h 59 min after kick-off: nothing happens.
    clock.set(a.kickoffAt.getTime() + 36 * HOUR - MINUTE);
    await t.app.services.overdueMatches.run();
    expect(await matchRow(a.id)).toMatchObject({ status: 'postponed', result: null, settledAt: null });
    expect(await orderRow(single.order_id)).toMatchObject({ status: 'pending', payout: 0n });
    const before = await entriesOf(m);

    // 36 h: two checks at once (on PostgreSQL truly concurrent) void it and refund the single once.
    clock.set(a.kickoffAt.getTime() + 36 * HOUR);
    await Promise.all([t.app.services.overdueMatches.run(), t.app.services.overdueMatches.run()]);
    const voided = await matchRow(a.id);
    expect(voided).toMatchObject({
      status: 'cancelled',
      bettingOpen: false,
      result: { status: 'cancelled', reason: OVERDUE_VOID_REASON },
    });
    expect(voided.settledAt).not.toBeNull();
    expect(await orderRow(single.order_id)).toMatchObject({ status: 'refunded', payout: 1_000n });
    const refunds = (await entriesOf(m)).filter((e) => e.type === 'bet_refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 1_000n, referenceId: single.order_no });
    expect((await entriesOf(m)).length).toBe(before.length + 1);
    const legsOnA = await t.database.db.select().from(orderLegs).where(eq(orderLegs.matchId, a.id));
    expect(legsOnA.map((l) => l.status)).toEqual(['void', 'void']);
    // The parlay waits for its other leg.
    expect(await orderRow(parlay.order_id)).toMatchObject({ status: 'pending', payout: 0n });

    // Running the check again pays nothing.
    await t.app.services.overdueMatches.run();
    await t.app.services.overdueMatches.run();
    expect((await entriesOf(m)).length).toBe(before.length + 1);
    expect(await main(m)).toBe(10_000n - 1_000n - 200n + 1_000n);

    // `b` is played: the parlay settles with `a` at 1.00, i.e. b's odds × 2元.
    await sync.tick(new Date(b.kickoffAt.getTime() + 24 * HOUR));
    expect((await matchRow(b.id)).status).toBe('finished');
    const oddsB = BigInt(Math.round(Number(parlay.odds[1]) * 100));
    const prize = (oddsB * 200n) / 100n;
    expect(await orderRow(parlay.order_id)).toMatchObject({ status: 'won', payout: prize });
    const after = await entriesOf(m);
    expect(after.filter((e) => e.type === 'payout')).toHaveLength(1);
    expect(await main(m)).toBe(10_000n - 200n + prize);

    // The feed finally reports `a`'s result: nothing changes (it is never asked again) ...
    late.on = true;
    expect(finalState(t, a).status).toBe('finished');
    await sync.tick(new Date(a.kickoffAt.getTime() + 48 * HOUR));
    await t.app.services.overdueMatches.run();
    await t.app.services.settlement.settleReadyOrders(a.id);
    expect(await matchRow(a.id)).toMatchObject({
      status: 'cancelled',
      result: { status: 'cancelled', reason: OVERDUE_VOID_REASON },
    });
    // ... and a sync pass that read `a` before the void cannot write its result afterwards.
    const real = finalState(t, a);
    const saved = await saveMatchStates(
      t.database.db,
      [
        {
          id: a.id,
          over: true,
          state: {
            status: 'finished',
            bettingOpen: false,
            period: 'FT',
            minute: null,
            clock: '完场',
            homeScore: real.score.home,
            awayScore: real.score.away,
            htHome: real.halfTime?.home ?? null,
            htAway: real.halfTime?.away ?? null,
            periods: [],
            events: [],
            stats: {},
            result: { status: 'finished', sport: 'football', fullTime: real.score, halfTime: real.halfTime },
            liveOpen: false,
            liveSuspended: false,
            liveSuspendReason: null,
            liveSuspendedAt: null,
          },
        },
      ],
      clock.now(),
    );
    expect(saved.has(a.id)).toBe(false);
    expect((await matchRow(a.id)).status).toBe('cancelled');
    expect(await entriesOf(m)).toHaveLength(after.length);
    expect(await orderRow(single.order_id)).toMatchObject({ status: 'refunded', payout: 1_000n });
    expect(await orderRow(parlay.order_id)).toMatchObject({ status: 'won', payout: prize });
    const legStatuses = await t.database.db
      .select({ status: orderLegs.status })
      .from(orderLegs)
      .where(and(eq(orderLegs.matchId, a.id), eq(orderLegs.status, 'void')));
    expect(legStatuses).toHaveLength(2);
    // Three feed passes over a day and a half of fixtures: about 2 s alone, far more beside the
    // other tiers on a busy 2-core machine.
  }, 90_000);
});
