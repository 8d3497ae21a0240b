import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, sportsPreferences, sportsPreferencesBody } from '@app/shared';
import { memberOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';

const tags = ['竞彩投注'];
const security = [{ bearer: [] }];

/** The member's sports preferences: odds-change acceptance (docs/decisions/017). */
export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = app.services.sportsPreferences;

  app.get(
    '/v1/sports/preferences',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: '投注偏好（赔率变化接受方式、滚球投注确认时间）',
        security,
        response: { 200: envelope(sportsPreferences) },
      },
    },
    async (request) => ok(await svc.get(memberOf(request).member.id), '获取成功'),
  );
  app.put(
    '/v1/sports/preferences',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: '设置赔率变化接受方式（any 接受任何变化, higher 仅接受更高赔率, none 不接受变化）',
        security,
        body: sportsPreferencesBody,
        response: { 200: envelope(sportsPreferences) },
      },
    },
    async (request) => ok(await svc.save(memberOf(request).member.id, request.body), '设置成功'),
  );
};
