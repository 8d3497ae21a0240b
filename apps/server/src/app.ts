import { publicCachePlugin } from './plugins/public-cache.ts';
import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { appConfigRoutes } from './modules/app-config/index.ts';
import { authRoutes } from './modules/accounts/index.ts';
import { userRoutes } from './modules/accounts/index.ts';
import { accountsAdminRoutes } from './modules/accounts/index.ts';
import { verificationAdminRoutes } from './modules/verification/index.ts';
import { realtimeRoutes } from './modules/realtime/index.ts';
import { liveRoutes } from './modules/sports/index.ts';
import { matchesRoutes } from './modules/sports/index.ts';
import { lotteryBetsRoutes, lotteryChaseRoutes } from './modules/lottery/index.ts';
import { lotteryGamesRoutes } from './modules/lottery/index.ts';
import { lotteryRoutes } from './modules/lottery/index.ts';
import { ordersRoutes } from './modules/sports/index.ts';
import {
  boostsRoutes,
  cashOutRoutes,
  followAdminRoutes,
  followRoutes,
  preferencesRoutes,
} from './modules/sports/index.ts';
import { redPacketsAdminRoutes, redPacketsRoutes } from './modules/red-packets/index.ts';
import { freeBetsAdminRoutes, freeBetsRoutes } from './modules/free-bets/index.ts';
import { syndicatesAdminRoutes, syndicatesRoutes } from './modules/syndicates/index.ts';
import { supportAdminRoutes, supportRoutes } from './modules/support/index.ts';
import { operatorsRoutes } from './modules/operators/index.ts';
import { messagesRoutes } from './modules/messages/index.ts';
import { activitiesRoutes } from './modules/activities/index.ts';
import { activityAdminRoutes } from './modules/activities/index.ts';
import { agentsRoutes } from './modules/agents/index.ts';
import { inviteRoutes } from './modules/invite/index.ts';
import { articlesRoutes } from './modules/content/index.ts';
import { noticesRoutes } from './modules/content/index.ts';
import { clientLogsRoutes } from './modules/client-logs/index.ts';
import { adapterCallsAdminRoutes } from './modules/adapter-calls/index.ts';
import { housekeepingAdminRoutes } from './modules/housekeeping/index.ts';
import { rewardsRoutes } from './modules/rewards/index.ts';
import { reportsRoutes } from './modules/reports/index.ts';
import { paymentsRoutes } from './modules/payments/index.ts';
import { withdrawalsRoutes } from './modules/withdrawals/index.ts';
import { gamesRoutes } from './modules/games/index.ts';
import { responsibleRoutes } from './modules/responsible/index.ts';
import { backofficeRoutes } from './modules/backoffice/index.ts';
import { dualControlRoutes } from './modules/dual-control/index.ts';
import { ledgerAdminRoutes } from './modules/ledger/index.ts';
import { paymentsAdminRoutes } from './modules/payments/index.ts';
import { withdrawalsAdminRoutes } from './modules/withdrawals/index.ts';
import { contentAdminRoutes } from './modules/content/index.ts';
import { sportsAdminRoutes } from './modules/sports/index.ts';
import { lotteryAdminRoutes } from './modules/lottery/index.ts';
import { inviteAdminRoutes } from './modules/invite/index.ts';
import { reportsAdminRoutes } from './modules/reports/index.ts';
import compress from '@fastify/compress';
import adminConsolePlugin from './plugins/admin-console.ts';
import authPlugin from './plugins/auth.ts';
import operatorAuthPlugin from './plugins/operator-auth.ts';
import docsPlugin from './plugins/docs.ts';
import rateLimitPlugin from './plugins/rate-limit.ts';
import envelopePlugin, { clientErrorHandler, frameworkErrors } from './plugins/envelope.ts';
import securityHeadersPlugin from './plugins/security-headers.ts';
import webPlugin from './plugins/web.ts';
import type { AdapterRegistry } from './adapters/registry.ts';
import { maintenanceGuard, pressureGuardPlugin } from './ops/guard.ts';
import { opsRoutes } from './ops/ops.routes.ts';
import { createServices, servicesPlugin, type Services } from './services.ts';

// Re-exported so the declaration of `app.services` travels with buildApp's types.
export type { Services } from './services.ts';

// Validation messages in Simplified Chinese wherever a schema gives none of its own.
z.config(z.locales.zhCN());

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** Pino options, or false for silence (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Where services and jobs read the time; tests pass a ManualClock. */
  clock?: Clock;
  /** The adapters to choose from (default: src/adapters, the simulators and any registered there). */
  adapters?: AdapterRegistry;
  /**
   * Where reads that may lag go (`Core.reads`) instead of DATABASE_READ_URL's router: tests pass
   * a wrapper over the primary that counts what reads through it.
   */
  reads?: Db;
}

/** Builds the whole server as a Fastify instance; it never listens (server.ts does). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    // One line per request, when it is answered (onResponse below), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // A hop count trusts that many proxies nearest to us (proxy-addr's numeric form).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // Refusals before a route is found still answer in the envelope (plugins/envelope.ts).
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // pusher-js posts channel authorisation as a form; everything else is JSON.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, text, done) => {
      done(null, Object.fromEntries(new URLSearchParams(text as string)));
    },
  );
  const clock = options.clock ?? systemClock;
  app.addHook('onSend', async (request, reply) => {
    // The server's time as the answer leaves, even one kept in memory: the app's clock offset
    // (sales deadlines, the in-play countdown) is taken from it.
    void reply.header('x-request-id', request.id).header('x-server-time', String(clock.now().getTime()));
  });

  if (config.corsOrigins.length) {
    // The member app on another origin (remote config apiServerUrl) calls the API with a bearer token.
    await app.register(cors, {
      origin: config.corsOrigins,
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'Idempotency-Key', 'X-Request-Id'],
      exposedHeaders: ['X-Request-Id', 'X-Server-Time'],
      maxAge: 600,
    });
  }

  const services: Services = await createServices(
    config,
    database,
    app.log,
    clock,
    options.adapters,
    options.reads,
  );
  await app.register(servicesPlugin, { services });
  app.addHook('onResponse', async (request, reply) => {
    // By route template, so /v1/orders/123 and /v1/orders/456 share one series.
    services.metrics.http(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1_000,
    );
    // The request's one log line (its id is in the line's bindings).
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'answered',
    );
  });
  await app.register(securityHeadersPlugin, { config });
  // Answers over 1 KB go out brotli- or gzip-compressed when the client takes it (brotli at
  // quality 4: a 181 KB match list costs about a millisecond). Built files are compressed once,
  // at build time, and sent as they are (preCompressed in the static plugins).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(envelopePlugin);
  await app.register(authPlugin);
  await app.register(operatorAuthPlugin);
  await app.register(rateLimitPlugin);
  await app.register(docsPlugin);
  await app.register(pressureGuardPlugin);
  await app.register(opsRoutes);
  // The API in a scope of its own, so the maintenance answer covers it and not the probes.
  await app.register(async (api) => {
    await maintenanceGuard(api);
    await publicCachePlugin(api, { cache: services.publicCache });
    await registerApi(api);
  });

  if (config.adminDist) await app.register(adminConsolePlugin, { root: config.adminDist });
  if (config.webDist) await app.register(webPlugin, { root: config.webDist });
  return app;
}

/** Every member, operator and adapter route. */
async function registerApi(app: FastifyInstance): Promise<void> {
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(appConfigRoutes);
  await app.register(realtimeRoutes);
  await app.register(matchesRoutes);
  await app.register(liveRoutes);
  await app.register(ordersRoutes);
  await app.register(preferencesRoutes);
  await app.register(boostsRoutes);
  await app.register(cashOutRoutes);
  await app.register(followRoutes);
  await app.register(syndicatesRoutes);
  await app.register(supportRoutes);
  await app.register(redPacketsRoutes);
  await app.register(freeBetsRoutes);
  await app.register(lotteryRoutes);
  await app.register(lotteryBetsRoutes);
  await app.register(lotteryChaseRoutes);
  await app.register(lotteryGamesRoutes);
  await app.register(operatorsRoutes);
  await app.register(messagesRoutes);
  await app.register(activitiesRoutes);
  await app.register(activityAdminRoutes);
  await app.register(inviteRoutes);
  await app.register(agentsRoutes);
  await app.register(noticesRoutes);
  await app.register(articlesRoutes);
  await app.register(clientLogsRoutes);
  await app.register(rewardsRoutes);
  await app.register(reportsRoutes);
  await app.register(paymentsRoutes);
  await app.register(withdrawalsRoutes);
  await app.register(gamesRoutes);
  await app.register(responsibleRoutes);
  // The selected adapters' own pages: the simulators' exist only while they are selected.
  for (const routes of app.services.adapterRoutes) await app.register(routes);
  await app.register(backofficeRoutes);
  // Each module's console routes (/admin/v1), beside its member routes.
  await app.register(accountsAdminRoutes);
  await app.register(verificationAdminRoutes);
  await app.register(ledgerAdminRoutes);
  await app.register(dualControlRoutes);
  await app.register(paymentsAdminRoutes);
  await app.register(adapterCallsAdminRoutes);
  await app.register(housekeepingAdminRoutes);
  await app.register(withdrawalsAdminRoutes);
  await app.register(contentAdminRoutes);
  await app.register(sportsAdminRoutes);
  await app.register(lotteryAdminRoutes);
  await app.register(inviteAdminRoutes);
  await app.register(reportsAdminRoutes);
  await app.register(redPacketsAdminRoutes);
  await app.register(followAdminRoutes);
  await app.register(syndicatesAdminRoutes);
  await app.register(supportAdminRoutes);
  await app.register(freeBetsAdminRoutes);
}
