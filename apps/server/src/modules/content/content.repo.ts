import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import { sql } from '../../db/sql.ts';
import type { Db } from '../../db/client.ts';
import {
  banners,
  expertArticleFavorites,
  expertArticleLikes,
  expertArticles,
  expertCategories,
  experts,
  lotteryArticleCategories,
  lotteryArticles,
  notices,
} from './content.table.ts';

export type NoticeRow = typeof notices.$inferSelect;
export type BannerRow = typeof banners.$inferSelect;
export type ExpertRow = typeof experts.$inferSelect;
export type ExpertArticleRow = typeof expertArticles.$inferSelect;
export type LotteryArticleRow = typeof lotteryArticles.$inferSelect;

export interface Window {
  offset: number;
  limit: number;
}

/** `%keyword%` for ILIKE with the pattern characters escaped. */
function containing(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// ---- notices ------------------------------------------------------------------------------

const noticeOrder = [desc(notices.isTop), desc(notices.sort), desc(notices.publishedAt), desc(notices.id)];

function noticeFilter(now: Date, categoryId?: number, keyword?: string): SQL | undefined {
  return and(
    eq(notices.enabled, true),
    lte(notices.publishedAt, now),
    categoryId === undefined ? undefined : eq(notices.categoryId, categoryId),
    keyword === undefined
      ? undefined
      : or(ilike(notices.title, containing(keyword)), ilike(notices.content, containing(keyword))),
  );
}

export async function listNotices(
  db: Db,
  now: Date,
  filter: { categoryId?: number; keyword?: string },
  window: Window,
): Promise<{ rows: NoticeRow[]; total: number }> {
  const where = noticeFilter(now, filter.categoryId, filter.keyword);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notices)
      .where(where)
      .orderBy(...noticeOrder)
      .offset(window.offset)
      .limit(window.limit),
    db.select({ n: count() }).from(notices).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findNotice(db: Db, now: Date, id: number): Promise<NoticeRow | undefined> {
  const [row] = await db
    .select()
    .from(notices)
    .where(and(eq(notices.id, id), noticeFilter(now)));
  return row;
}

export async function noticeCountsByCategory(db: Db, now: Date): Promise<Map<number, number>> {
  const rows = await db
    .select({ categoryId: notices.categoryId, n: count() })
    .from(notices)
    .where(noticeFilter(now))
    .groupBy(notices.categoryId);
  return new Map(rows.map((r) => [r.categoryId, r.n]));
}

// ---- banners ------------------------------------------------------------------------------

/** Live banners of a page type; `agentId` null = the general ones. */
export async function listBanners(
  db: Db,
  now: Date,
  pageType: number | undefined,
  agentId: number | null,
): Promise<BannerRow[]> {
  return db
    .select()
    .from(banners)
    .where(
      and(
        eq(banners.enabled, true),
        pageType === undefined ? undefined : eq(banners.pageType, pageType),
        agentId === null ? isNull(banners.agentId) : eq(banners.agentId, agentId),
        or(isNull(banners.startsAt), lte(banners.startsAt, now)),
        or(isNull(banners.endsAt), gt(banners.endsAt, now)),
      ),
    )
    .orderBy(asc(banners.pageType), desc(banners.sort), asc(banners.id));
}

export async function findBanner(db: Db, id: number): Promise<BannerRow | undefined> {
  const [row] = await db
    .select()
    .from(banners)
    .where(and(eq(banners.id, id), eq(banners.enabled, true)));
  return row;
}

// ---- experts ------------------------------------------------------------------------------

export async function expertCategoriesWithCounts(db: Db) {
  return db
    .select({
      id: expertCategories.id,
      name: expertCategories.name,
      expertCount: sql<number>`(SELECT count(*)::int FROM ${experts} e WHERE e.category_id = "expert_categories"."id" AND e.enabled)`,
    })
    .from(expertCategories)
    .orderBy(asc(expertCategories.sort), asc(expertCategories.id));
}

export async function categoryNames(db: Db): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: expertCategories.id, name: expertCategories.name })
    .from(expertCategories);
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function listExperts(
  db: Db,
  filter: { categoryId?: number; promotedOnly: boolean },
  window: Window,
): Promise<{ rows: ExpertRow[]; total: number }> {
  const where = and(
    eq(experts.enabled, true),
    filter.categoryId === undefined ? undefined : eq(experts.categoryId, filter.categoryId),
    filter.promotedOnly ? eq(experts.promoted, true) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(experts)
      .where(where)
      .orderBy(desc(experts.sort), asc(experts.id))
      .offset(window.offset)
      .limit(window.limit),
    db.select({ n: count() }).from(experts).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findExpert(db: Db, id: number, promotedOnly: boolean): Promise<ExpertRow | undefined> {
  const [row] = await db
    .select()
    .from(experts)
    .where(
      and(
        eq(experts.id, id),
        eq(experts.enabled, true),
        promotedOnly ? eq(experts.promoted, true) : undefined,
      ),
    );
  return row;
}

/** Pick results and article counts per expert, picks oldest first. */
export async function picksOf(
  db: Db,
  expertIds: readonly number[],
): Promise<Map<number, { picks: Array<'pending' | 'won' | 'lost'>; articles: number }>> {
  const out = new Map<number, { picks: Array<'pending' | 'won' | 'lost'>; articles: number }>();
  for (const id of expertIds) out.set(id, { picks: [], articles: 0 });
  if (expertIds.length === 0) return out;
  const rows = await db
    .select({ expertId: expertArticles.expertId, result: expertArticles.pickResult })
    .from(expertArticles)
    .where(and(inArray(expertArticles.expertId, [...expertIds]), eq(expertArticles.enabled, true)))
    .orderBy(asc(expertArticles.publishedAt), asc(expertArticles.id));
  for (const row of rows) {
    const entry = out.get(row.expertId);
    if (!entry) continue;
    entry.articles++;
    if (row.result) entry.picks.push(row.result);
  }
  return out;
}

// Correlated subqueries name the outer table explicitly: drizzle renders a lone-table column unqualified.

// ---- expert articles ----------------------------------------------------------------------

const likeCount = sql<number>`(SELECT count(*)::int FROM ${expertArticleLikes} l WHERE l.article_id = "expert_articles"."id")`;
const favoriteCount = sql<number>`(SELECT count(*)::int FROM ${expertArticleFavorites} f WHERE f.article_id = "expert_articles"."id")`;

const articleColumns = {
  article: expertArticles,
  expertName: experts.name,
  expertAvatar: experts.avatar,
  categoryId: experts.categoryId,
  likeCount,
  favoriteCount,
};

export type ExpertArticleWithCounts = {
  article: ExpertArticleRow;
  expertName: string;
  expertAvatar: string;
  categoryId: number;
  likeCount: number;
  favoriteCount: number;
};

export interface ExpertArticleFilter {
  expertId?: number;
  categoryId?: number;
  hot?: boolean;
  recommended?: boolean;
  promotedOnly: boolean;
}

function expertArticleWhere(now: Date, f: ExpertArticleFilter): SQL | undefined {
  return and(
    eq(expertArticles.enabled, true),
    eq(experts.enabled, true),
    lte(expertArticles.publishedAt, now),
    f.expertId === undefined ? undefined : eq(expertArticles.expertId, f.expertId),
    f.categoryId === undefined ? undefined : eq(experts.categoryId, f.categoryId),
    f.hot ? eq(expertArticles.isHot, true) : undefined,
    f.recommended ? eq(expertArticles.isRecommended, true) : undefined,
    f.promotedOnly ? eq(experts.promoted, true) : undefined,
  );
}

export async function listExpertArticles(
  db: Db,
  now: Date,
  filter: ExpertArticleFilter,
  window: Window,
  order: 'latest' | 'popular' = 'latest',
): Promise<{ rows: ExpertArticleWithCounts[]; total: number }> {
  const where = expertArticleWhere(now, filter);
  const orderBy =
    order === 'popular'
      ? [desc(expertArticles.views), desc(expertArticles.publishedAt), desc(expertArticles.id)]
      : [desc(expertArticles.publishedAt), desc(expertArticles.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select(articleColumns)
      .from(expertArticles)
      .innerJoin(experts, eq(experts.id, expertArticles.expertId))
      .where(where)
      .orderBy(...orderBy)
      .offset(window.offset)
      .limit(window.limit),
    db
      .select({ n: count() })
      .from(expertArticles)
      .innerJoin(experts, eq(experts.id, expertArticles.expertId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findExpertArticle(
  db: Db,
  now: Date,
  id: number,
  promotedOnly: boolean,
): Promise<ExpertArticleWithCounts | undefined> {
  const [row] = await db
    .select(articleColumns)
    .from(expertArticles)
    .innerJoin(experts, eq(experts.id, expertArticles.expertId))
    .where(and(eq(expertArticles.id, id), expertArticleWhere(now, { promotedOnly })));
  return row;
}

/** A member's like or favourite of an expert article. */
export type Reaction = 'like' | 'favorite';

const reactionTable = (reaction: Reaction) =>
  reaction === 'like' ? expertArticleLikes : expertArticleFavorites;

export async function addReaction(
  db: Db,
  reaction: Reaction,
  articleId: number,
  memberId: number,
): Promise<void> {
  const table = reactionTable(reaction);
  await db.insert(table).values({ articleId, memberId }).onConflictDoNothing();
}

export async function removeReaction(
  db: Db,
  reaction: Reaction,
  articleId: number,
  memberId: number,
): Promise<void> {
  const table = reactionTable(reaction);
  await db.delete(table).where(and(eq(table.articleId, articleId), eq(table.memberId, memberId)));
}

export async function reactionState(
  db: Db,
  reaction: Reaction,
  articleId: number,
  memberId: number,
): Promise<{ mine: boolean; total: number }> {
  const table = reactionTable(reaction);
  const [row] = await db
    .select({
      total: count(),
      mine: sql<number>`count(*) FILTER (WHERE ${table.memberId} = ${memberId})::int`,
    })
    .from(table)
    .where(eq(table.articleId, articleId));
  return { mine: (row?.mine ?? 0) > 0, total: row?.total ?? 0 };
}

export async function incrementExpertArticleViews(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db
    .update(expertArticles)
    .set({ views: sql`${expertArticles.views} + 1` })
    .where(and(eq(expertArticles.id, id), eq(expertArticles.enabled, true)))
    .returning({ views: expertArticles.views });
  return row?.views;
}

// ---- lottery articles ---------------------------------------------------------------------

export async function lotteryCategoriesWithCounts(db: Db, now: Date) {
  return db
    .select({
      id: lotteryArticleCategories.id,
      name: lotteryArticleCategories.name,
      description: lotteryArticleCategories.description,
      articleCount: sql<number>`(SELECT count(*)::int FROM ${lotteryArticles} a WHERE a.category_id = "lottery_article_categories"."id" AND a.enabled AND a.published_at <= ${now})`,
    })
    .from(lotteryArticleCategories)
    .orderBy(asc(lotteryArticleCategories.sort), asc(lotteryArticleCategories.id));
}

export interface LotteryArticleFilter {
  categoryId?: number;
  keyword?: string;
  hot?: boolean;
  recommended?: boolean;
  promotedOnly: boolean;
}

function lotteryArticleWhere(now: Date, f: LotteryArticleFilter): SQL | undefined {
  return and(
    eq(lotteryArticles.enabled, true),
    lte(lotteryArticles.publishedAt, now),
    f.categoryId === undefined ? undefined : eq(lotteryArticles.categoryId, f.categoryId),
    f.keyword === undefined
      ? undefined
      : or(
          ilike(lotteryArticles.title, containing(f.keyword)),
          ilike(lotteryArticles.content, containing(f.keyword)),
        ),
    f.hot ? eq(lotteryArticles.isHot, true) : undefined,
    f.recommended ? eq(lotteryArticles.isRecommended, true) : undefined,
    f.promotedOnly ? eq(lotteryArticles.promoted, true) : undefined,
  );
}

export async function listLotteryArticles(
  db: Db,
  now: Date,
  filter: LotteryArticleFilter,
  window: Window,
  order: 'latest' | 'popular' = 'latest',
): Promise<{ rows: LotteryArticleRow[]; total: number }> {
  const where = lotteryArticleWhere(now, filter);
  const orderBy =
    order === 'popular'
      ? [desc(lotteryArticles.views), desc(lotteryArticles.publishedAt), desc(lotteryArticles.id)]
      : [desc(lotteryArticles.publishedAt), desc(lotteryArticles.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(lotteryArticles)
      .where(where)
      .orderBy(...orderBy)
      .offset(window.offset)
      .limit(window.limit),
    db.select({ n: count() }).from(lotteryArticles).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findLotteryArticle(
  db: Db,
  now: Date,
  id: number,
  promotedOnly: boolean,
): Promise<LotteryArticleRow | undefined> {
  const [row] = await db
    .select()
    .from(lotteryArticles)
    .where(and(eq(lotteryArticles.id, id), lotteryArticleWhere(now, { promotedOnly })));
  return row;
}

export async function lotteryCategoryNames(db: Db): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: lotteryArticleCategories.id, name: lotteryArticleCategories.name })
    .from(lotteryArticleCategories);
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function incrementLotteryArticleViews(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db
    .update(lotteryArticles)
    .set({ views: sql`${lotteryArticles.views} + 1` })
    .where(and(eq(lotteryArticles.id, id), eq(lotteryArticles.enabled, true)))
    .returning({ views: lotteryArticles.views });
  return row?.views;
}
