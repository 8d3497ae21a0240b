/** Raw SQL rows arrive as unknown values: these turn them into what the contracts carry. */
export function text(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return v.toString();
  if (v instanceof Date) return v.toISOString();
  return JSON.stringify(v) ?? '';
}

export const optText = (v: unknown): string | null => (v === null || v === undefined ? null : text(v));
