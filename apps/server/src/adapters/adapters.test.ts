import { gatewayNotification, parseYuan } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { DemoGameProvider } from '../modules/games/simulator.ts';
import type { GatewayNotice, GatewayPaymentRequest, PaymentGateway } from '../modules/payments/gateway.ts';
import { verifyNotificationSignature } from '../modules/payments/gateway.ts';
import { as, body, createTestApp, newMember, type TestApp } from '../test/harness.ts';
import { defaultAdapters } from './index.ts';

/** A gateway as an operator would plug one in: its own name, pay URL and signature check. */
class AcmePayGateway implements PaymentGateway {
  readonly name = 'acme-pay';
  readonly created: GatewayPaymentRequest[] = [];
  constructor(private readonly secret: string) {}

  async createPayment(request: GatewayPaymentRequest) {
    this.created.push(request);
    const tradeNo = `ACME${this.created.length}`;
    return { tradeNo, payUrl: this.payUrlOf(tradeNo) };
  }

  payUrlOf(tradeNo: string): string {
    return `https://pay.acme.example/checkout/${tradeNo}`;
  }

  readonly acknowledgement = 'OK';

  readNotification(params: Readonly<Record<string, string>>): GatewayNotice {
    const parsed = gatewayNotification.safeParse(params);
    if (!parsed.success) return { valid: false, orderNo: null, reason: 'malformed' };
    const n = parsed.data;
    if (!verifyNotificationSignature(this.secret, n))
      return { valid: false, orderNo: n.merchant_order_no, reason: 'bad_signature' };
    const amount = parseYuan(n.amount);
    return {
      valid: true,
      orderNo: n.merchant_order_no,
      tradeNo: n.trade_no,
      amount: amount.ok ? amount.fen : null,
      status: n.status,
      sentAt: null,
    };
  }

  async queryPayment() {
    return { state: 'unpaid' as const };
  }
}

function operatorRegistry() {
  return defaultAdapters()
    .register('paymentGateway', 'acme-pay', {
      create: ({ env }) => new AcmePayGateway(env.ACME_SECRET ?? 'x'),
    })
    .register('gameProvider', 'ng-direct', { create: ({ db, clock }) => new DemoGameProvider(db, clock) });
}

describe('adapters chosen by configuration', () => {
  let sim: TestApp;
  let real: TestApp;
  let acme: AcmePayGateway;

  beforeAll(async () => {
    sim = await createTestApp();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PAYMENT_GATEWAY: 'acme-pay',
      GAME_PROVIDER: 'ng-direct',
    });
    const app = await buildApp({
      config,
      database: sim.database,
      logger: false,
      adapters: operatorRegistry(),
    });
    await app.ready();
    real = {
      app,
      database: sim.database,
      config,
      listen: () => Promise.reject(new Error('unused')),
      close: () => app.close(),
    };
    acme = app.services.paymentGateway as AcmePayGateway;
  });
  afterAll(async () => {
    await real.close();
    await sim.close();
  });

  it('serves the simulators’ pages while the simulators are selected (the default)', async () => {
    expect(sim.app.services.paymentGateway.name).toBe('simulator');
    // The simulator's own pages answer (in HTML, even for an unknown payment or session).
    const page = await sim.app.inject({ method: 'GET', url: '/gateway-sim/pay/SIMNOPE' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('支付单不存在');
    const game = await sim.app.inject({ method: 'GET', url: '/games/demo/play?session=nope' });
    expect(game.statusCode).toBe(200);
    expect(game.headers['content-type']).toContain('text/html');
  });

  it('uses the registered adapter a variable names, and the simulators’ routes do not exist', async () => {
    expect(acme).toBeInstanceOf(AcmePayGateway);
    for (const url of ['/gateway-sim/pay/SIMNOPE', '/games/demo/play?session=nope']) {
      const res = await real.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(body(res).code).toBe(404);
    }
    const post = await real.app.inject({ method: 'POST', url: '/gateway-sim/pay/SIMNOPE/pay' });
    expect(post.statusCode).toBe(404);
    expect(() => real.app.services.demoProvider).toThrow(/GAME_PROVIDER=ng-direct/);

    // A deposit goes to the selected gateway and the member is sent to its page.
    const member = await newMember(real.app);
    const res = await as(real.app, member, {
      method: 'POST',
      url: '/v1/payment-orders',
      payload: { method: 'alipay', amount: '100.00' },
    });
    expect(body(res)).toMatchObject({
      code: 200,
      data: { pay_url: 'https://pay.acme.example/checkout/ACME1' },
    });
    expect(acme.created[0]?.notifyUrl).toMatch(/\/v1\/payment-orders\/notify\/acme-pay$/);
  });

  it('refuses to start with an adapter nobody registered, naming the variable and the choices', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SPORTS_FEED: 'betradar' });
    await expect(buildApp({ config, database: sim.database, logger: false })).rejects.toThrow(
      'SPORTS_FEED=betradar is not a registered adapter (registered: simulator, sporttery)',
    );
  });
});
