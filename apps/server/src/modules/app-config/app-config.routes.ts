import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { remoteConfig } from '@app/shared';
import { memberApi } from '@app/shared/api';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';

const tags = ['配置'];
/** The same for every visitor: kept in memory until an operator changes a setting. */
const appConfig = { publicCache: ['app-config'] } as const;

/** App info and app config switches (SPEC.md §7 "Config"), from memberApi. */
const appConfigApi = contractRoutes(memberApi, (app) => {
  const settings = app.services.appConfig;
  return {
    'POST /v1/appinfo': {
      tags,
      summary: '站点信息',
      handler: async () => ok(await settings.appInfo(), '获取成功'),
    },
    'GET /v1/app/config/all': {
      tags,
      summary: '全部配置项',
      config: appConfig,
      handler: async () => ok(await settings.memberConfig(), '获取成功'),
    },
    'GET /v1/app/config/navigation': {
      tags,
      summary: '导航开关',
      config: appConfig,
      handler: async () => {
        const c = await settings.memberConfig();
        return ok(
          {
            sports: c.nav_sports_enabled,
            live_ball: c.nav_live_ball_enabled,
            real_time: c.nav_real_time_enabled,
            expert: c.nav_expert_enabled,
          },
          '获取成功',
        );
      },
    },
    'GET /v1/app/config/features': {
      tags,
      summary: '功能开关',
      config: appConfig,
      handler: async () => {
        const [c, info] = await Promise.all([settings.config(), settings.appInfo()]);
        return ok(
          {
            notice: c.notice_enabled,
            banner: c.banner_enabled,
            maintenance_mode: c.maintenance_mode,
            repair_tips: info.repair_tips,
            theme_color: c.theme_color,
            app_version: c.app_version,
          },
          '获取成功',
        );
      },
    },
    'GET /v1/app/config/game-categories': {
      tags,
      summary: '游戏分类入口',
      config: appConfig,
      handler: async () => ok(await settings.gameCategories(), '获取成功'),
    },
    'GET /v1/app/config/bottom-navigation': {
      tags,
      summary: '底部导航',
      config: appConfig,
      handler: async () => ok(settings.bottomNavigation(), '获取成功'),
    },
    'POST /v1/app/config/batch': {
      tags,
      summary: '批量读取配置项',
      handler: async (request) => ok(await settings.configValues(request.body.keys), '获取成功'),
    },
    // Registered after the fixed paths above so they win.
    'GET /v1/app/config/:key': {
      tags,
      summary: '读取单个配置项',
      config: appConfig,
      handler: async (request) => {
        const values = await settings.memberConfig();
        return ok({ key: request.params.key, value: values[request.params.key] }, '获取成功');
      },
    },
  };
});

/** The above, and the remote config file (SPEC.md §3). */
export const appConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(appConfigApi);
  const settings = app.services.appConfig;

  // Not a member API call (not in memberApi): a file at the site's root, read before the app
  // knows where the API is, answered as it is (no envelope).
  app.get(
    '/config.json',
    { schema: { tags, summary: '远程配置文件（客户端启动时读取并校验）', response: { 200: remoteConfig } } },
    async (request, reply) => {
      const origin = app.services.config.publicUrl ?? `${request.protocol}://${request.host}`;
      const ws = origin.replace(/^http/, 'ws');
      void reply.header('cache-control', 'no-cache');
      const rt = app.services.config.realtime;
      const reverbUrl =
        rt.driver === 'pusher' && rt.pusher
          ? `${rt.pusher.scheme === 'https' ? 'wss' : 'ws'}://${rt.pusher.host}:${rt.pusher.port}`
          : ws;
      return {
        version: (await settings.appInfo()).version,
        baseUrl: origin,
        apiServerUrl: `${origin}/v1`,
        reverbUrl,
        appKey: rt.appKey,
        cluster: rt.pusher?.cluster ?? 'mt1',
        developerTools: app.services.config.appEnv !== 'production',
      };
    },
  );
};
