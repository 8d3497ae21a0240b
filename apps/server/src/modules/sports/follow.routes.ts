import { memberApi } from '@app/shared/api';
import { memberOf } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { idempotencyKeyOf, routeOf } from '../../plugins/idempotency-key.ts';

const tags = ['竞彩跟单'];
const member = { member: true } as const;

/** 跟单: 晒单 an open order, the 跟单大厅, one 晒单, and copying it. */
export const followRoutes = contractRoutes(memberApi, (app) => {
  const svc = app.services.follow;
  return {
    'POST /v1/follow/posts': {
      tags,
      summary: '晒单（待开奖的赛前注单，附推荐理由与佣金比例 0-8%，跟单者盈利时按比例支付）',
      access: member,
      handler: async (request) =>
        ok(await svc.publish(memberOf(request).member.id, request.body), '晒单成功'),
    },
    'GET /v1/follow/posts': {
      tags,
      summary: '跟单大厅（可跟的晒单，最新或最热；mine=1 为我的晒单），含发单人近30天战绩',
      access: member,
      handler: async (request) => ok(await svc.list(memberOf(request).member.id, request.query), '获取成功'),
    },
    'GET /v1/follow/posts/:id': {
      tags,
      summary: '晒单详情（选项、发单人战绩、跟单人数与金额）',
      access: member,
      handler: async (request) =>
        ok(await svc.one(memberOf(request).member.id, request.params.id), '获取成功'),
    },
    'GET /v1/follow/leaderboard': {
      tags,
      summary: '战绩榜（近7天或30天：命中率、盈利率、连红、跟单人数；至少一张已开奖晒单才上榜，前50名）',
      access: member,
      handler: async (request) => ok(await svc.leaderboard(request.query), '获取成功'),
    },
    'POST /v1/follow/posts/:id/copy': {
      tags,
      summary: '跟单（以当前赔率和自选倍数下一张自己的注单，与普通投注同样校验；支持 Idempotency-Key）',
      access: member,
      handler: async (request) =>
        ok(
          await svc.copy(request.params.id, request.body, {
            member: memberOf(request).member,
            idempotencyKey: idempotencyKeyOf(request),
            route: routeOf(request),
          }),
          '跟单成功',
        ),
    },
  };
});
