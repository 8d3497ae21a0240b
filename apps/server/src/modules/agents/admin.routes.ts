import { backofficeApi } from '@app/shared/backoffice-api';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { operatorOf } from '../../plugins/operator-auth.ts';

const tags = ['管理后台'];
/** Applications are decided by the roles holding the `agents` permission (admin, risk, support). */
const access = { permission: 'agents' } as const;

/** The operators' side of agent applications: the queue and its decisions. */
export const agentsAdminRoutes = contractRoutes(backofficeApi, (app) => {
  const applications = app.services.agentApplications;
  return {
    'GET /admin/v1/agent-applications': {
      tags,
      summary: '代理申请列表',
      access,
      handler: async (request) => ok(await applications.adminList(request.query), '获取成功'),
    },
    'POST /admin/v1/agent-applications/:id/approve': {
      tags,
      summary: '通过代理申请（设为代理并生成代理码，站内信通知）',
      access,
      handler: async (request) => {
        const ctx = { operatorId: operatorOf(request).operator.id, ip: request.ip };
        const result = await applications.approve(ctx, request.params.id, request.body?.reason ?? '');
        return ok(result, '已通过');
      },
    },
    'POST /admin/v1/agent-applications/:id/reject': {
      tags,
      summary: '拒绝代理申请（原因通过站内信告知会员）',
      access,
      handler: async (request) => {
        const ctx = { operatorId: operatorOf(request).operator.id, ip: request.ip };
        return ok(await applications.reject(ctx, request.params.id, request.body.reason), '已拒绝');
      },
    },
  };
});
