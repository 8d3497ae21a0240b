import { demoGameRoutes } from '../modules/games/index.ts';
import { DemoGameProvider } from '../modules/games/index.ts';
import { SimulatedGateway } from '../modules/payments/index.ts';
import { gatewaySimRoutes } from '../modules/payments/index.ts';
import { SimulatedFeed } from '../modules/sports/index.ts';
import { SimulatedSms } from '../modules/verification/index.ts';
import { AliyunSms } from './aliyun-sms/aliyun-sms.ts';
import { EpayGateway } from './epay/epay.ts';
import { SportteryFeed } from './sporttery/sporttery.ts';
import { AdapterRegistry } from './registry.ts';

export { AdapterRegistry, createAdapters, type AdapterContext, type AdapterFactory } from './registry.ts';

/** The built-in simulators, each registered as `simulator` (the default of every adapter variable). */
export function registerSimulators(registry: AdapterRegistry): AdapterRegistry {
  return registry
    .register('sportsFeed', 'simulator', {
      simulator: true,
      create: async (ctx) =>
        new SimulatedFeed({
          name: ctx.config.sports.feedName,
          seed: await ctx.secret('sports_sim_seed'),
          speed: ctx.config.sports.speed,
          footballIntervalMin: ctx.config.sports.footballIntervalMin,
          basketballIntervalMin: ctx.config.sports.basketballIntervalMin,
          repeatTeamsWhenFull: ctx.config.sports.repeatTeamsWhenFull,
        }),
    })
    .register('paymentGateway', 'simulator', {
      simulator: true,
      create: async (ctx) =>
        new SimulatedGateway(
          ctx.db,
          ctx.config.finance.gatewaySecret ?? (await ctx.secret('payment_gateway_secret')),
          ctx.clock,
        ),
      // The hosted payment page pays without a login: it must not exist beside a real gateway.
      routes: gatewaySimRoutes,
    })
    .register('gameProvider', 'simulator', {
      simulator: true,
      create: ({ db, clock }) => new DemoGameProvider(db, clock),
      routes: demoGameRoutes,
    })
    .register('smsSender', 'simulator', {
      simulator: true,
      create: ({ log }) => new SimulatedSms(log),
    });
}

/**
 * Every adapter this build knows. A real provider is registered here under its own name, e.g.
 *
 *   registry.register('paymentGateway', 'acme-pay', {
 *     create: ({ env }) => new AcmePayGateway({ merchantId: env.ACME_PAY_MERCHANT_ID!, ... }),
 *   });
 *
 * and selected with PAYMENT_GATEWAY=acme-pay (README "Adapters").
 */
export function defaultAdapters(): AdapterRegistry {
  return registerSimulators(new AdapterRegistry())
    .register('smsSender', 'aliyun', {
      // SMS_PROVIDER=aliyun: Aliyun SMS, configured by ALIYUN_SMS_* (aliyun-sms/README.md).
      // The app's clock signs the requests' timestamps and times the back-off between tries.
      create: ({ env, clock, fetchFor }) =>
        AliyunSms.fromEnv(env, {
          now: () => clock.now(),
          sleep: (ms) => clock.sleep(ms),
          ...(fetchFor ? { fetch: fetchFor('aliyun-sms') } : {}),
        }),
    })
    .register('sportsFeed', 'sporttery', {
      // SPORTS_FEED=sporttery: the official 竞彩 data gateway, polled (sporttery/README.md).
      create: ({ env, clock, fetchFor }) =>
        SportteryFeed.fromEnv(env, {
          sleep: (ms) => clock.sleep(ms),
          ...(fetchFor ? { fetch: fetchFor('sporttery') } : {}),
        }),
    })
    .register('paymentGateway', 'epay', {
      // PAYMENT_GATEWAY=epay: a 易支付 (EPay) merchant account, configured by EPAY_* with the
      // merchant key in PAYMENT_GATEWAY_SECRET (epay/README.md).
      create: ({ env, config, clock, fetchFor }) =>
        EpayGateway.fromEnv(env, config.finance.gatewaySecret, {
          sleep: (ms) => clock.sleep(ms),
          ...(fetchFor ? { fetch: fetchFor('epay') } : {}),
        }),
    });
}
