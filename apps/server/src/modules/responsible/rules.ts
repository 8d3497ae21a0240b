/**
 * The rules of 理性投注 as pure functions of rows and the time: when a limit change takes effect,
 * what a limit leaves, whether a time-out or self-exclusion keeps a member from play, and the
 * words a refusal uses. The service reads and locks rows and calls these.
 */
import {
  EXCLUSION_CHOICES,
  EXCLUSION_RETURN_WAIT_HOURS,
  LIMIT_COOLING_OFF_HOURS,
  PLAY_LIMIT_KIND_NAMES,
  PLAY_LIMIT_PERIOD_NAMES,
  addMonths,
  formatFen,
  refusalMessage,
  shanghaiParts,
  type Refusal,
  type ExclusionChoice,
  type PlayLimitKind,
  type PlayLimitPeriod,
} from '@app/shared';
import type { PlayExclusionRow, PlayLimitRow } from './responsible.repo.ts';

const HOUR_MS = 3_600_000;

// ---- limits -------------------------------------------------------------------------------------

/** The row as it stands at `now`: a pending raise or removal whose cooling-off is over is applied. */
export function effectiveLimit(row: PlayLimitRow, now: Date): { row: PlayLimitRow; changed: boolean } {
  if (!row.pendingAt || row.pendingAt > now) return { row, changed: false };
  return {
    row: {
      ...row,
      amount: row.pendingRemove ? null : row.pendingAmount,
      pendingAmount: null,
      pendingRemove: false,
      pendingAt: null,
      updatedAt: now,
    },
    changed: true,
  };
}

/** A row that holds neither a limit nor a pending change is deleted rather than kept. */
export const isEmptyLimit = (row: PlayLimitRow) => row.amount === null && row.pendingAt === null;

/**
 * The row after the member asks for `amount` (null: remove). Lowering, or setting a first limit,
 * takes effect at once and cancels a pending change; raising or removing waits
 * LIMIT_COOLING_OFF_HOURS (asking again for the same pending change keeps its time).
 */
export function changeLimit(
  current: PlayLimitRow | undefined,
  key: Pick<PlayLimitRow, 'memberId' | 'kind' | 'period'>,
  amount: bigint | null,
  now: Date,
): PlayLimitRow {
  const base: PlayLimitRow = current ?? {
    ...key,
    amount: null,
    pendingAmount: null,
    pendingRemove: false,
    pendingAt: null,
    updatedAt: now,
  };
  const inForce = base.amount;
  const settled = { pendingAmount: null, pendingRemove: false, pendingAt: null, updatedAt: now };
  if (amount !== null && (inForce === null || amount <= inForce)) return { ...base, amount, ...settled };
  if (amount === null && inForce === null) return { ...base, ...settled };
  const samePending =
    base.pendingAt !== null &&
    (amount === null ? base.pendingRemove : !base.pendingRemove && base.pendingAmount === amount);
  return {
    ...base,
    pendingAmount: amount,
    pendingRemove: amount === null,
    pendingAt: samePending ? base.pendingAt : new Date(now.getTime() + LIMIT_COOLING_OFF_HOURS * HOUR_MS),
    updatedAt: now,
  };
}

/** What counts against a limit of this kind: deposits, stakes, or stakes − payouts (never below 0). */
export function usedOf(
  kind: PlayLimitKind,
  figures: { deposits: bigint; stakes: bigint; payouts: bigint },
): bigint {
  const used =
    kind === 'deposit'
      ? figures.deposits
      : kind === 'stake'
        ? figures.stakes
        : figures.stakes - figures.payouts;
  return used > 0n ? used : 0n;
}

/** "11月27日 00:00": a reset time in Beijing time. */
export function beijingMonthDayTime(at: Date): string {
  const parts = shanghaiParts(at)!;
  const [, month, day] = parts.date.split('-');
  return `${Number(month)}月${Number(day)}日 ${parts.time}`;
}

/** "2026-12-03 18:00": an end of a time-out or self-exclusion in Beijing time. */
export function beijingMinute(at: Date): string {
  const parts = shanghaiParts(at)!;
  return `${parts.date} ${parts.time}`;
}

/**
 * `超出每日投注限额：本期剩余 120.00 元，将于 11月27日 00:00 重置` while something is left (the request
 * asked for more), `已达到…：本期剩余 0.00 元…` once nothing is.
 */
export function limitRefusalOf(
  kind: PlayLimitKind,
  period: PlayLimitPeriod,
  remaining: bigint,
  resetsAt: Date,
): Refusal {
  const left = remaining > 0n ? remaining : 0n;
  return {
    reason: left > 0n ? 'responsible.limit_exceeded' : 'responsible.limit_reached',
    params: {
      limit: `${PLAY_LIMIT_PERIOD_NAMES[period]}${PLAY_LIMIT_KIND_NAMES[kind]}`,
      left: formatFen(left),
      resets: beijingMonthDayTime(resetsAt),
    },
  };
}

/** The words of `limitRefusalOf`. */
export function limitRefusal(
  kind: PlayLimitKind,
  period: PlayLimitPeriod,
  remaining: bigint,
  resetsAt: Date,
): string {
  return refusalMessage(limitRefusalOf(kind, period, remaining, resetsAt));
}

// ---- time-outs and self-exclusions --------------------------------------------------------------

const RETURN_WAIT_MS = EXCLUSION_RETURN_WAIT_HOURS * HOUR_MS;

/** When the member may play again after this row: never known for a self-exclusion not yet asked to end. */
export function playAgainAt(row: PlayExclusionRow): Date | null {
  if (row.kind === 'timeout') return row.endsAt;
  return row.returnRequestedAt ? new Date(row.returnRequestedAt.getTime() + RETURN_WAIT_MS) : null;
}

/** Whether the row keeps the member from play at `now`. */
export function isInForce(row: PlayExclusionRow, now: Date): boolean {
  if (row.startsAt > now) return false;
  const until = playAgainAt(row);
  return until === null || until > now;
}

/**
 * The row that governs the member at `now`: of those in force, the one that lasts longest (a
 * self-exclusion awaiting its return request outlasts any time-out), then the latest end.
 */
export function governingExclusion(rows: readonly PlayExclusionRow[], now: Date): PlayExclusionRow | null {
  let best: PlayExclusionRow | null = null;
  const until = (r: PlayExclusionRow) => playAgainAt(r)?.getTime() ?? Number.POSITIVE_INFINITY;
  for (const row of rows) {
    if (!isInForce(row, now)) continue;
    if (
      !best ||
      until(row) > until(best) ||
      (until(row) === until(best) && row.endsAt.getTime() > best.endsAt.getTime())
    )
      best = row;
  }
  return best;
}

/** The kind and end of a chosen time-out or self-exclusion starting at `now`. */
export function exclusionOf(
  choice: ExclusionChoice,
  now: Date,
): { kind: PlayExclusionRow['kind']; endsAt: Date } {
  const option = EXCLUSION_CHOICES[choice];
  return 'hours' in option
    ? { kind: option.kind, endsAt: new Date(now.getTime() + option.hours * HOUR_MS) }
    : { kind: option.kind, endsAt: addMonths(now, option.months) };
}

/** What the member was trying to do, for the words of a refusal. */
export type PlayIntentKind = 'stake' | 'deposit' | 'transfer_in' | 'promotion' | 'play' | 'agent';

const INTENT_WORDS: Record<PlayIntentKind, string> = {
  stake: '投注、充值或转入',
  deposit: '投注、充值或转入',
  transfer_in: '投注、充值或转入',
  play: '进入游戏、投注、充值或转入',
  promotion: '参加活动、领取彩金或返水',
  agent: '申请代理',
};

/**
 * `您已设置冷静期至 2026-12-03 18:00，期间不能投注、充值或转入`, and the words of a
 * self-exclusion (in its term, awaiting the return request, or in the 24 h after it).
 */
export function exclusionRefusalOf(row: PlayExclusionRow, intent: PlayIntentKind, now: Date): Refusal {
  const doing = INTENT_WORDS[intent];
  if (row.kind === 'timeout')
    return { reason: 'responsible.timed_out', params: { doing, until: beijingMinute(row.endsAt) } };
  if (row.endsAt > now)
    return { reason: 'responsible.self_excluded', params: { doing, until: beijingMinute(row.endsAt) } };
  const again = playAgainAt(row);
  if (!again)
    return {
      reason: 'responsible.return_not_requested',
      params: { doing, ended: beijingMinute(row.endsAt) },
    };
  return { reason: 'responsible.return_waiting', params: { doing, from: beijingMinute(again) } };
}

/** The words of `exclusionRefusalOf`. */
export function exclusionRefusal(row: PlayExclusionRow, intent: PlayIntentKind, now: Date): string {
  return refusalMessage(exclusionRefusalOf(row, intent, now));
}
