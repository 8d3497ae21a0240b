import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, idParam, okData } from '@app/shared';
import {
  changeOwnPasswordBody,
  createOperatorBody,
  OPERATOR_CHANNEL,
  operatorChannelAuthBody,
  operatorConnectionInfo,
  operatorItem,
  operatorListQuery,
  operatorPage,
  operatorSecurityStatus,
  totpCodeBody,
  totpSetupResult,
  updateOperatorBody,
  pendingChangeRef,
  PENDING_SECOND_OPERATOR,
} from '@app/shared/backoffice';
import { ok } from '../../plugins/envelope.ts';
import { operatorOf } from '../../plugins/operator-auth.ts';
import { callOf, guarded, security } from '../../plugins/operator-guard.ts';

const tags = ['管理后台-账号'];

/** The answer of a request that only proposes: it takes effect when a second admin approves it. */
const waitsForSecondOperator = z.object({ pending_change: pendingChangeRef });

/** The operator's own security (two-factor, password), operator management, the console's channel. */
export const backofficeAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { security: sec, operatorsAdmin, pending } = app.services.backoffice;
  const signedIn = { onRequest: app.authenticateOperator };

  app.get(
    '/admin/v1/auth/security',
    {
      ...signedIn,
      schema: {
        tags,
        summary: '两步验证状态',
        security,
        response: { 200: envelope(operatorSecurityStatus) },
      },
    },
    async (request) => ok(await sec.status(operatorOf(request).operator), '获取成功'),
  );
  app.post(
    '/admin/v1/auth/totp/setup',
    {
      ...signedIn,
      schema: {
        tags,
        summary: '获取两步验证绑定密钥（二维码）',
        security,
        response: { 200: envelope(totpSetupResult) },
      },
    },
    async (request) => ok(await sec.setup(operatorOf(request).operator), '请用验证器扫码'),
  );
  app.post(
    '/admin/v1/auth/totp/enable',
    {
      ...signedIn,
      schema: {
        tags,
        summary: '开启两步验证',
        security,
        body: totpCodeBody,
        response: { 200: envelope(operatorSecurityStatus) },
      },
    },
    async (request) =>
      ok(
        await sec.enable(operatorOf(request).operator, request.body.code, callOf(request)),
        '两步验证已开启',
      ),
  );
  app.post(
    '/admin/v1/auth/totp/disable',
    {
      ...signedIn,
      schema: {
        tags,
        summary: '关闭两步验证',
        security,
        body: totpCodeBody,
        response: { 200: envelope(operatorSecurityStatus) },
      },
    },
    async (request) =>
      ok(
        await sec.disable(operatorOf(request).operator, request.body.code, callOf(request)),
        '两步验证已关闭',
      ),
  );
  app.post(
    '/admin/v1/auth/password',
    {
      ...signedIn,
      schema: {
        tags,
        summary: '修改本人密码（其他登录会话失效）',
        security,
        body: changeOwnPasswordBody,
        response: { 200: envelope(okData) },
      },
    },
    async (request) =>
      ok(await sec.changePassword(operatorOf(request).operator, request.body, callOf(request)), '密码已修改'),
  );
  app.get(
    '/admin/v1/realtime/connection-info',
    {
      ...guarded(app, 'dashboard'),
      schema: {
        tags,
        summary: '后台实时连接信息',
        security,
        response: { 200: envelope(operatorConnectionInfo) },
      },
    },
    async (request) => {
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
  );
  app.post(
    '/admin/v1/broadcasting/auth',
    {
      ...guarded(app, 'dashboard'),
      schema: {
        tags,
        summary: '后台私有频道签名（待办数量实时推送）',
        security,
        body: operatorChannelAuthBody,
        response: { 200: envelope(z.object({ auth: z.string() })).extend({ auth: z.string() }) },
      },
    },
    async (request) => {
      const signed = pending.authorize(request.body.socket_id);
      return { ...ok(signed, '认证成功'), auth: signed.auth };
    },
  );

  const admin = guarded(app, 'operators');
  app.get(
    '/admin/v1/operators',
    {
      ...admin,
      schema: {
        tags,
        summary: '管理账号列表',
        security,
        querystring: operatorListQuery,
        response: { 200: envelope(operatorPage) },
      },
    },
    async (request) => ok(await operatorsAdmin.list(request.query), '获取成功'),
  );
  app.post(
    '/admin/v1/operators',
    {
      ...admin,
      schema: {
        tags,
        summary: '新增管理账号（另一位管理员复核通过后创建，一次性密码仅展示给复核人）',
        security,
        body: createOperatorBody,
        response: { 200: envelope(waitsForSecondOperator) },
      },
    },
    async (request) =>
      ok(await operatorsAdmin.create(request.body, callOf(request)), PENDING_SECOND_OPERATOR),
  );
  app.put(
    '/admin/v1/operators/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: '修改管理账号（姓名、停用即时生效；角色、重新启用待另一位管理员复核）',
        security,
        params: idParam,
        body: updateOperatorBody,
        response: { 200: envelope(operatorItem.extend({ pending_change: pendingChangeRef.optional() })) },
      },
    },
    async (request) => {
      const saved = await operatorsAdmin.update(request.params.id, request.body, callOf(request));
      return ok(saved, 'pending_change' in saved ? PENDING_SECOND_OPERATOR : '已保存');
    },
  );
  app.post(
    '/admin/v1/operators/:id/reset-password',
    {
      ...admin,
      schema: {
        tags,
        summary: '重置管理账号密码（另一位管理员复核通过后生效，一次性密码仅展示给复核人）',
        security,
        params: idParam,
        response: { 200: envelope(waitsForSecondOperator) },
      },
    },
    async (request) =>
      ok(await operatorsAdmin.resetPassword(request.params.id, callOf(request)), PENDING_SECOND_OPERATOR),
  );
  app.post(
    '/admin/v1/operators/:id/reset-totp',
    {
      ...admin,
      schema: {
        tags,
        summary: '清除管理账号的两步验证（另一位管理员复核通过后生效）',
        security,
        params: idParam,
        response: { 200: envelope(waitsForSecondOperator) },
      },
    },
    async (request) =>
      ok(await operatorsAdmin.resetTotp(request.params.id, callOf(request)), PENDING_SECOND_OPERATOR),
  );
};
