import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@app/shared';
import { dashboardQuery, dashboardResult, pendingCounts } from '@app/shared/backoffice';
import { ok } from '../../plugins/envelope.ts';
import { guarded, security } from '../../plugins/operator-guard.ts';

const tags = ['管理后台-概览'];

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dashboard, pending } = app.services.backoffice;
  app.get(
    '/admin/v1/dashboard',
    {
      ...guarded(app, 'dashboard'),
      schema: {
        tags,
        summary: '概览：今日与每日数据、在线人数、待办',
        security,
        querystring: dashboardQuery,
        response: { 200: envelope(dashboardResult) },
      },
    },
    async (request) => ok(await dashboard.dashboard(request.query.days), '获取成功'),
  );
  app.get(
    '/admin/v1/pending-counts',
    {
      ...guarded(app, 'dashboard'),
      schema: {
        tags,
        summary: '待办数量（实时推送见 private-operators 频道）',
        security,
        response: { 200: envelope(pendingCounts) },
      },
    },
    async () => ok(await pending.counts(), '获取成功'),
  );
};
