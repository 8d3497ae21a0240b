import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAgentApplication,
  adminAgentApplicationPage,
  adminAgentApplicationQuery,
  agentApproveResult,
  envelope,
  operatorDecisionBody,
  operatorRejectBody,
} from '@app/shared';
import { memberApi } from '@app/shared/api';
import { z } from 'zod';
import { memberOf } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { operatorOf } from '../../plugins/operator-auth.ts';
import { originOf } from '../../plugins/request-origin.ts';
import { guarded } from '../../plugins/operator-guard.ts';

const tags = ['代理'];
const adminTags = ['管理后台'];
const security = [{ bearer: [] }];
const member = { member: true } as const;
/** Ids in paths: positive and within the integer column's range (a larger one answers 400). */
const rowIdParam = z.object({
  id: z.coerce
    .number({ error: 'id 必须是数字' })
    .int('id 必须是整数')
    .positive('id 必须为正数')
    .max(2 ** 31 - 1, '记录不存在'),
});

/** Agent applications (member side) and the agent centre (agents only), from memberApi. */
const agentsMemberRoutes = contractRoutes(memberApi, (app) => {
  const applications = app.services.agentApplications;
  const centre = app.services.agentCentre;
  return {
    // ---- the member's applications ------------------------------------------------------
    'GET /v1/agent/my-application-history': {
      tags,
      summary: '我的代理申请记录',
      access: member,
      handler: async (request) =>
        ok(await applications.history(memberOf(request).member.id, request.query), '获取成功'),
    },
    'GET /v1/agent/application-stats': {
      tags,
      summary: '代理申请统计',
      access: member,
      handler: async (request) => ok(await applications.stats(memberOf(request).member), '获取成功'),
    },
    'POST /v1/agent/cancel-application': {
      tags,
      summary: '撤销审核中的代理申请',
      access: member,
      handler: async (request) =>
        ok(
          await applications.cancel(memberOf(request).member.id, request.body?.application_id),
          '申请已撤销',
        ),
    },

    // ---- the agent centre: only the agent's own members ---------------------------------
    'GET /v1/agent/overview': {
      tags,
      summary: '代理中心概览',
      access: member,
      handler: async (request) =>
        ok(await centre.overview(memberOf(request).member, originOf(request)), '获取成功'),
    },
    'GET /v1/agent/members': {
      tags,
      summary: '我的会员',
      access: member,
      handler: async (request) =>
        ok(await centre.members(memberOf(request).member, request.query), '获取成功'),
    },
    'GET /v1/agent/members/:id': {
      tags,
      summary: '会员详情（仅限自己的会员）',
      access: member,
      handler: async (request) =>
        ok(await centre.memberDetail(memberOf(request).member, request.params.id), '获取成功'),
    },
    'GET /v1/agent/records': {
      tags,
      summary: '会员资金记录（充值、提现、投注、派奖、彩金）',
      access: member,
      handler: async (request) =>
        ok(await centre.records(memberOf(request).member, request.query), '获取成功'),
    },
    'GET /v1/agent/members/:id/bets': {
      tags,
      summary: '会员注单（体育与彩票）',
      access: member,
      handler: async (request) =>
        ok(await centre.memberBets(memberOf(request).member, request.params.id, request.query), '获取成功'),
    },
  };
});

/** The member routes above and the operators' decisions on applications. */
export const agentsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(agentsMemberRoutes);
  const applications = app.services.agentApplications;

  // ---- operators ------------------------------------------------------------------------
  // Applications are decided by the roles holding the `agents` permission (admin, risk, support).
  const operator = guarded(app, 'agents');
  app.get(
    '/admin/v1/agent-applications',
    {
      ...operator,
      schema: {
        tags: adminTags,
        summary: '代理申请列表',
        security,
        querystring: adminAgentApplicationQuery,
        response: { 200: envelope(adminAgentApplicationPage) },
      },
    },
    async (request) => ok(await applications.adminList(request.query), '获取成功'),
  );
  app.post(
    '/admin/v1/agent-applications/:id/approve',
    {
      ...operator,
      schema: {
        tags: adminTags,
        summary: '通过代理申请（设为代理并生成代理码，站内信通知）',
        security,
        params: rowIdParam,
        body: operatorDecisionBody.nullish(),
        response: { 200: envelope(agentApproveResult) },
      },
    },
    async (request) => {
      const ctx = { operatorId: operatorOf(request).operator.id, ip: request.ip };
      const result = await applications.approve(ctx, request.params.id, request.body?.reason ?? '');
      return ok(result, '已通过');
    },
  );
  app.post(
    '/admin/v1/agent-applications/:id/reject',
    {
      ...operator,
      schema: {
        tags: adminTags,
        summary: '拒绝代理申请（原因通过站内信告知会员）',
        security,
        params: rowIdParam,
        body: operatorRejectBody,
        response: { 200: envelope(adminAgentApplication) },
      },
    },
    async (request) => {
      const ctx = { operatorId: operatorOf(request).operator.id, ip: request.ip };
      return ok(await applications.reject(ctx, request.params.id, request.body.reason), '已拒绝');
    },
  );
};
