import { Readable } from 'node:stream';
import { envelope } from '@app/shared';
import type { Permission } from '@app/shared/backoffice';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from './envelope.ts';
import { guarded, security } from './operator-guard.ts';

/** One CSV column: its header and how a row shows in it. */
export interface CsvColumn<T> {
  title: string;
  value: (row: T) => string | number | boolean | null | undefined;
}

interface PageOf<T> {
  list: T[];
  total: number;
}

export interface ListDef<Q extends z.ZodObject, I extends z.ZodType> {
  path: string;
  permission: Permission;
  tags: string[];
  summary: string;
  querystring: Q;
  item: I;
  /** One page; the export calls it page after page with per_page = EXPORT_PAGE. */
  list: (query: z.output<Q>, params: Record<string, string>) => Promise<PageOf<z.infer<I>>>;
  csv: CsvColumn<z.infer<I>>[];
  /** File name without extension. */
  fileName: string;
  params?: z.ZodObject;
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
 * Registers a paged list and its CSV export (`<path>/export`, same filters, streamed) under one
 * permission: every table of the console can be exported the same way.
 */
export function listRoutes<Q extends z.ZodObject, I extends z.ZodType>(
  app: FastifyInstance,
  def: ListDef<Q, I>,
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const page = z.object({
    list: z.array(def.item),
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
    has_more: z.boolean(),
  });
  const params = def.params ?? z.object({});
  typed.get(
    def.path,
    {
      ...guarded(app, def.permission),
      schema: {
        tags: def.tags,
        summary: def.summary,
        security,
        params,
        querystring: def.querystring,
        response: { 200: envelope(page) },
      },
    },
    async (request) => {
      const q = request.query as z.output<Q> & { page: number; per_page: number };
      const result = await def.list(q, request.params);
      return ok(
        {
          list: result.list,
          total: result.total,
          page: q.page,
          per_page: q.per_page,
          has_more: q.page * q.per_page < result.total,
        },
        '获取成功',
      );
    },
  );
  typed.get(
    `${def.path}/export`,
    {
      ...guarded(app, def.permission),
      schema: {
        tags: def.tags,
        summary: `${def.summary}（导出 CSV）`,
        security,
        params,
        querystring: def.querystring,
      },
    },
    async (request, reply) => {
      const base = request.query as z.output<Q>;
      const p = request.params as Record<string, string>;
      const pageOf = async (n: number) =>
        (await def.list({ ...base, page: n, per_page: EXPORT_PAGE }, p)).list;
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
  );
}
