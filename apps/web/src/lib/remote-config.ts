import { APP_VERSION, TIMEOUTS, type RemoteConfig } from '@app/shared';
import { createStore } from 'zustand/vanilla';
import { logger } from './logger.ts';

export interface RemoteConfigState {
  config: RemoteConfig;
  /** Where the values came from: the validated file, or the same-origin defaults. */
  source: 'remote' | 'default';
  fetchedAt: number | null;
  error: string | null;
}

/** Same-origin defaults: the app, the API and the socket all live where the page was loaded from. */
export function defaultRemoteConfig(origin: string = window.location.origin): RemoteConfig {
  return {
    version: APP_VERSION,
    baseUrl: origin,
    apiServerUrl: `${origin}/v1`,
    reverbUrl: origin.replace(/^http/, 'ws'),
  };
}

export const remoteConfigStore = createStore<RemoteConfigState>(() => ({
  config: defaultRemoteConfig(),
  source: 'default',
  fetchedAt: null,
  error: null,
}));

const REQUIRED = ['version', 'baseUrl', 'apiServerUrl', 'reverbUrl'] as const;

/**
 * The shared `remoteConfig` schema's rules, checked by hand: its module (contracts/app.ts) is in
 * the first load for the app-config defaults, and parsing with the schema there would bring zod
 * into the first load with it (issue 20). remote-config.test.ts holds the two to the same answers.
 * Returns the config with only the known fields, or what is wrong with it.
 */
export function checkRemoteConfig(value: unknown): { config: RemoteConfig } | { error: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: '配置不是对象' };
  const raw = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const key of REQUIRED) {
    const field = raw[key];
    if (typeof field !== 'string' || field.length === 0) problems.push(`${key}: ${key} 不能为空`);
  }
  const { appKey, cluster, developerTools } = raw;
  if (appKey !== undefined && (typeof appKey !== 'string' || appKey.length === 0)) {
    problems.push('appKey: appKey 不能为空');
  }
  if (cluster !== undefined && typeof cluster !== 'string') problems.push('cluster: 必须是字符串');
  if (developerTools !== undefined && typeof developerTools !== 'boolean') {
    problems.push('developerTools: 必须是布尔值');
  }
  if (problems.length > 0) return { error: problems.join('; ') };
  return {
    config: {
      version: raw.version as string,
      baseUrl: raw.baseUrl as string,
      apiServerUrl: raw.apiServerUrl as string,
      reverbUrl: raw.reverbUrl as string,
      ...(appKey === undefined ? {} : { appKey: appKey as string }),
      ...(cluster === undefined ? {} : { cluster: cluster as string }),
      ...(developerTools === undefined ? {} : { developerTools: developerTools as boolean }),
    },
  };
}

let inFlight: Promise<RemoteConfigState> | null = null;

/**
 * Reads /config.json (10 s time-out), at most once per 5 minutes unless forced. An unreachable
 * or invalid file (baseUrl, apiServerUrl and reverbUrl must be non-empty strings) keeps the
 * same-origin defaults.
 */
export function loadRemoteConfig(options: { force?: boolean } = {}): Promise<RemoteConfigState> {
  const state = remoteConfigStore.getState();
  if (!options.force && state.fetchedAt && Date.now() - state.fetchedAt < TIMEOUTS.remoteConfigThrottleMs) {
    return Promise.resolve(state);
  }
  inFlight ??= fetchRemoteConfig().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function fetchRemoteConfig(): Promise<RemoteConfigState> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUTS.remoteConfigMs);
  let next: RemoteConfigState;
  try {
    const response = await fetch('/config.json', { cache: 'no-cache', signal: controller.signal });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const checked = checkRemoteConfig(await response.json());
    if ('error' in checked) throw new Error(checked.error);
    next = { config: checked.config, source: 'remote', fetchedAt: Date.now(), error: null };
    logger.info('config', '远程配置已加载', checked.config);
  } catch (err) {
    const message = controller.signal.aborted
      ? '远程配置请求超时'
      : err instanceof Error
        ? err.message
        : String(err);
    logger.warn('config', `远程配置不可用，使用默认配置：${message}`);
    next = { config: defaultRemoteConfig(), source: 'default', fetchedAt: Date.now(), error: message };
  } finally {
    clearTimeout(timer);
  }
  remoteConfigStore.setState(next);
  return next;
}
