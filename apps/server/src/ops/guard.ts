import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import { httpMessage } from '@app/shared';
import { OPS_PATHS } from './ops.routes.ts';

const OVERLOADED = '服务器繁忙，请稍后再试';

/**
 * Overload: past a configured limit (event loop delay or utilisation, heap, RSS), requests answer
 * 503 in the envelope at once instead of queueing until the process falls over. The probes and
 * /metrics still answer, so the balancer and Prometheus see why.
 */
async function pressureGuard(app: FastifyInstance) {
  const limits = app.services.config.pressure;
  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxEventLoopUtilization: limits.maxEventLoopUtilization,
    maxHeapUsedBytes: limits.maxHeapUsedBytes,
    maxRssBytes: limits.maxRssBytes,
    // Returning without sending lets the request through; Fastify stops at a sent reply.
    pressureHandler: (request, reply, type, value) => {
      if (OPS_PATHS.has(request.routeOptions.url ?? '')) return;
      request.log.warn({ type, value }, 'overloaded: answering 503');
      void reply.status(503).header('retry-after', '5').send({ code: 503, message: OVERLOADED, data: null });
    },
  });
}

export const pressureGuardPlugin = fp(pressureGuard, { name: 'pressure-guard', dependencies: ['services'] });

/**
 * For the API's own scope: while the database is known to be unreachable, answer 503
 * `服务器正在维护` at once instead of making every caller wait for a connection timeout.
 * The outage probe lifts it as soon as the database answers.
 */
export async function maintenanceGuard(api: FastifyInstance) {
  const health = api.services.dbHealth;
  api.addHook('onRequest', async (_request, reply) => {
    if (!health.isDown) return;
    return reply
      .status(503)
      .header('retry-after', '5')
      .send({ code: 503, message: httpMessage(503), data: null });
  });
}
