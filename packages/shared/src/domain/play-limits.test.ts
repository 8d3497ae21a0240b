import { describe, expect, it } from 'vitest';
import { addMonths, playLimitWindow } from './play-limits.ts';

const iso = (w: { from: Date; to: Date }) => [w.from.toISOString(), w.to.toISOString()];

describe('playLimitWindow', () => {
  it('counts a day from 00:00 Beijing time, whatever the UTC date', () => {
    // 2026-11-26 23:30 UTC is 2026-11-27 07:30 in Beijing.
    expect(iso(playLimitWindow('day', new Date('2026-11-26T23:30:00Z')))).toEqual([
      '2026-11-26T16:00:00.000Z',
      '2026-11-27T16:00:00.000Z',
    ]);
    expect(iso(playLimitWindow('day', new Date('2026-11-26T15:59:59Z')))).toEqual([
      '2026-11-25T16:00:00.000Z',
      '2026-11-26T16:00:00.000Z',
    ]);
  });

  it('counts a week from Monday and a month from the 1st, across a year end', () => {
    // Thursday 2026-11-26 in Beijing: the week began Monday 2026-11-23.
    expect(iso(playLimitWindow('week', new Date('2026-11-26T10:00:00Z')))).toEqual([
      '2026-11-22T16:00:00.000Z',
      '2026-11-29T16:00:00.000Z',
    ]);
    // A Sunday evening still belongs to the week that began on Monday.
    expect(iso(playLimitWindow('week', new Date('2026-11-29T15:00:00Z')))[0]).toBe(
      '2026-11-22T16:00:00.000Z',
    );
    expect(iso(playLimitWindow('month', new Date('2026-12-31T17:00:00Z')))).toEqual([
      '2026-12-31T16:00:00.000Z',
      '2027-01-31T16:00:00.000Z',
    ]);
  });

  it('adds calendar months, clamping to the month end', () => {
    expect(addMonths(new Date('2026-08-31T10:00:00Z'), 6).toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2026-11-26T10:00:00Z'), 60).toISOString()).toBe('2031-11-26T10:00:00.000Z');
  });
});
