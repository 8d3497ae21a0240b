import { memberApi, type MemberApi } from '@app/shared/api';
import { memberOf } from '../../plugins/auth.ts';
import { contractRoutes, type RouteSpec } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';

type Spec<K extends keyof MemberApi> = RouteSpec<MemberApi[K]>;
const member = { member: true } as const;

/**
 * Experts and articles (SPEC.md §7 "Experts/articles"), likes and favourites per member. The public
 * reads are served twice: under /v1 and, limited to promoted experts and articles, under /v1/promo
 * (the promotion pages); each read below builds the route of either.
 */
export const articlesRoutes = contractRoutes(memberApi, (app) => {
  const svc = app.services.articles;
  const tags = ['专家与资讯'];
  const readTags = (promo: boolean) => (promo ? ['推广专家'] : tags);

  const expertCategories = (promo: boolean): Spec<'GET /v1/expert-categories'> => ({
    tags: readTags(promo),
    summary: '专家分类',
    handler: async () => ok(await svc.expertCategories(), '获取成功'),
  });
  const experts = (promo: boolean): Spec<'GET /v1/experts'> => ({
    tags: readTags(promo),
    summary: '专家列表（含由推荐结果计算的战绩）',
    handler: async (request) =>
      ok(await svc.experts({ categoryId: request.query.category_id }, request.query, promo), '获取成功'),
  });
  const expert = (promo: boolean): Spec<'GET /v1/experts/:id'> => ({
    tags: readTags(promo),
    summary: '专家详情',
    handler: async (request) => ok(await svc.expert(request.params.id, promo), '获取成功'),
  });
  const expertStats = (promo: boolean): Spec<'GET /v1/experts/:id/stats'> => ({
    tags: readTags(promo),
    summary: '专家战绩：胜率、连红、近期结果',
    handler: async (request) => ok(await svc.expertStats(request.params.id, promo), '获取成功'),
  });
  const expertArticles = (promo: boolean): Spec<'GET /v1/expert-articles'> => ({
    tags: readTags(promo),
    summary: '专家文章列表',
    handler: async (request) =>
      ok(
        await svc.expertArticles(
          { expertId: request.query.expert_id, categoryId: request.query.category_id },
          request.query,
          promo,
        ),
        '获取成功',
      ),
  });
  const hotExpertArticles = (promo: boolean): Spec<'GET /v1/expert-articles/hot'> => ({
    tags: readTags(promo),
    summary: '热门专家文章',
    handler: async (request) => ok(await svc.hotExpertArticles(request.query.limit, promo), '获取成功'),
  });
  const recommendedExpertArticles = (promo: boolean): Spec<'GET /v1/expert-articles/recommended'> => ({
    tags: readTags(promo),
    summary: '推荐专家文章',
    handler: async (request) =>
      ok(await svc.recommendedExpertArticles(request.query.limit, promo), '获取成功'),
  });
  const expertArticle = (promo: boolean): Spec<'GET /v1/expert-articles/:id'> => ({
    tags: readTags(promo),
    summary: '专家文章详情',
    handler: async (request) => ok(await svc.expertArticle(request.params.id, promo), '获取成功'),
  });
  const lotteryCategories = (promo: boolean): Spec<'GET /v1/lottery-categories'> => ({
    tags: readTags(promo),
    summary: '彩票资讯分类',
    handler: async () => ok(await svc.lotteryCategories(), '获取成功'),
  });
  const lotteryCategory = (promo: boolean): Spec<'GET /v1/lottery-categories/:id'> => ({
    tags: readTags(promo),
    summary: '彩票资讯分类详情',
    handler: async (request) => ok(await svc.lotteryCategory(request.params.id), '获取成功'),
  });
  const categoryArticles = (promo: boolean): Spec<'GET /v1/lottery-categories/:id/articles'> => ({
    tags: readTags(promo),
    summary: '某分类的彩票资讯',
    handler: async (request) => {
      await svc.lotteryCategory(request.params.id);
      return ok(
        await svc.lotteryArticles({ categoryId: request.params.id }, request.query, promo),
        '获取成功',
      );
    },
  });
  const lotteryArticles = (promo: boolean): Spec<'GET /v1/lottery-articles'> => ({
    tags: readTags(promo),
    summary: '彩票资讯列表',
    handler: async (request) =>
      ok(
        await svc.lotteryArticles({ categoryId: request.query.category_id }, request.query, promo),
        '获取成功',
      ),
  });
  const hotLotteryArticles = (promo: boolean): Spec<'GET /v1/lottery-articles/hot'> => ({
    tags: readTags(promo),
    summary: '热门彩票资讯',
    handler: async (request) => ok(await svc.hotLotteryArticles(request.query.limit, promo), '获取成功'),
  });
  const recommendedLotteryArticles = (promo: boolean): Spec<'GET /v1/lottery-articles/recommended'> => ({
    tags: readTags(promo),
    summary: '推荐彩票资讯',
    handler: async (request) =>
      ok(await svc.recommendedLotteryArticles(request.query.limit, promo), '获取成功'),
  });
  const searchLotteryArticles = (promo: boolean): Spec<'GET /v1/lottery-articles/search'> => ({
    tags: readTags(promo),
    summary: '搜索彩票资讯（标题与内容）',
    handler: async (request) =>
      ok(await svc.lotteryArticles({ keyword: request.query.keyword }, request.query, promo), '获取成功'),
  });
  const lotteryArticle = (promo: boolean): Spec<'GET /v1/lottery-articles/:id'> => ({
    tags: readTags(promo),
    summary: '彩票资讯详情',
    handler: async (request) => ok(await svc.lotteryArticle(request.params.id, promo), '获取成功'),
  });

  return {
    'GET /v1/expert-categories': expertCategories(false),
    'GET /v1/experts': experts(false),
    'GET /v1/experts/:id': expert(false),
    'GET /v1/experts/:id/stats': expertStats(false),
    'GET /v1/expert-articles': expertArticles(false),
    'GET /v1/expert-articles/hot': hotExpertArticles(false),
    'GET /v1/expert-articles/recommended': recommendedExpertArticles(false),
    'GET /v1/expert-articles/:id': expertArticle(false),
    'GET /v1/lottery-categories': lotteryCategories(false),
    'GET /v1/lottery-categories/:id': lotteryCategory(false),
    'GET /v1/lottery-categories/:id/articles': categoryArticles(false),
    'GET /v1/lottery-articles': lotteryArticles(false),
    'GET /v1/lottery-articles/hot': hotLotteryArticles(false),
    'GET /v1/lottery-articles/recommended': recommendedLotteryArticles(false),
    'GET /v1/lottery-articles/search': searchLotteryArticles(false),
    'GET /v1/lottery-articles/:id': lotteryArticle(false),

    'GET /v1/promo/expert-categories': expertCategories(true),
    'GET /v1/promo/experts': experts(true),
    'GET /v1/promo/experts/:id': expert(true),
    'GET /v1/promo/experts/:id/stats': expertStats(true),
    'GET /v1/promo/expert-articles': expertArticles(true),
    'GET /v1/promo/expert-articles/hot': hotExpertArticles(true),
    'GET /v1/promo/expert-articles/recommended': recommendedExpertArticles(true),
    'GET /v1/promo/expert-articles/:id': expertArticle(true),
    'GET /v1/promo/lottery-categories': lotteryCategories(true),
    'GET /v1/promo/lottery-categories/:id': lotteryCategory(true),
    'GET /v1/promo/lottery-categories/:id/articles': categoryArticles(true),
    'GET /v1/promo/lottery-articles': lotteryArticles(true),
    'GET /v1/promo/lottery-articles/hot': hotLotteryArticles(true),
    'GET /v1/promo/lottery-articles/recommended': recommendedLotteryArticles(true),
    'GET /v1/promo/lottery-articles/search': searchLotteryArticles(true),
    'GET /v1/promo/lottery-articles/:id': lotteryArticle(true),

    'POST /v1/expert-articles/:id/like': {
      tags,
      summary: '点赞（重复点赞不重复计数）',
      access: member,
      handler: async (request) =>
        ok(await svc.setLike(request.params.id, memberOf(request).member.id, true), '点赞成功'),
    },
    'DELETE /v1/expert-articles/:id/like': {
      tags,
      summary: '取消点赞',
      access: member,
      handler: async (request) =>
        ok(await svc.setLike(request.params.id, memberOf(request).member.id, false), '已取消点赞'),
    },
    'GET /v1/expert-articles/:id/like-status': {
      tags,
      summary: '我是否点赞与点赞数',
      access: member,
      handler: async (request) =>
        ok(await svc.likeStatus(request.params.id, memberOf(request).member.id), '获取成功'),
    },
    'POST /v1/expert-articles/:id/favorite': {
      tags,
      summary: '收藏（重复收藏不重复计数）',
      access: member,
      handler: async (request) =>
        ok(await svc.setFavorite(request.params.id, memberOf(request).member.id, true), '收藏成功'),
    },
    'DELETE /v1/expert-articles/:id/favorite': {
      tags,
      summary: '取消收藏',
      access: member,
      handler: async (request) =>
        ok(await svc.setFavorite(request.params.id, memberOf(request).member.id, false), '已取消收藏'),
    },
    'GET /v1/expert-articles/:id/favorite-status': {
      tags,
      summary: '我是否收藏与收藏数',
      access: member,
      handler: async (request) =>
        ok(await svc.favoriteStatus(request.params.id, memberOf(request).member.id), '获取成功'),
    },
    'POST /v1/expert-articles/:id/increment-views': {
      tags,
      summary: '阅读数加一',
      handler: async (request) => ok(await svc.incrementExpertArticleViews(request.params.id), '已记录'),
    },
    'POST /v1/lottery-articles/:id/increment-views': {
      tags,
      summary: '阅读数加一',
      handler: async (request) => ok(await svc.incrementLotteryArticleViews(request.params.id), '已记录'),
    },
  };
});
