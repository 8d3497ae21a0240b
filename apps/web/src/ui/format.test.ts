import { describe, expect, it } from 'vitest';
import { formatDateTime, shanghaiParts } from './format.ts';

describe('formatDateTime', () => {
  it('shows Beijing time whatever the device zone is', () => {
    // 16:05:09 UTC is 00:05:09 the next day in Beijing.
    expect(formatDateTime('2026-11-21T16:05:09Z')).toBe('2026-11-22 00:05');
    expect(formatDateTime('2026-11-21T16:05:09Z', true)).toBe('2026-11-22 00:05:09');
    expect(shanghaiParts(Date.UTC(2026, 0, 1, 0, 0, 0))).toEqual({
      date: '2026-01-01',
      time: '08:00',
      timeWithSeconds: '08:00:00',
    });
  });

  it('says -- for nothing or nonsense', () => {
    expect(formatDateTime(null)).toBe('--');
    expect(formatDateTime('')).toBe('--');
    expect(formatDateTime('not a date')).toBe('--');
  });
});
