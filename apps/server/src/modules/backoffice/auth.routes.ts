import { z } from 'zod';
import { envelope } from '@app/shared';
import { OPERATOR_CHANNEL, operatorChannelAuthResult, PENDING_SECOND_OPERATOR } from '@app/shared/backoffice';
import { backofficeApi } from '@app/shared/backoffice-api';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { operatorOf } from '../../plugins/operator-auth.ts';
import { callOf } from '../../plugins/operator-guard.ts';

const tags = ['管理后台-账号'];
const signedIn = { operator: true } as const;
const dashboard = { permission: 'dashboard' } as const;
const operators = { permission: 'operators' } as const;

/** The operator's own security (two-factor, password), operator management, the console's channel. */
export const backofficeAuthRoutes = contractRoutes(backofficeApi, (app) => {
  const { security: sec, operatorsAdmin, pending } = app.services.backoffice;
  return {
    'GET /admin/v1/auth/security': {
      tags,
      summary: '两步验证状态',
      access: signedIn,
      handler: async (request) => ok(await sec.status(operatorOf(request).operator), '获取成功'),
    },
    'POST /admin/v1/auth/totp/setup': {
      tags,
      summary: '获取两步验证绑定密钥（二维码）',
      access: signedIn,
      handler: async (request) => ok(await sec.setup(operatorOf(request).operator), '请用验证器扫码'),
    },
    'POST /admin/v1/auth/totp/enable': {
      tags,
      summary: '开启两步验证',
      access: signedIn,
      handler: async (request) =>
        ok(
          await sec.enable(operatorOf(request).operator, request.body.code, callOf(request)),
          '两步验证已开启',
        ),
    },
    'POST /admin/v1/auth/totp/disable': {
      tags,
      summary: '关闭两步验证',
      access: signedIn,
      handler: async (request) =>
        ok(
          await sec.disable(operatorOf(request).operator, request.body.code, callOf(request)),
          '两步验证已关闭',
        ),
    },
    'POST /admin/v1/auth/password': {
      tags,
      summary: '修改本人密码（其他登录会话失效）',
      access: signedIn,
      handler: async (request) =>
        ok(
          await sec.changePassword(operatorOf(request).operator, request.body, callOf(request)),
          '密码已修改',
        ),
    },
    'GET /admin/v1/realtime/connection-info': {
      tags,
      summary: '后台实时连接信息',
      access: dashboard,
      handler: async (request) => {
        const [hostname = request.hostname, port] = request.host.split(':');
        const origin = {
          protocol: request.protocol,
          hostname,
          port: Number(port ?? (request.protocol === 'https' ? 443 : 80)),
        };
        const info = app.services.realtime.connectionInfo(0, origin);
        return ok(
          {
            scheme: info.scheme,
            host: info.host,
            port: info.port,
            app_key: info.app_key,
            cluster: info.cluster,
            channel: OPERATOR_CHANNEL,
          },
          '获取成功',
        );
      },
    },
    'POST /admin/v1/broadcasting/auth': {
      tags,
      summary: '后台私有频道签名（待办数量实时推送）',
      access: dashboard,
      // Pusher's client reads `auth` at the top level of the answer, beside the envelope.
      response200: envelope(operatorChannelAuthResult).extend({ auth: z.string() }),
      handler: async (request) => {
        const signed = pending.authorize(request.body.socket_id);
        return { ...ok(signed, '认证成功'), auth: signed.auth };
      },
    },

    'GET /admin/v1/operators': {
      tags,
      summary: '管理账号列表',
      access: operators,
      handler: async (request) => ok(await operatorsAdmin.list(request.query), '获取成功'),
    },
    'POST /admin/v1/operators': {
      tags,
      summary: '新增管理账号（另一位管理员复核通过后创建，一次性密码仅展示给复核人）',
      access: operators,
      handler: async (request) =>
        ok(await operatorsAdmin.create(request.body, callOf(request)), PENDING_SECOND_OPERATOR),
    },
    'PUT /admin/v1/operators/:id': {
      tags,
      summary: '修改管理账号（姓名、停用即时生效；角色、重新启用待另一位管理员复核）',
      access: operators,
      handler: async (request) => {
        const saved = await operatorsAdmin.update(request.params.id, request.body, callOf(request));
        return ok(saved, 'pending_change' in saved ? PENDING_SECOND_OPERATOR : '已保存');
      },
    },
    'POST /admin/v1/operators/:id/reset-password': {
      tags,
      summary: '重置管理账号密码（另一位管理员复核通过后生效，一次性密码仅展示给复核人）',
      access: operators,
      handler: async (request) =>
        ok(await operatorsAdmin.resetPassword(request.params.id, callOf(request)), PENDING_SECOND_OPERATOR),
    },
    'POST /admin/v1/operators/:id/reset-totp': {
      tags,
      summary: '清除管理账号的两步验证（另一位管理员复核通过后生效）',
      access: operators,
      handler: async (request) =>
        ok(await operatorsAdmin.resetTotp(request.params.id, callOf(request)), PENDING_SECOND_OPERATOR),
    },
  };
});
