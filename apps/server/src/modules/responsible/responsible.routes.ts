import { memberApi } from '@app/shared/api';
import type { FastifyRequest } from 'fastify';
import { memberOf } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import type { PlaySessionRef } from './responsible.service.ts';

const tags = ['理性投注'];
const member = { member: true } as const;

/** The signed-in member and the login session the reality check counts from. */
function sessionOf(request: FastifyRequest): PlaySessionRef {
  const auth = memberOf(request);
  return { memberId: auth.member.id, sessionId: auth.sessionId };
}

/** 理性投注: the member's own limits, reality check, time-out and self-exclusion (always their own rows). */
export const responsibleRoutes = contractRoutes(memberApi, (app) => {
  const svc = app.services.responsible;
  return {
    'GET /v1/responsible-play': {
      tags,
      summary: '理性投注设置：限额（含本期已用、剩余、待生效的调整）、提醒间隔、冷静期或自我排除、本次登录',
      access: member,
      handler: async (request) => ok(await svc.overview(sessionOf(request)), '获取成功'),
    },
    'PUT /v1/responsible-play/limits': {
      tags,
      summary: '设置存款、亏损或投注限额（降低立即生效；提高或取消须等待24小时冷静期）',
      access: member,
      handler: async (request) => {
        const view = await svc.setLimit(memberOf(request).member.id, request.body);
        return ok(view, view.pending ? '已提交，将于冷静期结束后生效' : '限额已生效');
      },
    },
    'PUT /v1/responsible-play/reality-check': {
      tags,
      summary: '设置理性投注提醒间隔（关闭、30、60或120分钟）',
      access: member,
      handler: async (request) => {
        const view = await svc.setRealityCheck(sessionOf(request), request.body.minutes);
        return ok(
          view,
          view.interval_minutes > 0 ? `已设置每${view.interval_minutes}分钟提醒一次` : '已关闭提醒',
        );
      },
    },
    'GET /v1/responsible-play/session': {
      tags,
      summary: '本次登录：时长、投注、派奖、盈亏与下次提醒时间（服务器时间）',
      access: member,
      handler: async (request) => ok(await svc.session(sessionOf(request)), '获取成功'),
    },
    'POST /v1/responsible-play/session/continue': {
      tags,
      summary: '理性投注提醒：继续（到期的提醒记为已确认，下次提醒从现在起算）',
      access: member,
      handler: async (request) => ok(await svc.continueSession(sessionOf(request)), '已确认'),
    },
    'POST /v1/responsible-play/exclusions': {
      tags,
      summary:
        '设置冷静期（24小时、7天、30天）或自我排除（6个月、1年、5年），须输入登录密码确认；立即生效，其他设备登录失效，不能缩短或撤销',
      access: member,
      handler: async (request) => {
        const view = await svc.startExclusion(sessionOf(request), request.body.choice, request.body.password);
        return ok(view, view.kind === 'timeout' ? '冷静期已生效' : '自我排除已生效');
      },
    },
    'POST /v1/responsible-play/exclusions/return': {
      tags,
      summary: '自我排除期满后申请恢复（申请24小时后方可投注、充值或转入）',
      access: member,
      handler: async (request) => ok(await svc.requestReturn(memberOf(request).member.id), '已申请恢复'),
    },
  };
});
