import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberApi } from '@app/shared/api';
import { memberOf } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { originOf } from '../../plugins/request-origin.ts';
import { agentsAdminRoutes } from './admin.routes.ts';

const tags = ['代理'];
const member = { member: true } as const;

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

/** The member routes above and the operators' decisions on applications (admin.routes.ts). */
export const agentsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(agentsMemberRoutes);
  await app.register(agentsAdminRoutes);
};
