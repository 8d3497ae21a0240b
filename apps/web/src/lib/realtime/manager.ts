import type { ConnectionInfo } from '@app/shared';
import { POLICY, reconnectDelayMs } from './policy.ts';
import { settingsFromInfo } from './settings.ts';
import type {
  ConnectionSettings,
  EventHandler,
  RealtimeMode,
  RealtimeSession,
  RealtimeSnapshot,
  RealtimeStatus,
  ReceivedEvent,
  TransportConnection,
  TransportFactory,
} from './types.ts';

export type ConnectionLogType = 'info' | 'success' | 'error';

/** What the manager needs from the outside world (injected so it runs under fake timers in tests). */
export interface ManagerDeps {
  createTransport: TransportFactory;
  /** GET /v1/websocket/connection-info (members). */
  fetchConnectionInfo(): Promise<ConnectionInfo>;
  /** Where a visitor connects (public channels only). */
  anonymousSettings(lastInfo: ConnectionInfo | null): ConnectionSettings;
  /** POST /v1/websocket/heartbeat. */
  heartbeat(socketId: string): Promise<void>;
  /** POST /v1/websocket/update-status. */
  updateStatus(status: 'online' | 'offline', socketId: string): Promise<void>;
  /** Connection log (SPEC.md §3). */
  log(type: ConnectionLogType, message: string, extra?: { error?: string; data?: unknown }): void;
  /** Called whenever the socket or the member changes (drops cached channel signatures). */
  resetAuth?(): void;
  now?(): number;
}

export type LifecycleEvent =
  | { type: 'connected'; socketId: string }
  | { type: 'disconnected'; reason: string }
  | { type: 'attempt-failed'; attempts: number; reason: string }
  | { type: 'reconnect-failed'; attempts: number }
  | { type: 'polling-started'; reason: string }
  | { type: 'polling-stopped' };

/** Subscribing to this event name receives every event of the channel. */
export const ANY_EVENT = '*';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The one realtime manager (SPEC.md §4): a member connection while a session with user id and
 * token exists, a visitor connection while some page listens to a public channel, nothing
 * otherwise. It owns the reconnect policy (pusher-js's own retries are cut short) and the
 * polling fallback, and hands every event to the handlers registered for it.
 */
export class RealtimeManager {
  private mode: RealtimeMode = 'off';
  private session: RealtimeSession | null = null;
  /** Increments whenever the current connection is abandoned; late callbacks of older ones are ignored. */
  private generation = 0;
  private transport: TransportConnection | null = null;
  private settings: ConnectionSettings | null = null;
  private manualOff = false;

  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pollStartTimer: ReturnType<typeof setTimeout> | null = null;
  private pollTimer: ReturnType<typeof setInterval> | null = null;
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  private statusTimer: ReturnType<typeof setTimeout> | null = null;
  private lingerTimer: ReturnType<typeof setTimeout> | null = null;

  private readonly publicHandlers = new Map<string, Map<string, Set<EventHandler>>>();
  private readonly privateHandlers = new Map<string, Set<EventHandler>>();
  private readonly snapshotListeners = new Set<() => void>();
  private readonly eventListeners = new Set<(event: ReceivedEvent) => void>();
  private readonly lifecycleListeners = new Set<(event: LifecycleEvent) => void>();
  private poller: (() => Promise<void>) | null = null;
  private eventSeq = 0;

  private snapshot: RealtimeSnapshot = {
    state: 'idle',
    method: 'none',
    socketId: null,
    mode: 'off',
    userId: null,
    attempts: 0,
    reconnects: 0,
    reconnectFailed: false,
    nextRetryAt: null,
    polling: false,
    lastPollAt: null,
    connectedAt: null,
    info: null,
    publicChannels: [],
  };
  private status: RealtimeStatus = { state: 'idle', method: 'none', socketId: null };

  constructor(private readonly deps: ManagerDeps) {}

  // ---- reading ---------------------------------------------------------------------------

  getSnapshot = (): RealtimeSnapshot => this.snapshot;
  /** The three fields of useRealtimeStatus(); the same object until one of them changes. */
  getStatus = (): RealtimeStatus => this.status;

  /** Listens to snapshot changes; returns the unsubscriber. */
  subscribe = (listener: () => void): (() => void) => {
    this.snapshotListeners.add(listener);
    return () => this.snapshotListeners.delete(listener);
  };

  /** Every event that arrives, on any channel. */
  onEvent(listener: (event: ReceivedEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  onLifecycle(listener: (event: LifecycleEvent) => void): () => void {
    this.lifecycleListeners.add(listener);
    return () => this.lifecycleListeners.delete(listener);
  }

  /** What a poll does (fetch user info and refresh the caches); set by the app at start. */
  setPoller(poll: (() => Promise<void>) | null): void {
    this.poller = poll;
  }

  // ---- session ---------------------------------------------------------------------------

  /** The member to connect for, or null (logged out). Without user id and token nothing starts. */
  setSession(session: RealtimeSession | null): void {
    const next = session && session.userId && session.token ? session : null;
    if (next?.userId === this.session?.userId && next?.token === this.session?.token) return;
    this.session = next;
    this.manualOff = false;
    this.update({ userId: next?.userId ?? null, info: next ? this.snapshot.info : null });
    this.reconcile(true);
  }

  // ---- subscriptions ---------------------------------------------------------------------

  /**
   * Listens to an event on a public channel (`*`: every event); opens a visitor connection when
   * nobody is logged in.
   */
  subscribePublic(channel: string, event: string, handler: EventHandler): () => void {
    let events = this.publicHandlers.get(channel);
    const firstForChannel = !events;
    if (!events) {
      events = new Map();
      this.publicHandlers.set(channel, events);
    }
    let handlers = events.get(event);
    if (!handlers) {
      handlers = new Set();
      events.set(event, handlers);
    }
    // A wrapper per call, so the same function subscribed twice needs two unsubscribes.
    const entry: EventHandler = (data) => handler(data);
    handlers.add(entry);
    if (firstForChannel) {
      this.transport?.subscribe(channel);
      this.update({ publicChannels: [...this.publicHandlers.keys()] });
    }
    this.reconcile(false);

    let active = true;
    return () => {
      if (!active) return;
      active = false;
      handlers.delete(entry);
      if (handlers.size === 0) events.delete(event);
      if (events.size === 0 && this.publicHandlers.get(channel) === events) {
        this.publicHandlers.delete(channel);
        this.transport?.unsubscribe(channel);
        this.update({ publicChannels: [...this.publicHandlers.keys()] });
      }
      this.reconcile(false);
    };
  }

  /** Listens to an event on the logged-in member's private channel. */
  subscribePrivate(event: string, handler: EventHandler): () => void {
    let handlers = this.privateHandlers.get(event);
    if (!handlers) {
      handlers = new Set();
      this.privateHandlers.set(event, handlers);
    }
    const entry: EventHandler = (data) => handler(data);
    handlers.add(entry);
    return () => {
      handlers.delete(entry);
      if (handlers.size === 0 && this.privateHandlers.get(event) === handlers)
        this.privateHandlers.delete(event);
    };
  }

  // ---- manual control (debug pages, page visibility, network) ----------------------------

  /** Connects now with fresh counters (also after reconnect-failed or a manual disconnect). */
  connect(): void {
    this.manualOff = false;
    if (this.desiredMode() === 'off') {
      this.deps.log('info', '无需连接：未登录且没有页面订阅公共频道');
      return;
    }
    this.teardown();
    this.mode = this.desiredMode();
    this.resetCounters();
    this.update({ mode: this.mode });
    void this.attempt();
  }

  /**
   * Closes the socket on request and makes no more attempts until `connect()`. A member keeps
   * getting fresh data: polling starts after 5 s as after any disconnect.
   */
  disconnect(): void {
    if (this.mode === 'off') return;
    const member = this.mode === 'member';
    this.teardown();
    this.manualOff = true;
    this.deps.log('info', '已手动断开实时连接');
    this.update({ state: 'closed' });
    if (member) this.schedulePollingStart('手动断开');
  }

  /** Tells the server this member is offline (before logout, while the token still works). */
  async announceOffline(): Promise<void> {
    const socketId = this.snapshot.socketId;
    if (this.mode !== 'member' || !socketId) return;
    this.clearTimer('statusTimer');
    try {
      await this.deps.updateStatus('offline', socketId);
      this.deps.log('info', '已上报离线状态', { data: { socket_id: socketId } });
    } catch (err) {
      this.deps.log('error', '上报离线状态失败', { error: message(err) });
    }
  }

  /** Page hidden: report offline; visible again: report online (after the notice delay) or reconnect. */
  handleVisibility(visible: boolean): void {
    if (this.mode !== 'member') return;
    if (!visible) {
      void this.announceOffline();
      return;
    }
    if (this.snapshot.state === 'connected') this.scheduleStatusNotice();
    else this.retryIfGivenUp('页面回到前台');
  }

  /** The network came back: a manager that gave up tries again at once. */
  handleOnline(): void {
    this.retryIfGivenUp('网络已恢复');
  }

  /** Stops everything (tests, hot reload). */
  destroy(): void {
    this.teardown();
    this.mode = 'off';
    this.session = null;
    this.update({ mode: 'off', state: 'idle', userId: null });
  }

  // ---- the state machine -----------------------------------------------------------------

  private desiredMode(): RealtimeMode {
    if (this.session) return 'member';
    return this.publicHandlers.size > 0 ? 'anonymous' : 'off';
  }

  /** Brings the connection in line with the session and the public subscriptions. */
  private reconcile(sessionChanged: boolean): void {
    const desired = this.desiredMode();
    if (desired !== 'off') this.clearTimer('lingerTimer');
    // Same mode: nothing to do, unless a different member logged in.
    if (desired === this.mode && !(sessionChanged && desired === 'member')) return;
    if (desired === 'off') {
      // The last public page went away: keep a visitor socket a little, the next page may want it.
      if (this.mode === 'anonymous' && !sessionChanged) {
        this.lingerTimer ??= setTimeout(() => {
          this.lingerTimer = null;
          if (this.desiredMode() === 'off') this.stopAll('没有页面订阅公共频道');
        }, POLICY.anonymousLingerMs);
        return;
      }
      this.stopAll(this.mode === 'member' ? '已退出登录' : '没有页面订阅公共频道');
      return;
    }
    this.teardown();
    this.manualOff = false;
    this.mode = desired;
    this.resetCounters();
    this.update({ mode: desired, info: desired === 'member' ? null : this.snapshot.info });
    this.deps.log('info', desired === 'member' ? '开始建立会员实时连接' : '开始建立游客实时连接（公共频道）');
    void this.attempt();
  }

  private stopAll(reason: string): void {
    const hadConnection = this.mode !== 'off';
    this.teardown();
    this.mode = 'off';
    this.update({ mode: 'off', state: 'idle', reconnectFailed: false, attempts: 0, reconnects: 0 });
    if (hadConnection) this.deps.log('info', `实时连接已关闭：${reason}`);
  }

  private resetCounters(): void {
    this.update({ attempts: 0, reconnects: 0, reconnectFailed: false, nextRetryAt: null });
  }

  /** Abandons the current connection and every timer; the counters stay. */
  private teardown(): void {
    this.generation++;
    for (const timer of [
      'reconnectTimer',
      'pollStartTimer',
      'heartbeatTimer',
      'statusTimer',
      'lingerTimer',
    ] as const) {
      this.clearTimer(timer);
    }
    this.stopPolling();
    this.closeTransport();
    this.deps.resetAuth?.();
    this.update({ state: 'idle', socketId: null, nextRetryAt: null, connectedAt: null });
  }

  private closeTransport(): void {
    const transport = this.transport;
    this.transport = null;
    this.settings = null;
    transport?.close();
  }

  private async attempt(): Promise<void> {
    const generation = ++this.generation;
    const mode = this.mode;
    const number = this.snapshot.attempts + 1;
    this.update({ state: 'connecting', nextRetryAt: null });
    this.deps.log('info', `正在连接实时服务（第 ${number} 次尝试）`);

    let settings: ConnectionSettings;
    try {
      if (mode === 'member') {
        const info = await this.deps.fetchConnectionInfo();
        if (generation !== this.generation) return;
        this.update({ info });
        settings = settingsFromInfo(info);
      } else {
        settings = this.deps.anonymousSettings(this.snapshot.info);
      }
    } catch (err) {
      if (generation !== this.generation) return;
      this.attemptFailed(`获取连接信息失败：${message(err)}`);
      return;
    }

    this.settings = settings;
    this.transport = this.deps.createTransport(settings, {
      onConnected: (socketId) => {
        if (generation === this.generation) this.connected(socketId);
      },
      onFailed: (reason) => {
        if (generation === this.generation) this.attemptFailed(reason);
      },
      onDisconnected: (reason) => {
        if (generation === this.generation) this.lost(reason);
      },
      onEvent: (channel, event, data) => {
        if (generation === this.generation) this.dispatch(channel, event, data);
      },
      onSubscribed: (channel) => {
        if (generation === this.generation) this.deps.log('success', `已订阅频道 ${channel}`);
      },
      onSubscriptionError: (channel, reason) => {
        if (generation !== this.generation) return;
        this.deps.log('error', `订阅频道 ${channel} 失败`, { error: reason });
      },
    });
    if (settings.privateChannel) this.transport.subscribe(settings.privateChannel);
    for (const channel of this.publicHandlers.keys()) this.transport.subscribe(channel);
  }

  private connected(socketId: string): void {
    const wasPolling = this.snapshot.polling;
    this.clearTimer('pollStartTimer');
    this.clearTimer('reconnectTimer');
    this.stopPolling();
    this.update({
      state: 'connected',
      socketId,
      attempts: 0,
      reconnects: 0,
      reconnectFailed: false,
      nextRetryAt: null,
      connectedAt: this.now(),
    });
    this.deps.log('success', '实时服务连接成功', { data: { socket_id: socketId, mode: this.mode } });
    this.emitLifecycle({ type: 'connected', socketId });
    if (this.mode !== 'member') return;
    this.scheduleStatusNotice();
    const generation = this.generation;
    this.heartbeatTimer = setInterval(() => {
      if (generation !== this.generation) return;
      this.deps.heartbeat(socketId).then(
        () => this.deps.log('info', '用户心跳已发送', { data: { socket_id: socketId } }),
        (err: unknown) => this.deps.log('error', '用户心跳失败', { error: message(err) }),
      );
    }, POLICY.userHeartbeatMs);
    // Data may have changed while we were polling or offline: one refresh catches up.
    if (wasPolling) void this.pollOnce();
  }

  private attemptFailed(reason: string): void {
    this.closeTransport();
    const attempts = this.snapshot.attempts + 1;
    this.update({ state: 'closed', socketId: null, attempts });
    this.deps.log('error', `实时服务连接失败（累计 ${attempts} 次）`, { error: reason });
    this.emitLifecycle({ type: 'attempt-failed', attempts, reason });
    if (this.mode === 'member' && attempts >= POLICY.pollingAfterFailures && !this.snapshot.polling) {
      this.clearTimer('pollStartTimer');
      this.startPolling(`连续 ${attempts} 次连接失败`);
    }
    this.scheduleReconnect();
  }

  private lost(reason: string): void {
    this.closeTransport();
    this.clearTimer('heartbeatTimer');
    this.clearTimer('statusTimer');
    this.update({ state: 'closed', socketId: null, connectedAt: null });
    this.deps.log('error', '实时连接已断开', { error: reason });
    this.emitLifecycle({ type: 'disconnected', reason });
    if (this.mode === 'member') this.schedulePollingStart('连接断开');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.manualOff) return;
    const done = this.snapshot.reconnects;
    if (done >= POLICY.maxReconnects) {
      this.update({ reconnectFailed: true, nextRetryAt: null });
      this.deps.log('error', `重连失败：已重连 ${done} 次仍未成功，停止自动重连`);
      this.emitLifecycle({ type: 'reconnect-failed', attempts: this.snapshot.attempts });
      return;
    }
    const reconnects = done + 1;
    const delay = reconnectDelayMs(reconnects);
    this.update({ reconnects, nextRetryAt: this.now() + delay });
    this.deps.log('info', `${delay / 1000} 秒后第 ${reconnects} 次重连`);
    this.clearTimer('reconnectTimer');
    const generation = this.generation;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (generation === this.generation) void this.attempt();
    }, delay);
  }

  private retryIfGivenUp(reason: string): void {
    if (this.mode === 'off' || this.manualOff) return;
    if (!this.snapshot.reconnectFailed) return;
    this.deps.log('info', `${reason}，重新连接`);
    this.generation++;
    this.closeTransport();
    this.resetCounters();
    void this.attempt();
  }

  // ---- polling fallback ------------------------------------------------------------------

  private schedulePollingStart(reason: string): void {
    if (this.snapshot.polling || this.pollStartTimer) return;
    this.pollStartTimer = setTimeout(() => {
      this.pollStartTimer = null;
      if (this.mode === 'member' && this.snapshot.state !== 'connected')
        this.startPolling(`${reason}超过 5 秒`);
    }, POLICY.pollingAfterDisconnectMs);
  }

  private startPolling(reason: string): void {
    if (this.snapshot.polling || this.mode !== 'member') return;
    this.update({ polling: true });
    this.deps.log('info', `开始轮询用户信息（每 ${POLICY.pollingIntervalMs / 1000} 秒）：${reason}`);
    this.emitLifecycle({ type: 'polling-started', reason });
    void this.pollOnce();
    this.pollTimer = setInterval(() => void this.pollOnce(), POLICY.pollingIntervalMs);
  }

  private stopPolling(): void {
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
    if (!this.snapshot.polling) return;
    this.update({ polling: false });
    this.deps.log('info', '已停止轮询');
    this.emitLifecycle({ type: 'polling-stopped' });
  }

  private async pollOnce(): Promise<void> {
    if (!this.poller) return;
    try {
      await this.poller();
      if (this.mode !== 'member') return;
      this.update({ lastPollAt: this.now() });
      this.deps.log('info', '轮询：用户信息已刷新');
    } catch (err) {
      this.deps.log('error', '轮询用户信息失败', { error: message(err) });
    }
  }

  // ---- presence --------------------------------------------------------------------------

  private scheduleStatusNotice(): void {
    this.clearTimer('statusTimer');
    const socketId = this.snapshot.socketId;
    if (!socketId) return;
    const generation = this.generation;
    this.statusTimer = setTimeout(() => {
      this.statusTimer = null;
      if (generation !== this.generation || this.snapshot.state !== 'connected') return;
      this.deps.updateStatus('online', socketId).then(
        () => this.deps.log('info', '已上报在线状态', { data: { socket_id: socketId } }),
        (err: unknown) => this.deps.log('error', '上报在线状态失败', { error: message(err) }),
      );
    }, POLICY.statusNoticeDelayMs);
  }

  // ---- events ----------------------------------------------------------------------------

  private dispatch(channel: string, event: string, data: unknown): void {
    const isPrivate = this.settings?.privateChannel === channel;
    const received: ReceivedEvent = {
      id: ++this.eventSeq,
      receivedAt: this.now(),
      channel,
      scope: isPrivate ? 'private' : 'public',
      event,
      data,
    };
    for (const listener of this.eventListeners) this.safely(() => listener(received), event);
    const byEvent = isPrivate ? this.privateHandlers : this.publicHandlers.get(channel);
    const handlers = [...(byEvent?.get(event) ?? []), ...(byEvent?.get(ANY_EVENT) ?? [])];
    for (const handler of handlers) this.safely(() => handler(data), event);
  }

  private safely(run: () => void, event: string): void {
    try {
      run();
    } catch (err) {
      this.deps.log('error', `处理事件 ${event} 出错`, { error: message(err) });
    }
  }

  // ---- plumbing --------------------------------------------------------------------------

  private now(): number {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  private clearTimer(
    name: 'reconnectTimer' | 'pollStartTimer' | 'heartbeatTimer' | 'statusTimer' | 'lingerTimer',
  ): void {
    const timer = this[name];
    if (timer === null) return;
    if (name === 'heartbeatTimer') clearInterval(timer);
    else clearTimeout(timer);
    this[name] = null;
  }

  private emitLifecycle(event: LifecycleEvent): void {
    for (const listener of this.lifecycleListeners) this.safely(() => listener(event), event.type);
  }

  private update(changes: Partial<RealtimeSnapshot>): void {
    const next: RealtimeSnapshot = { ...this.snapshot, ...changes };
    next.method = next.state === 'connected' ? 'websocket' : next.polling ? 'polling' : 'none';
    const changed = (Object.keys(next) as Array<keyof RealtimeSnapshot>).some(
      (key) => next[key] !== this.snapshot[key],
    );
    if (!changed) return;
    this.snapshot = next;
    if (
      next.state !== this.status.state ||
      next.method !== this.status.method ||
      next.socketId !== this.status.socketId
    ) {
      this.status = { state: next.state, method: next.method, socketId: next.socketId };
    }
    for (const listener of this.snapshotListeners) listener();
  }
}
