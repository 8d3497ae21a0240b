import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { refuse } from '../lib/errors.ts';
import type { AuthenticatedOperator } from '../modules/operators/index.ts';
import { bearerToken } from './auth.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The operator behind the bearer token, set by `app.authenticateOperator`. */
    operator: AuthenticatedOperator | null;
  }
  interface FastifyInstance {
    /** onRequest hook for /admin/v1: 401 unless a live operator token is sent (a member token never is). */
    authenticateOperator: (request: FastifyRequest) => Promise<void>;
  }
}

/** The operator of a request that passed `app.authenticateOperator`. */
export function operatorOf(request: FastifyRequest): AuthenticatedOperator {
  if (!request.operator) throw refuse('operators.sign_in_required');
  return request.operator;
}

async function operatorAuthPlugin(app: FastifyInstance) {
  app.decorateRequest('operator', null);
  app.decorate('authenticateOperator', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw refuse('operators.sign_in_required');
    const found = token.length <= 200 ? await app.services.operators.authenticate(token) : undefined;
    if (!found) throw refuse('operators.session_ended');
    request.operator = found;
    // Roles that must use two-factor reach nothing but enrolment until they have enrolled.
    await app.services.backoffice.security.enforceEnrolment(found.operator, request.routeOptions.url);
  });
}

export default fp(operatorAuthPlugin, { name: 'operator-auth', dependencies: ['services'] });
