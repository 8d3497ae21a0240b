import type { FastifyRequest } from 'fastify';
import type { RequestContext } from './accounts.service.ts';

export function requestContext(request: FastifyRequest): RequestContext {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
    host: request.hostname.replace(/:\d+$/, '').replace(/^\[|\]$/g, ''),
  };
}
