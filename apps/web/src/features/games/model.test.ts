import { describe, expect, it } from 'vitest';
import { beijingDay, isGameDataFresh, rangeDates } from './model.ts';

describe('games model', () => {
  it('keeps game data for 5 minutes only', () => {
    const issued = 1_800_000_000;
    expect(isGameDataFresh({ timestamp: issued }, issued * 1000 + 299_000)).toBe(true);
    expect(isGameDataFresh({ timestamp: issued }, issued * 1000 + 300_000)).toBe(false);
    expect(isGameDataFresh(undefined)).toBe(false);
  });

  it('counts report days in Beijing time', () => {
    // 2026-11-21 17:00 UTC is already 22 November in Beijing.
    const now = Date.UTC(2026, 10, 21, 17, 0);
    expect(beijingDay(0, now)).toBe('2026-11-22');
    expect(rangeDates('yesterday', now)).toEqual({ start_date: '2026-11-21', end_date: '2026-11-21' });
    expect(rangeDates('week', now)).toEqual({ start_date: '2026-11-16', end_date: '2026-11-22' });
  });
});
