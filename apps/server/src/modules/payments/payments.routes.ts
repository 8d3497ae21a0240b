import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdPaymentOrder,
  createPaymentOrderBody,
  envelope,
  gatewayNotification,
  idParam,
  paymentInfo,
  paymentInfoBody,
  paymentMethodList,
  paymentOrderPage,
  paymentOrderQuery,
  paymentOrderSimplePage,
  paymentOrderView,
  paymentStatistics,
  submitTransferBody,
  systemWalletAddress,
  systemWalletQuery,
  usdtRateView,
} from '@app/shared';
import { memberOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { idempotencyKeyOf, routeOf } from '../../plugins/idempotency-key.ts';

const tags = ['充值'];
const security = [{ bearer: [] }];

/** Deposits (SPEC.md §7 "Payments"), the gateway callback and the operator's USDT decisions. */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = app.services.payments;
  const auth = { onRequest: app.authenticate };

  app.get(
    '/v1/payment-orders/methods',
    {
      ...auth,
      schema: {
        tags,
        summary: '充值方式（限额与开关）',
        security,
        response: { 200: envelope(paymentMethodList) },
      },
    },
    async () => ok(await svc.methods(), '获取成功'),
  );
  app.get(
    '/v1/payment-orders/usdt-rate',
    {
      ...auth,
      schema: {
        tags,
        summary: 'USDT 充值汇率（元/USDT）',
        security,
        response: { 200: envelope(usdtRateView) },
      },
    },
    async () => ok(await svc.usdtRate(), '获取成功'),
  );
  app.get(
    '/v1/payment-orders/system-wallet-address',
    {
      ...auth,
      schema: {
        tags,
        summary: '平台 USDT 收款地址',
        security,
        querystring: systemWalletQuery,
        response: { 200: envelope(systemWalletAddress) },
      },
    },
    async (request) => ok(svc.systemWalletAddress(request.query.network), '获取成功'),
  );
  app.get(
    '/v1/payment-orders/statistics',
    {
      ...auth,
      schema: { tags, summary: '充值统计', security, response: { 200: envelope(paymentStatistics) } },
    },
    async (request) => ok(await svc.statistics(memberOf(request).member.id), '获取成功'),
  );
  app.get(
    '/v1/payment-orders/simple',
    {
      ...auth,
      schema: {
        tags,
        summary: '充值记录（精简）',
        security,
        querystring: paymentOrderQuery,
        response: { 200: envelope(paymentOrderSimplePage) },
      },
    },
    async (request) => ok(await svc.simple(memberOf(request).member.id, request.query), '获取成功'),
  );
  app.get(
    '/v1/payment-orders',
    {
      ...auth,
      schema: {
        tags,
        summary: '充值记录',
        security,
        querystring: paymentOrderQuery,
        response: { 200: envelope(paymentOrderPage) },
      },
    },
    async (request) => ok(await svc.list(memberOf(request).member.id, request.query), '获取成功'),
  );
  app.get(
    '/v1/payment-orders/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: '充值订单详情',
        security,
        params: idParam,
        response: { 200: envelope(paymentOrderView) },
      },
    },
    async (request) => ok(await svc.detail(memberOf(request).member.id, request.params.id), '获取成功'),
  );
  app.post(
    '/v1/payment-orders',
    {
      ...auth,
      schema: {
        tags,
        summary: '创建充值订单（网关方式返回支付页；USDT 返回收款地址；支持 Idempotency-Key）',
        security,
        body: createPaymentOrderBody,
        response: { 200: envelope(createdPaymentOrder) },
      },
    },
    async (request) =>
      ok(
        await svc.create(request.body, {
          memberId: memberOf(request).member.id,
          idempotencyKey: idempotencyKeyOf(request),
          route: routeOf(request),
        }),
        '订单已创建',
      ),
  );
  app.post(
    '/v1/payment-orders/payment-info',
    {
      ...auth,
      schema: {
        tags,
        summary: '获取支付页地址',
        security,
        body: paymentInfoBody,
        response: { 200: envelope(paymentInfo) },
      },
    },
    async (request) =>
      ok(await svc.paymentInfo(memberOf(request).member.id, request.body.order_id), '获取成功'),
  );
  app.post(
    '/v1/payment-orders/submit-transfer',
    {
      ...auth,
      schema: {
        tags,
        summary: '提交 USDT 转账（交易哈希与金额），等待确认',
        security,
        body: submitTransferBody,
        response: { 200: envelope(paymentOrderView) },
      },
    },
    async (request) =>
      ok(await svc.submitTransfer(memberOf(request).member.id, request.body), '已提交，等待确认'),
  );
  app.post(
    '/v1/payment-orders/:id/cancel',
    {
      ...auth,
      schema: {
        tags,
        summary: '取消待支付订单',
        security,
        params: idParam,
        response: { 200: envelope(paymentOrderView) },
      },
    },
    async (request) => ok(await svc.cancel(memberOf(request).member.id, request.params.id), '订单已取消'),
  );

  // The gateway's server-to-server notification: no member token, the HMAC signature is the proof.
  app.post(
    '/v1/payment-orders/notify/:gateway',
    {
      config: { limit: 'callback' },
      schema: {
        tags,
        summary: '支付网关异步通知（HMAC-SHA256 签名）',
        params: z.object({ gateway: z.string().regex(/^[a-z0-9-]{1,40}$/, '支付通道不正确') }),
        body: gatewayNotification,
        response: { 200: envelope(z.object({ outcome: z.string() })) },
      },
    },
    async (request) =>
      ok(await svc.handleNotification(request.params.gateway, request.body, request.ip), 'success'),
  );
};
