import type { FastifyRequest } from 'fastify';

/** Where links sent to friends point: PUBLIC_URL, else the origin this request came to. */
export function originOf(request: FastifyRequest): string {
  return (
    request.server.services.config.publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`
  );
}
