/**
 * Reports and rebates count in Asia/Shanghai calendar days (UTC+8 all year, no daylight saving),
 * whatever the server's time zone.
 */
const OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The Shanghai calendar day of an instant, as YYYY-MM-DD. */
export function shanghaiDay(at: Date | number): string {
  return new Date(new Date(at).getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The Shanghai wall-clock time of an instant, as YYYY-MM-DD HH:mm (messages to members). */
export function shanghaiMinute(at: Date | number): string {
  return new Date(new Date(at).getTime() + OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/** True for a real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDay(day: string): boolean {
  const m = DAY_PATTERN.exec(day);
  if (!m) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** The instant a Shanghai day begins (its 00:00 at UTC+8). */
export function shanghaiDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS);
}

/** The day `n` days after `day` (negative goes back). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` inclusive (1 for the same day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

export type DayRangeResult =
  { ok: true; startDay: string; endDay: string; from: Date; to: Date } | { ok: false; message: string };

/**
 * A report's date range: both days optional (end defaults to today, start to `defaultDays`
 * back from the end), start ≤ end, at most `maxDays` long. `to` is exclusive (the next day's start).
 */
export function resolveDayRange(
  start: string | undefined,
  end: string | undefined,
  today: string,
  options: { defaultDays: number; maxDays: number },
): DayRangeResult {
  if (start !== undefined && !isCalendarDay(start)) return { ok: false, message: '开始日期格式不正确' };
  if (end !== undefined && !isCalendarDay(end)) return { ok: false, message: '结束日期格式不正确' };
  const endDay = end ?? (start !== undefined && start > today ? start : today);
  const startDay = start ?? addDays(endDay, -(options.defaultDays - 1));
  if (startDay > endDay) return { ok: false, message: '开始日期不能晚于结束日期' };
  if (daysBetween(startDay, endDay) > options.maxDays) {
    return { ok: false, message: `查询范围不能超过${options.maxDays}天` };
  }
  return {
    ok: true,
    startDay,
    endDay,
    from: shanghaiDayStart(startDay),
    to: shanghaiDayStart(addDays(endDay, 1)),
  };
}

export interface ShanghaiParts {
  /** "2026-11-21" */
  date: string;
  /** "16:05" */
  time: string;
  /** "16:05:09" */
  timeWithSeconds: string;
}

/**
 * The Beijing calendar day and clock time of an instant, whatever the device's zone; null for an
 * invalid instant. Every screen of the app and the console shows times through it. Plain
 * arithmetic on the fixed UTC+8 offset: no Intl time-zone formatter, whose creation costs a phone
 * tens of milliseconds while the app starts.
 */
export function shanghaiParts(value: string | number | Date): ShanghaiParts | null {
  const local = new Date(new Date(value).getTime() + OFFSET_MS);
  if (Number.isNaN(local.getTime())) return null;
  const iso = local.toISOString(); // 2026-11-21T16:05:09.000Z, read as Beijing time
  return { date: iso.slice(0, 10), time: iso.slice(11, 16), timeWithSeconds: iso.slice(11, 19) };
}
