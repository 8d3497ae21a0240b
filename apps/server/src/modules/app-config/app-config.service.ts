import type { PublicCache } from '../../lib/public-cache.ts';
import { randomBytes } from 'node:crypto';
import {
  APP_CONFIG_DEFAULTS,
  APP_VERSION,
  APP_VERSION_CODE,
  type AppConfig,
  type AppConfigKey,
  type AppInfo,
} from '@app/shared';
import type { Db } from '../../db/client.ts';
import * as repo from './app-config.repo.ts';
import type { Clock } from '../../lib/clock.ts';

/** App info as a fresh install shows it; the operator overrides fields through `app_settings`. */
export const APP_INFO_DEFAULTS: AppInfo = {
  site_state: 1,
  redpacket_switch: 0,
  fanshui: 1,
  index_modal: '',
  index_modal_images: [],
  repair_tips: '系统维护中，请稍后再来',
  sms_open: 0,
  site_logo: '/logo.svg',
  title: '金彩体育',
  kf_url: '/support.html',
  ios_download_qrcode: '',
  ios_download_url: '',
  android_download_url: '',
  version: APP_VERSION,
  version_code: APP_VERSION_CODE,
};

const APP_INFO_KEY = 'app_info';
const APP_CONFIG_KEY = 'app_config';

export interface GameCategory {
  key: string;
  name: string;
  icon: string;
  path: string;
  enabled: boolean;
  sort: number;
}

export class AppConfigService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Public answers built from these settings, dropped on every write. */
    private readonly publicCache: Pick<PublicCache, 'invalidate'> | null = null,
    /** Whether the sports feed in use offers in play (滚球): without it no 滚球 entry is shown. */
    private readonly sportsInPlay: () => boolean = () => true,
  ) {}

  async appInfo(): Promise<AppInfo> {
    const stored = await this.read(APP_INFO_KEY);
    return { ...APP_INFO_DEFAULTS, ...(stored as Partial<AppInfo>) };
  }

  async config(): Promise<AppConfig> {
    const stored = await this.read(APP_CONFIG_KEY);
    return { ...APP_CONFIG_DEFAULTS, ...(stored as Partial<AppConfig>) };
  }

  /**
   * The switches as the member app reads them: 滚球 is off, whatever the operator set, while the
   * feed has no in-play (SPORTS_FEED=sporttery), so every 滚球 entry of the app hides. The console
   * keeps reading and writing the operator's own value (`config`).
   */
  async memberConfig(): Promise<AppConfig> {
    const c = await this.config();
    return this.sportsInPlay() ? c : { ...c, nav_live_ball_enabled: false };
  }

  async configValues(keys: readonly AppConfigKey[]): Promise<Partial<AppConfig>> {
    const all = await this.memberConfig();
    return Object.fromEntries(keys.map((k) => [k, all[k]]));
  }

  /** Operator changes (and demo seeding): merges the given fields into the stored values. */
  async updateAppInfo(changes: Partial<AppInfo>): Promise<AppInfo> {
    await this.write(APP_INFO_KEY, { ...(await this.read(APP_INFO_KEY)), ...changes });
    return this.appInfo();
  }

  async updateConfig(changes: Partial<AppConfig>): Promise<AppConfig> {
    await this.write(APP_CONFIG_KEY, { ...(await this.read(APP_CONFIG_KEY)), ...changes });
    return this.config();
  }

  async gameCategories(): Promise<GameCategory[]> {
    const c = await this.memberConfig();
    return [
      {
        key: 'football',
        name: '足球',
        icon: 'football',
        path: '/betPages/football/index',
        enabled: c.nav_sports_enabled,
        sort: 1,
      },
      {
        key: 'basketball',
        name: '篮球',
        icon: 'basketball',
        path: '/betPages/basketball/index',
        enabled: c.nav_sports_enabled,
        sort: 2,
      },
      {
        key: 'live',
        name: '滚球直播',
        icon: 'live',
        path: '/pages/gameplay/gameplay?tab=live',
        enabled: c.nav_live_ball_enabled,
        sort: 3,
      },
      {
        key: 'lottery',
        name: '彩票',
        icon: 'lottery',
        path: '/pages/lottery/lottery-list',
        enabled: c.nav_real_time_enabled,
        sort: 4,
      },
      {
        key: 'slots',
        name: '电子游戏',
        icon: 'slots',
        path: '/gamelistPages/soltlist',
        enabled: true,
        sort: 5,
      },
      {
        key: 'expert',
        name: '专家推荐',
        icon: 'expert',
        path: '/expertPages/ExpertList',
        enabled: c.nav_expert_enabled,
        sort: 6,
      },
    ];
  }

  bottomNavigation() {
    return [
      { key: 'home', text: '首页', path: '/pages/home/home', icon: 'home' },
      { key: 'activity', text: '活动', path: '/pages/activity/activity', icon: 'gift' },
      { key: 'gameplay', text: '竞猜', path: '/pages/gameplay/gameplay', icon: 'trophy' },
      { key: 'customer', text: '客服', path: '/pages/customer/customer', icon: 'service' },
      { key: 'mine', text: '我的', path: '/pages/mine/mine', icon: 'user' },
    ];
  }

  private async read(key: string): Promise<Record<string, unknown>> {
    return ((await repo.readSetting(this.db, key)) as Record<string, unknown> | undefined) ?? {};
  }

  private async write(key: string, value: Record<string, unknown>): Promise<void> {
    await repo.writeSetting(this.db, key, value, this.clock.now());
    this.publicCache?.invalidate('app-config');
  }

  /** A per-deployment secret, made on first use and kept (e.g. the sports simulator's seed). */
  async secret(key: string): Promise<string> {
    const stored = await repo.settingOnce(this.db, key, { secret: randomBytes(32).toString('hex') });
    return (stored as { secret: string }).secret;
  }

  /** Removes stored overrides (tests reset to defaults). */
  async reset(): Promise<void> {
    await repo.deleteSettings(this.db, [APP_INFO_KEY, APP_CONFIG_KEY]);
    this.publicCache?.invalidate('app-config');
  }
}
