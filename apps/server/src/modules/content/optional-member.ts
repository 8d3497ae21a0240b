import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from '../../plugins/auth.ts';
import type { MemberRow } from '../accounts/index.ts';

/** The member behind a bearer token on a public route, or null (a bad token reads as a visitor). */
export async function optionalMember(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<MemberRow | null> {
  const token = bearerToken(request);
  if (!token || token.length > 200) return null;
  const auth = await app.services.accounts.authenticate(token);
  return auth?.member ?? null;
}
