import { balanceChangedEvent, notificationEvent, userInfoChangedEvent } from '@app/shared';

/**
 * The schemas of the member's private events (zod). Only a member receives these events, so
 * `live-updates.ts` loads this module with a member's session: a visitor's pages never fetch
 * zod for them.
 */
export const memberEventSchemas = {
  balanceChanged: balanceChangedEvent,
  userInfoChanged: userInfoChangedEvent,
  notification: notificationEvent,
};
