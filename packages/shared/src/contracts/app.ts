import { z } from 'zod';
import { flag } from './common.ts';

/** App info (SPEC.md §3), answered by POST /v1/appinfo and cached by the client under `appinfo`. */
export const appInfo = z
  .object({
    site_state: flag.describe('1 open, 0 closed for maintenance'),
    redpacket_switch: flag,
    fanshui: flag.describe('Rebates (反水) switched on'),
    index_modal: z.string().describe('Home modal text; empty for none'),
    index_modal_images: z.array(z.string()),
    repair_tips: z.string().describe('Shown while the site is under maintenance'),
    sms_open: flag,
    site_logo: z.string(),
    title: z.string(),
    kf_url: z.string().describe('Customer service web page opened in pages/webview/webview'),
    ios_download_qrcode: z.string(),
    ios_download_url: z.string(),
    android_download_url: z.string(),
    version: z.string(),
    version_code: z.number().int(),
  })
  .meta({ id: 'AppInfo' });
export type AppInfo = z.infer<typeof appInfo>;

/** App config switches (SPEC.md §3, defaults §9). */
export const APP_CONFIG_DEFAULTS = {
  nav_sports_enabled: true,
  nav_live_ball_enabled: true,
  nav_real_time_enabled: true,
  nav_expert_enabled: true,
  notice_enabled: true,
  banner_enabled: true,
  maintenance_mode: false,
  theme_color: '#ffb400',
  app_version: '1.0.0',
} as const;
export type AppConfigKey = keyof typeof APP_CONFIG_DEFAULTS;
export const APP_CONFIG_KEYS = Object.keys(APP_CONFIG_DEFAULTS) as [AppConfigKey, ...AppConfigKey[]];

export const appConfigValues = z
  .object({
    nav_sports_enabled: z.boolean(),
    nav_live_ball_enabled: z.boolean(),
    nav_real_time_enabled: z.boolean(),
    nav_expert_enabled: z.boolean(),
    notice_enabled: z.boolean(),
    banner_enabled: z.boolean(),
    maintenance_mode: z.boolean(),
    theme_color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    app_version: z.string(),
  })
  .meta({ id: 'AppConfig' });
export type AppConfig = z.infer<typeof appConfigValues>;

export const appConfigKeyParam = z.object({
  key: z.enum(APP_CONFIG_KEYS, { error: '配置项不存在' }),
});

export const appConfigEntry = z.object({
  key: z.string(),
  value: z.union([z.boolean(), z.string()]),
});

export const appConfigBatchBody = z.object({
  keys: z
    .array(z.enum(APP_CONFIG_KEYS, { error: '配置项不存在' }), { error: 'keys 必须是配置项数组' })
    .min(1, '请至少指定一个配置项')
    .max(APP_CONFIG_KEYS.length * 2, '配置项过多'),
});

export const navigationConfig = z
  .object({
    sports: z.boolean(),
    live_ball: z.boolean(),
    real_time: z.boolean(),
    expert: z.boolean(),
  })
  .meta({ id: 'NavigationConfig' });

export const featureConfig = z
  .object({
    notice: z.boolean(),
    banner: z.boolean(),
    maintenance_mode: z.boolean(),
    repair_tips: z.string(),
    theme_color: z.string(),
    app_version: z.string(),
  })
  .meta({ id: 'FeatureConfig' });

export const gameCategory = z.object({
  key: z.string(),
  name: z.string(),
  icon: z.string(),
  path: z.string().describe('Hash route the entry opens'),
  enabled: z.boolean(),
  sort: z.number().int(),
});

export const bottomNavItem = z.object({
  key: z.string(),
  text: z.string(),
  path: z.string(),
  icon: z.string(),
});

/** Remote JSON config file (SPEC.md §3 "API config"), served at /config.json. */
export const remoteConfig = z
  .object({
    version: z.string().min(1),
    baseUrl: z.string().min(1, 'baseUrl 不能为空'),
    apiServerUrl: z.string().min(1, 'apiServerUrl 不能为空'),
    reverbUrl: z.string().min(1, 'reverbUrl 不能为空'),
    appKey: z.string().min(1).optional().describe('Realtime app key, so visitors can open public channels'),
    cluster: z.string().optional(),
    developerTools: z
      .boolean()
      .optional()
      .describe(
        'Whether the app may offer its developer mode (debug pages, log upload); never under APP_ENV=production',
      ),
  })
  .meta({ id: 'RemoteConfig' });
export type RemoteConfig = z.infer<typeof remoteConfig>;
