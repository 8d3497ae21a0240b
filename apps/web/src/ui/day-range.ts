import { addDays, shanghaiDay } from '@app/shared';

/** A day range in Asia/Shanghai calendar days (YYYY-MM-DD), both ends inclusive. */
export interface DayRange {
  start_date: string;
  end_date: string;
}

/** The last `days` Shanghai days up to today (1 = today only). */
export function lastDays(days: number, now = Date.now()): DayRange {
  const today = shanghaiDay(now);
  return { start_date: addDays(today, -(days - 1)), end_date: today };
}
