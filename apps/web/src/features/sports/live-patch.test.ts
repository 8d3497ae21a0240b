import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  applyMatchUpdate,
  applyOddsUpdate,
  cacheHoldsMatch,
  parseMatchUpdate,
  parseOddsUpdate,
  patchCachedMatch,
  type MatchUpdate,
} from './live-patch.ts';
import type { Page } from '@app/shared';
import type { Match } from './model.ts';

const base: Match = {
  id: 7,
  sport_type: 1,
  sport: 'football',
  match_no: '周六007',
  league: { id: 1, code: 'EPL', name: '英超', short_name: '英超', color: '#3d195b' },
  home_team: { id: 1, name: '曼城' },
  away_team: { id: 2, name: '阿森纳' },
  kickoff_at: '2026-11-21T12:00:00.000Z',
  sales_close_at: '2026-11-21T12:00:00.000Z',
  status: 'live',
  status_text: '进行中',
  betting_open: false,
  period: '1H',
  minute: 10,
  clock: "10'",
  home_score: 0,
  away_score: 0,
  half_time: null,
  live_betting: true,
  live_suspended: false,
  live_suspend_reason: null,
  markets: [
    {
      play_type: 'football.winDrawLose',
      bet_type: 'winDrawLose',
      name: '胜平负',
      max_passes: 8,
      line: null,
      single: true,
      version: 3,
      options: [
        { key: 'h', name: '胜', odds: '2.00' },
        { key: 'd', name: '平', odds: '3.00' },
        { key: 'a', name: '负', odds: '4.00' },
      ],
      updated_at: '2026-11-21T12:10:00.000Z',
    },
  ],
};

const goal: MatchUpdate = {
  id: 7,
  sport_type: 1,
  status: 'live',
  period: '1H',
  minute: 23,
  clock: "23'",
  home_score: 1,
  away_score: 0,
  half_time: null,
};

describe('live pushes patch cached matches in place', () => {
  it('applies score and clock, keeping the object when nothing changed', () => {
    const next = applyMatchUpdate(base, goal);
    expect(next).toMatchObject({ home_score: 1, clock: "23'", minute: 23 });
    expect(applyMatchUpdate(next, goal)).toBe(next);
    expect(applyMatchUpdate(base, { ...goal, status: 'finished', period: 'FT' }).status_text).toBe('已完场');
  });

  it('applies the in-play state of a push: suspended with its reason, then reopened', () => {
    const suspended = applyMatchUpdate(base, {
      ...goal,
      live_betting: false,
      live_suspended: true,
      live_suspend_reason: '进球',
    });
    expect(suspended).toMatchObject({
      live_betting: false,
      live_suspended: true,
      live_suspend_reason: '进球',
    });
    const reopened = applyMatchUpdate(suspended, {
      ...goal,
      live_betting: true,
      live_suspended: false,
      live_suspend_reason: null,
    });
    expect(reopened).toMatchObject({ live_betting: true, live_suspended: false, live_suspend_reason: null });
    // A push without the in-play fields leaves them as they were; the end of the match closes betting.
    expect(applyMatchUpdate(suspended, { ...goal, minute: 24, clock: "24'" }).live_suspended).toBe(true);
    expect(applyMatchUpdate(base, { ...goal, status: 'finished', period: 'FT' }).live_betting).toBe(false);
  });

  it('applies in-play odds by play type', () => {
    const next = applyOddsUpdate(base, {
      id: 7,
      markets: [{ play_type: 'football.winDrawLose', line: null, odds: { h: '1.50', d: '3.80', a: '6.00' } }],
    });
    expect(next.markets[0]?.options.map((o) => o.odds)).toEqual(['1.50', '3.80', '6.00']);
    expect(applyOddsUpdate(base, { id: 7, markets: [] })).toBe(base);
  });

  it("applies an operator's suspension and reopening, but never opens a live match's closed markets", () => {
    const odds = { h: '2.00', d: '3.00', a: '4.00' };
    const closed = applyOddsUpdate(base, {
      id: 7,
      markets: [{ play_type: 'football.winDrawLose', line: null, odds, suspended: true }],
    });
    expect(closed.markets[0]?.suspended).toBe(true);
    const reopened = applyOddsUpdate(closed, {
      id: 7,
      markets: [{ play_type: 'football.winDrawLose', line: null, odds, suspended: false }],
    });
    expect(reopened.markets[0]?.suspended).toBe(false);
    // A feed push says nothing of suspension: it stays as it was.
    expect(
      applyOddsUpdate(closed, { id: 7, markets: [{ play_type: 'football.winDrawLose', line: null, odds }] }),
    ).toBe(closed);
    const afterGoal = { ...closed, live_betting: false, live_suspended: true };
    const stillClosed = applyOddsUpdate(afterGoal, {
      id: 7,
      markets: [{ play_type: 'football.winDrawLose', line: null, odds, suspended: false }],
    });
    expect(stillClosed.markets[0]?.suspended).toBe(true);
  });

  it('finds the match in a page, an infinite list or a detail and leaves others alone', () => {
    const page: Page<Match> = {
      list: [base, { ...base, id: 8 }],
      total: 2,
      page: 1,
      per_page: 20,
      has_more: false,
    };
    const infinite: InfiniteData<Page<Match>> = { pages: [page], pageParams: [1] };
    const patch = (m: Match) => applyMatchUpdate(m, goal);

    const patchedPage = patchCachedMatch(page, 7, patch) as Page<Match>;
    expect(patchedPage.list[0]?.home_score).toBe(1);
    expect(patchedPage.list[1]).toBe(page.list[1]);
    expect((patchCachedMatch(infinite, 7, patch) as typeof infinite).pages[0]?.list[0]?.home_score).toBe(1);
    expect((patchCachedMatch(base, 7, patch) as Match).home_score).toBe(1);
    expect(patchCachedMatch(page, 99, patch)).toBe(page);
    const stats = { total: 3 };
    expect(patchCachedMatch(stats, 7, patch)).toBe(stats);
    expect(cacheHoldsMatch(infinite, 8)).toBe(true);
    expect(cacheHoldsMatch(infinite, 99)).toBe(false);
  });

  it('drops malformed payloads', () => {
    expect(parseMatchUpdate({ id: 'x' })).toBeNull();
    expect(parseMatchUpdate({ ...goal, status: 'weird' })).toBeNull();
    expect(parseMatchUpdate(goal)).toEqual(goal);
    expect(parseOddsUpdate({ id: 7, markets: [{ play_type: 1 }] })).toBeNull();
    expect(parseOddsUpdate(null)).toBeNull();
  });
});
