import { channelAuth, envelope } from '@app/shared';
import { memberApi } from '@app/shared/api';
import { z } from 'zod';
import { memberOf } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';

const tags = ['实时推送'];
const member = { member: true } as const;

/** Channel authorisation for sockets and the websocket helper calls (SPEC.md §7 "Websocket"). */
export const realtimeRoutes = contractRoutes(memberApi, (app) => {
  const realtime = app.services.realtime;
  return {
    'POST /v1/broadcasting/auth': {
      tags,
      summary: '私有频道订阅签名（只签本人的频道）',
      description:
        'Answers the envelope and, for pusher-js’s default authorizer, the same `auth` at the top level.',
      access: member,
      response200: envelope(channelAuth).extend({ auth: z.string() }),
      handler: async (request) => {
        const signed = realtime.authorize(
          memberOf(request).member.id,
          request.body.channel_name,
          request.body.socket_id,
        );
        return { ...ok(signed, '认证成功'), auth: signed.auth };
      },
    },
    'POST /v1/broadcasting/auth-batch': {
      tags,
      summary: '批量频道签名（逐个频道给出结果）',
      access: member,
      handler: async (request) =>
        ok(
          realtime.authorizeBatch(memberOf(request).member.id, request.body.channels, request.body.socket_id),
          '认证完成',
        ),
    },
    'GET /v1/websocket/connection-info': {
      tags,
      summary: '连接信息（地址、app_key、频道）',
      access: member,
      handler: async (request) => {
        const [hostname = request.hostname, port] = request.host.split(':');
        const origin = {
          protocol: request.protocol,
          hostname,
          port: Number(port ?? (request.protocol === 'https' ? 443 : 80)),
        };
        return ok(realtime.connectionInfo(memberOf(request).member.id, origin), '获取成功');
      },
    },
    'POST /v1/websocket/test-connection': {
      tags,
      summary: '连接测试：向本人频道推送测试事件',
      access: member,
      handler: async (request) =>
        ok(await realtime.testConnection(memberOf(request).member.id), '连接测试成功'),
    },
    'GET /v1/websocket/current-balance': {
      tags,
      summary: '当前余额（轮询回退用）',
      access: member,
      handler: async (request) => ok(await realtime.currentBalance(memberOf(request).member.id), '获取成功'),
    },
    'GET /v1/websocket/online-status': {
      tags,
      summary: '在线状态',
      access: member,
      handler: async (request) => ok(await realtime.onlineStatus(memberOf(request).member.id), '获取成功'),
    },
    'POST /v1/websocket/heartbeat': {
      tags,
      summary: '用户心跳（每2分钟）',
      access: member,
      handler: async (request) =>
        ok(await realtime.heartbeat(memberOf(request).member.id, request.body.socket_id), '心跳成功'),
    },
    'POST /v1/websocket/update-status': {
      tags,
      summary: '更新在线状态',
      access: member,
      handler: async (request) =>
        ok(
          await realtime.updateStatus(
            memberOf(request).member.id,
            request.body.status,
            request.body.socket_id,
          ),
          '状态已更新',
        ),
    },
  };
});
