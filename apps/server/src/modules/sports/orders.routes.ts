import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  comboQuery,
  comboStats,
  comboView,
  envelope,
  idParam,
  orderDetail,
  orderHistoryQuery,
  orderNoParam,
  orderSubmitBody,
  orderSubmitResult,
  orderSummary,
  paginated,
} from '@app/shared';
import { memberOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { idempotencyKeyOf, routeOf } from '../../plugins/idempotency-key.ts';
import { preferencesRoutes } from './preferences.routes.ts';

const tags = ['竞彩投注'];
const security = [{ bearer: [] }];

/** Orders of the logged-in member (SPEC.md §7 "Sports betting"). */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = app.services.orders;
  // The odds-change policy decides how submit treats moved odds: its routes live beside these
  // (registered before this plugin's hook; each of them authenticates on its own).
  await app.register(preferencesRoutes);
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/v1/order/submit',
    {
      schema: {
        tags,
        summary: '提交注单（服务器按当前赔率与规则复核；支持 Idempotency-Key）',
        description:
          'Odds that moved are taken or refused by the member’s odds policy (GET /v1/sports/preferences); a refusal is 409 with data.changes (each with its direction), so the slip can update and resubmit. An order with an in-play (live) leg answers status confirming with accept_at: it is accepted or refused (and refunded) when its bet delay ends, announced by order.confirmed.',
        security,
        body: orderSubmitBody,
        response: { 200: envelope(orderSubmitResult) },
      },
    },
    async (request) => {
      const result = await svc.submit(request.body, {
        member: memberOf(request).member,
        idempotencyKey: idempotencyKeyOf(request),
        route: routeOf(request),
      });
      return ok(result, '投注成功');
    },
  );
  app.get(
    '/v1/order/history',
    {
      schema: {
        tags,
        summary: '我的注单',
        security,
        querystring: orderHistoryQuery,
        response: { 200: envelope(paginated(orderSummary)) },
      },
    },
    async (request) => ok(await svc.history(memberOf(request).member.id, request.query), '获取成功'),
  );
  app.get(
    '/v1/order/detail/:id',
    {
      schema: {
        tags,
        summary: '注单详情',
        security,
        params: idParam,
        response: { 200: envelope(orderDetail) },
      },
    },
    async (request) =>
      ok(await svc.detail(memberOf(request).member.id, { id: request.params.id }), '获取成功'),
  );
  app.get(
    '/v1/order/by-no/:orderNo/detail',
    {
      schema: {
        tags,
        summary: '按订单号查详情',
        security,
        params: orderNoParam,
        response: { 200: envelope(orderDetail) },
      },
    },
    async (request) =>
      ok(await svc.detail(memberOf(request).member.id, { orderNo: request.params.orderNo }), '获取成功'),
  );
  app.get(
    '/v1/order/by-no/:orderNo/combo-details',
    {
      schema: {
        tags,
        summary: '过关明细（status: 0 待开奖, 1 中奖, 2 未中奖）',
        security,
        params: orderNoParam,
        querystring: comboQuery,
        response: { 200: envelope(paginated(comboView)) },
      },
    },
    async (request) =>
      ok(
        await svc.comboDetails(memberOf(request).member.id, request.params.orderNo, request.query),
        '获取成功',
      ),
  );
  app.get(
    '/v1/order/by-no/:orderNo/combo-stats',
    {
      schema: {
        tags,
        summary: '过关统计',
        security,
        params: orderNoParam,
        response: { 200: envelope(comboStats) },
      },
    },
    async (request) =>
      ok(await svc.comboStats(memberOf(request).member.id, request.params.orderNo), '获取成功'),
  );
};
