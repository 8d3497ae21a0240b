/**
 * Realtime protocol (version 1) on top of Pusher Channels protocol 7: channel names and the names
 * of the events the server broadcasts. Their payloads' schemas are in `realtime.ts`, which
 * re-exports these. Kept apart so that code needing only a name (the web app's realtime wiring,
 * in every page's load) does not bring zod and the schemas along: a module goes whole into one
 * chunk.
 */
export const REALTIME_PROTOCOL_VERSION = 1;
export const PUSHER_PROTOCOL = 7;

/** A member's private channel: only that member's token can sign a subscription to it. */
export const privateUserChannel = (memberId: number): string => `private-user.${memberId}`;
const PRIVATE_USER = /^private-user\.(\d{1,12})$/;
export function memberIdOfChannel(channel: string): number | null {
  const match = PRIVATE_USER.exec(channel);
  return match ? Number(match[1]) : null;
}

/** Public channels anyone may subscribe to without auth. */
export const PUBLIC_CHANNELS = {
  announcements: 'announcements',
  liveMatches: 'matches.live',
  lottery: (code: string) => `lottery.${code}`,
} as const;

export const REALTIME_EVENTS = {
  balanceChanged: 'balance.changed',
  userInfoChanged: 'user-info.changed',
  notification: 'notification',
  connectionTest: 'connection.test',
  sessionRevoked: 'session.revoked',
  orderSettled: 'order.settled',
  orderConfirmed: 'order.confirmed',
  cashOutDecided: 'cash_out.decided',
  matchUpdated: 'match.updated',
  oddsUpdated: 'odds.updated',
} as const;
