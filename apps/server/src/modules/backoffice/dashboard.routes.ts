import { backofficeApi } from '@app/shared/backoffice-api';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';

const tags = ['管理后台-概览'];
const access = { permission: 'dashboard' } as const;

export const dashboardRoutes = contractRoutes(backofficeApi, (app) => {
  const { dashboard, pending } = app.services.backoffice;
  return {
    'GET /admin/v1/dashboard': {
      tags,
      summary: '概览：今日与每日数据、在线人数、待办',
      access,
      handler: async (request) => ok(await dashboard.dashboard(request.query.days), '获取成功'),
    },
    'GET /admin/v1/pending-counts': {
      tags,
      summary: '待办数量（实时推送见 private-operators 频道）',
      access,
      handler: async () => ok(await pending.counts(), '获取成功'),
    },
  };
});
