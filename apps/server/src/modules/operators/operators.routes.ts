import { backofficeApi } from '@app/shared/backoffice-api';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { operatorOf } from '../../plugins/operator-auth.ts';
import { toOperatorProfile } from './operators.service.ts';

const tags = ['管理后台'];
const signedIn = { operator: true } as const;

/** Operator sign-in and the audit log (/admin/v1). Decisions on money live with their modules. */
export const operatorsRoutes = contractRoutes(backofficeApi, (app) => {
  const svc = app.services.operators;
  return {
    'POST /admin/v1/auth/login': {
      tags,
      summary: '管理员登录',
      handler: async (request) =>
        ok(
          await svc.login(request.body.username, request.body.password, request.ip, request.body.totp_code),
          '登录成功',
        ),
    },
    'GET /admin/v1/auth/me': {
      tags,
      summary: '当前管理员',
      access: signedIn,
      handler: async (request) => ok(toOperatorProfile(operatorOf(request).operator), '获取成功'),
    },
    'POST /admin/v1/auth/logout': {
      tags,
      summary: '退出管理后台',
      access: signedIn,
      handler: async (request) => {
        await svc.logout(operatorOf(request).sessionId);
        return ok(null, '已退出');
      },
    },
    'GET /admin/v1/audit-logs': {
      tags,
      summary: '操作审计日志',
      access: { permission: 'audit' },
      handler: async (request) => ok(await svc.auditLog(request.query), '获取成功'),
    },
  };
});
