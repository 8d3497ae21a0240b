import { resolveDayRange, shanghaiDay } from '@app/shared';
import { refuse } from './errors.ts';

/** A resolved Asia/Shanghai day range of a list or report. */
export interface DayWindow {
  startDay: string;
  endDay: string;
  /** Instants: from inclusive, to exclusive. */
  from: Date;
  to: Date;
  /** The same range as day strings, for tables keyed by day. */
  dayFilter: { fromDay: string; toDay: string };
}

/**
 * Resolves `start_date`/`end_date` (Shanghai days, both optional) or answers 400. Lists default
 * to the last `defaultDays` days; a range spans at most `maxDays`.
 */
export function dayWindow(
  q: { start_date?: string | undefined; end_date?: string | undefined },
  options: { defaultDays: number; maxDays: number },
  now: Date,
): DayWindow {
  const r = resolveDayRange(q.start_date, q.end_date, shanghaiDay(now), options);
  if (!r.ok) throw refuse('request.day_range_invalid', { problem: r.message });
  return {
    startDay: r.startDay,
    endDay: r.endDay,
    from: r.from,
    to: r.to,
    dayFilter: { fromDay: r.startDay, toDay: r.endDay },
  };
}

/** Lists: the last 30 days unless asked, up to a year. */
export const LIST_WINDOW = { defaultDays: 30, maxDays: 366 };
/** Reports: the last 7 days unless asked, up to a year. */
export const REPORT_WINDOW = { defaultDays: 7, maxDays: 366 };
