import { describe, expect, it } from 'vitest';
import { expertStatsOf } from './expert-stats.ts';

describe('expertStatsOf', () => {
  it('gives zeros for an expert without picks', () => {
    expect(expertStatsOf([])).toEqual({
      total_picks: 0,
      won: 0,
      lost: 0,
      pending: 0,
      win_rate: 0,
      current_streak: 0,
      best_streak: 0,
      recent: [],
    });
  });

  it('computes the win rate over settled picks only, rounded down', () => {
    const stats = expertStatsOf(['won', 'lost', 'won', 'pending', 'pending']);
    expect(stats).toMatchObject({ total_picks: 5, won: 2, lost: 1, pending: 2, win_rate: 66 });
  });

  it('counts the current streak up to the latest settled pick, ignoring pending ones', () => {
    const stats = expertStatsOf(['won', 'won', 'won', 'lost', 'won', 'won', 'pending']);
    expect(stats.current_streak).toBe(2);
    expect(stats.best_streak).toBe(3);
  });

  it('resets the current streak after a loss', () => {
    expect(expertStatsOf(['won', 'won', 'lost']).current_streak).toBe(0);
  });

  it('lists at most ten recent settled results, newest first', () => {
    const picks = [...Array<'lost'>(5).fill('lost'), ...Array<'won'>(8).fill('won'), 'pending' as const];
    const stats = expertStatsOf(picks);
    expect(stats.recent).toHaveLength(10);
    expect(stats.recent.slice(0, 8).every((r) => r === 'won')).toBe(true);
    expect(stats.recent.slice(8)).toEqual(['lost', 'lost']);
    expect(stats.win_rate).toBe(61);
  });
});
