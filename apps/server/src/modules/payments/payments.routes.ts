import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gatewayFields } from '@app/shared';
import { memberApi } from '@app/shared/api';
import { memberOf } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { idempotencyKeyOf, routeOf } from '../../plugins/idempotency-key.ts';

const tags = ['充值'];
const member = { member: true } as const;

/** The member's deposits (SPEC.md §7 "Payments"): methods, orders, USDT transfers. */
const memberPaymentsRoutes = contractRoutes(memberApi, (app) => {
  const svc = app.services.payments;
  return {
    'GET /v1/payment-orders/methods': {
      tags,
      summary: '充值方式（限额与开关）',
      access: member,
      handler: async () => ok(await svc.methods(), '获取成功'),
    },
    'GET /v1/payment-orders/usdt-rate': {
      tags,
      summary: 'USDT 充值汇率（元/USDT）',
      access: member,
      handler: async () => ok(await svc.usdtRate(), '获取成功'),
    },
    'GET /v1/payment-orders/usdt-address': {
      tags,
      summary: '我的 USDT-TRC20 专属充值地址（链上到账自动入账）',
      access: member,
      handler: async (request) =>
        ok(await app.services.chainDeposits.addressOf(memberOf(request).member.id), '获取成功'),
    },
    'GET /v1/payment-orders/system-wallet-address': {
      tags,
      summary: '平台 USDT 收款地址',
      access: member,
      handler: async (request) => ok(svc.systemWalletAddress(request.query.network), '获取成功'),
    },
    'GET /v1/payment-orders/statistics': {
      tags,
      summary: '充值统计',
      access: member,
      handler: async (request) => ok(await svc.statistics(memberOf(request).member.id), '获取成功'),
    },
    'GET /v1/payment-orders/simple': {
      tags,
      summary: '充值记录（精简）',
      access: member,
      handler: async (request) =>
        ok(await svc.simple(memberOf(request).member.id, request.query), '获取成功'),
    },
    'GET /v1/payment-orders/open-usdt': {
      tags,
      summary: '未完成的 USDT 充值订单（待转账且未超时，无则为 null）',
      access: member,
      handler: async (request) => ok(await svc.openUsdtOrder(memberOf(request).member.id), '获取成功'),
    },
    'GET /v1/payment-orders': {
      tags,
      summary: '充值记录',
      access: member,
      handler: async (request) => ok(await svc.list(memberOf(request).member.id, request.query), '获取成功'),
    },
    'GET /v1/payment-orders/:id': {
      tags,
      summary: '充值订单详情',
      access: member,
      handler: async (request) =>
        ok(await svc.detail(memberOf(request).member.id, request.params.id), '获取成功'),
    },
    'POST /v1/payment-orders': {
      tags,
      summary: '创建充值订单（网关方式返回支付页；USDT 返回收款地址；支持 Idempotency-Key）',
      access: member,
      handler: async (request) =>
        ok(
          await svc.create(request.body, {
            memberId: memberOf(request).member.id,
            idempotencyKey: idempotencyKeyOf(request),
            route: routeOf(request),
            ip: request.ip,
          }),
          '订单已创建',
        ),
    },
    'POST /v1/payment-orders/payment-info': {
      tags,
      summary: '获取支付页地址',
      access: member,
      handler: async (request) =>
        ok(await svc.paymentInfo(memberOf(request).member.id, request.body.order_id, request.ip), '获取成功'),
    },
    'POST /v1/payment-orders/submit-transfer': {
      tags,
      summary: '提交 USDT 转账（交易哈希与金额），等待确认',
      access: member,
      handler: async (request) =>
        ok(await svc.submitTransfer(memberOf(request).member.id, request.body), '已提交，等待确认'),
    },
    'POST /v1/payment-orders/:id/cancel': {
      tags,
      summary: '取消待支付订单',
      access: member,
      handler: async (request) =>
        ok(await svc.cancel(memberOf(request).member.id, request.params.id), '订单已取消'),
    },
  };
});

/** Deposits (SPEC.md §7 "Payments") and the gateway callback; operators decide in admin.routes.ts. */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = app.services.payments;
  await app.register(memberPaymentsRoutes);

  // The gateway's server-to-server notification: no member token, the gateway's signature is the
  // proof. Not a member route, so not in memberApi (the contract the member app is typed by): the
  // gateway calls it in its own protocol, and no client of ours does. 易支付 sends it as a GET
  // query, the simulator as a JSON POST, others as a form POST: all arrive here as flat strings,
  // which the selected gateway reads (PaymentGateway.readNotification). It is acknowledged in the
  // gateway's own words (易支付: the text `success`) only after the credit has committed; a refusal
  // answers the envelope with its reason, which such a gateway takes as "send again".
  const gatewayParam = z.object({ gateway: z.string().regex(/^[a-z0-9-]{1,40}$/, '支付通道不正确') });
  const handle = async (
    request: { params: { gateway: string }; ip: string },
    fields: Record<string, string>,
    reply: FastifyReply,
  ) => {
    const result = await svc.handleNotification(request.params.gateway, fields, request.ip);
    const acknowledgement = app.services.paymentGateway.acknowledgement;
    if (acknowledgement !== null) return reply.type('text/plain; charset=utf-8').send(acknowledgement);
    return reply.send(ok(result, 'success'));
  };
  const describe = {
    tags,
    summary: '支付网关异步通知（按所选网关的协议验签：模拟网关 HMAC-SHA256，易支付 MD5）',
    params: gatewayParam,
  };
  app.post(
    '/v1/payment-orders/notify/:gateway',
    { config: { limit: 'callback' }, schema: { ...describe, body: gatewayFields } },
    async (request, reply) => handle(request, request.body, reply),
  );
  app.get(
    '/v1/payment-orders/notify/:gateway',
    { config: { limit: 'callback' }, schema: { ...describe, querystring: gatewayFields } },
    async (request, reply) => handle(request, request.query, reply),
  );
};
