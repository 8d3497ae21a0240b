import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appConfigBatchBody,
  appConfigEntry,
  appConfigKeyParam,
  appConfigValues,
  appInfo,
  bottomNavItem,
  envelope,
  featureConfig,
  gameCategory,
  navigationConfig,
  remoteConfig,
} from '@app/shared';
import { ok } from '../../plugins/envelope.ts';

const tags = ['配置'];
/** The same for every visitor: kept in memory until an operator changes a setting. */
const APP_CONFIG = ['app-config'] as const;

/** App info, app config switches and the remote config file (SPEC.md §3, §7 "Config"). */
export const appConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = app.services.appConfig;

  app.post(
    '/v1/appinfo',
    { schema: { tags, summary: '站点信息', response: { 200: envelope(appInfo) } } },
    async () => ok(await settings.appInfo(), '获取成功'),
  );

  app.get(
    '/v1/app/config/all',
    {
      config: { publicCache: APP_CONFIG },
      schema: { tags, summary: '全部配置项', response: { 200: envelope(appConfigValues) } },
    },
    async () => ok(await settings.config(), '获取成功'),
  );

  app.get(
    '/v1/app/config/navigation',
    {
      config: { publicCache: APP_CONFIG },
      schema: { tags, summary: '导航开关', response: { 200: envelope(navigationConfig) } },
    },
    async () => {
      const c = await settings.config();
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
  );

  app.get(
    '/v1/app/config/features',
    {
      config: { publicCache: APP_CONFIG },
      schema: { tags, summary: '功能开关', response: { 200: envelope(featureConfig) } },
    },
    async () => {
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
  );

  app.get(
    '/v1/app/config/game-categories',
    {
      config: { publicCache: APP_CONFIG },
      schema: { tags, summary: '游戏分类入口', response: { 200: envelope(z.array(gameCategory)) } },
    },
    async () => ok(await settings.gameCategories(), '获取成功'),
  );

  app.get(
    '/v1/app/config/bottom-navigation',
    {
      config: { publicCache: APP_CONFIG },
      schema: { tags, summary: '底部导航', response: { 200: envelope(z.array(bottomNavItem)) } },
    },
    async () => ok(settings.bottomNavigation(), '获取成功'),
  );

  app.post(
    '/v1/app/config/batch',
    {
      schema: {
        tags,
        summary: '批量读取配置项',
        body: appConfigBatchBody,
        response: { 200: envelope(appConfigValues.partial()) },
      },
    },
    async (request) => ok(await settings.configValues(request.body.keys), '获取成功'),
  );

  // Registered after the fixed paths above so they win.
  app.get(
    '/v1/app/config/:key',
    {
      config: { publicCache: APP_CONFIG },
      schema: {
        tags,
        summary: '读取单个配置项',
        params: appConfigKeyParam,
        response: { 200: envelope(appConfigEntry) },
      },
    },
    async (request) => {
      const values = await settings.config();
      return ok({ key: request.params.key, value: values[request.params.key] }, '获取成功');
    },
  );

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
