import type { FastifyRequest } from 'fastify';

/** The Idempotency-Key header of a money-moving POST (undefined when absent). */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  return Array.isArray(value) ? value[0] : value;
}

/** "POST /v1/order/submit": the route pattern an idempotency record is bound to. */
export function routeOf(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? request.url}`;
}
