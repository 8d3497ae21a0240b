import { reasons } from './define.ts';

/** What the member's inbox refuses. */
export const MESSAGES_REASONS = reasons({
  'messages.not_found': { status: 404, message: '消息不存在' },
});
