import { describe, expect, it } from 'vitest';
import { findLottery, LOTTERIES, playContextForPeriod } from './lotteries.ts';
import {
  beijingDate,
  currentPeriod,
  isBettingOpen,
  type LotteryConfig,
  nextPeriod,
  periodByNumber,
  periodStatus,
  previousPeriod,
  scheduleProblem,
  upcomingPeriods,
} from './schedule.ts';

/** Epoch ms of a Beijing wall-clock time. */
const bj = (local: string) => Date.parse(`${local}+08:00`);
const lottery = (code: string) => {
  const found = findLottery(code);
  if (!found) throw new Error(`no lottery ${code}`);
  return found;
};

describe('1-minute periods', () => {
  const k3 = lottery('k3_1m');

  it('numbers the last period of a day with that day and draws it at midnight', () => {
    const period = currentPeriod(k3, bj('2026-05-20T23:59:30'));
    expect(period).toEqual({
      lottery: 'k3_1m',
      number: '202605201440',
      sequence: 1440,
      openAt: bj('2026-05-20T23:59:00'),
      closeAt: bj('2026-05-20T23:59:50'),
      drawAt: bj('2026-05-21T00:00:00'),
    });
    expect(periodStatus(period, bj('2026-05-20T23:59:49.999'))).toBe('open');
    expect(periodStatus(period, bj('2026-05-20T23:59:50'))).toBe('closed');
    expect(isBettingOpen(period, bj('2026-05-20T23:59:55'))).toBe(false);
    expect(periodStatus(period, bj('2026-05-21T00:00:00'))).toBe('drawn');
    expect(periodStatus(period, bj('2026-05-20T23:58:59'))).toBe('upcoming');
  });

  it('starts a new day at 00:00 Beijing time with period 0001', () => {
    const period = currentPeriod(k3, bj('2026-05-21T00:00:00'));
    expect(period.number).toBe('202605210001');
    expect(period.openAt).toBe(bj('2026-05-21T00:00:00'));
    expect(period.drawAt).toBe(bj('2026-05-21T00:01:00'));
    // 16:00 UTC is already the next Beijing day.
    expect(currentPeriod(k3, Date.parse('2026-05-20T16:00:30Z')).number).toBe('202605210001');
    expect(beijingDate(Date.parse('2026-05-20T16:00:00Z'))).toBe('2026-05-21');
  });

  it('steps across midnight and the new year both ways', () => {
    const last = periodByNumber(k3, '202605201440')!;
    expect(nextPeriod(k3, last).number).toBe('202605210001');
    expect(previousPeriod(k3, nextPeriod(k3, last)).number).toBe('202605201440');
    const newYearsEve = currentPeriod(k3, bj('2026-12-31T23:59:59'));
    expect(newYearsEve.number).toBe('202612311440');
    expect(nextPeriod(k3, newYearsEve).number).toBe('202701010001');
  });

  it('lists consecutive periods, each opening when the previous draws', () => {
    const periods = upcomingPeriods(k3, bj('2026-05-20T23:58:10'), 4);
    expect(periods.map((p) => p.number)).toEqual([
      '202605201439',
      '202605201440',
      '202605210001',
      '202605210002',
    ]);
    for (let i = 1; i < periods.length; i++) expect(periods[i]!.openAt).toBe(periods[i - 1]!.drawAt);
  });

  it('finds a period by its number and refuses numbers it never issues', () => {
    const period = periodByNumber(k3, '202605200601')!;
    expect(period.openAt).toBe(bj('2026-05-20T10:00:00'));
    expect(currentPeriod(k3, period.openAt)).toEqual(period);
    expect(periodByNumber(k3, '202605201441')).toBeNull();
    expect(periodByNumber(k3, '202605200000')).toBeNull();
    expect(periodByNumber(k3, '202602300001')).toBeNull();
    expect(periodByNumber(k3, '20260520001')).toBeNull();
    expect(periodByNumber(k3, 'abc')).toBeNull();
  });
});

describe('5-minute periods', () => {
  const ssc = lottery('ssc_5m');

  it('uses three digits for 288 periods a day and closes 30 seconds before the draw', () => {
    const first = currentPeriod(ssc, bj('2026-05-21T00:04:59'));
    expect(first.number).toBe('20260521001');
    expect(first.closeAt).toBe(bj('2026-05-21T00:04:30'));
    expect(currentPeriod(ssc, bj('2026-05-21T12:00:00')).number).toBe('20260521145');
    expect(currentPeriod(ssc, bj('2026-05-21T23:59:59')).number).toBe('20260521288');
    expect(periodByNumber(ssc, '20260521289')).toBeNull();
  });
});

describe('六合彩 calendar', () => {
  const lhc = lottery('lhc');

  it('draws Tuesday, Thursday and Saturday at 21:30 and closes at 21:15', () => {
    // 2026-01-01 is a Thursday: the first draw of the year; the period opened at the last draw of 2025.
    const first = currentPeriod(lhc, bj('2026-01-01T12:00:00'));
    expect(first.number).toBe('2026001');
    expect(first.openAt).toBe(bj('2025-12-30T21:30:00'));
    expect(first.closeAt).toBe(bj('2026-01-01T21:15:00'));
    expect(first.drawAt).toBe(bj('2026-01-01T21:30:00'));
    expect(isBettingOpen(first, bj('2026-01-01T21:14:59'))).toBe(true);
    expect(isBettingOpen(first, bj('2026-01-01T21:15:00'))).toBe(false);
    expect(currentPeriod(lhc, bj('2025-12-31T09:00:00')).number).toBe('2026001');
  });

  it('moves to the next draw at the draw instant', () => {
    const second = currentPeriod(lhc, bj('2026-01-01T21:30:00'));
    expect(second.number).toBe('2026002');
    expect(second.drawAt).toBe(bj('2026-01-03T21:30:00'));
    expect(nextPeriod(lhc, second).drawAt).toBe(bj('2026-01-06T21:30:00'));
    expect(nextPeriod(lhc, second).number).toBe('2026003');
    expect(previousPeriod(lhc, second).number).toBe('2026001');
    expect(previousPeriod(lhc, currentPeriod(lhc, bj('2026-01-01T00:00:00'))).number).toBe('2025156'); // 2025 began on a Wednesday: 52 of each draw day
  });

  it('numbers every draw of the year and no more', () => {
    // 2026 has 52 Tuesdays, 53 Thursdays and 52 Saturdays.
    expect(periodByNumber(lhc, '2026157')!.drawAt).toBe(bj('2026-12-31T21:30:00'));
    expect(periodByNumber(lhc, '2026158')).toBeNull();
    expect(periodByNumber(lhc, '2026000')).toBeNull();
    expect(periodByNumber(lhc, '2026003')).toEqual(currentPeriod(lhc, bj('2026-01-05T10:00:00')));
  });

  it('skips configured dates, keeping the numbering dense', () => {
    const holiday: LotteryConfig = {
      ...lhc,
      schedule: { kind: 'weekly', weekdays: [2, 4, 6], drawTime: '21:30', skipDates: ['2026-01-03'] },
    };
    const second = periodByNumber(holiday, '2026002')!;
    expect(second.openAt).toBe(bj('2026-01-01T21:30:00'));
    expect(second.drawAt).toBe(bj('2026-01-06T21:30:00'));
  });

  it('gives 六合彩 periods the zodiac of their draw date', () => {
    const beforeNewYear = currentPeriod(lhc, bj('2026-02-14T10:00:00'));
    const afterNewYear = currentPeriod(lhc, bj('2026-02-17T10:00:00'));
    expect(playContextForPeriod(lhc, beforeNewYear)).toEqual({ zodiacOfOne: '蛇' });
    expect(playContextForPeriod(lhc, afterNewYear)).toEqual({ zodiacOfOne: '马' });
    expect(playContextForPeriod(lottery('k3_1m'), afterNewYear, { returnBp: 9_600 })).toEqual({
      returnBp: 9_600,
    });
  });
});

describe('lottery configs', () => {
  it('offer every family fast and slow, all runnable, with unique codes', () => {
    for (const config of LOTTERIES) expect(scheduleProblem(config)).toBeNull();
    expect(new Set(LOTTERIES.map((l) => l.code)).size).toBe(LOTTERIES.length);
    for (const family of ['k3', 'pk10', 'ssc', '11x5'] as const) {
      const intervals = LOTTERIES.filter((l) => l.family === family).map((l) =>
        l.schedule.kind === 'interval' ? l.schedule.intervalSeconds : 0,
      );
      expect(intervals.sort((a, b) => a - b)).toEqual([60, 300]);
    }
  });

  it('refuses schedules that cannot run', () => {
    const base = lottery('k3_1m');
    expect(scheduleProblem({ ...base, schedule: { kind: 'interval', intervalSeconds: 7 } })).toMatch(
      /divide/,
    );
    expect(scheduleProblem({ ...base, closeSeconds: 60 })).toMatch(/shorter/);
    expect(scheduleProblem({ ...base, closeSeconds: -1 })).toMatch(/≥ 0/);
    expect(
      scheduleProblem({ ...base, schedule: { kind: 'weekly', weekdays: [7], drawTime: '21:30' } }),
    ).toMatch(/0–6/);
    expect(
      scheduleProblem({ ...base, schedule: { kind: 'weekly', weekdays: [1], drawTime: '24:00' } }),
    ).toMatch(/HH:MM/);
    expect(() => currentPeriod({ ...base, closeSeconds: 90 }, 0)).toThrow();
  });
});
