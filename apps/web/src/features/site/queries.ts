import { APP_CONFIG_DEFAULTS, APP_VERSION, APP_VERSION_CODE, type AppInfo } from '@app/shared';
import type { ApiResponse } from '@app/shared/api';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';
import { storage } from '../../lib/storage.ts';

/** What the app shows before /v1/appinfo answered for the first time. */
export const DEFAULT_APP_INFO: AppInfo = {
  site_state: 1,
  redpacket_switch: 0,
  fanshui: 1,
  index_modal: '',
  index_modal_images: [],
  repair_tips: '',
  sms_open: 0,
  site_logo: './logo.svg',
  title: '金彩体育',
  kf_url: './support.html',
  ios_download_qrcode: '',
  ios_download_url: '',
  android_download_url: '',
  version: APP_VERSION,
  version_code: APP_VERSION_CODE,
};

export type GameCategory = ApiResponse<'GET', '/v1/app/config/game-categories'>[number];

const STALE_SITE_MS = 5 * 60_000;

export const siteKeys = {
  all: ['site'] as const,
  appInfo: () => [...siteKeys.all, 'appinfo'] as const,
  config: () => [...siteKeys.all, 'config'] as const,
  gameCategories: () => [...siteKeys.all, 'game-categories'] as const,
};

/** POST /v1/appinfo, cached under the storage key `appinfo` so the next launch starts with it. */
export async function fetchAppInfo(signal?: AbortSignal): Promise<AppInfo> {
  const info = await api.post('/v1/appinfo', undefined, { light: true, toast: false, signal });
  storage.set('appinfo', info);
  return info;
}

export function useAppInfoQuery() {
  return useQuery({
    queryKey: siteKeys.appInfo(),
    queryFn: ({ signal }) => fetchAppInfo(signal),
    initialData: () => storage.get<AppInfo>('appinfo') ?? undefined,
    // The stored copy is shown at once but always refreshed.
    initialDataUpdatedAt: 0,
    staleTime: STALE_SITE_MS,
  });
}

/** App info with defaults filled in, for rendering. */
export function useAppInfo(): AppInfo {
  const { data } = useAppInfoQuery();
  return { ...DEFAULT_APP_INFO, ...data };
}

export function useAppConfigQuery() {
  return useQuery({
    queryKey: siteKeys.config(),
    queryFn: ({ signal }) => api.get('/v1/app/config/all', undefined, { light: true, toast: false, signal }),
    placeholderData: { ...APP_CONFIG_DEFAULTS },
    staleTime: STALE_SITE_MS,
  });
}

export function useGameCategoriesQuery() {
  return useQuery({
    queryKey: siteKeys.gameCategories(),
    queryFn: ({ signal }) =>
      api.get('/v1/app/config/game-categories', undefined, {
        light: true,
        toast: false,
        signal,
      }),
    staleTime: STALE_SITE_MS,
  });
}
