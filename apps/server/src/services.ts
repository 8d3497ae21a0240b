import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { EventBus } from './lib/events.ts';
import { AccountsService } from './modules/accounts/accounts.service.ts';
import { AppConfigService } from './modules/app-config/app-config.service.ts';
import { IdempotencyService } from './modules/idempotency/idempotency.service.ts';
import { LedgerService } from './modules/ledger/ledger.service.ts';

/** Everything a route may call, built once per app. */
export interface Services {
  config: AppConfig;
  database: Database;
  events: EventBus;
  ledger: LedgerService;
  accounts: AccountsService;
  appConfig: AppConfigService;
  idempotency: IdempotencyService;
}

export function createServices(config: AppConfig, database: Database): Services {
  const events = new EventBus();
  const { db } = database;
  return {
    config,
    database,
    events,
    ledger: new LedgerService(db, events),
    accounts: new AccountsService(db, config, events),
    appConfig: new AppConfigService(db),
    idempotency: new IdempotencyService(db),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export const servicesPlugin = fp(
  async (app: FastifyInstance, opts: { services: Services }) => {
    app.decorate('services', opts.services);
  },
  { name: 'services' },
);
