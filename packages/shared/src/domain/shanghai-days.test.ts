import { describe, expect, it } from 'vitest';
import { isCalendarDay, resolveDayRange, shanghaiDay, shanghaiDayStart } from './shanghai-days.ts';

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
