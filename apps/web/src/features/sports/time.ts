import { shanghaiParts } from '@/ui/format.ts';

/**
 * Match times are shown in Beijing time whatever the device's zone: 竞彩 days, match numbers
 * (周六012) and the server's `date` parameter all follow the Beijing calendar.
 */
const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

/** "2026-11-21", the Beijing calendar day. */
export function beijingDate(value: string | number | Date): string {
  return shanghaiParts(value)?.date ?? '';
}

/** "23:15" in Beijing time. */
export function beijingTime(value: string | number | Date): string {
  return shanghaiParts(value)?.time ?? '--:--';
}

/** "11-21 23:15" in Beijing time. */
export function beijingDateTime(value: string | number | Date): string {
  const p = shanghaiParts(value);
  return p ? `${p.date.slice(5)} ${p.time}` : '--';
}

/** "周六" of a Beijing calendar day "2026-11-21". */
export function weekdayOf(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? '' : (WEEKDAYS[d.getUTCDay()] ?? '');
}

/** Short label of a day for tabs: 今天 / 明天 / 后天, else "11-24". */
export function dayLabel(date: string, now: Date = new Date()): string {
  const today = beijingDate(now);
  const diff = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  if (diff === 0) return '今天';
  if (diff === 1) return '明天';
  if (diff === 2) return '后天';
  return date.slice(5);
}

/** Header of a day's group: "11月21日 周六". */
export function dayHeading(date: string): string {
  const [, month = '', day = ''] = date.split('-');
  return `${Number(month)}月${Number(day)}日 ${weekdayOf(date)}`;
}
