import { Readable } from 'node:stream';
import type { RouteContract } from '@app/shared/api';
import type { Page } from '@app/shared';
import type { Permission } from '@app/shared/backoffice';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { ContractAnswer, ContractRequest, RouteSpec } from './contract-routes.ts';
import { ok } from './envelope.ts';

/** One CSV column: its header and how a row shows in it. */
export interface CsvColumn<T> {
  title: string;
  value: (row: T) => string | number | boolean | null | undefined;
}

type Output<S> = S extends z.ZodType ? z.output<S> : unknown;
/** A row of the list a contract entry answers (`paginated(row)`). */
export type ListRow<C extends RouteContract> = Output<C['response']> extends Page<infer Row> ? Row : never;

export interface ListDef<C extends RouteContract> {
  /** The permission both the list and its export need. */
  access: { permission: Permission };
  tags: string[];
  summary: string;
  /** One page; the export calls it page after page with per_page = EXPORT_PAGE. */
  list: (
    query: Output<C['query']>,
    params: Output<C['params']>,
  ) => Promise<{ list: Array<ListRow<C>>; total: number }>;
  csv: Array<CsvColumn<ListRow<C>>>;
  /** File name without extension. */
  fileName: string;
}

/** Rows fetched per query while exporting: large exports stream page by page, never whole. */
export const EXPORT_PAGE = 1_000;
/** Upper bound on rows in one export (about 100 MB of CSV); a narrower filter gets the rest. */
export const EXPORT_MAX_ROWS = 500_000;

const cell = (v: string | number | boolean | null | undefined): string => {
  if (v === null || v === undefined) return '';
  const s = String(v);
  // Quote when needed; a leading = + - @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function csvLine(values: Array<string | number | boolean | null | undefined>): string {
  return values.map(cell).join(',') + '\r\n';
}

/** Streams rows as CSV (UTF-8 with BOM so spreadsheet programs read Chinese), page by page. */
export function csvStream<T>(columns: CsvColumn<T>[], pages: (page: number) => Promise<T[]>): Readable {
  async function* generate() {
    yield '\uFEFF' + csvLine(columns.map((c) => c.title));
    let sent = 0;
    for (let page = 1; sent < EXPORT_MAX_ROWS; page++) {
      const rows = await pages(page);
      for (const row of rows) yield csvLine(columns.map((c) => c.value(row)));
      sent += rows.length;
      if (rows.length < EXPORT_PAGE) break;
    }
  }
  return Readable.from(generate());
}

/**
 * A paged list and its CSV export (`<list>/export`, same parameters and filters, streamed) under
 * one permission, as route specs of `contractRoutes`: both entries come from the contract map
 * (`paginated(row)` and `csvFile`), so every table of the console exports the same way.
 *
 *   ...listRoutes(backofficeApi, 'GET /admin/v1/members', { access, tags, summary, list, csv, fileName })
 */
export function listRoutes<M extends Record<string, RouteContract>, K extends keyof M & string>(
  contract: M,
  key: K,
  def: ListDef<M[K]>,
): { [P in K | (`${K}/export` & keyof M)]: RouteSpec<M[P]> } {
  if (!contract[`${key}/export`]) throw new Error(`${key}/export is not in the contract map`);
  type Query = Output<M[K]['query']> & { page: number; per_page: number };
  type Params = Output<M[K]['params']>;
  const list: RouteSpec<M[K]> = {
    tags: def.tags,
    summary: def.summary,
    access: def.access,
    handler: async (request) => {
      const q = request.query as Query;
      const result = await def.list(q, request.params as Params);
      // Generic over the map's lists: the entry answers `paginated(row)` (the contract test proves it).
      return ok(
        {
          list: result.list,
          total: result.total,
          page: q.page,
          per_page: q.per_page,
          has_more: q.page * q.per_page < result.total,
        },
        '获取成功',
      ) as ContractAnswer<M[K]>;
    },
  };
  const csv: RouteSpec<RouteContract> = {
    tags: def.tags,
    summary: `${def.summary}（导出 CSV）`,
    access: def.access,
    handler: async (request: ContractRequest<RouteContract>, reply: FastifyReply) => {
      const base = request.query as Query;
      const params = request.params as Params;
      const pageOf = async (n: number) =>
        (await def.list({ ...base, page: n, per_page: EXPORT_PAGE }, params)).list;
      // The first page before the first byte: a refusal (unknown agent, bad filter) is still an envelope.
      const first = await pageOf(1);
      const stream = csvStream(def.csv, (n) => (n === 1 ? Promise.resolve(first) : pageOf(n)));
      const name = encodeURIComponent(`${def.fileName}.csv`);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="export.csv"; filename*=UTF-8''${name}`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  };
  // The map's `${K}/export` entry takes the same params and query as the list's.
  return { [key]: list, [`${key}/export`]: csv } as { [P in K | (`${K}/export` & keyof M)]: RouteSpec<M[P]> };
}
