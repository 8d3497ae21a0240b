import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { as, body, newOperator, TEST_START, type TestApp } from '../../test/harness.ts';
import { expectLedgerBalanced } from '../../test/ledger-helpers.ts';
import {
  createSportsApp,
  fundedMember,
  oddsOf,
  openInPlayAt,
  submit,
  type MatchRow,
} from '../../test/sports-helpers.ts';
import { betRefusals } from './refusals.table.ts';
import { matches, orders } from './sports.table.ts';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

// Speed 1 (real time): several matches are live at once, and their events are seconds apart.
const clock = new ManualClock(TEST_START);
let t: TestApp;
let rows: MatchRow[];

beforeAll(async () => {
  t = await createSportsApp({ SPORTS_SIM_SPEED: '1' }, clock);
  rows = await t.database.db.select().from(matches).where(eq(matches.feed, t.config.sports.feedName));
});
afterAll(async () => {
  await expectLedgerBalanced(t);
  await t.close();
});

/** A bet on the home side's 胜平负 of `match` at the odds the rows show. */
async function wdl(match: MatchRow) {
  const { odds, line } = await oddsOf(t, match.id, 'football.winDrawLose');
  return { match_id: match.id, bet_type: 'winDrawLose', option: 'h', odds: odds['h']!, line };
}

const main = async (memberId: number) => (await t.app.services.ledger.balances(memberId)).get('main');

const refusalsOf = (memberId: number) =>
  t.database.db.select().from(betRefusals).where(eq(betRefusals.memberId, memberId));

describe('past-posting refused (issue 43, point 2)', () => {
  it('a pre-match bet at kick-off, by the feed time, is refused and recorded; no order is written', async () => {
    const start = clock.now().getTime();
    const match = rows
      .filter((m) => m.sport === 'football' && m.kickoffAt.getTime() > start + 10 * MINUTE)
      .sort((a, b) => a.kickoffAt.getTime() - b.kickoffAt.getTime())[0]!;
    clock.set(new Date(match.kickoffAt.getTime() - MINUTE));
    await t.app.services.feedSync.tick();
    const m = await fundedMember(t);
    const leg = await wdl(match);
    // The feed sync has not run since: our row still says scheduled; the kick-off time refuses it.
    clock.set(match.kickoffAt);
    const res = await submit(t, m, { sport_type: 1, bet_mode: 'single', multiple: 1, selections: [leg] });
    expect(res.statusCode).toBe(422);
    expect(body(res).message).toContain('已停止投注');
    expect(await t.database.db.select().from(orders).where(eq(orders.memberId, m.id))).toEqual([]);
    expect(await refusalsOf(m.id)).toMatchObject([
      {
        matchId: match.id,
        stage: 'submit',
        reason: 'kickoff',
        feedEventAt: match.kickoffAt,
        requestedAt: match.kickoffAt,
        orderNo: null,
      },
    ]);
  });

  it('an in-play bet asked for just before a goal is refused after its delay, though our rows had not seen it', async () => {
    // A football match open in play 3 s before the start of a suspension (goal, card, penalty).
    let found: { match: MatchRow; asked: Date; since: Date } | undefined;
    const start = clock.now().getTime();
    for (let when = start; !found && when < start + 6 * 60 * MINUTE; when += 10 * SECOND) {
      for (const match of openInPlayAt(t.app.services.sportsFeed, rows, new Date(when), 'football')) {
        const later = t.app.services.sportsFeed.state(match.externalId, new Date(when + 30 * SECOND));
        const since = later?.inPlay.suspendedSince;
        if (!later?.inPlay.suspended || !since || since.getTime() <= when + 20 * SECOND) continue;
        found = { match, asked: new Date(since.getTime() - 3 * SECOND), since };
        break;
      }
    }
    if (!found) throw new Error('no in-play event within six hours');
    const { match, asked, since } = found;
    clock.set(asked);
    await t.app.services.feedSync.tick();
    const m = await fundedMember(t);
    const before = await main(m.id);
    const res = await submit(t, m, {
      sport_type: 1,
      bet_mode: 'single',
      multiple: 1,
      selections: [await wdl(match)],
    });
    expect(res.statusCode).toBe(200);
    const placed = body<{ order_id: number; status: string }>(res).data;
    expect(placed.status).toBe('confirming');
    // The delay passes; the feed sync lags (our row still open): the feed's own word refuses it.
    clock.set(new Date(asked.getTime() + 5 * SECOND));
    const decided = await t.app.services.liveAcceptance.decide(placed.order_id);
    expect(decided).toMatchObject({ status: 'rejected', reason: '比赛状态已变化，投注未被接受' });
    expect(await main(m.id)).toBe(before);
    expect(await refusalsOf(m.id)).toMatchObject([
      { matchId: match.id, stage: 'decision', reason: 'event', feedEventAt: since, requestedAt: asked },
    ]);
  });

  it('a mixed order whose pre-match leg kicks off during the delay is refused', async () => {
    // A kick-off with a football match open in play 2 s before it and 5 s after.
    let found: { live: MatchRow; pre: MatchRow } | undefined;
    const start = clock.now().getTime();
    const upcoming = rows
      .filter((m) => m.kickoffAt.getTime() > start + MINUTE)
      .sort((a, b) => a.kickoffAt.getTime() - b.kickoffAt.getTime());
    // The in-play leg's 胜平负 price must hold through the delay: a price move is refused first
    // (赔率已变化), and this test is about the kick-off.
    const feed = t.app.services.sportsFeed;
    const homePrice = (m: MatchRow, at: number) =>
      feed.state(m.externalId, new Date(at))?.markets.find((x) => x.playType === 'football.winDrawLose')
        ?.odds['h'];
    for (const pre of upcoming) {
      const at = pre.kickoffAt.getTime() - 2 * SECOND;
      const [live] = openInPlayAt(feed, rows, new Date(at), 'football').filter(
        (m) =>
          m.id !== pre.id &&
          homePrice(m, at) !== undefined &&
          [1, 2, 3, 4, 5, 6].every((s) => homePrice(m, at + s * SECOND) === homePrice(m, at)),
      );
      if (live && pre.sport === 'football') {
        found = { live, pre };
        break;
      }
    }
    if (!found) throw new Error('no kick-off beside a match in play');
    const { live, pre } = found;
    const asked = new Date(pre.kickoffAt.getTime() - 2 * SECOND);
    clock.set(asked);
    await t.app.services.feedSync.tick();
    const m = await fundedMember(t);
    const res = await submit(t, m, {
      sport_type: 1,
      bet_mode: 'mixed',
      pass_type: '2x1',
      multiple: 1,
      selections: [await wdl(live), await wdl(pre)],
    });
    expect(res.statusCode, res.body).toBe(200);
    const placed = body<{ order_id: number }>(res).data;
    clock.set(new Date(asked.getTime() + 5 * SECOND));
    await t.app.services.feedSync.tick();
    expect(await t.app.services.liveAcceptance.decide(placed.order_id)).toMatchObject({
      status: 'rejected',
      reason: '赛事已开始，停止投注',
    });
    expect(await refusalsOf(m.id)).toMatchObject([
      { matchId: pre.id, stage: 'decision', reason: 'kickoff', feedEventAt: pre.kickoffAt },
    ]);
  });

  it('the console lists refusals by match, reason and day, with the risk role; a bad filter is refused', async () => {
    const risk = await newOperator(t.app, 'risk');
    const all = await as(t.app, risk, { method: 'GET', url: '/admin/v1/sports/refusals?per_page=100' });
    expect(all.statusCode).toBe(200);
    const list = body<{ list: Array<{ reason: string; reason_name: string; match_id: number }> }>(all).data
      .list;
    expect(list.length).toBeGreaterThanOrEqual(3);
    const kickoff = await as(t.app, risk, { method: 'GET', url: '/admin/v1/sports/refusals?reason=kickoff' });
    const kicked = body<{ list: Array<{ reason: string; reason_name: string }> }>(kickoff).data.list;
    expect(kicked.length).toBe(2);
    expect(kicked.every((r) => r.reason === 'kickoff' && r.reason_name === '赛事已开始')).toBe(true);
    const [first] = list;
    const byMatch = await as(t.app, risk, {
      method: 'GET',
      url: `/admin/v1/sports/refusals?match_id=${first!.match_id}&from=2030-01-01&to=2031-01-01`,
    });
    expect(
      body<{ list: Array<{ match_id: number }> }>(byMatch).data.list.every(
        (r) => r.match_id === first!.match_id,
      ),
    ).toBe(true);
    const bad = await as(t.app, risk, { method: 'GET', url: '/admin/v1/sports/refusals?reason=nope' });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain('拒绝原因无效');
    const support = await newOperator(t.app, 'support');
    expect((await as(t.app, support, { method: 'GET', url: '/admin/v1/sports/refusals' })).statusCode).toBe(
      403,
    );
  });
});
