/** The realtime module's face: what other modules and the composition root may use. */
export {
  CLUSTER_REALTIME_MESSAGE,
  ClusterBroadcaster,
  LocalBroadcaster,
  PusherHttpBroadcaster,
  RedisBroadcaster,
} from './broadcaster.ts';
export type { Broadcaster } from './broadcaster.ts';
export { RealtimeHub } from './hub.ts';
export { signSubscription } from './pusher-protocol.ts';
export { realtimeRoutes } from './realtime.routes.ts';
export { RealtimeService } from './realtime.service.ts';
export type { SocketLimits } from './socket-limits.ts';
