import { memberApi } from '@app/shared/api';
import { memberOf } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';

const tags = ['竞彩投注'];
const member = { member: true } as const;

/** The member's sports preferences: odds-change acceptance (docs/decisions/017). */
export const preferencesRoutes = contractRoutes(memberApi, (app) => {
  const svc = app.services.sportsPreferences;
  return {
    'GET /v1/sports/preferences': {
      tags,
      summary: '投注偏好（赔率变化接受方式、滚球投注确认时间）',
      access: member,
      handler: async (request) => ok(await svc.get(memberOf(request).member.id), '获取成功'),
    },
    'PUT /v1/sports/preferences': {
      tags,
      summary: '设置赔率变化接受方式（any 接受任何变化, higher 仅接受更高赔率, none 不接受变化）',
      access: member,
      handler: async (request) => ok(await svc.save(memberOf(request).member.id, request.body), '设置成功'),
    },
  };
});
