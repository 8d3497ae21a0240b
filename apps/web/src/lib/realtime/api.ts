import type { ApiResponse } from '@app/shared/api';
import { api } from '../api/client.ts';

/** Background calls of the realtime client: quiet (no toasts), light (10 s), no overlay. */
const quiet = { light: true, toast: false } as const;

export type ConnectionTestResult = ApiResponse<'POST', '/v1/websocket/test-connection'>;
export type OnlineStatus = ApiResponse<'GET', '/v1/websocket/online-status'>;
export type CurrentBalance = ApiResponse<'GET', '/v1/websocket/current-balance'>;

/** The REST side of the realtime service (SPEC.md §7 "Websocket"). */
export const realtimeApi = {
  connectionInfo: (options: { toast?: boolean } = {}) =>
    api.get('/v1/websocket/connection-info', undefined, { ...quiet, ...options }),
  authorize: async (channel: string, socketId: string): Promise<string> => {
    const data = await api.post(
      '/v1/broadcasting/auth',
      { channel_name: channel, socket_id: socketId },
      quiet,
    );
    return data.auth;
  },
  authorizeBatch: (channels: string[], socketId: string) =>
    api.post('/v1/broadcasting/auth-batch', { channels, socket_id: socketId }, quiet),
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
    api.post('/v1/websocket/test-connection', undefined, {
      toast: false,
      retry: false,
    }),
  onlineStatus: () => api.get('/v1/websocket/online-status', undefined, quiet),
  currentBalance: () => api.get('/v1/websocket/current-balance', undefined, quiet),
};
