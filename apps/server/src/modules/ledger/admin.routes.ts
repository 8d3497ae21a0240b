import { backofficeApi } from '@app/shared/backoffice-api';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { listRoutes } from '../../plugins/list-routes.ts';
import { callOf } from '../../plugins/operator-guard.ts';

const tags = ['管理后台-人工调整'];
const adjust = { permission: 'members.adjust' } as const;

/** The console's ledger routes: manual adjustments of a member's main wallet (maker–checker). */
export const ledgerAdminRoutes = contractRoutes(backofficeApi, (app) => {
  const { adjustments } = app.services;

  return {
    ...listRoutes(backofficeApi, 'GET /admin/v1/adjustments', {
      access: adjust,
      tags: tags,
      summary: '人工调整记录',
      list: (q) => adjustments.list(q),
      fileName: '人工调整',
      csv: [
        { title: 'ID', value: (r) => r.id },
        { title: '会员', value: (r) => r.username },
        { title: '金额', value: (r) => r.amount },
        { title: '原因', value: (r) => r.reason },
        { title: '状态', value: (r) => r.status },
        { title: '发起人', value: (r) => r.maker_name },
        { title: '复核人', value: (r) => r.checker_name },
        { title: '时间', value: (r) => r.created_at },
      ],
    }),
    'POST /admin/v1/adjustments': {
      tags: tags,
      summary: '发起人工调整（超过阈值需另一位管理员复核）',
      access: adjust,
      handler: async (request) => {
        const item = await adjustments.create(request.body, callOf(request));
        return ok(item, item.status === 'pending' ? '已提交，等待另一位管理员复核' : '已入账');
      },
    },
    'POST /admin/v1/adjustments/:id/approve': {
      tags: tags,
      summary: '复核通过（发起人不能复核自己的调整）',
      access: adjust,
      handler: async (request) =>
        ok(
          await adjustments.approve(request.params.id, request.body?.reason ?? '', callOf(request)),
          '已复核入账',
        ),
    },
    'POST /admin/v1/adjustments/:id/reject': {
      tags: tags,
      summary: '复核驳回',
      access: adjust,
      handler: async (request) =>
        ok(
          await adjustments.reject(request.params.id, request.body?.reason ?? '', callOf(request)),
          '已驳回',
        ),
    },
  };
});
