import { z } from 'zod';
import { isoDate, moneyString } from './common.ts';

/**
 * Realtime protocol (version 1) on top of Pusher Channels protocol 7: the payloads of the events
 * the server broadcasts and the REST contracts of /v1/broadcasting and /v1/websocket. Channel and
 * event names are in `realtime-names.ts`. One protocol, shared by server and client.
 */
export * from './realtime-names.ts';

export const balanceChangedEvent = z
  .object({
    balance: moneyString.describe('Main wallet balance after the change'),
    change_amount: moneyString.describe('Signed amount of this change'),
    change_type: z.string().describe('Ledger entry type, e.g. deposit, bet, payout'),
    change_type_text: z.string().describe('Chinese text of the type, e.g. 充值到账'),
    wallet: z.string().describe('Wallet that changed: main, frozen, lottery, game:<platform>'),
    wallet_balance: moneyString.describe('Balance of that wallet after the change'),
    timestamp: z.number().int().describe('Milliseconds since the epoch'),
    codingvolume: moneyString,
    paysum: moneyString,
    totalgame: moneyString,
  })
  .meta({ id: 'BalanceChangedEvent' });
export type BalanceChangedEvent = z.infer<typeof balanceChangedEvent>;

/** Private: an in-play order's bet delay ended and it was accepted ('pending') or refused ('rejected'). */
export const orderConfirmedEvent = z
  .object({
    order_no: z.string(),
    status: z.enum(['pending', 'rejected']),
    reason: z
      .string()
      .nullable()
      .describe("Why it was refused (e.g. '盘口暂停（进球）'); null when accepted"),
    odds_changed: z.boolean().describe('Accepted at odds other than those submitted (within the policy)'),
    max_prize: moneyString,
    accept_at: isoDate,
  })
  .meta({ id: 'OrderConfirmedEvent' });
export type OrderConfirmedEvent = z.infer<typeof orderConfirmedEvent>;

/** Private `cash_out.decided`: an in-play cash-out's bet delay ended; paid or refused with why. */
export const cashOutDecidedEvent = z
  .object({
    order_no: z.string(),
    status: z.enum(['cashed_out', 'pending', 'refused']),
    amount: moneyString.nullable(),
    reason: z.string().nullable(),
  })
  .meta({ id: 'CashOutDecidedEvent' });
export type CashOutDecidedEvent = z.infer<typeof cashOutDecidedEvent>;

/** Public `matches.live`: a match's live state changed (published by the feed sync). */
export const matchUpdatedEvent = z
  .object({
    id: z.number().int(),
    sport_type: z.number().int(),
    status: z.string(),
    period: z.string(),
    minute: z.number().int().nullable(),
    clock: z.string(),
    home_score: z.number().int(),
    away_score: z.number().int(),
    half_time: z.object({ home: z.number().int(), away: z.number().int() }).nullable(),
    live_betting: z.boolean(),
    live_suspended: z.boolean(),
    live_suspend_reason: z.string().nullable(),
  })
  .meta({ id: 'MatchUpdatedEvent' });
export type MatchUpdatedEvent = z.infer<typeof matchUpdatedEvent>;

export const userInfoChangedEvent = z
  .object({
    balance: moneyString,
    codingvolume: moneyString,
    paysum: moneyString,
    totalgame: moneyString,
    changed_fields: z.array(z.string()),
    change_type: z.string(),
    timestamp: z.number().int(),
  })
  .meta({ id: 'UserInfoChangedEvent' });
export type UserInfoChangedEvent = z.infer<typeof userInfoChangedEvent>;

export const notificationEvent = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  type: z.string(),
  timestamp: z.number().int(),
  /** Unread inbox messages after this one arrived (drives the badge). */
  unread_count: z.number().int().optional(),
  /** In-app route the message leads to. */
  link: z.string().nullable().optional(),
});
export type NotificationEvent = z.infer<typeof notificationEvent>;

// ---- REST contracts of /v1/broadcasting and /v1/websocket ------------------------------

const socketId = z
  .string({ error: '请提供 socket_id' })
  .regex(/^\d{1,20}\.\d{1,20}$/, 'socket_id 格式不正确');
const channelName = z
  .string({ error: '请提供频道名称' })
  .min(1, '请提供频道名称')
  .max(164, '频道名称过长')
  .regex(/^[A-Za-z0-9_\-=@,.;]+$/, '频道名称格式不正确');

export const broadcastingAuthBody = z.object({ channel_name: channelName, socket_id: socketId });
export const broadcastingAuthBatchBody = z.object({
  channels: z
    .array(channelName, { error: 'channels 必须是频道数组' })
    .min(1, '请至少提供一个频道')
    .max(20, '一次最多认证20个频道'),
  socket_id: socketId,
});
export const channelAuth = z.object({
  auth: z.string().describe('"<app_key>:<hex HMAC-SHA256 of socket_id:channel>"'),
});
export const channelAuthBatch = z.record(
  z.string(),
  z.union([channelAuth, z.object({ error: z.string(), status: z.number().int() })]),
);

export const connectionInfo = z
  .object({
    driver: z.enum(['embedded', 'redis', 'pusher', 'cluster']).describe('Where sockets are served'),
    scheme: z.enum(['ws', 'wss']),
    host: z.string(),
    port: z.number().int(),
    path: z.string().describe('Socket path prefix; the client connects to <path>/app/<app_key>'),
    app_key: z.string(),
    cluster: z.string(),
    auth_endpoint: z.string(),
    channels: z.object({
      private: z.string().describe('The member’s own private channel'),
      public: z.array(z.string()),
    }),
    events: z.array(z.string()),
    activity_timeout: z.number().int(),
    pong_timeout: z.number().int(),
  })
  .meta({ id: 'ConnectionInfo' });
export type ConnectionInfo = z.infer<typeof connectionInfo>;

export const heartbeatBody = z.object({ socket_id: socketId });
export const updateStatusBody = z.object({
  status: z.enum(['online', 'offline'], { error: 'status 须为 online 或 offline' }),
  socket_id: socketId,
});
export const onlineStatus = z
  .object({
    is_online: z.union([z.literal(0), z.literal(1)]),
    status: z.enum(['online', 'offline']),
    connections: z.number().int().describe('Live sockets of this member on this server'),
    last_heartbeat_at: isoDate.nullable(),
  })
  .meta({ id: 'OnlineStatus' });
export const currentBalance = z
  .object({
    balance: moneyString,
    frozen_balance: moneyString,
    lottery_balance: moneyString,
    codingvolume: moneyString,
    paysum: moneyString,
    totalgame: moneyString,
    timestamp: z.number().int(),
  })
  .meta({ id: 'CurrentBalance' });
export const connectionTestResult = z
  .object({
    success: z.boolean(),
    driver: z.string(),
    latency_ms: z.number(),
    connections: z.number().int(),
    server_time: z.number().int(),
  })
  .meta({ id: 'ConnectionTestResult' });
