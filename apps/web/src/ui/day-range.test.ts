import { describe, expect, it } from 'vitest';
import { lastDays } from './day-range.ts';

describe('lastDays', () => {
  it('counts Shanghai days back from today, today included', () => {
    // 17:30 UTC is already the next day in Shanghai.
    const now = Date.parse('2026-11-21T17:30:00Z');
    expect(lastDays(1, now)).toEqual({ start_date: '2026-11-22', end_date: '2026-11-22' });
    expect(lastDays(7, now)).toEqual({ start_date: '2026-11-16', end_date: '2026-11-22' });
    expect(lastDays(30, Date.parse('2026-03-01T02:00:00Z'))).toEqual({
      start_date: '2026-01-31',
      end_date: '2026-03-01',
    });
  });
});
