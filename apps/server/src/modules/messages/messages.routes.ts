import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  markAllReadBody,
  markMultipleReadBody,
  messageChangeResult,
  messageIdParam,
  messageItem,
  messageListQuery,
  messagePage,
  messageStatistics,
  messageTypeList,
  unreadCount,
} from '@app/shared';
import { memberOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';

const tags = ['站内信'];
const security = [{ bearer: [] }];

/** The member inbox (SPEC.md §7 "Messages"); another member's message answers 404. */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = app.services.messages;
  app.addHook('onRequest', app.authenticate);
  const me = (request: Parameters<typeof memberOf>[0]) => memberOf(request).member.id;

  app.get(
    '/v1/messages',
    {
      schema: {
        tags,
        summary: '消息列表（按类型、已读筛选，新消息在前）',
        security,
        querystring: messageListQuery,
        response: { 200: envelope(messagePage) },
      },
    },
    async (request) => ok(await svc.list(me(request), request.query), '获取成功'),
  );
  app.get(
    '/v1/messages/statistics',
    { schema: { tags, summary: '消息统计', security, response: { 200: envelope(messageStatistics) } } },
    async (request) => ok(await svc.statistics(me(request)), '获取成功'),
  );
  app.get(
    '/v1/messages/types',
    {
      schema: {
        tags,
        summary: '消息类型（含各类未读数）',
        security,
        response: { 200: envelope(messageTypeList) },
      },
    },
    async (request) => ok(await svc.types(me(request)), '获取成功'),
  );
  app.get(
    '/v1/messages/unread-count',
    { schema: { tags, summary: '未读消息数', security, response: { 200: envelope(unreadCount) } } },
    async (request) => ok({ unread_count: await svc.unreadCount(me(request)) }, '获取成功'),
  );
  app.post(
    '/v1/messages/mark-multiple-read',
    {
      schema: {
        tags,
        summary: '批量标记已读',
        security,
        body: markMultipleReadBody,
        response: { 200: envelope(messageChangeResult) },
      },
    },
    async (request) => ok(await svc.markMultipleRead(me(request), request.body.ids), '已标记为已读'),
  );
  app.post(
    '/v1/messages/mark-all-read',
    {
      schema: {
        tags,
        summary: '全部标记已读（可按类型）',
        security,
        body: markAllReadBody,
        response: { 200: envelope(messageChangeResult) },
      },
    },
    async (request) => ok(await svc.markAllRead(me(request), request.body?.type), '已全部标记为已读'),
  );
  app.post(
    '/v1/messages/clear',
    {
      schema: { tags, summary: '清空消息', security, response: { 200: envelope(messageChangeResult) } },
    },
    async (request) => ok(await svc.clear(me(request)), '消息已清空'),
  );
  app.get(
    '/v1/messages/:id',
    {
      schema: {
        tags,
        summary: '消息详情',
        security,
        params: messageIdParam,
        response: { 200: envelope(messageItem) },
      },
    },
    async (request) => ok(await svc.detail(me(request), request.params.id), '获取成功'),
  );
  app.post(
    '/v1/messages/:id/read',
    {
      schema: {
        tags,
        summary: '标记已读',
        security,
        params: messageIdParam,
        response: { 200: envelope(messageChangeResult) },
      },
    },
    async (request) => ok(await svc.markRead(me(request), request.params.id), '已标记为已读'),
  );
  app.post(
    '/v1/messages/:id/delete',
    {
      schema: {
        tags,
        summary: '删除消息',
        security,
        params: messageIdParam,
        response: { 200: envelope(messageChangeResult) },
      },
    },
    async (request) => ok(await svc.delete(me(request), request.params.id), '删除成功'),
  );
};
