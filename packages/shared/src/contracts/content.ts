import { z } from 'zod';
import { isoDate, paginated } from './common.ts';

/**
 * Content contracts (SPEC.md §7 "Notices", "Banners", "Experts/articles"): notices by category,
 * banners by page type (and agent), experts with stats computed from their picks, expert and
 * lottery articles with per-member likes and favourites, and the promo variants under /v1/promo/.
 */

// ---- notices ------------------------------------------------------------------------------

/** Notice categories (SPEC.md §3): where each is shown. */
/** Notice categories with names; ids as NOTICE_CATEGORIES in constants.ts. */
export const NOTICE_CATEGORY_LIST = [
  { id: 1, key: 'home', name: '首页公告' },
  { id: 2, key: 'betting', name: '投注公告' },
  { id: 3, key: 'recharge', name: '充值公告' },
  { id: 4, key: 'withdraw', name: '提现公告' },
] as const;
export type NoticeCategoryId = (typeof NOTICE_CATEGORY_LIST)[number]['id'];

/** `/v1/notices/hot` answers this many when no limit is given (the home page asks for 5). */
export const HOT_NOTICE_DEFAULT_LIMIT = 3;
export const HOT_NOTICE_HOME_LIMIT = 5;

const intQuery = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name}必须是数字` })
    .int(`${name}必须是整数`)
    .min(min, `${name}不能小于${min}`)
    .max(max, `${name}不能大于${max}`);

const page = intQuery('页码', 1, 100_000).default(1);
const perPage = intQuery('每页条数', 1, 50).default(20);

/** Path id of a content row (integer column: at most 2^31 − 1). */
export const contentIdParam = z.object({ id: intQuery('id', 1, 2_147_483_647) });

export const noticeCategoryId = intQuery('公告分类', 1, 4).describe(
  '1 home, 2 betting, 3 recharge, 4 withdraw',
);

export const noticeCategoryParam = z.object({ id: noticeCategoryId });

export const noticeListQuery = z.object({
  category_id: noticeCategoryId.optional(),
  page,
  per_page: perPage,
});
export const noticePageQuery = z.object({ page, per_page: perPage });

export const noticeHotQuery = z.object({
  category_id: noticeCategoryId.optional(),
  limit: intQuery('条数', 1, 20).default(HOT_NOTICE_DEFAULT_LIMIT),
});

const keyword = z
  .string({ error: '请输入搜索关键词' })
  .trim()
  .min(1, '请输入搜索关键词')
  .max(50, '搜索关键词不能超过50个字');

export const noticeSearchQuery = z.object({
  keyword,
  category_id: noticeCategoryId.optional(),
  page,
  per_page: perPage,
});

export const noticeSummary = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  category_name: z.string(),
  title: z.string(),
  summary: z.string(),
  is_top: z.boolean(),
  published_at: isoDate,
});
export const noticeDetail = noticeSummary.extend({
  content: z.string().describe('Sanitised HTML'),
});
export const noticePage = paginated(noticeSummary);
export const noticeCategoryView = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  count: z.number().int(),
});
export type NoticeSummary = z.infer<typeof noticeSummary>;
export type NoticeDetail = z.infer<typeof noticeDetail>;
export type NoticeCategoryView = z.infer<typeof noticeCategoryView>;

// ---- banners ------------------------------------------------------------------------------

export const bannerPageType = intQuery('页面类型', 1, 3).describe('1 home, 2 sports, 3 article');
const agentIdQuery = intQuery('代理ID', 1, 2_147_483_647);

export const bannerListQuery = z.object({ page_type: bannerPageType.optional() });
export const bannerPageTypeQuery = z.object({
  page_type: bannerPageType,
  agent_id: agentIdQuery.optional().describe("An agent's banners replace the general ones where set"),
});
export const bannerView = z.object({
  id: z.number().int(),
  page_type: z.number().int(),
  title: z.string(),
  image_url: z.string(),
  link_url: z.string().describe('In-app hash path or an http(s) address; empty for none'),
  agent_id: z.number().int().nullable(),
  sort: z.number().int(),
});
export type BannerView = z.infer<typeof bannerView>;

// ---- experts ------------------------------------------------------------------------------

export const PICK_RESULTS = ['pending', 'won', 'lost'] as const;
export type PickResult = (typeof PICK_RESULTS)[number];
export const PICK_RESULT_TEXT: Record<PickResult, string> = { pending: '待开奖', won: '红', lost: '黑' };

export const expertCategoryView = z.object({
  id: z.number().int(),
  name: z.string(),
  expert_count: z.number().int(),
});

export const expertStats = z.object({
  total_picks: z.number().int().describe('Settled and pending picks'),
  won: z.number().int(),
  lost: z.number().int(),
  pending: z.number().int(),
  win_rate: z.number().int().describe('Percent of settled picks won, 0-100, rounded down'),
  current_streak: z.number().int().describe('Consecutive wins up to the latest settled pick'),
  best_streak: z.number().int(),
  recent: z.array(z.enum(['won', 'lost'])).describe('Latest settled picks, newest first (at most 10)'),
});
export type ExpertStats = z.infer<typeof expertStats>;

export const expertView = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  category_name: z.string(),
  name: z.string(),
  avatar: z.string(),
  title: z.string(),
  intro: z.string(),
  promoted: z.boolean(),
  article_count: z.number().int(),
  stats: expertStats,
  has_slips: z.boolean().describe('The expert bets as a member: GET /v1/experts/:id/slips lists their 晒单'),
});
export type ExpertView = z.infer<typeof expertView>;

export const expertListQuery = z.object({
  category_id: intQuery('专家分类', 1, 2_147_483_647).optional(),
  page,
  per_page: perPage,
});

export const expertPick = z.object({
  match: z.string(),
  selection: z.string(),
  odds: z.string(),
  result: z.enum(PICK_RESULTS),
});

export const expertArticleSummary = z.object({
  id: z.number().int(),
  expert_id: z.number().int(),
  expert_name: z.string(),
  expert_avatar: z.string(),
  category_id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  views: z.number().int(),
  like_count: z.number().int(),
  favorite_count: z.number().int(),
  is_hot: z.boolean(),
  is_recommended: z.boolean(),
  pick: expertPick.nullable(),
  published_at: isoDate,
});
export const expertArticleDetail = expertArticleSummary.extend({ content: z.string() });
export type ExpertArticleSummary = z.infer<typeof expertArticleSummary>;
export type ExpertArticleDetail = z.infer<typeof expertArticleDetail>;

export const expertArticleListQuery = z.object({
  expert_id: intQuery('专家ID', 1, 2_147_483_647).optional(),
  category_id: intQuery('专家分类', 1, 2_147_483_647).optional(),
  page,
  per_page: perPage,
});
export const articleLimitQuery = z.object({ limit: intQuery('条数', 1, 20).default(5) });

export const likeStatus = z.object({ liked: z.boolean(), like_count: z.number().int() });
export const favoriteStatus = z.object({ favorited: z.boolean(), favorite_count: z.number().int() });
export const viewCount = z.object({ views: z.number().int() });
export type LikeStatus = z.infer<typeof likeStatus>;
export type FavoriteStatus = z.infer<typeof favoriteStatus>;

// ---- lottery articles ---------------------------------------------------------------------

export const lotteryCategoryView = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  article_count: z.number().int(),
});
export type LotteryCategoryView = z.infer<typeof lotteryCategoryView>;

export const lotteryArticleSummary = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  category_name: z.string(),
  title: z.string(),
  summary: z.string(),
  author: z.string(),
  cover: z.string(),
  views: z.number().int(),
  is_hot: z.boolean(),
  is_recommended: z.boolean(),
  published_at: isoDate,
});
export const lotteryArticleDetail = lotteryArticleSummary.extend({ content: z.string() });
export type LotteryArticleSummary = z.infer<typeof lotteryArticleSummary>;
export type LotteryArticleDetail = z.infer<typeof lotteryArticleDetail>;

export const lotteryArticleListQuery = z.object({
  category_id: intQuery('资讯分类', 1, 2_147_483_647).optional(),
  page,
  per_page: perPage,
});
export const lotteryArticleSearchQuery = z.object({ keyword, page, per_page: perPage });
export const contentPageQuery = noticePageQuery;
