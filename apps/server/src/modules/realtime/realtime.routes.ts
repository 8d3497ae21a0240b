import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  broadcastingAuthBatchBody,
  broadcastingAuthBody,
  channelAuth,
  channelAuthBatch,
  connectionInfo,
  connectionTestResult,
  currentBalance,
  envelope,
  heartbeatBody,
  onlineStatus,
  updateStatusBody,
} from '@app/shared';
import { z } from 'zod';
import { memberOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';

const tags = ['实时推送'];
const security = [{ bearer: [] }];

/** Channel authorisation for sockets and the websocket helper calls (SPEC.md §7 "Websocket"). */
export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const realtime = app.services.realtime;
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/v1/broadcasting/auth',
    {
      schema: {
        tags,
        summary: '私有频道订阅签名（只签本人的频道）',
        description:
          'Answers the envelope and, for pusher-js’s default authorizer, the same `auth` at the top level.',
        security,
        body: broadcastingAuthBody,
        response: { 200: envelope(channelAuth).extend({ auth: z.string() }) },
      },
    },
    async (request) => {
      const signed = realtime.authorize(
        memberOf(request).member.id,
        request.body.channel_name,
        request.body.socket_id,
      );
      return { ...ok(signed, '认证成功'), auth: signed.auth };
    },
  );

  app.post(
    '/v1/broadcasting/auth-batch',
    {
      schema: {
        tags,
        summary: '批量频道签名（逐个频道给出结果）',
        security,
        body: broadcastingAuthBatchBody,
        response: { 200: envelope(channelAuthBatch) },
      },
    },
    async (request) =>
      ok(
        realtime.authorizeBatch(memberOf(request).member.id, request.body.channels, request.body.socket_id),
        '认证完成',
      ),
  );

  app.get(
    '/v1/websocket/connection-info',
    {
      schema: {
        tags,
        summary: '连接信息（地址、app_key、频道）',
        security,
        response: { 200: envelope(connectionInfo) },
      },
    },
    async (request) => {
      const [hostname = request.hostname, port] = request.host.split(':');
      const origin = {
        protocol: request.protocol,
        hostname,
        port: Number(port ?? (request.protocol === 'https' ? 443 : 80)),
      };
      return ok(realtime.connectionInfo(memberOf(request).member.id, origin), '获取成功');
    },
  );

  app.post(
    '/v1/websocket/test-connection',
    {
      schema: {
        tags,
        summary: '连接测试：向本人频道推送测试事件',
        security,
        response: { 200: envelope(connectionTestResult) },
      },
    },
    async (request) => ok(await realtime.testConnection(memberOf(request).member.id), '连接测试成功'),
  );

  app.get(
    '/v1/websocket/current-balance',
    {
      schema: {
        tags,
        summary: '当前余额（轮询回退用）',
        security,
        response: { 200: envelope(currentBalance) },
      },
    },
    async (request) => ok(await realtime.currentBalance(memberOf(request).member.id), '获取成功'),
  );

  app.get(
    '/v1/websocket/online-status',
    { schema: { tags, summary: '在线状态', security, response: { 200: envelope(onlineStatus) } } },
    async (request) => ok(await realtime.onlineStatus(memberOf(request).member.id), '获取成功'),
  );

  app.post(
    '/v1/websocket/heartbeat',
    {
      schema: {
        tags,
        summary: '用户心跳（每2分钟）',
        security,
        body: heartbeatBody,
        response: { 200: envelope(z.object({ server_time: z.number().int(), status: z.literal('online') })) },
      },
    },
    async (request) =>
      ok(await realtime.heartbeat(memberOf(request).member.id, request.body.socket_id), '心跳成功'),
  );

  app.post(
    '/v1/websocket/update-status',
    {
      schema: {
        tags,
        summary: '更新在线状态',
        security,
        body: updateStatusBody,
        response: { 200: envelope(onlineStatus) },
      },
    },
    async (request) =>
      ok(
        await realtime.updateStatus(memberOf(request).member.id, request.body.status, request.body.socket_id),
        '状态已更新',
      ),
  );
};
