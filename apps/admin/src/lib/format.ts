import { shanghaiParts } from '@app/shared';

/** "12345.5" → "12,345.50" (money arrives as decimal strings of 元; no float arithmetic). */
export function yuan(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const negative = value.startsWith('-');
  const [whole = '0', frac = ''] = (negative ? value.slice(1) : value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}.${frac.padEnd(2, '0').slice(0, 2)}`;
}

/** An instant as Beijing time, "2026/11/20 12:00:00", whatever the operator's machine says. */
export function beijing(iso: string | null | undefined): string {
  const parts = iso ? shanghaiParts(iso) : null;
  return parts ? `${parts.date.replace(/-/g, '/')} ${parts.timeWithSeconds}` : '-';
}

/** Counts with thousands separators. */
export const count = (n: number) => n.toLocaleString('zh-CN');

const oneDecimal = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 1 });

/** A size on disk in bytes as people read it: 8192 → "8 KB", 5_452_595 → "5.2 MB". */
export function fileSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${oneDecimal.format(value)} ${units[unit]}`;
}
