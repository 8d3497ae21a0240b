const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-11-21 16:05" in local time; "--" for nothing. */
export function formatDateTime(value: string | number | null | undefined, withSeconds = false): string {
  if (value === null || value === undefined || value === '') return '--';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '--';
  const base = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return withSeconds ? `${base}:${pad(date.getSeconds())}` : base;
}

/** 1536 -> "1.5 KB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
