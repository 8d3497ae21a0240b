import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bannerListQuery,
  bannerPageTypeQuery,
  bannerView,
  envelope,
  contentIdParam,
  noticeCategoryParam,
  noticeCategoryView,
  noticeDetail,
  noticeHotQuery,
  noticeListQuery,
  noticePage,
  noticePageQuery,
  noticeSearchQuery,
  noticeSummary,
} from '@app/shared';
import { ok } from '../../plugins/envelope.ts';
import { optionalMember } from './optional-member.ts';

/** Notices and banners are the same for every visitor: kept in memory until content changes. */
const CONTENT = ['content'] as const;

/** Notices (SPEC.md §7 "Notices") and banners ("Banners"); public, fixed paths before `/:id`. */
export const noticesRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = app.services.notices;
  const tags = ['公告'];

  app.get(
    '/v1/notices',
    {
      config: { publicCache: CONTENT },
      schema: {
        tags,
        summary: '公告列表',
        querystring: noticeListQuery,
        response: { 200: envelope(noticePage) },
      },
    },
    async (request) =>
      ok(await svc.list({ categoryId: request.query.category_id }, request.query), '获取成功'),
  );
  app.get(
    '/v1/notices/categories',
    {
      config: { publicCache: CONTENT },
      schema: {
        tags,
        summary: '公告分类（含条数）',
        response: { 200: envelope(z.array(noticeCategoryView)) },
      },
    },
    async () => ok(await svc.categories(), '获取成功'),
  );
  app.get(
    '/v1/notices/hot',
    {
      config: { publicCache: CONTENT },
      schema: {
        tags,
        summary: '热门公告（置顶优先；默认3条，首页取5条）',
        querystring: noticeHotQuery,
        response: { 200: envelope(z.array(noticeSummary)) },
      },
    },
    async (request) => ok(await svc.hot(request.query.category_id, request.query.limit), '获取成功'),
  );
  app.get(
    '/v1/notices/search',
    {
      config: { publicCache: CONTENT },
      schema: {
        tags,
        summary: '搜索公告（标题与内容）',
        querystring: noticeSearchQuery,
        response: { 200: envelope(noticePage) },
      },
    },
    async (request) =>
      ok(
        await svc.list(
          { categoryId: request.query.category_id, keyword: request.query.keyword },
          request.query,
        ),
        '获取成功',
      ),
  );
  app.get(
    '/v1/notices/category/:id',
    {
      config: { publicCache: CONTENT },
      schema: {
        tags,
        summary: '某分类的公告',
        params: noticeCategoryParam,
        querystring: noticePageQuery,
        response: { 200: envelope(noticePage) },
      },
    },
    async (request) => ok(await svc.list({ categoryId: request.params.id }, request.query), '获取成功'),
  );
  app.get(
    '/v1/notices/:id',
    {
      config: { publicCache: CONTENT },
      schema: {
        tags,
        summary: '公告详情',
        params: contentIdParam,
        response: { 200: envelope(noticeDetail) },
      },
    },
    async (request) => ok(await svc.detail(request.params.id), '获取成功'),
  );

  const bannerTags = ['广告'];
  app.get(
    '/v1/banners',
    {
      config: { publicCache: CONTENT },
      schema: {
        tags: bannerTags,
        summary: '通用广告（可按页面类型）',
        querystring: bannerListQuery,
        response: { 200: envelope(z.array(bannerView)) },
      },
    },
    async (request) => ok(await svc.banners(request.query.page_type), '获取成功'),
  );
  app.get(
    '/v1/banners/page-type',
    {
      config: { publicCache: CONTENT },
      schema: {
        tags: bannerTags,
        summary: '某页面的广告：登录会员按其代理，否则按 agent_id；代理未设置时为通用广告',
        querystring: bannerPageTypeQuery,
        response: { 200: envelope(z.array(bannerView)) },
      },
    },
    async (request) => {
      const member = await optionalMember(app, request);
      const agentId = member ? member.agentId : (request.query.agent_id ?? null);
      return ok(await svc.bannersForPage(request.query.page_type, agentId), '获取成功');
    },
  );
  app.get(
    '/v1/banners/:id',
    {
      config: { publicCache: CONTENT },
      schema: {
        tags: bannerTags,
        summary: '广告详情',
        params: contentIdParam,
        response: { 200: envelope(bannerView) },
      },
    },
    async (request) => ok(await svc.banner(request.params.id), '获取成功'),
  );
};
