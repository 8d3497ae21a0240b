import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, idParam } from '@app/shared';
import {
  controlChangeDecision,
  controlChangeDecisionBody,
  controlChangeItem,
  controlChangePage,
  controlChangeQuery,
} from '@app/shared/backoffice';
import { ok } from '../../plugins/envelope.ts';
import { operatorOf } from '../../plugins/operator-auth.ts';
import { callOf, guarded, security } from '../../plugins/operator-guard.ts';

const tags = ['管理后台-复核'];

/** The queue of what waits for a second operator (复核中心), and its decisions. */
export const dualControlRoutes: FastifyPluginAsyncZod = async (app) => {
  const changes = app.services.controlChanges;
  const checker = (request: Parameters<typeof callOf>[0]) => ({
    ...callOf(request),
    role: operatorOf(request).operator.role,
  });

  app.get(
    '/admin/v1/control-changes',
    {
      ...guarded(app, 'approvals'),
      schema: {
        tags,
        summary: '待复核与已处理的变更（放宽资金控制、超出单人额度的资金操作）',
        security,
        querystring: controlChangeQuery,
        response: { 200: envelope(controlChangePage) },
      },
    },
    async (request) => ok(await changes.list(request.query), '获取成功'),
  );
  app.get(
    '/admin/v1/control-changes/:id',
    {
      ...guarded(app, 'approvals'),
      schema: {
        tags,
        summary: '一项复核事项',
        security,
        params: idParam,
        response: { 200: envelope(controlChangeItem) },
      },
    },
    async (request) => ok(await changes.item(request.params.id), '获取成功'),
  );
  app.post(
    '/admin/v1/control-changes/:id/approve',
    {
      ...guarded(app, 'approvals'),
      schema: {
        tags,
        summary: '复核通过：变更生效（不能复核自己发起的）',
        security,
        params: idParam,
        body: controlChangeDecisionBody,
        response: { 200: envelope(controlChangeDecision) },
      },
    },
    async (request) =>
      ok(await changes.approve(request.params.id, request.body.reason, checker(request)), '复核通过，已生效'),
  );
  app.post(
    '/admin/v1/control-changes/:id/reject',
    {
      ...guarded(app, 'approvals'),
      schema: {
        tags,
        summary: '驳回（发起人可撤回自己的）',
        security,
        params: idParam,
        body: controlChangeDecisionBody,
        response: { 200: envelope(controlChangeItem) },
      },
    },
    async (request) =>
      ok(await changes.reject(request.params.id, request.body.reason, checker(request)), '已驳回'),
  );
};
