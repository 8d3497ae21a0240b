import { ApiError, queryString } from './api.ts';
import { getToken } from './session.ts';

/**
 * Downloads a CSV export with the operator's token in the header (never in the URL). The server
 * streams it; the browser saves it as a file. Answers the number of data rows.
 */
export async function downloadCsv(
  path: string,
  query: Record<string, string | number | boolean>,
  name: string,
): Promise<number> {
  const res = await fetch(`/admin/v1${path}${queryString(query)}`, {
    headers: { authorization: `Bearer ${getToken() ?? ''}` },
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(res.status, body?.message ?? '导出失败', null);
  }
  const blob = await res.blob();
  const text = await blob.text();
  const rows = Math.max(0, text.split('\n').filter((l) => l.length > 0).length - 1);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name}-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return rows;
}
