import type { IncomingMessage, Server } from 'node:http';
import { randomInt } from 'node:crypto';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
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
import { isValidHandshake, refuseUpgrade } from './refusal.ts';
import {
  AddressCounts,
  clientAddressOf,
  FrameBudget,
  type SocketLimits,
  type TrustProxy,
} from './socket-limits.ts';

export interface HubOptions {
  appKey: string;
  appSecret: string;
  /** Seconds of silence after which the client pings (announced in connection_established). */
  activityTimeoutS: number;
  /** How long we wait for a pong before closing with 4201. */
  pongTimeoutMs: number;
  /** Connections per address, frames per second and frame size (socket-limits.ts). */
  limits: SocketLimits;
  /** Whom to believe about the client's address, as Fastify's `trustProxy` (request.ip). */
  trustProxy: TrustProxy;
  log: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;
  /** Silence and pong waits are measured on it (the sweep runs on a timer, or when a test calls it). */
  clock: Clock;
}

interface Connection {
  id: string;
  ws: WebSocket;
  /** Its TCP socket (ws reads from it). */
  socket: Duplex;
  /** The client's address, counted against `connectionsPerAddress` until the socket is gone. */
  address: string;
  budget: FrameBudget;
  /** Over its rate since the last frame it was allowed: told once (4301), then refused quietly. */
  refusing: boolean;
  /** Closed by us (a limit, a missing pong): whatever it still sends is dropped unread. */
  closing: boolean;
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
  /** Client addresses holding a socket. */
  addresses: number;
  /** What the socket limits turned away since start. */
  limited: {
    /** Connections refused because their address held REALTIME_MAX_CONNECTIONS_PER_ADDRESS. */
    connections: number;
    /** Frames refused over REALTIME_MAX_MESSAGES_PER_S (the first of each run answered with 4301). */
    frames: number;
    /** Sockets closed with 4100 for sending on at that rate. */
    floods: number;
    /** Sockets closed with 4100 for a frame over REALTIME_MAX_FRAME_BYTES. */
    oversized: number;
  };
}

const OVER_CAPACITY = {
  connections: 'Over capacity: too many connections from this address',
  rate: 'Over capacity: too many messages',
  frame: 'Over capacity: message too large',
} as const;
// Refused frames are answered with this one string: a flood costs no JSON work.
const RATE_LIMITED = frames.error(
  PUSHER_CODES.clientEventRejected,
  'Client event rejected due to rate limit',
);

/**
 * ws closes a frame over `maxPayload` with 1009 itself, as soon as its header is read and before
 * any handler of ours runs; pusher-js treats 1009 as a plain drop. Every limit closes with the
 * protocol's 4100 (over capacity: reconnect after backing off), so this one does too.
 */
class PusherSocket extends WebSocket {
  override close(code?: number, data?: string | Buffer): void {
    if (code === 1009) super.close(PUSHER_CODES.overCapacity, OVER_CAPACITY.frame);
    else super.close(code, data);
  }
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
  private readonly perAddress: AddressCounts;
  private readonly clientAddress: (request: IncomingMessage) => string;
  private readonly limited = { connections: 0, frames: 0, floods: 0, oversized: 0 };

  constructor(private readonly options: HubOptions) {
    this.wss = new WebSocketServer({
      noServer: true,
      WebSocket: PusherSocket,
      maxPayload: options.limits.maxFrameBytes,
      // One frame per socket per turn of the event loop: a socket that sends hundreds at once
      // cannot hold the loop for all of them, so HTTP requests are answered in between.
      allowSynchronousEvents: false,
    });
    this.perAddress = new AddressCounts(options.limits.connectionsPerAddress);
    this.clientAddress = clientAddressOf(options.trustProxy);
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
      // An address at its limit is turned away before ws builds anything for the socket.
      if (this.perAddress.full(this.clientAddress(request)) && isValidHandshake(request)) {
        this.limited.connections++;
        refuseUpgrade(request, socket, PUSHER_CODES.overCapacity, OVER_CAPACITY.connections);
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
    return this.connections.get(socketId)?.closing === false;
  }

  stats(): HubStats {
    let subscriptions = 0;
    for (const set of this.channels.values()) subscriptions += set.size;
    let awaitingPong = 0;
    for (const connection of this.connections.values()) if (connection.pingSentAt !== null) awaitingPong++;
    return {
      connections: this.connections.size,
      channels: this.channels.size,
      subscriptions,
      awaitingPong,
      addresses: this.perAddress.addresses,
      limited: { ...this.limited },
    };
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
      refuse(ws, refusal.code, refusal.message);
      return;
    }
    // The upgrade handler turned away addresses at their limit; ws builds and accepts a socket
    // in the same turn, so this admits it.
    const address = this.clientAddress(request);
    if (!this.perAddress.admit(address)) {
      this.limited.connections++;
      refuse(ws, PUSHER_CODES.overCapacity, OVER_CAPACITY.connections);
      return;
    }
    const now = this.options.clock.now().getTime();
    const { messagesPerSecond, messageBurst } = this.options.limits;
    const connection: Connection = {
      id: `${randomInt(1, 2 ** 47)}.${randomInt(1, 2 ** 47)}`,
      ws,
      socket: request.socket,
      address,
      budget: new FrameBudget(messagesPerSecond, messageBurst, now),
      refusing: false,
      closing: false,
      channels: new Set(),
      lastSeen: now,
      pingSentAt: null,
      members: new Set(),
    };
    this.connections.set(connection.id, connection);
    ws.on('message', (raw: RawData, isBinary: boolean) => this.receive(connection, raw, isBinary));
    // Control frames are frames too: ws answers a ping by itself, so a flood of them is metered.
    ws.on('ping', () => this.admitFrame(connection));
    ws.on('pong', () => this.admitFrame(connection));
    ws.on('close', () => this.drop(connection));
    ws.on('error', (err) => {
      if ((err as { code?: string }).code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') {
        this.limited.oversized++;
        this.shut(connection);
      }
      this.options.log.debug({ err, socketId: connection.id }, 'socket error');
    });
    ws.send(frames.connectionEstablished(connection.id, this.options.activityTimeoutS));
  }

  /**
   * Meters one frame against the socket's budget before anything reads it. Over the rate a frame
   * is refused: the first of a run is answered with 4301 (the protocol's "client event rejected
   * due to rate limit"; one answer per run, so refusing costs no writes), and a socket that goes
   * on sending is closed with 4100, after which its frames are dropped unread.
   */
  private admitFrame(connection: Connection): boolean {
    if (connection.closing) return false;
    switch (connection.budget.spend(this.options.clock.now().getTime())) {
      case 'ok':
        connection.refusing = false;
        return true;
      case 'refuse':
        this.limited.frames++;
        if (!connection.refusing) connection.ws.send(RATE_LIMITED);
        connection.refusing = true;
        return false;
      case 'close':
        this.limited.floods++;
        this.options.log.debug({ address: connection.address, socketId: connection.id }, 'socket flood');
        this.shut(connection, PUSHER_CODES.overCapacity, OVER_CAPACITY.rate);
        return false;
    }
  }

  /**
   * Stops serving a socket now: no more deliveries, and, given a code, its close. Whatever the
   * client had already sent is then read and thrown away without being parsed, as ws itself does
   * after a broken frame (unmasking a flood's frames in JavaScript cost more than handling them);
   * the client's FIN still ends the socket, or ws's close timeout does.
   */
  private shut(connection: Connection, code?: number, reason?: string): void {
    connection.closing = true;
    for (const channelName of [...connection.channels]) this.unsubscribe(connection, channelName);
    if (code === undefined) return;
    connection.ws.close(code, reason);
    connection.socket.removeAllListeners('data');
    connection.socket.resume();
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
    if (!this.admitFrame(connection)) return;
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

  /** Forgets a socket once it is gone (its close, or the sweep's terminate); runs once. */
  private drop(connection: Connection): void {
    if (!this.connections.delete(connection.id)) return;
    connection.closing = true;
    for (const channelName of [...connection.channels]) this.unsubscribe(connection, channelName);
    this.perAddress.release(connection.address);
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
      if (connection.closing) continue;
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

/**
 * Refuses a socket during the handshake: the error first (pusher-js reads it as the handshake's
 * answer), then the close with the same code.
 */
function refuse(ws: WebSocket, code: number, message: string): void {
  // A refused socket may still send a broken or oversized frame: ws reports it as an 'error',
  // which would be thrown without a listener.
  ws.on('error', () => undefined);
  ws.send(frames.error(code, message));
  ws.close(code, message);
}

function rawText(raw: RawData): string {
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  if (raw instanceof ArrayBuffer) return Buffer.from(raw).toString('utf8');
  return raw.toString('utf8');
}
