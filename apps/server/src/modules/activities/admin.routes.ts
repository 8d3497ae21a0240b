import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminApplicationPage,
  adminApplicationQuery,
  applicationIdParam,
  applicationItem,
  approveApplicationBody,
  envelope,
  rejectApplicationBody,
} from '@app/shared';
import { ok } from '../../plugins/envelope.ts';
import { operatorOf } from '../../plugins/operator-auth.ts';
import { pendingChangeRef, PENDING_SECOND_OPERATOR } from '@app/shared/backoffice';
import { guarded } from '../../plugins/operator-guard.ts';

const tags = ['管理后台'];
const security = [{ bearer: [] }];

/** Operator review of activity applications (/admin/v1/activity-applications), support role. */
export const activityAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = app.services.activities;
  const guard = guarded(app, 'activities');

  app.get(
    '/admin/v1/activity-applications',
    {
      ...guard,
      schema: {
        tags,
        summary: '活动申请列表',
        security,
        querystring: adminApplicationQuery,
        response: { 200: envelope(adminApplicationPage) },
      },
    },
    async (request) => ok(await svc.adminList(request.query), '获取成功'),
  );
  app.post(
    '/admin/v1/activity-applications/:id/approve',
    {
      ...guard,
      schema: {
        tags,
        summary: '通过活动申请（发放彩金，记录审计；超出单人审批额度时待另一位管理员复核）',
        security,
        params: applicationIdParam,
        body: approveApplicationBody,
        response: { 200: envelope(applicationItem.extend({ pending_change: pendingChangeRef.optional() })) },
      },
    },
    async (request) => {
      const item = await svc.approve(request.params.id, request.body?.remark, {
        operatorId: operatorOf(request).operator.id,
        ip: request.ip,
      });
      return ok(item, item.pending_change ? PENDING_SECOND_OPERATOR : '已通过，彩金已发放');
    },
  );
  app.post(
    '/admin/v1/activity-applications/:id/reject',
    {
      ...guard,
      schema: {
        tags,
        summary: '拒绝活动申请（记录审计）',
        security,
        params: applicationIdParam,
        body: rejectApplicationBody,
        response: { 200: envelope(applicationItem) },
      },
    },
    async (request) =>
      ok(
        await svc.reject(request.params.id, request.body.reason, {
          operatorId: operatorOf(request).operator.id,
          ip: request.ip,
        }),
        '已拒绝',
      ),
  );
};
