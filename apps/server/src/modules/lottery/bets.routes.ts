import { memberApi } from '@app/shared/api';
import { memberOf } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { idempotencyKeyOf, routeOf } from '../../plugins/idempotency-key.ts';

const tags = ['彩票投注'];
const member = { member: true } as const;

/** The member's lottery bets (SPEC.md §7 "Lottery" bet/*); another member's bet answers 404. */
export const lotteryBetsRoutes = contractRoutes(memberApi, (app) => {
  const svc = app.services.lotteryBets;
  return {
    'POST /v1/liujiu/bet/create': {
      tags,
      summary: '投注（逐注按规则复核，期号须在封盘前；支持 Idempotency-Key）',
      access: member,
      handler: async (request) =>
        ok(
          await svc.create(request.body, {
            member: memberOf(request).member,
            idempotencyKey: idempotencyKeyOf(request),
            route: routeOf(request),
          }),
          '投注成功',
        ),
    },
    'POST /v1/liujiu/bet/cancel': {
      tags,
      summary: '撤单（封盘前，退回彩票钱包）',
      access: member,
      handler: async (request) => {
        const { bet, balance } = await svc.cancel(memberOf(request).member.id, request.body.bet_id);
        return ok({ bet, balance }, '撤单成功');
      },
    },
    'POST /v1/liujiu/bet/batch-cancel': {
      tags,
      summary: '批量撤单（逐注报告结果）',
      access: member,
      handler: async (request) => {
        const result = await svc.batchCancel(memberOf(request).member.id, request.body.bet_ids);
        return ok(result, `已撤销${result.cancelled}注`);
      },
    },
    'GET /v1/liujiu/bet/list': {
      tags,
      summary: '投注记录',
      access: member,
      handler: async (request) => ok(await svc.list(memberOf(request).member.id, request.query), '获取成功'),
    },
    'GET /v1/liujiu/bet/detail': {
      tags,
      summary: '注单详情（含中奖明细）',
      access: member,
      handler: async (request) =>
        ok(await svc.detail(memberOf(request).member.id, request.query.bet_id), '获取成功'),
    },
    'GET /v1/liujiu/bet/stats': {
      tags,
      summary: '投注统计',
      access: member,
      handler: async (request) =>
        ok(await svc.stats(memberOf(request).member.id, request.query.code), '获取成功'),
    },
    'GET /v1/liujiu/notices': {
      tags,
      summary: '彩票通知（开奖取消与退款）',
      access: member,
      handler: async (request) =>
        ok(await app.services.lottery.notices(memberOf(request).member.id, request.query), '获取成功'),
    },
  };
});
