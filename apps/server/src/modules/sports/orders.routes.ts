import { memberApi } from '@app/shared/api';
import { memberOf } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { idempotencyKeyOf, routeOf } from '../../plugins/idempotency-key.ts';

const tags = ['竞彩投注'];
const member = { member: true } as const;

/** Orders of the logged-in member (SPEC.md §7 "Sports betting"). */
export const ordersRoutes = contractRoutes(memberApi, (app) => {
  const svc = app.services.orders;
  return {
    'POST /v1/order/submit': {
      tags,
      summary: '提交注单（服务器按当前赔率与规则复核；支持 Idempotency-Key）',
      description:
        'Odds that moved are taken or refused by the member’s odds policy (GET /v1/sports/preferences); a refusal is 409 with data.changes (each with its direction), so the slip can update and resubmit. An order with an in-play (live) leg answers status confirming with accept_at: it is accepted or refused (and refunded) when its bet delay ends, announced by order.confirmed.',
      access: member,
      handler: async (request) => {
        const result = await svc.submit(request.body, {
          member: memberOf(request).member,
          idempotencyKey: idempotencyKeyOf(request),
          route: routeOf(request),
        });
        return ok(result, '投注成功');
      },
    },
    'GET /v1/order/history': {
      tags,
      summary: '我的注单',
      access: member,
      handler: async (request) =>
        ok(await svc.history(memberOf(request).member.id, request.query), '获取成功'),
    },
    'GET /v1/order/detail/:id': {
      tags,
      summary: '注单详情',
      access: member,
      handler: async (request) =>
        ok(await svc.detail(memberOf(request).member.id, { id: request.params.id }), '获取成功'),
    },
    'GET /v1/order/by-no/:orderNo/detail': {
      tags,
      summary: '按订单号查详情',
      access: member,
      handler: async (request) =>
        ok(await svc.detail(memberOf(request).member.id, { orderNo: request.params.orderNo }), '获取成功'),
    },
    'GET /v1/order/by-no/:orderNo/combo-details': {
      tags,
      summary: '过关明细（status: 0 待开奖, 1 中奖, 2 未中奖）',
      access: member,
      handler: async (request) =>
        ok(
          await svc.comboDetails(memberOf(request).member.id, request.params.orderNo, request.query),
          '获取成功',
        ),
    },
    'GET /v1/order/by-no/:orderNo/combo-stats': {
      tags,
      summary: '过关统计',
      access: member,
      handler: async (request) =>
        ok(await svc.comboStats(memberOf(request).member.id, request.params.orderNo), '获取成功'),
    },
  };
});
