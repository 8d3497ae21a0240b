import Pusher from 'pusher-js';
import { OPERATOR_CHANNEL, PENDING_CHANGED_EVENT, type PendingCounts } from '@app/shared/backoffice';
import { get } from './api.ts';
import { getToken } from './session.ts';

/**
 * The console's socket: one private operator channel on the server's realtime hub (Pusher
 * protocol), carrying the pending counts. Returns a function that disconnects.
 */
export async function subscribePending(onCounts: (counts: PendingCounts) => void): Promise<() => void> {
  const info = await get('/admin/v1/realtime/connection-info');
  const pusher = new Pusher(info.app_key, {
    cluster: info.cluster,
    wsHost: info.host,
    wsPort: info.port,
    wssPort: info.port,
    forceTLS: info.scheme === 'wss',
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    channelAuthorization: {
      endpoint: '/admin/v1/broadcasting/auth',
      transport: 'ajax',
      headers: { authorization: `Bearer ${getToken() ?? ''}` },
    },
  });
  const channel = pusher.subscribe(OPERATOR_CHANNEL);
  channel.bind(PENDING_CHANGED_EVENT, (counts: PendingCounts) => onCounts(counts));
  return () => pusher.disconnect();
}
