import { memberApi } from '@app/shared/api';
import { memberOf } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';

/** 加奖 campaigns a member may get: the slip shows the one for its pass type. */
export const boostsRoutes = contractRoutes(memberApi, (app) => ({
  'GET /v1/sports/boosts': {
    tags: ['竞彩投注'],
    summary: '进行中的加奖活动（适用于本会员的）',
    access: { member: true },
    handler: async (request) => ok(await app.services.boosts.forMember(memberOf(request).member), '获取成功'),
  },
}));
