import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.ts';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import {
  banners,
  expertArticles,
  experts,
  lotteryArticleCategories,
  lotteryArticles,
  notices,
} from './content.table.ts';
import { rowsOf } from '../../db/rows.ts';
import { activities } from '../activities/schema.ts';

/** A content table with an integer id (notices, banners, experts, articles …). */
export type IdTable = PgTable & { id: AnyPgColumn };

export interface ListFilter {
  page: number;
  per_page: number;
  keyword?: string | undefined;
  keywordColumn?: AnyPgColumn;
  equals?: Array<[AnyPgColumn, unknown]>;
  order?: AnyPgColumn[];
}

export async function pageRows<T extends IdTable>(
  db: Db,
  table: T,
  f: ListFilter,
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const parts: SQL[] = [];
  if (f.keyword && f.keywordColumn)
    parts.push(ilike(f.keywordColumn, `%${f.keyword.replace(/[%_\\]/g, '')}%`));
  for (const [column, value] of f.equals ?? []) if (value !== undefined) parts.push(eq(column, value));
  const where = parts.length ? and(...parts) : undefined;
  const order = (f.order ?? [table.id]).map((c) => desc(c));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(...order)
      .limit(f.per_page)
      .offset((f.page - 1) * f.per_page),
    db
      .select({ n: count() })
      .from(table as PgTable)
      .where(where),
  ]);
  return { rows: rows, total: total?.n ?? 0 };
}

export async function insertRow<T extends IdTable>(
  tx: Tx,
  table: T,
  values: T['$inferInsert'],
): Promise<T['$inferSelect']> {
  const [row] = await tx.insert(table).values(values).returning();
  return row as T['$inferSelect'];
}

export async function lockRow<T extends IdTable>(
  tx: Tx,
  table: T,
  id: number,
): Promise<T['$inferSelect'] | undefined> {
  const from: PgTable = table;
  const [row] = await tx.select().from(from).where(eq(table.id, id)).for('update');
  return row;
}

export async function updateRow<T extends IdTable>(
  tx: Tx,
  table: T,
  id: number,
  values: Partial<T['$inferInsert']>,
): Promise<T['$inferSelect']> {
  const rows = (await tx.update(table).set(values).where(eq(table.id, id)).returning()) as unknown as Array<
    T['$inferSelect']
  >;
  return rows[0]!;
}

/**
 * The content the console edits, by kind: its table, the column a keyword searches, the column
 * a list's `category_id` filter means (a notice's category, a banner's page type, an article's
 * expert or category), and the list order (newest first unless said).
 */
const CONTENT = {
  notice: { table: notices, keyword: notices.title, category: notices.categoryId, enabled: notices.enabled },
  banner: { table: banners, keyword: banners.title, category: banners.pageType, enabled: banners.enabled },
  activity: {
    table: activities,
    keyword: activities.title,
    enabled: activities.enabled,
    order: [activities.sort, activities.id],
  },
  expert: { table: experts, keyword: experts.name, enabled: experts.enabled },
  expert_article: {
    table: expertArticles,
    keyword: expertArticles.title,
    category: expertArticles.expertId,
    enabled: expertArticles.enabled,
  },
  lottery_category: { table: lotteryArticleCategories, keyword: lotteryArticleCategories.name },
  lottery_article: {
    table: lotteryArticles,
    keyword: lotteryArticles.title,
    category: lotteryArticles.categoryId,
    enabled: lotteryArticles.enabled,
  },
} satisfies Record<
  string,
  {
    table: IdTable;
    keyword: AnyPgColumn;
    category?: AnyPgColumn;
    enabled?: AnyPgColumn;
    order?: AnyPgColumn[];
  }
>;
type ContentDefs = typeof CONTENT;
export type ContentKind = keyof ContentDefs;
export type ContentRow<K extends ContentKind> = ContentDefs[K]['table']['$inferSelect'];
export type ContentValues<K extends ContentKind> = Partial<ContentDefs[K]['table']['$inferInsert']>;

export interface ContentFilter {
  page: number;
  per_page: number;
  keyword?: string | undefined;
  category_id?: number | undefined;
  enabled?: boolean | undefined;
}

/** One page of a kind of content with the console's filters. */
export function pageContent<K extends ContentKind>(db: Db, kind: K, f: ContentFilter) {
  const def: {
    table: IdTable;
    keyword: AnyPgColumn;
    category?: AnyPgColumn;
    enabled?: AnyPgColumn;
    order?: AnyPgColumn[];
  } = CONTENT[kind];
  const equals: Array<[AnyPgColumn, unknown]> = [];
  if (def.category) equals.push([def.category, f.category_id]);
  if (def.enabled) equals.push([def.enabled, f.enabled]);
  return pageRows(db, def.table, {
    page: f.page,
    per_page: f.per_page,
    keyword: f.keyword,
    keywordColumn: def.keyword,
    equals,
    ...(def.order ? { order: def.order } : {}),
  }) as Promise<{ rows: ContentRow<K>[]; total: number }>;
}

export function insertContent<K extends ContentKind>(tx: Tx, kind: K, values: ContentValues<K>) {
  return insertRow(tx, CONTENT[kind].table as IdTable, values as never) as Promise<ContentRow<K>>;
}

/** The row, locked for the update that follows in the same transaction. */
export function lockContent<K extends ContentKind>(tx: Tx, kind: K, id: number) {
  return lockRow(tx, CONTENT[kind].table as IdTable, id) as Promise<ContentRow<K> | undefined>;
}

export function updateContent<K extends ContentKind>(tx: Tx, kind: K, id: number, values: ContentValues<K>) {
  return updateRow(tx, CONTENT[kind].table as IdTable, id, values as never) as Promise<ContentRow<K>>;
}

/** Names of related rows for lists (expert of an article, category of a lottery article). */
export async function namesOf(db: Db, table: 'experts' | 'lottery_article_categories', ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const rows = await db.execute(
    sql`SELECT id, name FROM ${sql.raw(table)} WHERE id IN (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  return new Map(rowsOf<{ id: number; name: string }>(rows).map((r) => [Number(r.id), r.name]));
}

export async function pendingApplicationsByActivity(db: Db) {
  const rows = await db.execute(
    sql`SELECT activity_id, COUNT(*) AS n FROM activity_applications WHERE status = 'pending' GROUP BY activity_id`,
  );
  return new Map(
    rowsOf<{ activity_id: number; n: string }>(rows).map((r) => [Number(r.activity_id), Number(r.n)]),
  );
}

/** Members a message goes to: one, a VIP level and up, an agent's members, a tag, or everyone. */
export function audienceWhere(a: {
  memberId?: number;
  vipLevel?: number;
  agentId?: number;
  tag?: string;
}): SQL {
  if (a.memberId !== undefined) return sql`id = ${a.memberId}`;
  if (a.tag !== undefined)
    return sql`id IN (SELECT member_id FROM member_tags WHERE tag = ${a.tag}) AND enabled = 1`;
  if (a.vipLevel !== undefined) return sql`vip_level >= ${a.vipLevel} AND enabled = 1`;
  if (a.agentId !== undefined) return sql`agent_id = ${a.agentId} AND enabled = 1`;
  return sql`enabled = 1`;
}

export async function countAudience(db: Db, where: SQL): Promise<number> {
  return Number(
    rowsOf<{ n: string }>(await db.execute(sql`SELECT COUNT(*) AS n FROM members WHERE ${where}`))[0]?.n ?? 0,
  );
}

/** One batch of member ids after `afterId`, in id order (a broadcast walks them batch by batch). */
export async function audienceBatch(
  db: Db | Tx,
  where: SQL,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const rows = await db.execute(
    sql`SELECT id FROM members WHERE ${where} AND id > ${afterId} ORDER BY id LIMIT ${limit}`,
  );
  return rowsOf<{ id: number }>(rows).map((r) => Number(r.id));
}
