/** SQL pieces the console's list repositories share: paging, a day range, a keyword, WHERE. */
import { addDays, shanghaiDayStart } from '@app/shared';
import type { SQL } from 'drizzle-orm';
import { sql } from './sql.ts';

export interface Paging {
  page: number;
  per_page: number;
}

/** A day filter over a column: from (inclusive) and to (inclusive) as Shanghai days. */
export function dayBetween(column: SQL, from?: string, to?: string): SQL[] {
  const parts: SQL[] = [];
  if (from) parts.push(sql`${column} >= ${shanghaiDayStart(from)}`);
  if (to) parts.push(sql`${column} < ${shanghaiDayStart(addDays(to, 1))}`);
  return parts;
}

/** A keyword as an ILIKE pattern, with LIKE's own characters dropped. */
export const like = (text: string) => `%${text.replace(/[%_\\]/g, '')}%`;

/** `WHERE a AND b …`, or nothing. */
export const where = (parts: SQL[]) => (parts.length ? sql`WHERE ${sql.join(parts, sql` AND `)}` : sql``);

/** The filters of a queue of orders (deposits, withdrawals): status, method, keyword, days. */
export interface QueueFilter extends Paging {
  status?: string | undefined;
  method?: string | undefined;
  keyword?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** A queue's filters over `alias`'s columns; a keyword of digits also matches the member id. */
export function queueFilters(q: QueueFilter, alias: string, keywordColumns: string[]): SQL[] {
  const parts: SQL[] = [];
  if (q.status) parts.push(sql`${sql.raw(`${alias}.status`)} = ${q.status}`);
  if (q.method) parts.push(sql`${sql.raw(`${alias}.method`)} = ${q.method}`);
  if (q.keyword) {
    const k = q.keyword.trim();
    const ors = keywordColumns.map((c) => sql`${sql.raw(c)} ILIKE ${like(k)}`);
    if (/^\d{1,9}$/.test(k)) ors.push(sql`${sql.raw(`${alias}.member_id`)} = ${Number(k)}`);
    parts.push(sql`(${sql.join(ors, sql` OR `)})`);
  }
  parts.push(...dayBetween(sql.raw(`${alias}.created_at`), q.from, q.to));
  return parts;
}
