import { REALTIME, type ConnectionInfo } from '@app/shared';
import type { ConnectionSettings } from './types.ts';

/** A member's socket settings from GET /v1/websocket/connection-info. */
export function settingsFromInfo(info: ConnectionInfo): ConnectionSettings {
  return {
    key: info.app_key,
    cluster: info.cluster,
    scheme: info.scheme,
    host: info.host,
    port: info.port,
    path: info.path,
    activityTimeoutS: info.activity_timeout,
    pongTimeoutMs: info.pong_timeout,
    privateChannel: info.channels.private,
  };
}

/**
 * A visitor's socket settings: connection-info needs a member, so the address comes from the
 * remote config's reverbUrl (ws(s)://host[:port][/path]) and the key from the last connection
 * info seen or the build's default.
 */
export function settingsFromReverbUrl(reverbUrl: string, key: string, cluster = 'mt1'): ConnectionSettings {
  const url = new URL(reverbUrl);
  const secure = url.protocol === 'wss:' || url.protocol === 'https:';
  return {
    key,
    cluster,
    scheme: secure ? 'wss' : 'ws',
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 443 : 80,
    path: url.pathname.replace(/\/+$/, ''),
    activityTimeoutS: REALTIME.pingIntervalMs / 1000,
    pongTimeoutMs: REALTIME.pongTimeoutMs,
    privateChannel: null,
  };
}
