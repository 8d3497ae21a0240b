import { memberApi } from '@app/shared/api';
import { memberOf } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { idempotencyKeyOf, routeOf } from '../../plugins/idempotency-key.ts';

const tags = ['彩票追号'];
const member = { member: true } as const;

/** 追号: create (the whole amount frozen), list, detail period by period, cancel what is not placed. */
export const lotteryChaseRoutes = contractRoutes(memberApi, (app) => {
  const svc = app.services.lotteryChase;
  return {
    'POST /v1/chase/create': {
      tags,
      summary:
        '追号（连续多期投注同一方案，每期倍数按计划；总金额创建时冻结，每期开盘时从冻结金额投注；支持 Idempotency-Key）',
      access: member,
      handler: async (request) => {
        const result = await svc.create(request.body, {
          member: memberOf(request).member,
          idempotencyKey: idempotencyKeyOf(request),
          route: routeOf(request),
        });
        return ok(result, `追号成功，共${result.chase.periods}期，已冻结${result.chase.total_amount}元`);
      },
    },
    'GET /v1/chase/list': {
      tags,
      summary: '追号记录',
      access: member,
      handler: async (request) => ok(await svc.list(memberOf(request).member.id, request.query), '获取成功'),
    },
    'GET /v1/chase/detail': {
      tags,
      summary: '追号详情（逐期状态、注单号、中奖金额）',
      access: member,
      handler: async (request) =>
        ok(await svc.detail(memberOf(request).member.id, request.query.chase_no), '获取成功'),
    },
    'POST /v1/chase/cancel': {
      tags,
      summary: '撤销追号（未投注的期数撤销，冻结金额退回彩票钱包）',
      access: member,
      handler: async (request) =>
        ok(
          await svc.cancel(memberOf(request).member.id, request.body.chase_no),
          '追号已撤销，未投注金额已退回',
        ),
    },
  };
});
