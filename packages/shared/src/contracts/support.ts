import { z } from 'zod';
import { isoDate } from './common.ts';

/**
 * 在线客服 (issue 40, point 5): a member's conversation with a person, text and pictures, typing
 * and read state, tickets left outside the opening hours, a 1–5 star rating once closed
 * (docs/decisions/035-live-chat.md). The console's side is in backoffice/support.ts.
 */

/** Pictures: these types only (checked by their first bytes on the server), at most 2 MB. */
export const SUPPORT_PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type SupportPictureType = (typeof SUPPORT_PICTURE_TYPES)[number];
export const SUPPORT_PICTURE_MAX_BYTES = 2 * 1024 * 1024;
/** Base64 of 2 MB, with room for padding. */
const PICTURE_BASE64_MAX = Math.ceil(SUPPORT_PICTURE_MAX_BYTES / 3) * 4;
export const SUPPORT_TEXT_MAX = 1000;

export const SUPPORT_CONVERSATION_STATUSES = {
  waiting: '等待接入',
  active: '服务中',
  closed: '已结束',
} as const;
export type SupportConversationStatus = keyof typeof SUPPORT_CONVERSATION_STATUSES;
export const SUPPORT_CONVERSATION_STATUS_KEYS = Object.keys(SUPPORT_CONVERSATION_STATUSES) as [
  SupportConversationStatus,
  ...SupportConversationStatus[],
];

/** The operators' channel: only operators holding the `support` permission may subscribe. */
export const SUPPORT_OPERATOR_CHANNEL = 'private-support';

/** Events on the member's private channel and on the operators' channel. */
export const SUPPORT_EVENTS = {
  /** A new message (either side). */
  message: 'support.message',
  /** The other side is typing (or stopped). */
  typing: 'support.typing',
  /** The other side has read up to a message. */
  read: 'support.read',
  /** The conversation changed: taken, assigned, transferred, closed, rated. */
  conversation: 'support.conversation',
} as const;

// ---- requests ----

/** A message's words: trimmed, 1–1000 characters. */
export const supportText = z
  .string({ error: '请输入消息内容' })
  .trim()
  .min(1, '请输入消息内容')
  .max(SUPPORT_TEXT_MAX, `消息不能超过${SUPPORT_TEXT_MAX}个字`);

export const supportTextBody = z.object({ text: supportText });

/** A picture as base64 (no data: prefix); its type and size are checked on its bytes. */
export const supportPictureBody = z.object({
  data: z
    .string({ error: '请选择图片' })
    .min(16, '图片内容不正确')
    .max(PICTURE_BASE64_MAX, '图片不能超过2MB')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, '图片内容不正确')
    .describe('The picture file as base64 (png, jpeg or webp, at most 2 MB)'),
});

export const supportTypingBody = z.object({
  typing: z.boolean({ error: 'typing 须为布尔值' }),
});

export const supportReadBody = z.object({
  last_id: z
    .number({ error: 'last_id 须为整数' })
    .int('last_id 须为整数')
    .positive('last_id 须为正数')
    .max(2 ** 31 - 1, 'last_id 过大'),
});

export const supportHistoryQuery = z.object({
  before_id: z.coerce
    .number({ error: 'before_id 须为整数' })
    .int('before_id 须为整数')
    .positive('before_id 须为正数')
    .max(2 ** 31 - 1, 'before_id 过大')
    .optional()
    .describe('Older than this message (the next page up)'),
  limit: z.coerce
    .number({ error: 'limit 须为整数' })
    .int('limit 须为整数')
    .min(1, 'limit 至少为1')
    .max(50, 'limit 最多为50')
    .default(30),
});

export const supportRatingBody = z.object({
  rating: z
    .number({ error: '请选择1-5星评价' })
    .int('请选择1-5星评价')
    .min(1, '请选择1-5星评价')
    .max(5, '请选择1-5星评价'),
  comment: z.string({ error: '评价内容须为文字' }).trim().max(200, '评价内容不能超过200个字').default(''),
});

export const supportIdParam = z.object({
  id: z.coerce
    .number({ error: 'id 必须是数字' })
    .int('id 必须是整数')
    .positive('id 必须为正数')
    .max(2 ** 31 - 1, 'id 过大'),
});

// ---- answers ----

export const supportMessageView = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  sender: z.enum(['member', 'operator', 'system']),
  /** The operator's name as the member reads it (客服 + name); null for the member's own. */
  operator_name: z.string().nullable(),
  kind: z.enum(['text', 'picture']),
  text: z.string(),
  picture_id: z.number().int().nullable(),
  created_at: isoDate,
});
export type SupportMessageView = z.infer<typeof supportMessageView>;

export const supportConversationView = z.object({
  id: z.number().int(),
  status: z.enum(SUPPORT_CONVERSATION_STATUS_KEYS),
  /** Left outside the opening hours: answered later. */
  ticket: z.boolean(),
  operator_name: z.string().nullable(),
  /** Highest message id the member and the operators have read. */
  member_read_id: z.number().int(),
  operator_read_id: z.number().int(),
  rating: z.number().int().nullable(),
  /** Closed and not rated yet: the app asks for stars. */
  rating_asked: z.boolean(),
  created_at: isoDate,
  closed_at: isoDate.nullable(),
});
export type SupportConversationView = z.infer<typeof supportConversationView>;

export const supportStatus = z.object({
  /** Live chat is on; off, the 客服 tab opens the operator's kf_url. */
  enabled: z.boolean(),
  /** Within the opening hours now; outside, a message becomes a ticket answered later. */
  open_now: z.boolean(),
  hours_text: z.string(),
  welcome: z.string(),
  offline_notice: z.string(),
  /** The conversation in progress, or the last closed one still waiting for its rating. */
  conversation: supportConversationView.nullable(),
  /** Messages of the operators the member has not read. */
  unread: z.number().int(),
});
export type SupportStatus = z.infer<typeof supportStatus>;

export const supportHistory = z.object({
  /** Oldest first. */
  list: z.array(supportMessageView),
  has_more: z.boolean(),
});
export type SupportHistory = z.infer<typeof supportHistory>;

export const supportSent = z.object({
  message: supportMessageView,
  conversation: supportConversationView,
});

export const supportPicture = z.object({
  id: z.number().int(),
  mime: z.enum(SUPPORT_PICTURE_TYPES),
  /** The file as base64. */
  data: z.string(),
});
export type SupportPicture = z.infer<typeof supportPicture>;

// ---- realtime payloads ----

export const supportMessageEvent = z.object({
  conversation_id: z.number().int(),
  member_id: z.number().int(),
  message: supportMessageView,
});
export type SupportMessageEvent = z.infer<typeof supportMessageEvent>;

export const supportTypingEvent = z.object({
  conversation_id: z.number().int(),
  from: z.enum(['member', 'operator']),
  typing: z.boolean(),
});
export type SupportTypingEvent = z.infer<typeof supportTypingEvent>;

export const supportReadEvent = z.object({
  conversation_id: z.number().int(),
  reader: z.enum(['member', 'operator']),
  last_id: z.number().int(),
});
export type SupportReadEvent = z.infer<typeof supportReadEvent>;

/** On the member's channel: their conversation as it is now. */
export const supportConversationEvent = z.object({ conversation: supportConversationView });
export type SupportConversationEvent = z.infer<typeof supportConversationEvent>;

/**
 * The newer of two views of one conversation, as either app keeps it. Read marks only move
 * forward, so a snapshot taken before the other side read (an answer that arrives after the
 * read event) never sets them back; everything else comes from the newer view.
 */
export function mergeConversation<T extends { id: number; member_read_id: number; operator_read_id: number }>(
  current: T | null | undefined,
  next: T | null,
): T | null {
  if (!current || !next || current.id !== next.id) return next;
  return {
    ...next,
    operator_read_id: Math.max(current.operator_read_id, next.operator_read_id),
    member_read_id: Math.max(current.member_read_id, next.member_read_id),
  };
}
