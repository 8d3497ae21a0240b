/**
 * Periods (期号/expect) on Beijing time (UTC+8, no daylight saving). Times are epoch
 * milliseconds; a period is open for bets from openAt until closeAt (封盘 = drawAt − closeSeconds)
 * and draws at drawAt; it opens when the previous one draws.
 *
 * - interval schedules restart each Beijing day at 00:00: period k (1-based) draws at
 *   00:00 + k × interval and is numbered YYYYMMDD + k padded to the width of the day's count
 *   ("202605200001" … "202605201440" for 1-minute periods). The last period of a day draws at
 *   00:00 of the next day and keeps its own day's date.
 * - weekly schedules draw at a fixed Beijing time on given weekdays, skipping listed dates,
 *   numbered YYYY + the draw's 3-digit sequence in that year ("2026001").
 */
import type { FamilyCode } from './families.ts';

export const BEIJING_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

export type LotterySchedule =
  | { readonly kind: 'interval'; readonly intervalSeconds: number }
  | {
      readonly kind: 'weekly';
      /** Beijing weekdays, 0 = Sunday … 6 = Saturday. */
      readonly weekdays: readonly number[];
      /** Beijing time of the draw, "HH:MM". */
      readonly drawTime: string;
      /** Beijing dates ("YYYY-MM-DD") without a draw. */
      readonly skipDates?: readonly string[];
    };

export interface LotteryConfig {
  /** Lottery code, e.g. "k3_1m". */
  readonly code: string;
  readonly name: string;
  readonly family: FamilyCode;
  readonly schedule: LotterySchedule;
  /** Bets close (封盘) this many seconds before the draw. */
  readonly closeSeconds: number;
}

export interface LotteryPeriod {
  readonly lottery: string;
  /** 期号, e.g. "202605200001". */
  readonly number: string;
  /** Position in its day (interval) or year (weekly), from 1. */
  readonly sequence: number;
  readonly openAt: number;
  readonly closeAt: number;
  readonly drawAt: number;
}

export type PeriodStatus = 'upcoming' | 'open' | 'closed' | 'drawn';

/** A Beijing calendar day as a day index (days since 1970-01-01 in Beijing). */
const beijingDay = (atMs: number) => Math.floor((atMs + BEIJING_OFFSET_MS) / DAY_MS);
const dayStartMs = (day: number) => day * DAY_MS - BEIJING_OFFSET_MS;
const weekdayOf = (day: number) => (((day + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday

function ymdOf(day: number): { y: number; m: number; d: number } {
  const date = new Date(day * DAY_MS);
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Beijing date "YYYY-MM-DD" of an instant. */
export function beijingDate(atMs: number): string {
  const { y, m, d } = ymdOf(beijingDay(atMs));
  return `${y}-${pad(m, 2)}-${pad(d, 2)}`;
}

function dayOfYmd(y: number, m: number, d: number): number | null {
  const ms = Date.UTC(y, m - 1, d);
  const date = new Date(ms);
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return ms / DAY_MS;
}

/** Why a lottery config cannot run, or null. */
export function scheduleProblem(config: LotteryConfig): string | null {
  const { schedule, closeSeconds } = config;
  if (!Number.isInteger(closeSeconds) || closeSeconds < 0) return 'closeSeconds must be a whole number ≥ 0';
  switch (schedule.kind) {
    case 'interval': {
      const { intervalSeconds } = schedule;
      if (!Number.isInteger(intervalSeconds) || intervalSeconds <= 0 || 86_400 % intervalSeconds !== 0) {
        return 'intervalSeconds must divide a day';
      }
      return closeSeconds < intervalSeconds ? null : 'closeSeconds must be shorter than the interval';
    }
    case 'weekly': {
      if (
        schedule.weekdays.length === 0 ||
        schedule.weekdays.some((w) => !Number.isInteger(w) || w < 0 || w > 6)
      ) {
        return 'weekdays must be 0–6';
      }
      if (drawMinutes(schedule.drawTime) === null) return 'drawTime must be HH:MM';
      return closeSeconds < DAY_MS / 1000 ? null : 'closeSeconds must be shorter than a day';
    }
  }
}

function drawMinutes(time: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

function assertRunnable(config: LotteryConfig): void {
  const problem = scheduleProblem(config);
  if (problem) throw new Error(`lottery ${config.code}: ${problem}`);
}

// ---- interval schedules ----

function intervalPeriod(
  config: LotteryConfig,
  intervalSeconds: number,
  day: number,
  k: number,
): LotteryPeriod {
  const perDay = 86_400 / intervalSeconds;
  const openAt = dayStartMs(day) + (k - 1) * intervalSeconds * 1000;
  const drawAt = openAt + intervalSeconds * 1000;
  const { y, m, d } = ymdOf(day);
  return {
    lottery: config.code,
    number: `${y}${pad(m, 2)}${pad(d, 2)}${pad(k, String(perDay).length)}`,
    sequence: k,
    openAt,
    closeAt: drawAt - config.closeSeconds * 1000,
    drawAt,
  };
}

// ---- weekly schedules ----

type WeeklySchedule = Extract<LotterySchedule, { kind: 'weekly' }>;
const SEARCH_DAYS = 800;

function isDrawDay(schedule: WeeklySchedule, day: number): boolean {
  if (!schedule.weekdays.includes(weekdayOf(day))) return false;
  if (!schedule.skipDates?.length) return true;
  const { y, m, d } = ymdOf(day);
  return !schedule.skipDates.includes(`${y}-${pad(m, 2)}-${pad(d, 2)}`);
}

const drawAtOf = (schedule: WeeklySchedule, day: number) =>
  dayStartMs(day) + (drawMinutes(schedule.drawTime) ?? 0) * 60_000;

/** The first draw day at or after `day` (step 1) or at or before it (step −1). */
function findDrawDay(schedule: WeeklySchedule, day: number, step: 1 | -1): number {
  for (let i = 0; i < SEARCH_DAYS; i++) if (isDrawDay(schedule, day + i * step)) return day + i * step;
  throw new Error('no draw day within the search window');
}

function weeklyPeriod(config: LotteryConfig, schedule: WeeklySchedule, drawDay: number): LotteryPeriod {
  const { y } = ymdOf(drawDay);
  const firstDay = dayOfYmd(y, 1, 1) ?? drawDay;
  let sequence = 0;
  for (let day = firstDay; day <= drawDay; day++) if (isDrawDay(schedule, day)) sequence += 1;
  const drawAt = drawAtOf(schedule, drawDay);
  return {
    lottery: config.code,
    number: `${y}${pad(sequence, 3)}`,
    sequence,
    openAt: drawAtOf(schedule, findDrawDay(schedule, drawDay - 1, -1)),
    closeAt: drawAt - config.closeSeconds * 1000,
    drawAt,
  };
}

// ---- public ----

/** The period whose betting window contains the instant: openAt ≤ at < drawAt. */
export function currentPeriod(config: LotteryConfig, atMs: number): LotteryPeriod {
  assertRunnable(config);
  const { schedule } = config;
  switch (schedule.kind) {
    case 'interval': {
      const day = beijingDay(atMs);
      const k = Math.floor((atMs - dayStartMs(day)) / (schedule.intervalSeconds * 1000)) + 1;
      return intervalPeriod(config, schedule.intervalSeconds, day, k);
    }
    case 'weekly': {
      let drawDay = findDrawDay(schedule, beijingDay(atMs), 1);
      if (drawAtOf(schedule, drawDay) <= atMs) drawDay = findDrawDay(schedule, drawDay + 1, 1);
      return weeklyPeriod(config, schedule, drawDay);
    }
  }
}

/** The period after the given one (opens when it draws). */
export function nextPeriod(config: LotteryConfig, period: LotteryPeriod): LotteryPeriod {
  return currentPeriod(config, period.drawAt);
}

/** The period before the given one (draws when it opens). */
export function previousPeriod(config: LotteryConfig, period: LotteryPeriod): LotteryPeriod {
  return currentPeriod(config, period.openAt - 1);
}

/** `count` consecutive periods starting with the current one. */
export function upcomingPeriods(config: LotteryConfig, atMs: number, count: number): LotteryPeriod[] {
  const periods: LotteryPeriod[] = [];
  let period = currentPeriod(config, atMs);
  for (let i = 0; i < count; i++) {
    periods.push(period);
    period = nextPeriod(config, period);
  }
  return periods;
}

/** A period from its number, or null when the number is not one of this lottery's. */
export function periodByNumber(config: LotteryConfig, number: string): LotteryPeriod | null {
  assertRunnable(config);
  const { schedule } = config;
  switch (schedule.kind) {
    case 'interval': {
      const perDay = 86_400 / schedule.intervalSeconds;
      const width = String(perDay).length;
      const match = new RegExp(`^(\\d{4})(\\d{2})(\\d{2})(\\d{${width}})$`).exec(number);
      if (!match) return null;
      const day = dayOfYmd(Number(match[1]), Number(match[2]), Number(match[3]));
      const k = Number(match[4]);
      if (day === null || k < 1 || k > perDay) return null;
      return intervalPeriod(config, schedule.intervalSeconds, day, k);
    }
    case 'weekly': {
      const match = /^(\d{4})(\d{3})$/.exec(number);
      if (!match) return null;
      const year = Number(match[1]);
      const sequence = Number(match[2]);
      const first = dayOfYmd(year, 1, 1);
      const last = dayOfYmd(year, 12, 31);
      if (first === null || last === null || sequence < 1) return null;
      let seen = 0;
      for (let day = first; day <= last; day++) {
        if (isDrawDay(schedule, day) && ++seen === sequence) return weeklyPeriod(config, schedule, day);
      }
      return null;
    }
  }
}

export function periodStatus(period: LotteryPeriod, atMs: number): PeriodStatus {
  if (atMs < period.openAt) return 'upcoming';
  if (atMs < period.closeAt) return 'open';
  if (atMs < period.drawAt) return 'closed';
  return 'drawn';
}

/** Bets are accepted from openAt until closeAt (封盘), exclusive. */
export const isBettingOpen = (period: LotteryPeriod, atMs: number): boolean =>
  periodStatus(period, atMs) === 'open';
