import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  articleLimitQuery,
  contentPageQuery,
  envelope,
  expertArticleDetail,
  expertArticleListQuery,
  expertArticleSummary,
  expertCategoryView,
  expertListQuery,
  expertStats,
  expertView,
  favoriteStatus,
  contentIdParam,
  likeStatus,
  lotteryArticleDetail,
  lotteryArticleListQuery,
  lotteryArticleSearchQuery,
  lotteryArticleSummary,
  lotteryCategoryView,
  paginated,
  viewCount,
} from '@app/shared';
import { memberOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';

/**
 * Public reads of experts and articles, served twice: under /v1 and, limited to promoted
 * experts and articles, under /v1/promo (the promotion pages).
 */
function registerReads(app: FastifyInstance, prefix: '/v1' | '/v1/promo'): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const svc = app.services.articles;
  const promo = prefix === '/v1/promo';
  const tags = [promo ? '推广专家' : '专家与资讯'];

  r.get(
    `${prefix}/expert-categories`,
    { schema: { tags, summary: '专家分类', response: { 200: envelope(z.array(expertCategoryView)) } } },
    async () => ok(await svc.expertCategories(), '获取成功'),
  );
  r.get(
    `${prefix}/experts`,
    {
      schema: {
        tags,
        summary: '专家列表（含由推荐结果计算的战绩）',
        querystring: expertListQuery,
        response: { 200: envelope(paginated(expertView)) },
      },
    },
    async (request) =>
      ok(await svc.experts({ categoryId: request.query.category_id }, request.query, promo), '获取成功'),
  );
  r.get(
    `${prefix}/experts/:id`,
    {
      schema: { tags, summary: '专家详情', params: contentIdParam, response: { 200: envelope(expertView) } },
    },
    async (request) => ok(await svc.expert(request.params.id, promo), '获取成功'),
  );
  r.get(
    `${prefix}/experts/:id/stats`,
    {
      schema: {
        tags,
        summary: '专家战绩：胜率、连红、近期结果',
        params: contentIdParam,
        response: { 200: envelope(expertStats) },
      },
    },
    async (request) => ok(await svc.expertStats(request.params.id, promo), '获取成功'),
  );
  r.get(
    `${prefix}/expert-articles`,
    {
      schema: {
        tags,
        summary: '专家文章列表',
        querystring: expertArticleListQuery,
        response: { 200: envelope(paginated(expertArticleSummary)) },
      },
    },
    async (request) =>
      ok(
        await svc.expertArticles(
          { expertId: request.query.expert_id, categoryId: request.query.category_id },
          request.query,
          promo,
        ),
        '获取成功',
      ),
  );
  r.get(
    `${prefix}/expert-articles/hot`,
    {
      schema: {
        tags,
        summary: '热门专家文章',
        querystring: articleLimitQuery,
        response: { 200: envelope(z.array(expertArticleSummary)) },
      },
    },
    async (request) => ok(await svc.hotExpertArticles(request.query.limit, promo), '获取成功'),
  );
  r.get(
    `${prefix}/expert-articles/recommended`,
    {
      schema: {
        tags,
        summary: '推荐专家文章',
        querystring: articleLimitQuery,
        response: { 200: envelope(z.array(expertArticleSummary)) },
      },
    },
    async (request) => ok(await svc.recommendedExpertArticles(request.query.limit, promo), '获取成功'),
  );
  r.get(
    `${prefix}/expert-articles/:id`,
    {
      schema: {
        tags,
        summary: '专家文章详情',
        params: contentIdParam,
        response: { 200: envelope(expertArticleDetail) },
      },
    },
    async (request) => ok(await svc.expertArticle(request.params.id, promo), '获取成功'),
  );
  r.get(
    `${prefix}/lottery-categories`,
    { schema: { tags, summary: '彩票资讯分类', response: { 200: envelope(z.array(lotteryCategoryView)) } } },
    async () => ok(await svc.lotteryCategories(), '获取成功'),
  );
  r.get(
    `${prefix}/lottery-categories/:id`,
    {
      schema: {
        tags,
        summary: '彩票资讯分类详情',
        params: contentIdParam,
        response: { 200: envelope(lotteryCategoryView) },
      },
    },
    async (request) => ok(await svc.lotteryCategory(request.params.id), '获取成功'),
  );
  r.get(
    `${prefix}/lottery-categories/:id/articles`,
    {
      schema: {
        tags,
        summary: '某分类的彩票资讯',
        params: contentIdParam,
        querystring: contentPageQuery,
        response: { 200: envelope(paginated(lotteryArticleSummary)) },
      },
    },
    async (request) => {
      await svc.lotteryCategory(request.params.id);
      return ok(
        await svc.lotteryArticles({ categoryId: request.params.id }, request.query, promo),
        '获取成功',
      );
    },
  );
  r.get(
    `${prefix}/lottery-articles`,
    {
      schema: {
        tags,
        summary: '彩票资讯列表',
        querystring: lotteryArticleListQuery,
        response: { 200: envelope(paginated(lotteryArticleSummary)) },
      },
    },
    async (request) =>
      ok(
        await svc.lotteryArticles({ categoryId: request.query.category_id }, request.query, promo),
        '获取成功',
      ),
  );
  r.get(
    `${prefix}/lottery-articles/hot`,
    {
      schema: {
        tags,
        summary: '热门彩票资讯',
        querystring: articleLimitQuery,
        response: { 200: envelope(z.array(lotteryArticleSummary)) },
      },
    },
    async (request) => ok(await svc.hotLotteryArticles(request.query.limit, promo), '获取成功'),
  );
  r.get(
    `${prefix}/lottery-articles/recommended`,
    {
      schema: {
        tags,
        summary: '推荐彩票资讯',
        querystring: articleLimitQuery,
        response: { 200: envelope(z.array(lotteryArticleSummary)) },
      },
    },
    async (request) => ok(await svc.recommendedLotteryArticles(request.query.limit, promo), '获取成功'),
  );
  r.get(
    `${prefix}/lottery-articles/search`,
    {
      schema: {
        tags,
        summary: '搜索彩票资讯（标题与内容）',
        querystring: lotteryArticleSearchQuery,
        response: { 200: envelope(paginated(lotteryArticleSummary)) },
      },
    },
    async (request) =>
      ok(await svc.lotteryArticles({ keyword: request.query.keyword }, request.query, promo), '获取成功'),
  );
  r.get(
    `${prefix}/lottery-articles/:id`,
    {
      schema: {
        tags,
        summary: '彩票资讯详情',
        params: contentIdParam,
        response: { 200: envelope(lotteryArticleDetail) },
      },
    },
    async (request) => ok(await svc.lotteryArticle(request.params.id, promo), '获取成功'),
  );
}

/** Experts and articles (SPEC.md §7 "Experts/articles"), likes and favourites per member. */
export const articlesRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReads(app, '/v1');
  registerReads(app, '/v1/promo');
  const svc = app.services.articles;
  const tags = ['专家与资讯'];
  const member = { onRequest: app.authenticate };

  app.post(
    '/v1/expert-articles/:id/like',
    {
      ...member,
      schema: {
        tags,
        summary: '点赞（重复点赞不重复计数）',
        params: contentIdParam,
        response: { 200: envelope(likeStatus) },
      },
    },
    async (request) =>
      ok(await svc.setLike(request.params.id, memberOf(request).member.id, true), '点赞成功'),
  );
  app.delete(
    '/v1/expert-articles/:id/like',
    {
      ...member,
      schema: { tags, summary: '取消点赞', params: contentIdParam, response: { 200: envelope(likeStatus) } },
    },
    async (request) =>
      ok(await svc.setLike(request.params.id, memberOf(request).member.id, false), '已取消点赞'),
  );
  app.get(
    '/v1/expert-articles/:id/like-status',
    {
      ...member,
      schema: {
        tags,
        summary: '我是否点赞与点赞数',
        params: contentIdParam,
        response: { 200: envelope(likeStatus) },
      },
    },
    async (request) => ok(await svc.likeStatus(request.params.id, memberOf(request).member.id), '获取成功'),
  );
  app.post(
    '/v1/expert-articles/:id/favorite',
    {
      ...member,
      schema: {
        tags,
        summary: '收藏（重复收藏不重复计数）',
        params: contentIdParam,
        response: { 200: envelope(favoriteStatus) },
      },
    },
    async (request) =>
      ok(await svc.setFavorite(request.params.id, memberOf(request).member.id, true), '收藏成功'),
  );
  app.delete(
    '/v1/expert-articles/:id/favorite',
    {
      ...member,
      schema: {
        tags,
        summary: '取消收藏',
        params: contentIdParam,
        response: { 200: envelope(favoriteStatus) },
      },
    },
    async (request) =>
      ok(await svc.setFavorite(request.params.id, memberOf(request).member.id, false), '已取消收藏'),
  );
  app.get(
    '/v1/expert-articles/:id/favorite-status',
    {
      ...member,
      schema: {
        tags,
        summary: '我是否收藏与收藏数',
        params: contentIdParam,
        response: { 200: envelope(favoriteStatus) },
      },
    },
    async (request) =>
      ok(await svc.favoriteStatus(request.params.id, memberOf(request).member.id), '获取成功'),
  );
  app.post(
    '/v1/expert-articles/:id/increment-views',
    {
      schema: { tags, summary: '阅读数加一', params: contentIdParam, response: { 200: envelope(viewCount) } },
    },
    async (request) => ok(await svc.incrementExpertArticleViews(request.params.id), '已记录'),
  );
  app.post(
    '/v1/lottery-articles/:id/increment-views',
    {
      schema: { tags, summary: '阅读数加一', params: contentIdParam, response: { 200: envelope(viewCount) } },
    },
    async (request) => ok(await svc.incrementLotteryArticleViews(request.params.id), '已记录'),
  );
};
