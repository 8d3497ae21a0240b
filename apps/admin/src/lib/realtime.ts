import Pusher from 'pusher-js';
import { OPERATOR_CHANNEL, PENDING_CHANGED_EVENT, type PendingCounts } from '@app/shared/backoffice';
import type { BackofficeResponse } from '@app/shared/backoffice-api';
import { get } from './api.ts';
import { getToken } from './session.ts';

/** Where the hub is (the channel each route names is the caller's to subscribe). */
type ConnectionInfo = Omit<BackofficeResponse<'GET', '/admin/v1/realtime/connection-info'>, 'channel'>;

/**
 * A socket on the server's realtime hub (Pusher protocol) whose private channels `authEndpoint`
 * signs with the operator's token.
 */
export function openConsoleSocket(info: ConnectionInfo, authEndpoint: string): Pusher {
  return new Pusher(info.app_key, {
    cluster: info.cluster,
    wsHost: info.host,
    wsPort: info.port,
    wssPort: info.port,
    forceTLS: info.scheme === 'wss',
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    channelAuthorization: {
      endpoint: authEndpoint,
      transport: 'ajax',
      headers: { authorization: `Bearer ${getToken() ?? ''}` },
    },
  });
}

/**
 * The console's socket: one private operator channel, carrying the pending counts. Returns a
 * function that disconnects.
 */
export async function subscribePending(onCounts: (counts: PendingCounts) => void): Promise<() => void> {
  const pusher = openConsoleSocket(
    await get('/admin/v1/realtime/connection-info'),
    '/admin/v1/broadcasting/auth',
  );
  const channel = pusher.subscribe(OPERATOR_CHANNEL);
  channel.bind(PENDING_CHANGED_EVENT, (counts: PendingCounts) => onCounts(counts));
  return () => pusher.disconnect();
}
