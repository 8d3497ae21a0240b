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
    /**
     * The software self-check (ops/integrity): the build's manifest (server.ts names the bundle's
     * own, apps/server/dist/integrity.json), the root its paths start from, how often it runs, and
     * what a mismatch does: `refuse` (default under APP_ENV=production) takes the process out of
     * service at /readyz; `alert` reports it in /readyz, /metrics and the dashboard only.
     */
    SELF_CHECK_MANIFEST: z.string().optional(),
    SELF_CHECK_ROOT: z.string().optional(),
    SELF_CHECK_EVERY_HOURS: z.coerce.number().min(0.01).max(24).default(24),
    SELF_CHECK_ON_MISMATCH: z.enum(['refuse', 'alert']).optional(),
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
    selfCheck: {
      manifest: e.SELF_CHECK_MANIFEST,
      root: e.SELF_CHECK_ROOT ?? process.cwd(),
      everyMs: Math.round(e.SELF_CHECK_EVERY_HOURS * 3_600_000),
      onMismatch: e.SELF_CHECK_ON_MISMATCH ?? (ctx.production ? ('refuse' as const) : ('alert' as const)),
    },
  }),
);
