import { describe, expect, it } from 'vitest';
import { beijingDate, beijingDateTime, beijingTime, dayHeading, dayLabel, weekdayOf } from './time.ts';

describe('Beijing match times', () => {
  it('shows kick-off in Beijing time whatever the device zone', () => {
    expect(beijingDate('2026-11-21T16:30:00.000Z')).toBe('2026-11-22');
    expect(beijingTime('2026-11-21T16:30:00.000Z')).toBe('00:30');
    expect(beijingDateTime('2026-11-21T15:15:00.000Z')).toBe('11-21 23:15');
  });

  it('labels days relative to today in Beijing', () => {
    const now = new Date('2026-11-21T17:00:00.000Z'); // 01:00 on the 22nd in Beijing
    expect(dayLabel('2026-11-22', now)).toBe('今天');
    expect(dayLabel('2026-11-23', now)).toBe('明天');
    expect(dayLabel('2026-11-24', now)).toBe('后天');
    expect(dayLabel('2026-11-25', now)).toBe('11-25');
    expect(weekdayOf('2026-11-21')).toBe('周六');
    expect(dayHeading('2026-11-22')).toBe('11月22日 周日');
  });
});
