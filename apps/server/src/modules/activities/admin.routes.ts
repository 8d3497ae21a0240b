import { PENDING_SECOND_OPERATOR } from '@app/shared/backoffice';
import { backofficeApi } from '@app/shared/backoffice-api';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { operatorOf } from '../../plugins/operator-auth.ts';

const tags = ['管理后台'];
const access = { permission: 'activities' } as const;

/** Operator review of activity applications (/admin/v1/activity-applications), support role. */
export const activityAdminRoutes = contractRoutes(backofficeApi, (app) => {
  const svc = app.services.activities;
  return {
    'GET /admin/v1/activity-applications': {
      tags,
      summary: '活动申请列表',
      access,
      handler: async (request) => ok(await svc.adminList(request.query), '获取成功'),
    },
    'POST /admin/v1/activity-applications/:id/approve': {
      tags,
      summary: '通过活动申请（发放彩金，记录审计；超出单人审批额度时待另一位管理员复核）',
      access,
      handler: async (request) => {
        const item = await svc.approve(request.params.id, request.body?.remark, {
          operatorId: operatorOf(request).operator.id,
          ip: request.ip,
        });
        return ok(item, item.pending_change ? PENDING_SECOND_OPERATOR : '已通过，彩金已发放');
      },
    },
    'POST /admin/v1/activity-applications/:id/reject': {
      tags,
      summary: '拒绝活动申请（记录审计）',
      access,
      handler: async (request) =>
        ok(
          await svc.reject(request.params.id, request.body.reason, {
            operatorId: operatorOf(request).operator.id,
            ip: request.ip,
          }),
          '已拒绝',
        ),
    },
  };
});
