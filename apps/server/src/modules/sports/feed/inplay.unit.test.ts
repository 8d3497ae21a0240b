import { describe, expect, it } from 'vitest';
import type { FeedFixture, FeedMatchState } from './feed.ts';
import { inPlayAt, SimulatedFeed } from './simulator.ts';

const MINUTE = 60_000;
const seed = 'in-play-test-seed';
// Speed 1: elapsed match minutes are real minutes, so times below read as match minutes.
const feed = () => new SimulatedFeed({ seed, speed: 1, footballIntervalMin: 30, basketballIntervalMin: 45 });
const at = (fixture: FeedFixture, minutes: number) =>
  new Date(fixture.kickoffAt.getTime() + minutes * MINUTE);

const DAY = new Date('2026-03-02T00:00:00Z');
function fixtures(sport: 'football' | 'basketball'): FeedFixture[] {
  return feed()
    .fixtures(DAY, new Date(DAY.getTime() + 3 * 86_400_000))
    .filter((f) => f.sport === sport);
}
/** Fixtures that are played (not called off). */
function played(sport: 'football' | 'basketball'): FeedFixture[] {
  const f = feed();
  return fixtures(sport).filter((x) => f.state(x.externalId, at(x, 60 * 24))?.status === 'finished');
}

describe('in-play windows (pure)', () => {
  const toDate = (m: number) => new Date(m * MINUTE);

  it('is suspended while a suspension covers the moment, naming the latest begun', () => {
    const list = [
      { from: 10, to: 11.5, reason: '进球' },
      { from: 11, to: 12.5, reason: '红牌' },
      { from: 85, to: Number.POSITIVE_INFINITY, reason: '比赛末段' },
    ];
    expect(inPlayAt(5, true, list, toDate)).toEqual({
      open: true,
      suspended: false,
      reason: null,
      suspendedSince: null,
    });
    expect(inPlayAt(10.5, true, list, toDate)).toEqual({
      open: true,
      suspended: true,
      reason: '进球',
      suspendedSince: toDate(10),
    });
    // Overlapping suspensions are one run: it began with the goal.
    expect(inPlayAt(12, true, list, toDate)).toMatchObject({
      suspended: true,
      reason: '红牌',
      suspendedSince: toDate(10),
    });
    // Over: the most recent suspension is remembered (the decider refuses bets placed before it).
    expect(inPlayAt(30, true, list, toDate)).toEqual({
      open: true,
      suspended: false,
      reason: '红牌',
      suspendedSince: toDate(10),
    });
    expect(inPlayAt(86, false, list, toDate)).toMatchObject({
      open: false,
      suspended: true,
      reason: '比赛末段',
      suspendedSince: toDate(85),
    });
  });
});

describe('simulated feed in play: football', () => {
  it('is not in play before kick-off', () => {
    const [f] = fixtures('football');
    expect(feed().state(f!.externalId, at(f!, -5))!.inPlay).toEqual({
      open: false,
      suspended: false,
      reason: null,
      suspendedSince: null,
    });
  });

  it('suspends for 1.5 minutes from a goal, then reopens remembering it', () => {
    const f = feed();
    const match = played('football').find((x) => {
      const goal = f.state(x.externalId, at(x, 60 * 24))!.events.find((e) => e.type === 'goal');
      return goal && goal.minute > 3 && goal.minute < 40;
    })!;
    const goal = f.state(match.externalId, at(match, 60 * 24))!.events.find((e) => e.type === 'goal')!;
    const before: FeedMatchState = f.state(match.externalId, at(match, goal.minute - 0.01))!;
    const during = f.state(match.externalId, at(match, goal.minute + 0.5))!;
    expect(during.status).toBe('live');
    expect(during.inPlay).toMatchObject({ open: true, suspended: true });
    expect(['进球', '点球', '红牌']).toContain(during.inPlay.reason);
    expect(during.inPlay.suspendedSince!.getTime()).toBeLessThanOrEqual(at(match, goal.minute).getTime());
    expect(during.inPlay.suspendedSince!.getTime()).toBeGreaterThan(
      before.inPlay.suspendedSince?.getTime() ?? 0,
    );
    // A goal moves the live prices.
    expect(during.markets).not.toEqual(before.markets);
    const later = f.state(match.externalId, at(match, goal.minute + 1.6))!;
    if (!later.inPlay.suspended) {
      expect(later.inPlay.open).toBe(true);
      expect(later.inPlay.reason).not.toBeNull();
      expect(later.inPlay.suspendedSince).toEqual(during.inPlay.suspendedSince);
    }
  });

  it('stays open at half time and closes from the 85th minute', () => {
    const f = feed();
    for (const match of played('football').slice(0, 6)) {
      const half = f.state(match.externalId, at(match, 55))!;
      expect(half.period).toBe('HT');
      expect(half.inPlay.open).toBe(true);
      // The second half starts after 45 + stoppage + 15 minutes; the 85th minute 39 minutes in.
      const end = f.state(match.externalId, at(match, 60 * 24))!;
      const late = [...Array(200).keys()]
        .map((i) => f.state(match.externalId, at(match, 100 + i * 0.25))!)
        .find((s) => s.status === 'live' && (s.minute ?? 0) >= 85);
      expect(late, `${match.externalId} ${end.status}`).toBeDefined();
      expect(late!.inPlay).toMatchObject({ open: false, suspended: true, reason: '比赛末段' });
      const early = f.state(match.externalId, at(match, 68))!;
      expect(early.period).toBe('2H');
      expect((early.minute ?? 0) < 85 && early.inPlay.open).toBe(true);
      expect(end.inPlay.open).toBe(false);
    }
  });

  it('awards some penalties, each a minute before a goal, and suspends for them', () => {
    const f = feed();
    let penalties = 0;
    for (const match of played('football')) {
      const end = f.state(match.externalId, at(match, 60 * 24))!;
      for (const p of end.events.filter((e) => e.type === 'penalty')) {
        penalties++;
        expect(p.text).toBe('点球');
        expect(
          end.events.some((g) => g.type === 'goal' && g.side === p.side && g.minute === p.minute + 1),
        ).toBe(true);
      }
    }
    expect(penalties).toBeGreaterThan(0);
  });

  it('is the same for the same seed and time (a restart resumes exactly)', () => {
    const [match] = played('football');
    for (const minute of [3, 20, 47, 70, 88]) {
      expect(feed().state(match!.externalId, at(match!, minute))).toEqual(
        feed().state(match!.externalId, at(match!, minute)),
      );
    }
  });
});

describe('simulated feed in play: basketball', () => {
  it('suspends the last half minute of a quarter, closes breaks and the last 2 minutes', () => {
    const f = feed();
    const match = played('basketball').find(
      (x) => f.state(x.externalId, at(x, 60 * 24))!.periods.length === 4,
    )!;
    const s = (minute: number) => f.state(match.externalId, at(match, minute))!;
    // Q1 0-12, break 12-14, Q2 14-26, half 26-41, Q3 41-53, break 53-55, Q4 55-67.
    expect(s(6).inPlay).toMatchObject({ open: true, suspended: false });
    expect(s(11.75).inPlay).toMatchObject({ open: true, suspended: true, reason: '节末' });
    expect(s(13).inPlay).toMatchObject({ open: false, suspended: true, reason: '节间休息' });
    expect(s(13).inPlay.suspendedSince).toEqual(at(match, 11.5));
    expect(s(20).inPlay).toMatchObject({ open: true, suspended: false, reason: '节间休息' });
    expect(s(30).inPlay).toMatchObject({ open: false, suspended: true, reason: '中场休息' });
    expect(s(60).inPlay).toMatchObject({ open: true, suspended: false });
    expect(s(65.5).inPlay).toMatchObject({ open: false, suspended: true, reason: '比赛末段' });
    expect(s(65.5).status).toBe('live');
    expect(s(68).status).toBe('finished');
  });
});
