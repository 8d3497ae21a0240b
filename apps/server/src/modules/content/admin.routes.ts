import type { RouteContract } from '@app/shared/api';
import { backofficeApi, type BackofficeApi } from '@app/shared/backoffice-api';
import type { z } from 'zod';
import { contractRoutes, type RouteSpec } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { listRoutes, type ListDef, type ListRow } from '../../plugins/list-routes.ts';
import { callOf, type OperatorCall } from '../../plugins/operator-guard.ts';

const tags = ['管理后台-内容'];
const content = { permission: 'content' } as const;

/** The content tables: a paged list (with export), create (POST) and update (PUT /:id) each. */
type Table =
  | '/admin/v1/content/notices'
  | '/admin/v1/content/banners'
  | '/admin/v1/content/experts'
  | '/admin/v1/content/expert-articles'
  | '/admin/v1/content/lottery-categories'
  | '/admin/v1/content/lottery-articles';
type CrudRoute<P extends Table> = `GET ${P}` | `GET ${P}/export` | `POST ${P}` | `PUT ${P}/:id`;
type BodyOf<C extends RouteContract> = C['body'] extends z.ZodType ? z.output<C['body']> : never;

/** A content table's four routes, under the `content` permission. */
function crud<P extends Table>(
  path: P,
  def: {
    name: string;
    list: ListDef<BackofficeApi[`GET ${P}`]>['list'];
    save: (
      id: number | null,
      body: BodyOf<BackofficeApi[`POST ${P}`]>,
      call: OperatorCall,
    ) => Promise<ListRow<BackofficeApi[`GET ${P}`]>>;
    csv: Array<keyof ListRow<BackofficeApi[`GET ${P}`]> & string>;
  },
): { [K in CrudRoute<P>]: RouteSpec<BackofficeApi[K]> } {
  type Row = ListRow<BackofficeApi[`GET ${P}`]>;
  type Body = BodyOf<BackofficeApi[`POST ${P}`]>;
  // Generic over the table, so the handlers cast what the schemas (checked at run time) let through.
  const create: RouteSpec<RouteContract> = {
    tags,
    summary: `新增${def.name}`,
    access: content,
    handler: async (request) => ok(await def.save(null, request.body as Body, callOf(request)), '已创建'),
  };
  const update: RouteSpec<RouteContract> = {
    tags,
    summary: `修改${def.name}`,
    access: content,
    handler: async (request) =>
      ok(
        await def.save((request.params as { id: number }).id, request.body as Body, callOf(request)),
        '已保存',
      ),
  };
  return {
    ...listRoutes(backofficeApi, `GET ${path}`, {
      access: content,
      tags,
      summary: def.name,
      list: def.list,
      fileName: def.name,
      csv: def.csv.map((k) => ({ title: k, value: (r: Row) => r[k] as string })),
    }),
    [`POST ${path}`]: create,
    [`PUT ${path}/:id`]: update,
  } as { [K in CrudRoute<P>]: RouteSpec<BackofficeApi[K]> };
}

export const contentAdminRoutes = contractRoutes(backofficeApi, (app) => {
  const svc = app.services.contentAdmin;
  return {
    ...crud('/admin/v1/content/notices', {
      name: '公告',
      list: (q) => svc.notices(q),
      save: (id, b, c) => svc.saveNotice(id, b, c),
      csv: ['id', 'category_id', 'title', 'enabled', 'published_at'],
    }),
    ...crud('/admin/v1/content/banners', {
      name: '轮播图',
      list: (q) => svc.banners(q),
      save: (id, b, c) => svc.saveBanner(id, b, c),
      csv: ['id', 'page_type', 'title', 'image_url', 'link_url', 'enabled'],
    }),
    ...crud('/admin/v1/content/experts', {
      name: '专家',
      list: (q) => svc.experts(q),
      save: (id, b, c) => svc.saveExpert(id, b, c),
      csv: ['id', 'name', 'title', 'enabled'],
    }),
    ...crud('/admin/v1/content/expert-articles', {
      name: '专家文章',
      list: (q) => svc.expertArticles(q),
      save: (id, b, c) => svc.saveExpertArticle(id, b, c),
      csv: ['id', 'expert_name', 'title', 'views', 'enabled', 'published_at'],
    }),
    ...crud('/admin/v1/content/lottery-categories', {
      name: '彩票资讯分类',
      list: (q) => svc.lotteryCategories(q),
      save: (id, b, c) => svc.saveLotteryCategory(id, b, c),
      csv: ['id', 'name', 'sort'],
    }),
    ...crud('/admin/v1/content/lottery-articles', {
      name: '彩票资讯',
      list: (q) => svc.lotteryArticles(q),
      save: (id, b, c) => svc.saveLotteryArticle(id, b, c),
      csv: ['id', 'category_name', 'title', 'author', 'views', 'enabled', 'published_at'],
    }),

    ...listRoutes(backofficeApi, 'GET /admin/v1/content/activities', {
      access: { permission: 'activities' },
      tags,
      summary: '活动',
      list: (q) => svc.activities(q),
      fileName: '活动',
      csv: [
        { title: 'ID', value: (r) => r.id },
        { title: '标题', value: (r) => r.title },
        { title: '规则', value: (r) => r.rule },
        { title: '启用', value: (r) => r.enabled },
        { title: '待审核', value: (r) => r.pending_applications },
      ],
    }),
    'PUT /admin/v1/content/activities/:id': {
      tags,
      summary: '修改活动',
      access: { permission: 'activities' },
      handler: async (request) =>
        ok(
          {
            ...(await svc.updateActivity(request.params.id, request.body, callOf(request))),
            pending_applications: 0,
          },
          '已保存',
        ),
    },

    'POST /admin/v1/messages/preview': {
      tags,
      summary: '站内信接收人数',
      access: { permission: 'messages' },
      handler: async (request) => ok(await svc.previewBroadcast(request.body), '获取成功'),
    },
    'POST /admin/v1/messages': {
      tags,
      summary: '发送站内信（单个会员、VIP等级、代理下级或全部会员）',
      access: { permission: 'messages' },
      handler: async (request) => {
        const result = await svc.broadcast(request.body, callOf(request));
        return ok(result, `已发送给 ${result.recipients.toLocaleString('zh-CN')} 位会员`);
      },
    },

    'GET /admin/v1/settings/app': {
      tags,
      summary: '应用配置与应用信息',
      access: content,
      handler: async () => ok(await svc.appSettings(), '获取成功'),
    },
    'PUT /admin/v1/settings/app': {
      tags,
      summary: '修改应用配置与应用信息（会员端即时生效）',
      access: content,
      handler: async (request) =>
        ok(await svc.saveAppSettings(request.body, callOf(request)), '已保存，立即生效'),
    },
  };
});
