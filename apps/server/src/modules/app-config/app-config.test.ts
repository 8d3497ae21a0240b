import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CONFIG_DEFAULTS, remoteConfig } from '@app/shared';
import { body, createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('app info and config', () => {
  it('answers app info with every SPEC field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/appinfo' });
    expect(res.statusCode).toBe(200);
    const data = body(res).data;
    for (const key of [
      'site_state',
      'redpacket_switch',
      'fanshui',
      'index_modal',
      'repair_tips',
      'sms_open',
      'site_logo',
      'title',
      'kf_url',
      'index_modal_images',
      'ios_download_qrcode',
      'ios_download_url',
    ]) {
      expect(data, key).toHaveProperty(key);
    }
    expect(data).toMatchObject({
      site_state: 1,
      kf_url: '/support.html',
      version: '1.9.5',
      version_code: 195,
    });
  });

  it('serves the SPEC defaults for every config key', async () => {
    const all = body(await t.app.inject({ method: 'GET', url: '/v1/app/config/all' })).data;
    expect(all).toEqual(APP_CONFIG_DEFAULTS);
    expect(all).toMatchObject({
      maintenance_mode: false,
      theme_color: '#ffb400',
      app_version: '1.0.0',
      notice_enabled: true,
    });
  });

  it('reads one key, a batch, navigation and features', async () => {
    expect(body(await t.app.inject({ method: 'GET', url: '/v1/app/config/theme_color' })).data).toEqual({
      key: 'theme_color',
      value: '#ffb400',
    });
    const batch = await t.app.inject({
      method: 'POST',
      url: '/v1/app/config/batch',
      payload: { keys: ['banner_enabled', 'maintenance_mode'] },
    });
    expect(body(batch).data).toEqual({ banner_enabled: true, maintenance_mode: false });
    expect(body(await t.app.inject({ method: 'GET', url: '/v1/app/config/navigation' })).data).toEqual({
      sports: true,
      live_ball: true,
      real_time: true,
      expert: true,
    });
    expect(body(await t.app.inject({ method: 'GET', url: '/v1/app/config/features' })).data).toMatchObject({
      notice: true,
      banner: true,
      maintenance_mode: false,
      repair_tips: '系统维护中，请稍后再来',
    });
  });

  it('follows operator changes', async () => {
    await t.app.services.appConfig.updateConfig({ nav_expert_enabled: false, maintenance_mode: true });
    await t.app.services.appConfig.updateAppInfo({ kf_url: 'https://kf.example.com/chat' });
    try {
      expect(
        body(await t.app.inject({ method: 'GET', url: '/v1/app/config/navigation' })).data,
      ).toMatchObject({ expert: false });
      const categories = body<Array<{ key: string; enabled: boolean }>>(
        await t.app.inject({ method: 'GET', url: '/v1/app/config/game-categories' }),
      ).data;
      expect(categories.find((c) => c.key === 'expert')?.enabled).toBe(false);
      expect(categories.find((c) => c.key === 'football')?.enabled).toBe(true);
      expect(body(await t.app.inject({ method: 'POST', url: '/v1/appinfo' })).data).toMatchObject({
        kf_url: 'https://kf.example.com/chat',
      });
    } finally {
      await t.app.services.appConfig.reset();
    }
  });

  it('lists the five bottom tabs in SPEC order', async () => {
    const tabs = body<Array<{ path: string }>>(
      await t.app.inject({ method: 'GET', url: '/v1/app/config/bottom-navigation' }),
    ).data;
    expect(tabs.map((x) => x.path)).toEqual([
      '/pages/home/home',
      '/pages/activity/activity',
      '/pages/gameplay/gameplay',
      '/pages/customer/customer',
      '/pages/mine/mine',
    ]);
  });

  it('refuses unknown keys and malformed batches', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/v1/app/config/secret_key' });
    expect(body(unknown)).toMatchObject({ code: 400, message: '配置项不存在' });
    for (const payload of [{}, { keys: [] }, { keys: 'notice_enabled' }, { keys: ['nope'] }]) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/app/config/batch', payload });
      expect(res.statusCode).toBe(400);
      const answer = body<{ errors: Array<{ field: string }> }>(res);
      expect(answer.message).toMatch(/[\u4e00-\u9fff]/);
      expect(answer.data.errors[0]?.field).toMatch(/^keys/);
    }
  });

  it('serves a remote config file the client accepts', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/config.json',
      headers: { host: 'app.example.com' },
    });
    const parsed = remoteConfig.parse(res.json());
    expect(parsed).toEqual({
      version: '1.9.5',
      baseUrl: 'http://app.example.com',
      apiServerUrl: 'http://app.example.com/v1',
      reverbUrl: 'ws://app.example.com',
      appKey: 'jingcai-key',
      cluster: 'mt1',
      // Not APP_ENV=production: the app may offer its developer mode.
      developerTools: true,
    });
  });
});
