import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  exclusionView,
  playLimitView,
  playSessionView,
  realityCheckBody,
  responsiblePlayView,
  setPlayLimitBody,
  startExclusionBody,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import { memberOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import type { PlaySessionRef } from './responsible.service.ts';

const tags = ['理性投注'];
const security = [{ bearer: [] }];

/** The signed-in member and the login session the reality check counts from. */
function sessionOf(request: FastifyRequest): PlaySessionRef {
  const auth = memberOf(request);
  return { memberId: auth.member.id, sessionId: auth.sessionId };
}

/** 理性投注: the member's own limits, reality check, time-out and self-exclusion (always their own rows). */
export const responsibleRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = app.services.responsible;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/v1/responsible-play',
    {
      schema: {
        tags,
        summary: '理性投注设置：限额（含本期已用、剩余、待生效的调整）、提醒间隔、冷静期或自我排除、本次登录',
        security,
        response: { 200: envelope(responsiblePlayView) },
      },
    },
    async (request) => ok(await svc.overview(sessionOf(request)), '获取成功'),
  );
  app.put(
    '/v1/responsible-play/limits',
    {
      schema: {
        tags,
        summary: '设置存款、亏损或投注限额（降低立即生效；提高或取消须等待24小时冷静期）',
        security,
        body: setPlayLimitBody,
        response: { 200: envelope(playLimitView) },
      },
    },
    async (request) => {
      const view = await svc.setLimit(memberOf(request).member.id, request.body);
      return ok(view, view.pending ? '已提交，将于冷静期结束后生效' : '限额已生效');
    },
  );
  app.put(
    '/v1/responsible-play/reality-check',
    {
      schema: {
        tags,
        summary: '设置理性投注提醒间隔（关闭、30、60或120分钟）',
        security,
        body: realityCheckBody,
        response: { 200: envelope(playSessionView) },
      },
    },
    async (request) => {
      const view = await svc.setRealityCheck(sessionOf(request), request.body.minutes);
      return ok(
        view,
        view.interval_minutes > 0 ? `已设置每${view.interval_minutes}分钟提醒一次` : '已关闭提醒',
      );
    },
  );
  app.get(
    '/v1/responsible-play/session',
    {
      schema: {
        tags,
        summary: '本次登录：时长、投注、派奖、盈亏与下次提醒时间（服务器时间）',
        security,
        response: { 200: envelope(playSessionView) },
      },
    },
    async (request) => ok(await svc.session(sessionOf(request)), '获取成功'),
  );
  app.post(
    '/v1/responsible-play/session/continue',
    {
      schema: {
        tags,
        summary: '理性投注提醒：继续（到期的提醒记为已确认，下次提醒从现在起算）',
        security,
        response: { 200: envelope(playSessionView) },
      },
    },
    async (request) => ok(await svc.continueSession(sessionOf(request)), '已确认'),
  );
  app.post(
    '/v1/responsible-play/exclusions',
    {
      schema: {
        tags,
        summary:
          '设置冷静期（24小时、7天、30天）或自我排除（6个月、1年、5年），须输入登录密码确认；立即生效，其他设备登录失效，不能缩短或撤销',
        security,
        body: startExclusionBody,
        response: { 200: envelope(exclusionView) },
      },
    },
    async (request) => {
      const view = await svc.startExclusion(sessionOf(request), request.body.choice, request.body.password);
      return ok(view, view.kind === 'timeout' ? '冷静期已生效' : '自我排除已生效');
    },
  );
  app.post(
    '/v1/responsible-play/exclusions/return',
    {
      schema: {
        tags,
        summary: '自我排除期满后申请恢复（申请24小时后方可投注、充值或转入）',
        security,
        response: { 200: envelope(exclusionView) },
      },
    },
    async (request) => ok(await svc.requestReturn(memberOf(request).member.id), '已申请恢复'),
  );
};
