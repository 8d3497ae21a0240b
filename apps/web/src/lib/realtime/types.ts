import type { ConnectionInfo } from '@app/shared';

/** Realtime connection state (SPEC.md §4). */
export type RealtimeState = 'idle' | 'connecting' | 'connected' | 'closed';
/** How member data is kept fresh right now (SPEC.md §4). */
export type UpdateMethod = 'websocket' | 'polling' | 'none';
/** Who the connection is for: nobody, a visitor (public channels only) or the logged-in member. */
export type RealtimeMode = 'off' | 'anonymous' | 'member';

/** What `useRealtimeStatus()` reports. */
export interface RealtimeStatus {
  state: RealtimeState;
  method: UpdateMethod;
  socketId: string | null;
}

/** The member a connection is opened for: both are required (SPEC.md §4). */
export interface RealtimeSession {
  userId: number;
  token: string;
}

/** Where and how to open a socket. */
export interface ConnectionSettings {
  key: string;
  cluster: string;
  scheme: 'ws' | 'wss';
  host: string;
  port: number;
  /** Path prefix before /app/<key>; empty for the API's own port. */
  path: string;
  activityTimeoutS: number;
  pongTimeoutMs: number;
  /** The member's private channel, or null for a visitor. */
  privateChannel: string | null;
}

/** Everything the manager shows about itself (debug pages, logs). */
export interface RealtimeSnapshot extends RealtimeStatus {
  mode: RealtimeMode;
  userId: number | null;
  /** Failed attempts since the last successful connection. */
  attempts: number;
  /** Reconnects scheduled since the last successful connection (at most 5). */
  reconnects: number;
  /** All reconnects used up: no more automatic attempts until something changes. */
  reconnectFailed: boolean;
  /** When the next automatic attempt runs, if one is scheduled. */
  nextRetryAt: number | null;
  polling: boolean;
  lastPollAt: number | null;
  connectedAt: number | null;
  /** The last connection info the server gave (members only). */
  info: ConnectionInfo | null;
  /** Public channels some page listens to. */
  publicChannels: string[];
}

/** One event that arrived on a channel (kept for the push test page). */
export interface ReceivedEvent {
  id: number;
  receivedAt: number;
  channel: string;
  scope: 'private' | 'public';
  event: string;
  data: unknown;
}

export type EventHandler = (data: unknown) => void;

/** What a transport reports to the manager. Each attempt reports connected or failed once. */
export interface TransportHandlers {
  onConnected(socketId: string): void;
  /** The attempt ended before a connection was established. */
  onFailed(reason: string): void;
  /** An established connection was lost. */
  onDisconnected(reason: string): void;
  onEvent(channel: string, event: string, data: unknown): void;
  onSubscribed(channel: string): void;
  onSubscriptionError(channel: string, reason: string): void;
}

/** One connection attempt/connection; closing it silences every handler. */
export interface TransportConnection {
  subscribe(channel: string): void;
  unsubscribe(channel: string): void;
  close(): void;
}

export type TransportFactory = (
  settings: ConnectionSettings,
  handlers: TransportHandlers,
) => TransportConnection;
