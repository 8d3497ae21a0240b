/** The messages module's face: what other modules and the composition root may use. */
export { messagesRoutes } from './messages.routes.ts';
export { MessagesService } from './messages.service.ts';
export type { HeldPushes, OutgoingMessage } from './messages.service.ts';
