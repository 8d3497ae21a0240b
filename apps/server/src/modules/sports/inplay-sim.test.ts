import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { IN_PLAY_PLAY_TYPES, PLAY_TYPES, SPORT_TYPE_IDS, type PlayTypeId } from '@app/shared';
import { ManualClock } from '../../lib/clock.ts';
import { as, newMember, TEST_START, type TestApp, type TestMember } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import { createSportsApp, fund, submit } from '../../test/sports-helpers.ts';
import { matches, matchMarkets, orders } from './sports.table.ts';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

/** A small seeded generator, so the hour plays the same way every run. */
function lcg(seed: number) {
  let x = seed >>> 0;
  return (n: number) => {
    x = (Math.imul(x, 1_664_525) + 1_013_904_223) >>> 0;
    return x % n;
  };
}

let t: TestApp | undefined;
afterAll(() => t?.close());

describe('an hour of in-play betting on the simulated feed', () => {
  it('accepts most bets and refuses some, for the reasons the rules give', { timeout: 600_000 }, async () => {
    const clock = new ManualClock(TEST_START);
    // A narrow fixture window keeps each sync pass small: the hour needs only the matches in it.
    t = await createSportsApp({ SPORTS_SYNC_BACK_MINUTES: '20', SPORTS_SYNC_AHEAD_MINUTES: '75' }, clock);
    const app = t;
    const feed = app.config.sports.feedName;
    const policies = ['any', 'higher', 'none'] as const;
    const players: Array<{ member: TestMember; policy: string }> = [];
    for (const policy of policies) {
      const member = await newMember(app.app);
      await fund(app, member, 10_000_000n);
      await as(app.app, member, {
        method: 'PUT',
        url: '/v1/sports/preferences',
        payload: { odds_policy: policy },
      });
      players.push({ member, policy });
    }
    const random = lcg(17);
    const refusedAtSubmit: Record<string, number> = {};
    let placed = 0;

    const started = performance.now();
    const end = clock.now().getTime() + 60 * MINUTE;
    while (clock.now().getTime() < end) {
      // Every ~30 s of feed time: sync, let each member bet on a match open in play, then let the
      // bet delay run with the feed (synced as it plays) and the decider deciding what is due.
      await app.app.services.feedSync.tick();
      const live = await app.database.db
        .select()
        .from(matches)
        .where(
          and(
            eq(matches.feed, feed),
            eq(matches.status, 'live'),
            eq(matches.liveOpen, true),
            eq(matches.liveSuspended, false),
          ),
        );
      if (live.length > 0) {
        const markets = await app.database.db
          .select()
          .from(matchMarkets)
          .where(
            and(
              inArray(
                matchMarkets.matchId,
                live.map((m) => m.id),
              ),
              inArray(matchMarkets.playType, [...IN_PLAY_PLAY_TYPES]),
            ),
          );
        for (const { member } of players) {
          const market = markets[random(markets.length)];
          if (!market) continue;
          const match = live.find((m) => m.id === market.matchId)!;
          const def = PLAY_TYPES[market.playType as PlayTypeId];
          const options = Object.keys(market.odds).filter((k) => Number(market.odds[k]) <= 30);
          const option = options[random(options.length)];
          if (!option) continue;
          const res = await submit(app, member, {
            sport_type: SPORT_TYPE_IDS[match.sport],
            bet_mode: 'single',
            multiple: 1 + random(5),
            selections: [
              {
                match_id: match.id,
                bet_type: def.betType,
                option,
                odds: market.odds[option],
                line: market.line,
              },
            ],
          });
          if (res.statusCode === 200) placed++;
          else {
            const key = `${res.statusCode} ${res.json<{ message: string }>().message}`;
            refusedAtSubmit[key] = (refusedAtSubmit[key] ?? 0) + 1;
          }
        }
      }
      // The delay passes (the feed synced as it ends), then the rest of the ~30 s.
      clock.advance(5 * SECOND);
      await app.app.services.feedSync.tick();
      await app.app.services.liveAcceptance.run();
      clock.advance((20 + random(10)) * SECOND);
    }
    clock.advance(MINUTE);
    await app.app.services.liveAcceptance.run();

    const rows = await app.database.db
      .select({ status: orders.status, reason: orders.rejectReason })
      .from(orders)
      .where(
        inArray(
          orders.memberId,
          players.map((p) => p.member.id),
        ),
      );
    const accepted = rows.filter((r) => r.status === 'pending' || r.status === 'won' || r.status === 'lost');
    const rejected = rows.filter((r) => r.status === 'rejected');
    const byReason: Record<string, number> = {};
    for (const r of rejected) byReason[r.reason ?? '?'] = (byReason[r.reason ?? '?'] ?? 0) + 1;
    const byPolicy = Object.fromEntries(policies.map((p) => [p, { accepted: 0, rejected: 0 }]));
    const allRows = await app.database.db
      .select({ memberId: orders.memberId, status: orders.status })
      .from(orders)
      .where(
        inArray(
          orders.memberId,
          players.map((p) => p.member.id),
        ),
      );
    for (const r of allRows) {
      const policy = players.find((p) => p.member.id === r.memberId)!.policy;
      const tally = byPolicy[policy]!;
      if (r.status === 'rejected') tally.rejected++;
      else tally.accepted++;
    }
    console.log(
      '[in-play hour]',
      JSON.stringify(
        {
          placed,
          accepted: accepted.length,
          rejected: rejected.length,
          rejected_by_reason: byReason,
          by_policy: byPolicy,
          still_confirming: rows.filter((r) => r.status === 'confirming').length,
          refused_at_submit: refusedAtSubmit,
          wall_ms: Math.round(performance.now() - started),
        },
        null,
        2,
      ),
    );
    expect(rows.filter((r) => r.status === 'confirming')).toEqual([]);
    expect(accepted.length).toBeGreaterThan(0);
    expect(rejected.length).toBeGreaterThan(0);
    await expectLedgerBalanced(app);
  });
});
