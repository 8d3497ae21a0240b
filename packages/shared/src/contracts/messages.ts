import { z } from 'zod';
import { MESSAGE_TYPE_KEYS } from '../domain/messages.ts';
import { flag, isoDate, paginated, pageQuery } from './common.ts';

/** The member inbox (SPEC.md §7 "Messages": /v1/messages). */

const messageType = z.enum(MESSAGE_TYPE_KEYS, {
  error: `消息类型须为 ${MESSAGE_TYPE_KEYS.join('、')} 之一`,
});

/** Ids are 32-bit identities in the table: anything larger cannot exist. */
const messageId = z
  .number({ error: '消息ID须为数字' })
  .int('消息ID须为整数')
  .positive('消息ID须为正数')
  .max(2_147_483_647, '消息ID无效');

export const messageListQuery = pageQuery.extend({
  type: messageType.optional(),
  is_read: z.coerce
    .number({ error: 'is_read 须为 0 或 1' })
    .pipe(flag)
    .optional()
    .describe('0 unread only, 1 read only'),
});
export type MessageListQuery = z.infer<typeof messageListQuery>;

export const messageIdParam = z.object({ id: z.coerce.number({ error: '消息ID须为数字' }).pipe(messageId) });

export const messageItem = z.object({
  id: z.number().int(),
  type: messageType,
  type_name: z.string(),
  title: z.string(),
  content: z.string(),
  /** In-app route the message leads to (hash path), or null. */
  link: z.string().nullable(),
  is_read: flag,
  read_at: isoDate.nullable(),
  created_at: isoDate,
});
export type MessageItem = z.infer<typeof messageItem>;

export const messagePage = paginated(messageItem).extend({ unread_count: z.number().int() });
export type MessagePage = z.infer<typeof messagePage>;

export const messageTypeList = z.object({
  list: z.array(z.object({ type: messageType, name: z.string(), unread: z.number().int() })),
});

export const messageStatistics = z.object({
  total: z.number().int(),
  unread: z.number().int(),
  read: z.number().int(),
  by_type: z.array(
    z.object({ type: messageType, name: z.string(), total: z.number().int(), unread: z.number().int() }),
  ),
});

export const unreadCount = z.object({ unread_count: z.number().int() });

export const markMultipleReadBody = z.object({
  ids: z
    .array(messageId, { error: 'ids 须为消息ID数组' })
    .min(1, '请选择消息')
    .max(100, '一次最多处理100条消息'),
});

/** Fastify passes null for a bodyless POST. */
export const markAllReadBody = z.object({ type: messageType.optional() }).nullish();

export const messageChangeResult = z.object({
  affected: z.number().int(),
  unread_count: z.number().int(),
});

/** The badge text: 99+ above 99, nothing at 0. */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}
