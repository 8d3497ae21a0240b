import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditLogPage,
  auditLogQuery,
  envelope,
  okData,
  operatorLoginBody,
  operatorLoginResult,
  operatorProfile,
} from '@app/shared';
import { ok } from '../../plugins/envelope.ts';
import { operatorOf } from '../../plugins/operator-auth.ts';
import { toOperatorProfile } from './operators.service.ts';
import { guarded } from '../../plugins/operator-guard.ts';

const tags = ['管理后台'];
const security = [{ bearer: [] }];

/** Operator sign-in and the audit log (/admin/v1). Decisions on money live with their modules. */
export const operatorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = app.services.operators;

  app.post(
    '/admin/v1/auth/login',
    {
      schema: {
        tags,
        summary: '管理员登录',
        body: operatorLoginBody,
        response: { 200: envelope(operatorLoginResult) },
      },
    },
    async (request) =>
      ok(
        await svc.login(request.body.username, request.body.password, request.ip, request.body.totp_code),
        '登录成功',
      ),
  );

  app.get(
    '/admin/v1/auth/me',
    {
      onRequest: app.authenticateOperator,
      schema: { tags, summary: '当前管理员', security, response: { 200: envelope(operatorProfile) } },
    },
    async (request) => ok(toOperatorProfile(operatorOf(request).operator), '获取成功'),
  );
  app.post(
    '/admin/v1/auth/logout',
    {
      onRequest: app.authenticateOperator,
      schema: { tags, summary: '退出管理后台', security, response: { 200: envelope(okData) } },
    },
    async (request) => {
      await svc.logout(operatorOf(request).sessionId);
      return ok(null, '已退出');
    },
  );
  app.get(
    '/admin/v1/audit-logs',
    {
      ...guarded(app, 'audit'),
      schema: {
        tags,
        summary: '操作审计日志',
        security,
        querystring: auditLogQuery,
        response: { 200: envelope(auditLogPage) },
      },
    },
    async (request) => ok(await svc.auditLog(request.query), '获取成功'),
  );
};
