import type { FastifyBaseLogger } from 'fastify';
import {
  formatFen,
  LEDGER_TYPES,
  memberIdOfChannel,
  PUBLIC_CHANNELS,
  privateUserChannel,
  REALTIME_EVENTS,
  type BalanceChangedEvent,
  type ConnectionInfo,
  type UserInfoChangedEvent,
} from '@app/shared';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError, refuse } from '../../lib/errors.ts';
import type { DomainEvents, EventBus } from '../../lib/events.ts';
import type { Broadcaster } from './broadcaster.ts';
import type { RealtimeHub } from './hub.ts';
import { channelKind, signSubscription } from './pusher-protocol.ts';
import * as repo from './realtime.repo.ts';
import type { Clock } from '../../lib/clock.ts';

/** A heartbeat older than this (2.5 × the 2 min client heartbeat) no longer counts as online. */
const HEARTBEAT_FRESH_MS = 5 * 60_000;

export interface Origin {
  protocol: string;
  hostname: string;
  port: number;
}

/** Turns committed domain events into pushes on members' private channels; answers the socket REST calls. */
export class RealtimeService {
  private readonly unsubscribers: Array<() => void> = [];

  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
    private readonly hub: RealtimeHub,
    readonly broadcaster: Broadcaster,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
    private readonly clock: Clock,
  ) {}

  /** Starts listening to committed changes; they arrive only after their transaction commits. */
  start(events: EventBus): void {
    this.unsubscribers.push(
      events.on(
        'wallet.changed',
        (e) => void this.pushBalance(e).catch((err: unknown) => this.failed(err, e.memberId)),
      ),
      events.on(
        'member.changed',
        (e) => void this.pushUserInfo(e).catch((err: unknown) => this.failed(err, e.memberId)),
      ),
      events.on(
        'order.settled',
        (e) =>
          void this.broadcaster
            .publish(privateUserChannel(e.memberId), REALTIME_EVENTS.orderSettled, {
              order_id: e.orderId,
              order_no: e.orderNo,
              status: e.status,
              payout: formatFen(e.payout),
              timestamp: e.at.getTime(),
            })
            .catch((err: unknown) => this.failed(err, e.memberId)),
      ),
      events.on(
        'session.revoked',
        (e) =>
          void this.broadcaster
            .publish(privateUserChannel(e.memberId), REALTIME_EVENTS.sessionRevoked, {
              session_ids: e.sessionIds,
            })
            .catch((err: unknown) => this.failed(err, e.memberId)),
      ),
    );
  }

  stop(): void {
    for (const off of this.unsubscribers.splice(0)) off();
  }

  // ---- pushes ----------------------------------------------------------------------------

  async pushBalance(e: DomainEvents['wallet.changed']): Promise<void> {
    // Every bet and payout lands here: nobody to tell, nothing to read.
    if (this.broadcaster.listens?.(privateUserChannel(e.memberId)) === false) return;
    const snapshot = await this.snapshot(e.memberId);
    if (!snapshot) return;
    const payload: BalanceChangedEvent = {
      balance: formatFen(snapshot.main),
      change_amount: formatFen(e.amount),
      change_type: e.type,
      change_type_text: LEDGER_TYPES[e.type],
      wallet: e.wallet,
      wallet_balance: formatFen(e.balanceAfter),
      timestamp: e.at.getTime(),
      codingvolume: formatFen(snapshot.codingvolume),
      paysum: formatFen(snapshot.paysum),
      totalgame: formatFen(snapshot.totalgame),
    };
    await this.broadcaster.publish(privateUserChannel(e.memberId), REALTIME_EVENTS.balanceChanged, payload);
  }

  async pushUserInfo(e: DomainEvents['member.changed']): Promise<void> {
    if (this.broadcaster.listens?.(privateUserChannel(e.memberId)) === false) return;
    const snapshot = await this.snapshot(e.memberId);
    if (!snapshot) return;
    const payload: UserInfoChangedEvent = {
      balance: formatFen(snapshot.main),
      codingvolume: formatFen(snapshot.codingvolume),
      paysum: formatFen(snapshot.paysum),
      totalgame: formatFen(snapshot.totalgame),
      changed_fields: e.changedFields,
      change_type: e.changeType,
      timestamp: e.at.getTime(),
    };
    await this.broadcaster.publish(privateUserChannel(e.memberId), REALTIME_EVENTS.userInfoChanged, payload);
  }

  // ---- channel authorisation ------------------------------------------------------------

  /** Signs a subscription: only the member's own private channel; throws 403 for anything else. */
  authorize(memberId: number, channel: string, socketId: string): { auth: string } {
    const kind = channelKind(channel);
    if (kind === 'public') throw refuse('realtime.public_channel');
    if (kind !== 'private' || memberIdOfChannel(channel) !== memberId)
      throw refuse('realtime.channel_forbidden');
    const { appKey, appSecret } = this.config.realtime;
    return { auth: signSubscription(appKey, appSecret, socketId, channel) };
  }

  authorizeBatch(
    memberId: number,
    channels: string[],
    socketId: string,
  ): Record<string, { auth: string } | { error: string; status: number }> {
    const result: Record<string, { auth: string } | { error: string; status: number }> = {};
    for (const channel of channels) {
      try {
        result[channel] = this.authorize(memberId, channel, socketId);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        result[channel] = { error: err.message, status: err.status };
      }
    }
    return result;
  }

  connectionInfo(memberId: number, origin: Origin): ConnectionInfo {
    const rt = this.config.realtime;
    const external = rt.driver === 'pusher' && rt.pusher ? rt.pusher : undefined;
    const publicUrl = this.config.publicUrl ? new URL(this.config.publicUrl) : undefined;
    const secure = external
      ? external.scheme === 'https'
      : (publicUrl?.protocol ?? `${origin.protocol}:`) === 'https:';
    const host = external?.host ?? publicUrl?.hostname ?? origin.hostname;
    const port = external?.port ?? (publicUrl ? Number(publicUrl.port || (secure ? 443 : 80)) : origin.port);
    return {
      driver: rt.driver,
      scheme: secure ? 'wss' : 'ws',
      host,
      port,
      path: '',
      app_key: rt.appKey,
      cluster: external?.cluster ?? 'mt1',
      auth_endpoint: '/v1/broadcasting/auth',
      channels: {
        private: privateUserChannel(memberId),
        public: [PUBLIC_CHANNELS.announcements, PUBLIC_CHANNELS.liveMatches],
      },
      events: Object.values(REALTIME_EVENTS),
      activity_timeout: rt.activityTimeoutS,
      pong_timeout: rt.pongTimeoutMs,
    };
  }

  // ---- presence --------------------------------------------------------------------------

  async heartbeat(memberId: number, socketId: string): Promise<{ server_time: number; status: 'online' }> {
    await this.savePresence(memberId, 'online', socketId, true);
    return { server_time: this.clock.now().getTime(), status: 'online' };
  }

  async updateStatus(memberId: number, status: 'online' | 'offline', socketId: string) {
    await this.savePresence(memberId, status, socketId, status === 'online');
    return this.onlineStatus(memberId);
  }

  async onlineStatus(memberId: number) {
    const row = await repo.findPresence(this.db, memberId);
    const connections = this.hub.connectionsOf(memberId);
    const fresh =
      !!row?.lastHeartbeatAt &&
      this.clock.now().getTime() - row.lastHeartbeatAt.getTime() < HEARTBEAT_FRESH_MS;
    const online = connections > 0 || (row?.status === 'online' && fresh);
    return {
      is_online: online ? (1 as const) : (0 as const),
      status: online ? ('online' as const) : ('offline' as const),
      connections,
      last_heartbeat_at: row?.lastHeartbeatAt?.toISOString() ?? null,
    };
  }

  /** Publishes a test event to the member's own channel and measures the transport's round trip. */
  async testConnection(memberId: number) {
    const started = performance.now();
    try {
      await this.broadcaster.ping();
      await this.broadcaster.publish(privateUserChannel(memberId), REALTIME_EVENTS.connectionTest, {
        message: '连接测试成功',
        timestamp: this.clock.now().getTime(),
      });
    } catch (err) {
      this.log.warn({ err }, 'realtime test failed');
      throw refuse('realtime.test_failed', { detail: err instanceof Error ? err.message : '推送服务不可用' });
    }
    return {
      success: true,
      driver: this.broadcaster.driver,
      latency_ms: Math.round((performance.now() - started) * 100) / 100,
      connections: this.hub.connectionsOf(memberId),
      server_time: this.clock.now().getTime(),
    };
  }

  async currentBalance(memberId: number) {
    const snapshot = await this.snapshot(memberId);
    if (!snapshot) throw refuse('accounts.member_not_found');
    return {
      balance: formatFen(snapshot.main),
      frozen_balance: formatFen(snapshot.frozen),
      lottery_balance: formatFen(snapshot.lottery),
      codingvolume: formatFen(snapshot.codingvolume),
      paysum: formatFen(snapshot.paysum),
      totalgame: formatFen(snapshot.totalgame),
      timestamp: this.clock.now().getTime(),
    };
  }

  // ---- helpers ---------------------------------------------------------------------------

  private async savePresence(
    memberId: number,
    status: 'online' | 'offline',
    socketId: string,
    beat: boolean,
  ) {
    await repo.savePresence(this.db, { memberId, status, socketId, beat }, this.clock.now());
  }

  private snapshot(memberId: number) {
    return repo.memberSnapshot(this.db, memberId);
  }

  private failed(err: unknown, memberId: number): void {
    this.log.error({ err, memberId }, 'realtime push failed');
  }
}
