import type { SupportSettings } from '@app/shared/backoffice';

/** The live chat as a fresh install has it: off (the 客服 tab opens kf_url), staffed 09:00–21:00 daily. */
export const SUPPORT_SETTINGS_DEFAULTS: SupportSettings = {
  enabled: false,
  days: [1, 2, 3, 4, 5, 6, 7],
  open_from: '09:00',
  open_to: '21:00',
  welcome: '您好，欢迎咨询在线客服，请问有什么可以帮您？',
  offline_notice: '当前为非服务时间，您的留言已收到，客服上班后会尽快回复您。',
};

const BEIJING_OFFSET_MS = 8 * 3_600_000;
const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/**
 * Whether the chat is staffed at `at` (Beijing time). `open_to` before `open_from` runs past
 * midnight and belongs to the day it began; equal times mean the whole day.
 */
export function isStaffed(settings: SupportSettings, at: Date): boolean {
  const local = new Date(at.getTime() + BEIJING_OFFSET_MS);
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  const weekday = ((local.getUTCDay() + 6) % 7) + 1; // 1 = Monday … 7 = Sunday
  const yesterday = ((weekday + 5) % 7) + 1;
  const from = minutesOf(settings.open_from);
  const to = minutesOf(settings.open_to);
  const on = (day: number) => settings.days.includes(day);
  if (from === to) return on(weekday);
  if (from < to) return on(weekday) && minute >= from && minute < to;
  return (on(weekday) && minute >= from) || (on(yesterday) && minute < to);
}

const DAY_NAMES = ['', '一', '二', '三', '四', '五', '六', '日'];

/** The hours in words: 每天 09:00-21:00, 周一至周五 09:00-18:00, 周一、三、五 全天. */
export function hoursText(settings: SupportSettings): string {
  const days = [...new Set(settings.days)].sort((a, b) => a - b);
  if (days.length === 0) return '暂无服务时间';
  const consecutive = days.every((d, i) => i === 0 || d === days[i - 1]! + 1);
  const dayWords =
    days.length === 7
      ? '每天'
      : consecutive && days.length > 2
        ? `周${DAY_NAMES[days[0]!]}至周${DAY_NAMES[days[days.length - 1]!]}`
        : `周${days.map((d) => DAY_NAMES[d]).join('、')}`;
  const time = settings.open_from === settings.open_to ? '全天' : `${settings.open_from}-${settings.open_to}`;
  return `${dayWords} ${time}`;
}
