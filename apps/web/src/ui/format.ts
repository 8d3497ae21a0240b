/**
 * Every time on every screen is Beijing time (Asia/Shanghai), whatever the phone's zone: the
 * platform's days, periods and matches all follow that calendar. One Intl formatter with the zone
 * named, never a hand-made +8 h.
 */
const SHANGHAI = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

export interface ShanghaiParts {
  /** "2026-11-21" */
  date: string;
  /** "16:05" */
  time: string;
  /** "16:05:09" */
  timeWithSeconds: string;
}

/** The Beijing calendar day and clock time of an instant; null for an invalid one. */
export function shanghaiParts(value: string | number | Date): ShanghaiParts | null {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const part: Record<string, string> = {};
  for (const p of SHANGHAI.formatToParts(date)) part[p.type] = p.value;
  const time = `${part['hour']}:${part['minute']}`;
  return {
    date: `${part['year']}-${part['month']}-${part['day']}`,
    time,
    timeWithSeconds: `${time}:${part['second']}`,
  };
}

/** "2026-11-21 16:05" in Beijing time; "--" for nothing. */
export function formatDateTime(value: string | number | null | undefined, withSeconds = false): string {
  if (value === null || value === undefined || value === '') return '--';
  const parts = shanghaiParts(value);
  if (!parts) return '--';
  return `${parts.date} ${withSeconds ? parts.timeWithSeconds : parts.time}`;
}

/** 1536 -> "1.5 KB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
