import type { BackofficeExportPath } from '@app/shared/backoffice-api';
import { ApiError, routeUrl, type Query } from './api.ts';
import { getToken } from './session.ts';

/**
 * Downloads a list's CSV export (`'/admin/v1/members/export'`, parameters filling its `:name`
 * segments and the query string) with the operator's token in the header (never in the URL). The
 * server streams it; the browser saves it as a file. Answers the number of data rows.
 */
export async function downloadCsv(path: BackofficeExportPath, params: Query, name: string): Promise<number> {
  const res = await fetch(routeUrl(path, params), {
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
