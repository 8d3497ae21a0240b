import type { ConnectionInfo } from '@app/shared';
import { api } from '../api/client.ts';
import type { BatchAuthResult } from './auth.ts';

/** Background calls of the realtime client: quiet (no toasts), light (10 s), no overlay. */
const quiet = { light: true, toast: false } as const;

export interface ConnectionTestResult {
  success: boolean;
  driver: string;
  latency_ms: number;
  connections: number;
  server_time: number;
}

export interface OnlineStatus {
  is_online: 0 | 1;
  status: 'online' | 'offline';
  connections: number;
  last_heartbeat_at: string | null;
}

export interface CurrentBalance {
  balance: string;
  frozen_balance: string;
  lottery_balance: string;
  codingvolume: string;
  paysum: string;
  totalgame: string;
  timestamp: number;
}

/** The REST side of the realtime service (SPEC.md §7 "Websocket"). */
export const realtimeApi = {
  connectionInfo: (options: { toast?: boolean } = {}) =>
    api.get<ConnectionInfo>('/v1/websocket/connection-info', undefined, { ...quiet, ...options }),
  authorize: async (channel: string, socketId: string): Promise<string> => {
    const data = await api.post<{ auth: string }>(
      '/v1/broadcasting/auth',
      { channel_name: channel, socket_id: socketId },
      quiet,
    );
    return data.auth;
  },
  authorizeBatch: (channels: string[], socketId: string) =>
    api.post<BatchAuthResult>('/v1/broadcasting/auth-batch', { channels, socket_id: socketId }, quiet),
  heartbeat: async (socketId: string): Promise<void> => {
    await api.post('/v1/websocket/heartbeat', { socket_id: socketId }, { ...quiet, retry: false });
  },
  updateStatus: async (status: 'online' | 'offline', socketId: string): Promise<void> => {
    await api.post(
      '/v1/websocket/update-status',
      { status, socket_id: socketId },
      { ...quiet, retry: false },
    );
  },
  /** Asks the server to push `connection.test` to the member's channel; 503 when it cannot. */
  testConnection: () =>
    api.post<ConnectionTestResult>('/v1/websocket/test-connection', undefined, {
      toast: false,
      retry: false,
    }),
  onlineStatus: () => api.get<OnlineStatus>('/v1/websocket/online-status', undefined, quiet),
  currentBalance: () => api.get<CurrentBalance>('/v1/websocket/current-balance', undefined, quiet),
};
