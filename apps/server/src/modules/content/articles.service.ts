import type {
  ExpertArticleDetail,
  ExpertArticleSummary,
  ExpertView,
  FavoriteStatus,
  LikeStatus,
  LotteryArticleDetail,
  LotteryArticleSummary,
  LotteryCategoryView,
} from '@app/shared';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../db/client.ts';
import { refuse } from '../../lib/errors.ts';
import * as repo from './content.repo.ts';
import { expertStatsOf } from './expert-stats.ts';
import { pageOf, type PageArgs } from '../../lib/paging.ts';
import { windowOf } from './notices.service.ts';

function toExpertArticle(row: repo.ExpertArticleWithCounts): ExpertArticleSummary {
  const a = row.article;
  return {
    id: a.id,
    expert_id: a.expertId,
    expert_name: row.expertName,
    expert_avatar: row.expertAvatar,
    category_id: row.categoryId,
    title: a.title,
    summary: a.summary,
    cover: a.cover,
    views: a.views,
    like_count: row.likeCount,
    favorite_count: row.favoriteCount,
    is_hot: a.isHot,
    is_recommended: a.isRecommended,
    pick:
      a.pickResult === null
        ? null
        : {
            match: a.pickMatch ?? '',
            selection: a.pickSelection ?? '',
            odds: a.pickOdds ?? '',
            result: a.pickResult,
          },
    published_at: a.publishedAt.toISOString(),
  };
}

function toLotteryArticle(
  row: repo.LotteryArticleRow,
  categories: Map<number, string>,
): LotteryArticleSummary {
  return {
    id: row.id,
    category_id: row.categoryId,
    category_name: categories.get(row.categoryId) ?? '',
    title: row.title,
    summary: row.summary,
    author: row.author,
    cover: row.cover,
    views: row.views,
    is_hot: row.isHot,
    is_recommended: row.isRecommended,
    published_at: row.publishedAt.toISOString(),
  };
}

/**
 * Experts, their articles and lottery articles (SPEC.md §7 "Experts/articles"). `promoOnly`
 * serves the /v1/promo/ variants: only promoted experts' articles and promoted lottery articles.
 */
export class ArticlesService {
  constructor(
    private readonly db: Db,
    /**
     * The public lists and pages (Core.reads). Likes, favourites, view counts and the article
     * check before them read the primary: a member sees their own like at once.
     */
    private readonly reads: Db,
    private readonly clock: Clock,
  ) {}

  // ---- experts ----

  async expertCategories() {
    const rows = await repo.expertCategoriesWithCounts(this.reads);
    return rows.map((r) => ({ id: r.id, name: r.name, expert_count: r.expertCount }));
  }

  private async expertViews(rows: repo.ExpertRow[]): Promise<ExpertView[]> {
    const [picks, names] = await Promise.all([
      repo.picksOf(
        this.reads,
        rows.map((r) => r.id),
      ),
      repo.categoryNames(this.reads),
    ]);
    return rows.map((r) => {
      const p = picks.get(r.id) ?? { picks: [], articles: 0 };
      return {
        id: r.id,
        category_id: r.categoryId,
        category_name: names.get(r.categoryId) ?? '',
        name: r.name,
        avatar: r.avatar,
        title: r.title,
        intro: r.intro,
        promoted: r.promoted,
        article_count: p.articles,
        stats: expertStatsOf(p.picks),
        has_slips: r.memberId !== null,
      };
    });
  }

  async experts(filter: { categoryId?: number }, args: PageArgs, promoOnly = false) {
    const { rows, total } = await repo.listExperts(
      this.reads,
      { categoryId: filter.categoryId, promotedOnly: promoOnly },
      windowOf(args),
    );
    return pageOf(await this.expertViews(rows), total, args);
  }

  async expert(id: number, promoOnly = false): Promise<ExpertView> {
    const row = await repo.findExpert(this.reads, id, promoOnly);
    if (!row) throw refuse('content.expert_not_found');
    const [view] = await this.expertViews([row]);
    return view!;
  }

  async expertStats(id: number, promoOnly = false) {
    return (await this.expert(id, promoOnly)).stats;
  }

  // ---- expert articles ----

  async expertArticles(
    filter: { expertId?: number; categoryId?: number },
    args: PageArgs,
    promoOnly = false,
  ) {
    const { rows, total } = await repo.listExpertArticles(
      this.reads,
      this.clock.now(),
      { ...filter, promotedOnly: promoOnly },
      windowOf(args),
    );
    return pageOf(rows.map(toExpertArticle), total, args);
  }

  async hotExpertArticles(limit: number, promoOnly = false): Promise<ExpertArticleSummary[]> {
    const { rows } = await repo.listExpertArticles(
      this.reads,
      this.clock.now(),
      { hot: true, promotedOnly: promoOnly },
      { offset: 0, limit },
      'popular',
    );
    return rows.map(toExpertArticle);
  }

  async recommendedExpertArticles(limit: number, promoOnly = false): Promise<ExpertArticleSummary[]> {
    const { rows } = await repo.listExpertArticles(
      this.reads,
      this.clock.now(),
      { recommended: true, promotedOnly: promoOnly },
      { offset: 0, limit },
    );
    return rows.map(toExpertArticle);
  }

  async expertArticle(id: number, promoOnly = false): Promise<ExpertArticleDetail> {
    const row = await repo.findExpertArticle(this.reads, this.clock.now(), id, promoOnly);
    if (!row) throw refuse('content.article_not_found');
    return { ...toExpertArticle(row), content: row.article.content };
  }

  private async requireExpertArticle(id: number): Promise<void> {
    if (!(await repo.findExpertArticle(this.db, this.clock.now(), id, false)))
      throw refuse('content.article_not_found');
  }

  /** Likes are one row per member and article: repeating a like or an unlike changes nothing. */
  async setLike(articleId: number, memberId: number, liked: boolean): Promise<LikeStatus> {
    await this.requireExpertArticle(articleId);
    if (liked) await repo.addReaction(this.db, 'like', articleId, memberId);
    else await repo.removeReaction(this.db, 'like', articleId, memberId);
    return this.likeStatus(articleId, memberId, false);
  }

  async likeStatus(articleId: number, memberId: number, check = true): Promise<LikeStatus> {
    if (check) await this.requireExpertArticle(articleId);
    const s = await repo.reactionState(this.db, 'like', articleId, memberId);
    return { liked: s.mine, like_count: s.total };
  }

  async setFavorite(articleId: number, memberId: number, favorited: boolean): Promise<FavoriteStatus> {
    await this.requireExpertArticle(articleId);
    if (favorited) await repo.addReaction(this.db, 'favorite', articleId, memberId);
    else await repo.removeReaction(this.db, 'favorite', articleId, memberId);
    return this.favoriteStatus(articleId, memberId, false);
  }

  async favoriteStatus(articleId: number, memberId: number, check = true): Promise<FavoriteStatus> {
    if (check) await this.requireExpertArticle(articleId);
    const s = await repo.reactionState(this.db, 'favorite', articleId, memberId);
    return { favorited: s.mine, favorite_count: s.total };
  }

  async incrementExpertArticleViews(id: number): Promise<{ views: number }> {
    const views = await repo.incrementExpertArticleViews(this.db, id);
    if (views === undefined) throw refuse('content.article_not_found');
    return { views };
  }

  // ---- lottery articles ----

  async lotteryCategories(): Promise<LotteryCategoryView[]> {
    const rows = await repo.lotteryCategoriesWithCounts(this.reads, this.clock.now());
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      article_count: r.articleCount,
    }));
  }

  async lotteryCategory(id: number): Promise<LotteryCategoryView> {
    const found = (await this.lotteryCategories()).find((c) => c.id === id);
    if (!found) throw refuse('content.category_not_found');
    return found;
  }

  async lotteryArticles(
    filter: { categoryId?: number; keyword?: string },
    args: PageArgs,
    promoOnly = false,
  ) {
    const [{ rows, total }, names] = await Promise.all([
      repo.listLotteryArticles(
        this.reads,
        this.clock.now(),
        { ...filter, promotedOnly: promoOnly },
        windowOf(args),
      ),
      repo.lotteryCategoryNames(this.reads),
    ]);
    return pageOf(
      rows.map((r) => toLotteryArticle(r, names)),
      total,
      args,
    );
  }

  async categoryArticles(categoryId: number, args: PageArgs) {
    await this.lotteryCategory(categoryId);
    return this.lotteryArticles({ categoryId }, args);
  }

  async hotLotteryArticles(limit: number, promoOnly = false): Promise<LotteryArticleSummary[]> {
    const [{ rows }, names] = await Promise.all([
      repo.listLotteryArticles(
        this.reads,
        this.clock.now(),
        { hot: true, promotedOnly: promoOnly },
        { offset: 0, limit },
        'popular',
      ),
      repo.lotteryCategoryNames(this.reads),
    ]);
    return rows.map((r) => toLotteryArticle(r, names));
  }

  async recommendedLotteryArticles(limit: number, promoOnly = false): Promise<LotteryArticleSummary[]> {
    const [{ rows }, names] = await Promise.all([
      repo.listLotteryArticles(
        this.reads,
        this.clock.now(),
        { recommended: true, promotedOnly: promoOnly },
        { offset: 0, limit },
      ),
      repo.lotteryCategoryNames(this.reads),
    ]);
    return rows.map((r) => toLotteryArticle(r, names));
  }

  async lotteryArticle(id: number, promoOnly = false): Promise<LotteryArticleDetail> {
    const [row, names] = await Promise.all([
      repo.findLotteryArticle(this.reads, this.clock.now(), id, promoOnly),
      repo.lotteryCategoryNames(this.reads),
    ]);
    if (!row) throw refuse('content.article_not_found');
    return { ...toLotteryArticle(row, names), content: row.content };
  }

  async incrementLotteryArticleViews(id: number): Promise<{ views: number }> {
    const views = await repo.incrementLotteryArticleViews(this.db, id);
    if (views === undefined) throw refuse('content.article_not_found');
    return { views };
  }
}
