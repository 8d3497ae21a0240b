import { z } from 'zod';
import { configPart, list } from '../config/parts.ts';

/** Who reads /metrics, and when the process turns API calls away as overloaded. */
export const opsConfig = configPart(
  {
    /** Who may read /metrics: addresses or CIDR ranges (default loopback only), or a bearer token. */
    METRICS_ALLOW: list,
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
    /** Overload limits (@fastify/under-pressure): past one, API calls answer 503. 0 = not checked. */
    MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).optional(),
    MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),
    MAX_HEAP_USED_BYTES: z.coerce.number().int().min(0).default(0),
    MAX_RSS_BYTES: z.coerce.number().int().min(0).default(0),
  },
  (e, ctx) => ({
    metrics: { allow: e.METRICS_ALLOW, token: e.METRICS_TOKEN },
    pressure: {
      // Off in tests: a busy test machine must not turn module tests into 503s.
      maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS ?? (ctx.test ? 0 : 1_000),
      maxEventLoopUtilization: e.MAX_EVENT_LOOP_UTILIZATION,
      maxHeapUsedBytes: e.MAX_HEAP_USED_BYTES,
      maxRssBytes: e.MAX_RSS_BYTES,
    },
  }),
);
