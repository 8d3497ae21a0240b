import { can, type Permission } from '@app/shared/backoffice';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/errors.ts';
import { operatorOf } from '../../plugins/operator-auth.ts';
import type { OperatorCall } from './security.service.ts';

/** A preHandler refusing operators whose role lacks the permission (PERMISSIONS in @app/shared). */
export function requirePermission(permission: Permission) {
  return async (request: FastifyRequest) => {
    if (!can(operatorOf(request).operator.role, permission)) throw forbidden('当前管理账号无权执行此操作');
  };
}

/** Route options of an /admin/v1 endpoint needing one permission. */
export function guarded(app: FastifyInstance, permission: Permission) {
  return { onRequest: app.authenticateOperator, preHandler: requirePermission(permission) };
}

/** Who is deciding, from where: what the audit log records with every decision. */
export function callOf(request: FastifyRequest): OperatorCall {
  const { operator, sessionId } = operatorOf(request);
  return { operatorId: operator.id, sessionId, ip: request.ip };
}

export const security = [{ bearer: [] }];
