import type { IncomingMessage, Server } from 'node:http';
import { randomInt } from 'node:crypto';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { memberIdOfChannel, PUSHER_PROTOCOL } from '@app/shared';
import type { Clock } from '../../lib/clock.ts';
import {
  channelKind,
  clientEventFrame,
  frames,
  PUSHER_CODES,
  systemFrame,
  verifySubscription,
} from './pusher-protocol.ts';

export interface HubOptions {
  appKey: string;
  appSecret: string;
  /** Seconds of silence after which the client pings (announced in connection_established). */
  activityTimeoutS: number;
  /** How long we wait for a pong before closing with 4201. */
  pongTimeoutMs: number;
  /** Largest frame accepted from a client. */
  maxPayloadBytes?: number;
  log: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;
  /** Silence and pong waits are measured on it (the sweep runs on a timer, or when a test calls it). */
  clock: Clock;
}

interface Connection {
  id: string;
  ws: WebSocket;
  channels: Set<string>;
  lastSeen: number;
  pingSentAt: number | null;
  /** Members whose private channel this socket holds (normally one). */
  members: Set<number>;
}

export interface HubStats {
  connections: number;
  channels: number;
  subscriptions: number;
  /** Sockets pinged by the server that have not answered yet. */
  awaitingPong: number;
}

/**
 * The embedded Pusher-protocol socket server: accepts `/app/<key>` upgrades on the API's own
 * port, keeps channel subscriptions, checks private-channel signatures, pings idle sockets
 * and delivers events to the sockets of this process.
 */
export class RealtimeHub {
  private readonly wss: WebSocketServer;
  private readonly connections = new Map<string, Connection>();
  private readonly channels = new Map<string, Set<Connection>>();
  private readonly memberSockets = new Map<number, Set<Connection>>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly options: HubOptions) {
    this.wss = new WebSocketServer({ noServer: true, maxPayload: options.maxPayloadBytes ?? 16 * 1024 });
    this.wss.on('connection', (ws: WebSocket, request: IncomingMessage) => this.accept(ws, request));
    this.sweeper = setInterval(() => this.sweep(), Math.min(5_000, options.pongTimeoutMs / 2));
    this.sweeper.unref();
  }

  /** Takes over WebSocket upgrades under `/app/` on the given HTTP server. */
  attach(server: Server): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const path = (request.url ?? '').split('?')[0] ?? '';
      if (!path.startsWith('/app/')) {
        socket.destroy();
        return;
      }
      this.wss.handleUpgrade(request, socket, head, (ws) => this.wss.emit('connection', ws, request));
    });
  }

  /** Sends an event to every socket of this process subscribed to the channel. */
  deliver(channelName: string, event: string, data: unknown): number {
    const subscribers = this.channels.get(channelName);
    if (!subscribers || subscribers.size === 0) return 0;
    const frame = frames.event(channelName, event, data);
    for (const connection of subscribers) connection.ws.send(frame);
    return subscribers.size;
  }

  /** Whether a socket of this process holds the channel. */
  hasSubscribers(channelName: string): boolean {
    return (this.channels.get(channelName)?.size ?? 0) > 0;
  }

  /** Live sockets holding the member's private channel on this process. */
  connectionsOf(memberId: number): number {
    return this.memberSockets.get(memberId)?.size ?? 0;
  }

  isConnected(socketId: string): boolean {
    return this.connections.has(socketId);
  }

  stats(): HubStats {
    let subscriptions = 0;
    for (const set of this.channels.values()) subscriptions += set.size;
    let awaitingPong = 0;
    for (const connection of this.connections.values()) if (connection.pingSentAt !== null) awaitingPong++;
    return { connections: this.connections.size, channels: this.channels.size, subscriptions, awaitingPong };
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    for (const connection of this.connections.values())
      connection.ws.close(PUSHER_CODES.reconnectNow, 'Server shutting down');
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  // ---- connection lifecycle --------------------------------------------------------------

  private accept(ws: WebSocket, request: IncomingMessage): void {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const refusal = this.refusal(url);
    if (refusal) {
      ws.send(frames.error(refusal.code, refusal.message));
      ws.close(refusal.code, refusal.message);
      return;
    }
    const connection: Connection = {
      id: `${randomInt(1, 2 ** 47)}.${randomInt(1, 2 ** 47)}`,
      ws,
      channels: new Set(),
      lastSeen: this.options.clock.now().getTime(),
      pingSentAt: null,
      members: new Set(),
    };
    this.connections.set(connection.id, connection);
    ws.on('message', (raw: RawData, isBinary: boolean) => this.receive(connection, raw, isBinary));
    ws.on('close', () => this.drop(connection));
    ws.on('error', (err) => this.options.log.debug({ err, socketId: connection.id }, 'socket error'));
    ws.send(frames.connectionEstablished(connection.id, this.options.activityTimeoutS));
  }

  private refusal(url: URL): { code: number; message: string } | null {
    const match = /^\/app\/([^/]+)\/?$/.exec(url.pathname);
    if (!match) return { code: PUSHER_CODES.pathNotFound, message: 'Path not found' };
    if (decodeURIComponent(match[1] ?? '') !== this.options.appKey) {
      return { code: PUSHER_CODES.appNotFound, message: `Application does not exist` };
    }
    const protocol = url.searchParams.get('protocol');
    if (protocol === null)
      return { code: PUSHER_CODES.noProtocolVersion, message: 'No protocol version supplied' };
    if (!/^\d+$/.test(protocol))
      return { code: PUSHER_CODES.invalidVersion, message: 'Invalid version string format' };
    const version = Number(protocol);
    if (version < 5 || version > PUSHER_PROTOCOL) {
      return { code: PUSHER_CODES.unsupportedProtocol, message: `Unsupported protocol version ${protocol}` };
    }
    return null;
  }

  private receive(connection: Connection, raw: RawData, isBinary: boolean): void {
    connection.lastSeen = this.options.clock.now().getTime();
    connection.pingSentAt = null;
    let parsedJson: unknown;
    try {
      parsedJson = isBinary ? undefined : JSON.parse(rawText(raw));
    } catch {
      parsedJson = undefined;
    }
    if (clientEventFrame.safeParse(parsedJson).success) {
      // Client events: members never talk to each other through us.
      connection.ws.send(frames.error(PUSHER_CODES.clientEventRejected, 'Client events are not enabled'));
      return;
    }
    const parsed = systemFrame.safeParse(parsedJson);
    if (!parsed.success) {
      connection.ws.send(frames.error(PUSHER_CODES.reconnectNow, 'Invalid message format'));
      return;
    }
    const frame = parsed.data;
    switch (frame.event) {
      case 'pusher:ping':
        connection.ws.send(frames.pong());
        return;
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        this.subscribe(connection, frame.data.channel, frame.data.auth, frame.data.channel_data);
        return;
      case 'pusher:unsubscribe':
        this.unsubscribe(connection, frame.data.channel);
        return;
    }
  }

  private subscribe(connection: Connection, channelName: string, auth?: string, channelData?: string): void {
    const kind = channelKind(channelName);
    const { appKey, appSecret } = this.options;
    if (kind === 'encrypted' || kind === 'presence') {
      connection.ws.send(
        frames.error(PUSHER_CODES.unauthorized, `Channel type not supported: ${channelName}`),
      );
      return;
    }
    if (
      kind === 'private' &&
      !verifySubscription(appKey, appSecret, connection.id, channelName, auth, channelData)
    ) {
      connection.ws.send(frames.error(PUSHER_CODES.unauthorized, 'Connection is unauthorized'));
      return;
    }
    if (!connection.channels.has(channelName)) {
      connection.channels.add(channelName);
      let set = this.channels.get(channelName);
      if (!set) this.channels.set(channelName, (set = new Set()));
      set.add(connection);
      const memberId = memberIdOfChannel(channelName);
      if (memberId !== null) {
        connection.members.add(memberId);
        let sockets = this.memberSockets.get(memberId);
        if (!sockets) this.memberSockets.set(memberId, (sockets = new Set()));
        sockets.add(connection);
      }
    }
    connection.ws.send(frames.subscriptionSucceeded(channelName));
  }

  private unsubscribe(connection: Connection, channelName: string): void {
    if (!connection.channels.delete(channelName)) return;
    const set = this.channels.get(channelName);
    set?.delete(connection);
    if (set?.size === 0) this.channels.delete(channelName);
    const memberId = memberIdOfChannel(channelName);
    if (memberId !== null) this.forgetMember(connection, memberId);
  }

  private drop(connection: Connection): void {
    for (const channelName of [...connection.channels]) this.unsubscribe(connection, channelName);
    this.connections.delete(connection.id);
  }

  private forgetMember(connection: Connection, memberId: number): void {
    connection.members.delete(memberId);
    const sockets = this.memberSockets.get(memberId);
    sockets?.delete(connection);
    if (sockets?.size === 0) this.memberSockets.delete(memberId);
  }

  /** Pings sockets silent for longer than the activity timeout; closes those that never answer. */
  sweep(): void {
    const now = this.options.clock.now().getTime();
    const idleMs =
      this.options.activityTimeoutS * 1000 + Math.min(5_000, this.options.activityTimeoutS * 200);
    for (const connection of this.connections.values()) {
      if (connection.pingSentAt !== null) {
        if (now - connection.pingSentAt > this.options.pongTimeoutMs) {
          connection.ws.close(PUSHER_CODES.pongNotReceived, 'Pong reply not received');
          connection.ws.terminate();
          this.drop(connection);
        }
      } else if (now - connection.lastSeen > idleMs) {
        connection.pingSentAt = now;
        connection.ws.send(frames.ping());
      }
    }
  }
}

function rawText(raw: RawData): string {
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  if (raw instanceof ArrayBuffer) return Buffer.from(raw).toString('utf8');
  return raw.toString('utf8');
}
