import { backofficeApi } from '@app/shared/backoffice-api';
import type { FastifyRequest } from 'fastify';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { operatorOf } from '../../plugins/operator-auth.ts';
import { callOf } from '../../plugins/operator-guard.ts';

const tags = ['管理后台-复核'];
const access = { permission: 'approvals' } as const;

/** Who decides, with their role: a checker needs the change's permission. */
const checker = (request: FastifyRequest) => ({
  ...callOf(request),
  role: operatorOf(request).operator.role,
});

/** The queue of what waits for a second operator (复核中心), and its decisions. */
export const dualControlRoutes = contractRoutes(backofficeApi, (app) => {
  const changes = app.services.controlChanges;
  return {
    'GET /admin/v1/control-changes': {
      tags,
      summary: '待复核与已处理的变更（放宽资金控制、超出单人额度的资金操作）',
      access,
      handler: async (request) => ok(await changes.list(request.query), '获取成功'),
    },
    'GET /admin/v1/control-changes/:id': {
      tags,
      summary: '一项复核事项',
      access,
      handler: async (request) => ok(await changes.item(request.params.id), '获取成功'),
    },
    'POST /admin/v1/control-changes/:id/approve': {
      tags,
      summary: '复核通过：变更生效（不能复核自己发起的）',
      access,
      handler: async (request) =>
        ok(
          await changes.approve(request.params.id, request.body.reason, checker(request)),
          '复核通过，已生效',
        ),
    },
    'POST /admin/v1/control-changes/:id/reject': {
      tags,
      summary: '驳回（发起人可撤回自己的）',
      access,
      handler: async (request) =>
        ok(await changes.reject(request.params.id, request.body.reason, checker(request)), '已驳回'),
    },
  };
});
