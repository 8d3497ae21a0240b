import {
  EXCLUSION_CHOICES,
  EXCLUSION_RETURN_WAIT_HOURS,
  LIMIT_COOLING_OFF_HOURS,
  PLAY_LIMIT_KIND_NAMES,
  PLAY_LIMIT_PERIOD_NAMES,
  addMonths,
  type ExclusionChoice,
} from '@app/shared';
import type { ApiResponse } from '@app/shared/api';
import { formatDateTime } from '@/ui/format.ts';
import { yuan as money } from '@/ui/Money.tsx';

export type ResponsiblePlay = ApiResponse<'GET', '/v1/responsible-play'>;
export type PlayLimit = ResponsiblePlay['limits'][number];
export type PlayExclusion = NonNullable<ResponsiblePlay['exclusion']>;
export type PlaySession = ApiResponse<'GET', '/v1/responsible-play/session'>;

/**
 * Where a time-out or self-exclusion stands: `active` before its end, `awaiting_return` a
 * self-exclusion past its end that needs the member's request, `returning` asked and waiting the
 * 24 h. null: the member may play.
 */
export type ExclusionPhase = 'active' | 'awaiting_return' | 'returning';

export function exclusionPhase(
  exclusion: PlayExclusion | null | undefined,
  nowMs: number,
): ExclusionPhase | null {
  if (!exclusion) return null;
  if (exclusion.play_again_at && Date.parse(exclusion.play_again_at) <= nowMs) return null;
  if (exclusion.kind === 'timeout') return 'active';
  if (exclusion.return_requested_at) return 'returning';
  if (exclusion.can_request_return) return 'awaiting_return';
  return 'active';
}

export const EXCLUSION_KIND_NAMES: Record<PlayExclusion['kind'], string> = {
  timeout: '冷静期',
  self_exclusion: '自我排除',
};

/** The heading of a blocked screen or status card: 冷静期中, 自我排除中 … */
export function exclusionTitle(exclusion: PlayExclusion, phase: ExclusionPhase): string {
  if (phase === 'awaiting_return') return '自我排除期已满';
  if (phase === 'returning') return '已申请恢复';
  return `${EXCLUSION_KIND_NAMES[exclusion.kind]}中`;
}

/** One line on until when, in Beijing time. */
export function exclusionUntil(exclusion: PlayExclusion, phase: ExclusionPhase): string {
  switch (phase) {
    case 'active':
      return exclusion.kind === 'timeout'
        ? `冷静期至 ${formatDateTime(exclusion.ends_at)} 结束，届时自动恢复`
        : `自我排除至 ${formatDateTime(exclusion.ends_at)}，期满后需申请恢复`;
    case 'awaiting_return':
      return `已于 ${formatDateTime(exclusion.ends_at)} 期满，申请恢复${EXCLUSION_RETURN_WAIT_HOURS}小时后可恢复投注`;
    case 'returning':
      return `将于 ${formatDateTime(exclusion.play_again_at)} 恢复投注`;
  }
}

/** What a time-out or self-exclusion means, as the member confirms it and while it lasts. */
export const EXCLUSION_EFFECTS = [
  '不能投注、充值、转入游戏或彩票钱包，也不能领取优惠活动',
  '仍可登录、查看各类记录和提现',
  '一经开始不能缩短或取消',
] as const;

export const RETURN_RULE = `自我排除期满后不会自动恢复：需您主动申请恢复，申请${EXCLUSION_RETURN_WAIT_HOURS}小时后方可再次投注`;

/** When a choice made now would end (server time); months follow the calendar as the server counts them. */
export function choiceEndsAt(choice: ExclusionChoice, nowMs: number): Date {
  const spec = EXCLUSION_CHOICES[choice];
  return 'hours' in spec ? new Date(nowMs + spec.hours * 3_600_000) : addMonths(new Date(nowMs), spec.months);
}

/**
 * Whether a choice made now would be a longer pause than the one in force (as the server only
 * allows): clearly longer than the current one was chosen for (months differ by a few days, so
 * choosing the same again does not count), and ending later.
 */
export function outlasts(choice: ExclusionChoice, current: PlayExclusion, nowMs: number): boolean {
  const ends = choiceEndsAt(choice, nowMs).getTime();
  const span = Date.parse(current.ends_at) - Date.parse(current.starts_at);
  return ends > Date.parse(current.ends_at) && ends - nowMs > span * 1.1;
}

export const limitName = (limit: Pick<PlayLimit, 'kind' | 'period'>): string =>
  `${PLAY_LIMIT_PERIOD_NAMES[limit.period]}${PLAY_LIMIT_KIND_NAMES[limit.kind]}`;

const yuan = (amount: string) => `${money(amount)} 元`;

/** The pending change in words: 提高至 500.00 元 / 取消限额. */
export function pendingWords(pending: NonNullable<PlayLimit['pending']>): string {
  return pending.amount === null ? '取消限额' : `提高至 ${yuan(pending.amount)}`;
}

/** The server's answer to a limit change, for the member: applied now, or when it will be. */
export function limitOutcome(limit: PlayLimit): { pending: boolean; message: string } {
  const name = limitName(limit);
  if (limit.pending) {
    const now = limit.amount === null ? '目前未设限额' : `此前仍按 ${yuan(limit.amount)}执行`;
    return {
      pending: true,
      message: `${name}${pendingWords(limit.pending)}将于 ${formatDateTime(limit.pending.effective_at)} 生效（${LIMIT_COOLING_OFF_HOURS}小时冷静期），${now}。`,
    };
  }
  return {
    pending: false,
    message: limit.amount === null ? `${name}已取消` : `${name}已设为 ${yuan(limit.amount)}，立即生效`,
  };
}

/** "1小时05分" from seconds; under a minute "不足1分钟". */
export function durationWords(seconds: number): string {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  if (minutes < 1) return '不足1分钟';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}分钟`;
  return `${hours}小时${String(rest).padStart(2, '0')}分`;
}
