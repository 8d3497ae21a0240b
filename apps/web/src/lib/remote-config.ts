import { APP_VERSION, remoteConfig, TIMEOUTS, type RemoteConfig } from '@app/shared';
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
    const parsed = remoteConfig.safeParse(await response.json());
    if (!parsed.success) {
      throw new Error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    }
    next = { config: parsed.data, source: 'remote', fetchedAt: Date.now(), error: null };
    logger.info('config', '远程配置已加载', parsed.data);
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
