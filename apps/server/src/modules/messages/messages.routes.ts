import { memberApi } from '@app/shared/api';
import { memberOf } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';

const tags = ['站内信'];
const member = { member: true } as const;

/** The member inbox (SPEC.md §7 "Messages"); another member's message answers 404. */
export const messagesRoutes = contractRoutes(memberApi, (app) => {
  const svc = app.services.messages;
  const me = (request: Parameters<typeof memberOf>[0]) => memberOf(request).member.id;
  return {
    'GET /v1/messages': {
      tags,
      summary: '消息列表（按类型、已读筛选，新消息在前）',
      access: member,
      handler: async (request) => ok(await svc.list(me(request), request.query), '获取成功'),
    },
    'GET /v1/messages/statistics': {
      tags,
      summary: '消息统计',
      access: member,
      handler: async (request) => ok(await svc.statistics(me(request)), '获取成功'),
    },
    'GET /v1/messages/types': {
      tags,
      summary: '消息类型（含各类未读数）',
      access: member,
      handler: async (request) => ok(await svc.types(me(request)), '获取成功'),
    },
    'GET /v1/messages/unread-count': {
      tags,
      summary: '未读消息数',
      access: member,
      handler: async (request) => ok({ unread_count: await svc.unreadCount(me(request)) }, '获取成功'),
    },
    'POST /v1/messages/mark-multiple-read': {
      tags,
      summary: '批量标记已读',
      access: member,
      handler: async (request) =>
        ok(await svc.markMultipleRead(me(request), request.body.ids), '已标记为已读'),
    },
    'POST /v1/messages/mark-all-read': {
      tags,
      summary: '全部标记已读（可按类型）',
      access: member,
      handler: async (request) =>
        ok(await svc.markAllRead(me(request), request.body?.type), '已全部标记为已读'),
    },
    'POST /v1/messages/clear': {
      tags,
      summary: '清空消息',
      access: member,
      handler: async (request) => ok(await svc.clear(me(request)), '消息已清空'),
    },
    'GET /v1/messages/:id': {
      tags,
      summary: '消息详情',
      access: member,
      handler: async (request) => ok(await svc.detail(me(request), request.params.id), '获取成功'),
    },
    'POST /v1/messages/:id/read': {
      tags,
      summary: '标记已读',
      access: member,
      handler: async (request) => ok(await svc.markRead(me(request), request.params.id), '已标记为已读'),
    },
    'POST /v1/messages/:id/delete': {
      tags,
      summary: '删除消息',
      access: member,
      handler: async (request) => ok(await svc.delete(me(request), request.params.id), '删除成功'),
    },
  };
});
