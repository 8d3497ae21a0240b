/**
 * Route guards of /admin/v1: the permission a route needs (PERMISSIONS in @app/shared), and who
 * is calling, for the audit log. Every module's console routes use these.
 */
import { can, type Permission } from '@app/shared/backoffice';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { refuse } from '../lib/errors.ts';
import { operatorOf } from './operator-auth.ts';

/** Who is deciding, from where: what the audit log records with every operator decision. */
export interface OperatorCall {
  operatorId: number;
  sessionId: number;
  ip: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The back-office permission an /admin/v1 route checks (set by `guarded`). */
    permission?: Permission;
  }
}

/** A hook refusing operators whose role lacks the permission (PERMISSIONS in @app/shared). */
export function requirePermission(permission: Permission) {
  return async (request: FastifyRequest) => {
    if (!can(operatorOf(request).operator.role, permission)) throw refuse('operators.permission_denied');
  };
}

/**
 * Route options of an /admin/v1 endpoint needing one permission. The permission is also in the
 * route's config, so the OpenAPI document states it (`x-permission`) and the access matrix
 * (proofs/access.ts) checks every role against it.
 */
export function guarded(app: FastifyInstance, permission: Permission) {
  return {
    onRequest: app.authenticateOperator,
    // Before the body is validated: a role without the permission learns nothing of its shape.
    preValidation: requirePermission(permission),
    config: { permission },
  };
}

/** Who is deciding, from where: what the audit log records with every decision. */
export function callOf(request: FastifyRequest): OperatorCall {
  const { operator, sessionId } = operatorOf(request);
  return { operatorId: operator.id, sessionId, ip: request.ip };
}

export const security = [{ bearer: [] }];
