import { memberApi } from '@app/shared/api';
import { memberOf } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';

/** The member's 免费投注券 (the slip offers the usable ones). */
export const freeBetsRoutes = contractRoutes(memberApi, (app) => ({
  'GET /v1/free-bets': {
    tags: ['竞彩投注'],
    summary: '我的免费投注券（可使用 / 历史记录）',
    access: { member: true },
    handler: async (request) =>
      ok(await app.services.freeBets.list(memberOf(request).member.id, request.query), '获取成功'),
  },
}));
