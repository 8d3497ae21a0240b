import { z } from 'zod';
import { isoDate, pageQuery } from '../common.ts';
import {
  SUPPORT_CONVERSATION_STATUS_KEYS,
  SUPPORT_OPERATOR_CHANNEL,
  supportMessageView,
  supportText,
} from '../support.ts';
import { memberDepositItem, memberDetail, memberOrderItem, memberWithdrawalItem } from './members.ts';

/**
 * 在线客服 in the console (issue 40, point 5): the queue, taking, assigning and transferring a
 * conversation, replies (text, pictures, canned replies), closing it, the member beside the chat,
 * every conversation searchable, the live chat's settings (on/off, opening hours).
 */

export const SUPPORT_QUEUE_SCOPES = { unassigned: '待接入', mine: '我的会话', all: '全部进行中' } as const;
export type SupportQueueScope = keyof typeof SUPPORT_QUEUE_SCOPES;

export const supportQueueQuery = pageQuery.extend({
  scope: z
    .enum(['unassigned', 'mine', 'all'], { error: '队列不正确' })
    .default('unassigned')
    .describe('unassigned: waiting for an operator; mine: the caller’s; all: every open conversation'),
});

const day = z.iso.date('日期格式应为 YYYY-MM-DD');

export const supportSearchQuery = pageQuery.extend({
  username: z.string().trim().max(40, '用户名最多40个字符').optional(),
  q: z.string().trim().max(100, '搜索内容最多100个字').optional().describe('Words in any message'),
  status: z.enum(SUPPORT_CONVERSATION_STATUS_KEYS, { error: '状态不正确' }).optional(),
  from: day.optional(),
  to: day.optional(),
});

export const adminSupportConversation = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  username: z.string(),
  status: z.enum(SUPPORT_CONVERSATION_STATUS_KEYS),
  ticket: z.boolean(),
  operator_id: z.number().int().nullable(),
  operator_name: z.string().nullable(),
  last_preview: z.string(),
  last_message_at: isoDate,
  /** The member's messages no operator has read. */
  unread: z.number().int(),
  member_read_id: z.number().int(),
  operator_read_id: z.number().int(),
  rating: z.number().int().nullable(),
  rating_comment: z.string().nullable(),
  created_at: isoDate,
  closed_at: isoDate.nullable(),
});
export type AdminSupportConversation = z.infer<typeof adminSupportConversation>;

export const adminSupportMessagesResult = z.object({
  list: z.array(supportMessageView),
  has_more: z.boolean(),
});

export const adminSupportSent = z.object({
  message: supportMessageView,
  conversation: adminSupportConversation,
});

/** The member beside the chat: profile and what may be open (money waiting, recent bets). */
export const adminSupportMemberPanel = z.object({
  member: memberDetail,
  pending_deposits: z.array(memberDepositItem),
  pending_withdrawals: z.array(memberWithdrawalItem),
  recent_orders: z.array(memberOrderItem),
  /** Conversations this member had before (closed ones). */
  past_conversations: z.number().int(),
});

export const supportAssignBody = z.object({
  operator_id: z
    .number({ error: '请选择客服' })
    .int('请选择客服')
    .positive('请选择客服')
    .max(2 ** 31 - 1, '请选择客服'),
});
export const supportTransferBody = supportAssignBody.extend({
  note: z.string({ error: '备注须为文字' }).trim().max(200, '备注不能超过200个字').default(''),
});

export const supportColleague = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  /** Conversations the operator has in progress. */
  active: z.number().int(),
});

export const supportCannedReply = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  sort: z.number().int(),
});
export type SupportCannedReply = z.infer<typeof supportCannedReply>;

export const supportCannedReplyBody = z.object({
  title: z.string({ error: '请输入标题' }).trim().min(1, '请输入标题').max(30, '标题不能超过30个字'),
  body: supportText,
  sort: z
    .number({ error: '排序须为整数' })
    .int('排序须为整数')
    .min(0, '排序不能为负数')
    .max(9999, '排序最大为9999')
    .default(0),
});

const clock = z
  .string({ error: '时间格式应为 HH:MM' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, '时间格式应为 HH:MM');

/** The live chat's settings: on or off, opening hours (Beijing time), the words the member reads. */
export const supportSettings = z.object({
  enabled: z.boolean({ error: '请选择是否开启在线客服' }),
  /** Days of the week it is staffed, 1 = Monday … 7 = Sunday. */
  days: z
    .array(
      z.number({ error: '星期须为1-7' }).int('星期须为1-7').min(1, '星期须为1-7').max(7, '星期须为1-7'),
      {
        error: '请选择营业日',
      },
    )
    .max(7, '营业日最多7天'),
  /** From and to, Beijing time; `to` before `from` runs past midnight; equal means all day. */
  open_from: clock,
  open_to: clock,
  welcome: z.string({ error: '欢迎语须为文字' }).trim().max(200, '欢迎语不能超过200个字'),
  offline_notice: z.string({ error: '留言提示须为文字' }).trim().max(200, '留言提示不能超过200个字'),
});
export type SupportSettings = z.infer<typeof supportSettings>;

/** The console's support socket: the operators' support channel on the realtime hub. */
export const supportConnectionInfo = z.object({
  scheme: z.enum(['ws', 'wss']),
  host: z.string(),
  port: z.number().int(),
  app_key: z.string(),
  cluster: z.string(),
  channel: z.literal(SUPPORT_OPERATOR_CHANNEL),
});
export const supportChannelAuthBody = z.object({
  socket_id: z.string({ error: 'socket_id 格式不正确' }).regex(/^\d+\.\d+$/, 'socket_id 格式不正确'),
  channel_name: z.literal(SUPPORT_OPERATOR_CHANNEL, { error: '只能订阅客服频道' }),
});
export const supportChannelAuth = z.object({ auth: z.string() });

/** On the operators' channel: a conversation as the queue shows it, after any change. */
export const supportQueueEvent = z.object({ conversation: adminSupportConversation });
export type SupportQueueEvent = z.infer<typeof supportQueueEvent>;
