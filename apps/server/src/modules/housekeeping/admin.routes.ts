import { backofficeApi } from '@app/shared/backoffice-api';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';

/** 系统 › 历史归档: history's monthly partitions, retention and archive catalogue, for `audit`. */
export const housekeepingAdminRoutes = contractRoutes(backofficeApi, (app) => ({
  'GET /admin/v1/history': {
    access: { permission: 'audit' },
    tags: ['管理后台-系统'],
    summary: '历史归档（按月分区、默认分区行数、超过保留期仍在库的月份、已归档文件目录）',
    handler: async () => ok(await app.services.historyAdmin.overview(), '获取成功'),
  },
}));
