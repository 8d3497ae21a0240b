import { memberApi } from '@app/shared/api';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { optionalMember } from './optional-member.ts';

/** Notices and banners are the same for every visitor: kept in memory until content changes. */
const content = { publicCache: ['content'] } as const;

/** Notices (SPEC.md §7 "Notices") and banners ("Banners"); public, fixed paths before `/:id`. */
export const noticesRoutes = contractRoutes(memberApi, (app) => {
  const svc = app.services.notices;
  const tags = ['公告'];
  const bannerTags = ['广告'];
  return {
    'GET /v1/notices': {
      tags,
      summary: '公告列表',
      config: content,
      handler: async (request) =>
        ok(await svc.list({ categoryId: request.query.category_id }, request.query), '获取成功'),
    },
    'GET /v1/notices/categories': {
      tags,
      summary: '公告分类（含条数）',
      config: content,
      handler: async () => ok(await svc.categories(), '获取成功'),
    },
    'GET /v1/notices/hot': {
      tags,
      summary: '热门公告（置顶优先；默认3条，首页取5条）',
      config: content,
      handler: async (request) =>
        ok(await svc.hot(request.query.category_id, request.query.limit), '获取成功'),
    },
    'GET /v1/notices/search': {
      tags,
      summary: '搜索公告（标题与内容）',
      config: content,
      handler: async (request) =>
        ok(
          await svc.list(
            { categoryId: request.query.category_id, keyword: request.query.keyword },
            request.query,
          ),
          '获取成功',
        ),
    },
    'GET /v1/notices/category/:id': {
      tags,
      summary: '某分类的公告',
      config: content,
      handler: async (request) =>
        ok(await svc.list({ categoryId: request.params.id }, request.query), '获取成功'),
    },
    'GET /v1/notices/:id': {
      tags,
      summary: '公告详情',
      config: content,
      handler: async (request) => ok(await svc.detail(request.params.id), '获取成功'),
    },

    'GET /v1/banners': {
      tags: bannerTags,
      summary: '通用广告（可按页面类型）',
      config: content,
      handler: async (request) => ok(await svc.banners(request.query.page_type), '获取成功'),
    },
    'GET /v1/banners/page-type': {
      tags: bannerTags,
      summary: '某页面的广告：登录会员按其代理，否则按 agent_id；代理未设置时为通用广告',
      config: content,
      // Public: a token, when valid, only chooses the member's agent (a bad one reads as a visitor).
      handler: async (request) => {
        const member = await optionalMember(app, request);
        const agentId = member ? member.agentId : (request.query.agent_id ?? null);
        return ok(await svc.bannersForPage(request.query.page_type, agentId), '获取成功');
      },
    },
    'GET /v1/banners/:id': {
      tags: bannerTags,
      summary: '广告详情',
      config: content,
      handler: async (request) => ok(await svc.banner(request.params.id), '获取成功'),
    },
  };
});
