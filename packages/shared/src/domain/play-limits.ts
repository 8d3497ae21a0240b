import type { PlayLimitPeriod } from '../contracts/responsible.ts';
import { addDays, shanghaiDay, shanghaiDayStart } from './shanghai-days.ts';

/**
 * The calendar period a limit counts in, on the Asia/Shanghai calendar: the day from 00:00, the
 * week from Monday 00:00, the month from the 1st 00:00. `to` is exclusive: when it resets.
 */
export function playLimitWindow(period: PlayLimitPeriod, at: Date): { from: Date; to: Date } {
  const today = shanghaiDay(at);
  if (period === 'day') return { from: shanghaiDayStart(today), to: shanghaiDayStart(addDays(today, 1)) };
  if (period === 'week') {
    // getUTCDay of the day's UTC midnight is its weekday: 0 Sunday … 6 Saturday.
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
    const monday = addDays(today, -((weekday + 6) % 7));
    return { from: shanghaiDayStart(monday), to: shanghaiDayStart(addDays(monday, 7)) };
  }
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return { from: shanghaiDayStart(first), to: shanghaiDayStart(next) };
}

/** The instant `months` calendar months after `at` (a self-exclusion's end), by UTC date arithmetic. */
export function addMonths(at: Date, months: number): Date {
  const d = new Date(at.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}
