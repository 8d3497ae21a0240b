import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { refuse } from '../lib/errors.ts';
import type { Authenticated } from '../modules/accounts/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The member behind the bearer token, set by `app.authenticate`. */
    auth: Authenticated | null;
  }
  interface FastifyInstance {
    /** onRequest hook: 401 unless a live bearer token of an enabled member is sent. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** Whether a route opens only with a member's or an operator's token (its onRequest, or its documented security). */
export function needsToken(app: FastifyInstance, route: RouteOptions): boolean {
  const onRequest = [route.onRequest ?? []].flat();
  if (onRequest.includes(app.authenticate) || onRequest.includes(app.authenticateOperator)) return true;
  const security = (route.schema as { security?: unknown[] } | undefined)?.security;
  return Array.isArray(security) && security.length > 0;
}

/** The authenticated member of a request that passed `app.authenticate`. */
export function memberOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw refuse('accounts.sign_in_required');
  return request.auth;
}

async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw refuse('accounts.sign_in_required');
    if (token.length > 200) throw refuse('accounts.session_ended');
    const auth = await app.services.accounts.authenticate(token);
    if (!auth) throw refuse('accounts.session_ended');
    request.auth = auth;
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['services'] });
