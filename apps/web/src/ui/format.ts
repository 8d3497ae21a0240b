import { shanghaiParts } from '@app/shared';

export { shanghaiParts };

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
