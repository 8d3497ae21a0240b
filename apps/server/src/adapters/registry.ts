import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { GameProvider } from '../modules/games/index.ts';
import type { PaymentGateway } from '../modules/payments/index.ts';
import type { SportsFeed } from '../modules/sports/index.ts';
import type { SmsSender } from '../modules/verification/index.ts';
import type { RecordedAdapter } from './call-log.ts';

/** What an adapter factory may use to build its adapter. */
export interface AdapterContext {
  config: AppConfig;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** A per-deployment secret kept in app_settings, created on first use. */
  secret: (key: string) => Promise<string>;
  /** The process environment, for an adapter's own settings (merchant ids, endpoints, keys). */
  env: Readonly<Record<string, string | undefined>>;
  /**
   * The fetch a real provider's adapter is given: every call it makes is recorded (adapter_calls,
   * the console's 外部调用) and counted (/metrics). Absent where nothing records (then the global fetch).
   */
  fetchFor?: (adapter: RecordedAdapter) => typeof fetch;
}

/** How one implementation of an outside system is made. */
export interface AdapterFactory<T> {
  /** A built-in simulator: APP_ENV=production refuses it unless allowed (ALLOW_*_SIMULATOR). */
  simulator?: boolean;
  create(ctx: AdapterContext): T | Promise<T>;
  /**
   * Routes the adapter serves itself (a simulator's hosted pages); registered only while this
   * adapter is the one selected.
   */
  routes?: FastifyPluginAsync;
}

/** The outside systems, the variable that picks each, and the interface it implements. */
export interface AdapterKinds {
  sportsFeed: SportsFeed;
  paymentGateway: PaymentGateway;
  gameProvider: GameProvider;
  smsSender: SmsSender;
}
export type AdapterKind = keyof AdapterKinds;

export const ADAPTER_VARIABLES: Record<AdapterKind, string> = {
  sportsFeed: 'SPORTS_FEED',
  paymentGateway: 'PAYMENT_GATEWAY',
  gameProvider: 'GAME_PROVIDER',
  smsSender: 'SMS_PROVIDER',
};

/**
 * The adapters this build can use, by kind and name. `simulator` is registered for each kind
 * (src/adapters/index.ts); a real provider is registered beside it under its own name and
 * chosen with SPORTS_FEED / PAYMENT_GATEWAY / GAME_PROVIDER / SMS_PROVIDER.
 */
export class AdapterRegistry {
  private readonly factories: { [K in AdapterKind]: Map<string, AdapterFactory<AdapterKinds[K]>> } = {
    sportsFeed: new Map(),
    paymentGateway: new Map(),
    gameProvider: new Map(),
    smsSender: new Map(),
  };

  register<K extends AdapterKind>(kind: K, name: string, factory: AdapterFactory<AdapterKinds[K]>): this {
    if (!/^[a-z0-9][a-z0-9-]{0,39}$/.test(name)) throw new Error(`adapter name "${name}" is not valid`);
    const map = this.factories[kind] as Map<string, AdapterFactory<AdapterKinds[K]>>;
    if (map.has(name)) throw new Error(`${ADAPTER_VARIABLES[kind]}=${name} is registered twice`);
    map.set(name, factory);
    return this;
  }

  names(kind: AdapterKind): string[] {
    return [...this.factories[kind].keys()];
  }

  /** The factory for a configured name, or an error naming the variable and what is registered. */
  resolve<K extends AdapterKind>(kind: K, name: string): AdapterFactory<AdapterKinds[K]> {
    const factory = (this.factories[kind] as Map<string, AdapterFactory<AdapterKinds[K]>>).get(name);
    if (!factory) {
      throw new Error(
        `${ADAPTER_VARIABLES[kind]}=${name} is not a registered adapter (registered: ${this.names(kind).join(', ')})`,
      );
    }
    return factory;
  }
}

/** The adapters a process uses, built from the configured names. */
export interface SelectedAdapters {
  sportsFeed: SportsFeed;
  paymentGateway: PaymentGateway;
  gameProvider: GameProvider;
  smsSender: SmsSender;
  /** Routes of the selected adapters (simulators' pages), to register with the app. */
  routes: FastifyPluginAsync[];
}

export async function createAdapters(
  registry: AdapterRegistry,
  ctx: AdapterContext,
): Promise<SelectedAdapters> {
  const { adapters } = ctx.config;
  const routes: FastifyPluginAsync[] = [];
  const build = async <K extends AdapterKind>(kind: K, name: string): Promise<AdapterKinds[K]> => {
    const factory = registry.resolve(kind, name);
    if (factory.routes) routes.push(factory.routes);
    return factory.create(ctx);
  };
  return {
    sportsFeed: await build('sportsFeed', adapters.sportsFeed),
    paymentGateway: await build('paymentGateway', adapters.paymentGateway),
    gameProvider: await build('gameProvider', adapters.gameProvider),
    smsSender: await build('smsSender', adapters.smsSender),
    routes,
  };
}
