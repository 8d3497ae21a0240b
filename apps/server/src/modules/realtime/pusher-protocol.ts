import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * Pusher Channels protocol 7, server side: the frames a client may send (parsed with zod;
 * anything else is answered with an error, never a crash) and the frames we send back.
 */

/** Close and error codes the protocol defines (4000–4099 fatal, 4100–4199 back off, 4200–4299 reconnect now). */
export const PUSHER_CODES = {
  appNotFound: 4001,
  pathNotFound: 4005,
  invalidVersion: 4006,
  unsupportedProtocol: 4007,
  noProtocolVersion: 4008,
  unauthorized: 4009,
  overCapacity: 4100,
  reconnectNow: 4200,
  pongNotReceived: 4201,
  closedAfterInactivity: 4202,
  clientEventRejected: 4301,
} as const;

const jsonish = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};

const channel = z
  .string()
  .min(1)
  .max(164)
  .regex(/^[A-Za-z0-9_\-=@,.;]+$/);

/** Frames of the protocol itself (`pusher:*`). Client events (`client-*`) are told apart first. */
export const systemFrame = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('pusher:subscribe'),
    data: z.preprocess(
      jsonish,
      z.object({
        channel,
        auth: z.string().max(512).optional(),
        channel_data: z.string().max(10_000).optional(),
      }),
    ),
  }),
  z.object({ event: z.literal('pusher:unsubscribe'), data: z.preprocess(jsonish, z.object({ channel })) }),
  z.object({ event: z.literal('pusher:ping'), data: z.unknown().optional() }),
  z.object({ event: z.literal('pusher:pong'), data: z.unknown().optional() }),
]);
export type SystemFrame = z.infer<typeof systemFrame>;

export const clientEventFrame = z.object({
  event: z.string().regex(/^client-/),
  channel,
  data: z.unknown().optional(),
});

export type ChannelKind = 'public' | 'private' | 'presence' | 'encrypted';
export function channelKind(name: string): ChannelKind {
  if (name.startsWith('private-encrypted-')) return 'encrypted';
  if (name.startsWith('private-')) return 'private';
  if (name.startsWith('presence-')) return 'presence';
  return 'public';
}

// ---- outgoing frames (channel event data is a JSON string, as the protocol wants) --------

export const frames = {
  connectionEstablished: (socketId: string, activityTimeout: number) =>
    JSON.stringify({
      event: 'pusher:connection_established',
      data: JSON.stringify({ socket_id: socketId, activity_timeout: activityTimeout }),
    }),
  subscriptionSucceeded: (channelName: string, data: unknown = {}) =>
    JSON.stringify({
      event: 'pusher_internal:subscription_succeeded',
      channel: channelName,
      data: JSON.stringify(data),
    }),
  error: (code: number | null, message: string) =>
    JSON.stringify({ event: 'pusher:error', data: { code, message } }),
  ping: () => JSON.stringify({ event: 'pusher:ping', data: {} }),
  pong: () => JSON.stringify({ event: 'pusher:pong', data: {} }),
  event: (channelName: string, event: string, data: unknown) =>
    JSON.stringify({
      event,
      channel: channelName,
      data: typeof data === 'string' ? data : JSON.stringify(data),
    }),
};

// ---- signatures -------------------------------------------------------------------------

/** The auth string a private (or presence) subscription must carry: "<key>:<hex HMAC-SHA256>". */
export function signSubscription(
  appKey: string,
  appSecret: string,
  socketId: string,
  channelName: string,
  channelData?: string,
): string {
  const payload =
    channelData === undefined ? `${socketId}:${channelName}` : `${socketId}:${channelName}:${channelData}`;
  return `${appKey}:${createHmac('sha256', appSecret).update(payload).digest('hex')}`;
}

export function verifySubscription(
  appKey: string,
  appSecret: string,
  socketId: string,
  channelName: string,
  auth: string | undefined,
  channelData?: string,
): boolean {
  if (!auth) return false;
  const expected = Buffer.from(signSubscription(appKey, appSecret, socketId, channelName, channelData));
  const given = Buffer.from(auth);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
