import { describe, expect, it } from 'vitest';
import {
  isCalendarDay,
  resolveDayRange,
  shanghaiDay,
  shanghaiDayStart,
  shanghaiParts,
} from './shanghai-days.ts';

describe('Shanghai days', () => {
  it('maps instants to the Shanghai calendar day', () => {
    expect(shanghaiDay(new Date('2026-11-20T15:59:59.999Z'))).toBe('2026-11-20');
    expect(shanghaiDay(new Date('2026-11-20T16:00:00Z'))).toBe('2026-11-21');
    expect(shanghaiDayStart('2026-11-21').toISOString()).toBe('2026-11-20T16:00:00.000Z');
  });

  it('knows real calendar days', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('2026-2-3')).toBe(false);
    expect(isCalendarDay('yesterday')).toBe(false);
  });

  it('resolves a range with defaults, order and length checks', () => {
    const opts = { defaultDays: 7, maxDays: 31 };
    const r = resolveDayRange(undefined, undefined, '2026-11-21', opts);
    expect(r).toMatchObject({ ok: true, startDay: '2026-11-15', endDay: '2026-11-21' });
    if (r.ok) {
      expect(r.from.toISOString()).toBe('2026-11-14T16:00:00.000Z');
      expect(r.to.toISOString()).toBe('2026-11-21T16:00:00.000Z');
    }
    expect(resolveDayRange('2026-11-21', '2026-11-20', '2026-11-21', opts)).toEqual({
      ok: false,
      message: '开始日期不能晚于结束日期',
    });
    expect(resolveDayRange('2026-01-01', '2026-11-20', '2026-11-21', opts)).toEqual({
      ok: false,
      message: '查询范围不能超过31天',
    });
    expect(resolveDayRange('2026-13-01', undefined, '2026-11-21', opts)).toMatchObject({ ok: false });
  });
});

describe('shanghaiParts', () => {
  it('reads an instant as Beijing day and clock time', () => {
    expect(shanghaiParts('2026-11-21T08:05:09Z')).toEqual({
      date: '2026-11-21',
      time: '16:05',
      timeWithSeconds: '16:05:09',
    });
    // 16:00 UTC on New Year's Eve is already the next year in Beijing.
    expect(shanghaiParts(Date.UTC(2026, 11, 31, 16))?.date).toBe('2027-01-01');
    expect(shanghaiParts('not a time')).toBeNull();
  });

  it('agrees with an Intl formatter for Asia/Shanghai over years of instants', () => {
    const intl = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Shanghai',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    // Every 26,001 s (about 7 h 13 min) over three years: every hour of the day, month ends, a leap day.
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2029, 0, 1); t += 26_000_000 + 1_000) {
      const part: Record<string, string> = {};
      for (const p of intl.formatToParts(t)) part[p.type] = p.value;
      expect(shanghaiParts(t)).toEqual({
        date: `${part['year']}-${part['month']}-${part['day']}`,
        time: `${part['hour']}:${part['minute']}`,
        timeWithSeconds: `${part['hour']}:${part['minute']}:${part['second']}`,
      });
    }
  });
});
