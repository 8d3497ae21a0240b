import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, idParam } from '@app/shared';
import type { Permission } from '@app/shared/backoffice';
import {
  activityAdminItem,
  activityUpdateBody,
  appSettingsBody,
  appSettingsView,
  bannerBody,
  bannerItem,
  broadcastBody,
  broadcastPreview,
  broadcastResult,
  categoryBody,
  categoryItem,
  contentListQuery,
  expertArticleBody,
  expertArticleItem,
  expertBody,
  expertItem,
  lotteryArticleBody,
  lotteryArticleItem,
  noticeBody,
  noticeItem,
} from '@app/shared/backoffice';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ok } from '../../plugins/envelope.ts';
import { listRoutes } from '../../plugins/list-routes.ts';
import { callOf, guarded, type OperatorCall, security } from '../../plugins/operator-guard.ts';

const tags = ['管理后台-内容'];

/** A content table: its paged list (with export), create and update, under one permission. */
function crud<B extends z.ZodObject, I extends z.ZodObject>(
  app: FastifyInstance,
  def: {
    path: string;
    name: string;
    permission: Permission;
    body: B;
    item: I;
    list: (q: z.output<typeof contentListQuery>) => Promise<{ list: Array<z.infer<I>>; total: number }>;
    save: (id: number | null, body: z.output<B>, call: OperatorCall) => Promise<z.infer<I>>;
    csv: Array<keyof z.infer<I> & string>;
  },
) {
  listRoutes(app, {
    path: def.path,
    permission: def.permission,
    tags,
    summary: def.name,
    querystring: contentListQuery,
    item: def.item,
    list: def.list,
    fileName: def.name,
    csv: def.csv.map((k) => ({ title: k, value: (r: z.infer<I>) => r[k] as string })),
  });
  // Generic over the table, so the handlers cast what the schemas (checked at run time) let through.
  app.post(
    def.path,
    {
      ...guarded(app, def.permission),
      schema: {
        tags,
        summary: `新增${def.name}`,
        security,
        body: def.body,
        response: { 200: envelope(def.item) },
      },
    },
    async (request) => ok(await def.save(null, request.body as z.output<B>, callOf(request)), '已创建'),
  );
  app.put(
    `${def.path}/:id`,
    {
      ...guarded(app, def.permission),
      schema: {
        tags,
        summary: `修改${def.name}`,
        security,
        params: idParam,
        body: def.body,
        response: { 200: envelope(def.item) },
      },
    },
    async (request) =>
      ok(
        await def.save((request.params as { id: number }).id, request.body as z.output<B>, callOf(request)),
        '已保存',
      ),
  );
}

export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const content = app.services.contentAdmin;

  crud(app, {
    path: '/admin/v1/content/notices',
    name: '公告',
    permission: 'content',
    body: noticeBody,
    item: noticeItem,
    list: (q) => content.notices(q),
    save: (id, b, c) => content.saveNotice(id, b, c),
    csv: ['id', 'category_id', 'title', 'enabled', 'published_at'],
  });
  crud(app, {
    path: '/admin/v1/content/banners',
    name: '轮播图',
    permission: 'content',
    body: bannerBody,
    item: bannerItem,
    list: (q) => content.banners(q),
    save: (id, b, c) => content.saveBanner(id, b, c),
    csv: ['id', 'page_type', 'title', 'image_url', 'link_url', 'enabled'],
  });
  crud(app, {
    path: '/admin/v1/content/experts',
    name: '专家',
    permission: 'content',
    body: expertBody,
    item: expertItem,
    list: (q) => content.experts(q),
    save: (id, b, c) => content.saveExpert(id, b, c),
    csv: ['id', 'name', 'title', 'enabled'],
  });
  crud(app, {
    path: '/admin/v1/content/expert-articles',
    name: '专家文章',
    permission: 'content',
    body: expertArticleBody,
    item: expertArticleItem,
    list: (q) => content.expertArticles(q),
    save: (id, b, c) => content.saveExpertArticle(id, b, c),
    csv: ['id', 'expert_name', 'title', 'views', 'enabled', 'published_at'],
  });
  crud(app, {
    path: '/admin/v1/content/lottery-categories',
    name: '彩票资讯分类',
    permission: 'content',
    body: categoryBody,
    item: categoryItem,
    list: (q) => content.lotteryCategories(q),
    save: (id, b, c) => content.saveLotteryCategory(id, b, c),
    csv: ['id', 'name', 'sort'],
  });
  crud(app, {
    path: '/admin/v1/content/lottery-articles',
    name: '彩票资讯',
    permission: 'content',
    body: lotteryArticleBody,
    item: lotteryArticleItem,
    list: (q) => content.lotteryArticles(q),
    save: (id, b, c) => content.saveLotteryArticle(id, b, c),
    csv: ['id', 'category_name', 'title', 'author', 'views', 'enabled', 'published_at'],
  });

  listRoutes(app, {
    path: '/admin/v1/content/activities',
    permission: 'activities',
    tags,
    summary: '活动',
    querystring: contentListQuery,
    item: activityAdminItem,
    list: (q) => content.activities(q),
    fileName: '活动',
    csv: [
      { title: 'ID', value: (r) => r.id },
      { title: '标题', value: (r) => r.title },
      { title: '规则', value: (r) => r.rule },
      { title: '启用', value: (r) => r.enabled },
      { title: '待审核', value: (r) => r.pending_applications },
    ],
  });
  app.put(
    '/admin/v1/content/activities/:id',
    {
      ...guarded(app, 'activities'),
      schema: {
        tags,
        summary: '修改活动',
        security,
        params: idParam,
        body: activityUpdateBody,
        response: { 200: envelope(activityAdminItem) },
      },
    },
    async (request) =>
      ok(
        {
          ...(await content.updateActivity(request.params.id, request.body, callOf(request))),
          pending_applications: 0,
        },
        '已保存',
      ),
  );

  app.post(
    '/admin/v1/messages/preview',
    {
      ...guarded(app, 'messages'),
      schema: {
        tags,
        summary: '站内信接收人数',
        security,
        body: broadcastBody,
        response: { 200: envelope(broadcastPreview) },
      },
    },
    async (request) => ok(await content.previewBroadcast(request.body), '获取成功'),
  );
  app.post(
    '/admin/v1/messages',
    {
      ...guarded(app, 'messages'),
      schema: {
        tags,
        summary: '发送站内信（单个会员、VIP等级、代理下级或全部会员）',
        security,
        body: broadcastBody,
        response: { 200: envelope(broadcastResult) },
      },
    },
    async (request) => {
      const result = await content.broadcast(request.body, callOf(request));
      return ok(result, `已发送给 ${result.recipients.toLocaleString('zh-CN')} 位会员`);
    },
  );

  app.get(
    '/admin/v1/settings/app',
    {
      ...guarded(app, 'content'),
      schema: { tags, summary: '应用配置与应用信息', security, response: { 200: envelope(appSettingsView) } },
    },
    async () => ok(await content.appSettings(), '获取成功'),
  );
  app.put(
    '/admin/v1/settings/app',
    {
      ...guarded(app, 'content'),
      schema: {
        tags,
        summary: '修改应用配置与应用信息（会员端即时生效）',
        security,
        body: appSettingsBody,
        response: { 200: envelope(appSettingsView) },
      },
    },
    async (request) => ok(await content.saveAppSettings(request.body, callOf(request)), '已保存，立即生效'),
  );
};
