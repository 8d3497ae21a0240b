import { z } from 'zod';
import { envelope, SUPPORT_OPERATOR_CHANNEL } from '@app/shared';
import { supportChannelAuth } from '@app/shared/backoffice';
import { backofficeApi } from '@app/shared/backoffice-api';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { operatorOf } from '../../plugins/operator-auth.ts';
import { callOf } from '../../plugins/operator-guard.ts';

const tags = ['管理后台-在线客服'];
const access = { permission: 'support' } as const;
const PICTURE_BODY_LIMIT = 3 * 1024 * 1024;

/** 在线客服 in the console: queue, conversations, replies, decisions (audited), canned replies, settings. */
export const supportAdminRoutes = contractRoutes(backofficeApi, (app) => {
  const desk = app.services.supportDesk;
  return {
    'GET /admin/v1/support/queue': {
      access,
      tags,
      summary: '会话队列：待接入、我的会话、全部进行中',
      handler: async (request) =>
        ok(await desk.queue(operatorOf(request).operator.id, request.query), '获取成功'),
    },
    'GET /admin/v1/support/conversations': {
      access,
      tags,
      summary: '会话记录查询（会员、消息内容、日期、状态）',
      handler: async (request) => ok(await desk.search(request.query), '获取成功'),
    },
    'GET /admin/v1/support/conversations/:id': {
      access,
      tags,
      summary: '会话详情',
      handler: async (request) => ok(await desk.conversation(request.params.id), '获取成功'),
    },
    'GET /admin/v1/support/conversations/:id/messages': {
      access,
      tags,
      summary: '会话消息（按 before_id 向前翻页）',
      handler: async (request) => ok(await desk.messages(request.params.id, request.query), '获取成功'),
    },
    'GET /admin/v1/support/conversations/:id/member': {
      access,
      tags,
      summary: '会员资料与待处理事项（待确认充值、待审核提现、最近注单）',
      handler: async (request) => ok(await desk.memberPanel(request.params.id), '获取成功'),
    },
    'POST /admin/v1/support/conversations/:id/take': {
      access,
      tags,
      summary: '接入会话（记入操作日志）',
      handler: async (request) => ok(await desk.take(request.params.id, callOf(request)), '已接入'),
    },
    'POST /admin/v1/support/conversations/:id/assign': {
      access,
      tags,
      summary: '分配会话给客服（记入操作日志）',
      handler: async (request) =>
        ok(await desk.assign(request.params.id, request.body.operator_id, callOf(request)), '已分配'),
    },
    'POST /admin/v1/support/conversations/:id/transfer': {
      access,
      tags,
      summary: '转接给同事（仅当前接待客服；记入操作日志）',
      handler: async (request) =>
        ok(await desk.transfer(request.params.id, request.body, callOf(request)), '已转接'),
    },
    'POST /admin/v1/support/conversations/:id/close': {
      access,
      tags,
      summary: '结束会话并邀请会员评分（记入操作日志）',
      handler: async (request) => ok(await desk.close(request.params.id, callOf(request)), '会话已结束'),
    },
    'POST /admin/v1/support/conversations/:id/messages': {
      access,
      tags,
      summary: '回复文字（仅接待中的客服）',
      handler: async (request) =>
        ok(await desk.sendText(request.params.id, request.body.text, callOf(request)), '发送成功'),
    },
    'POST /admin/v1/support/conversations/:id/pictures': {
      access,
      tags,
      summary: '回复图片（base64；仅 PNG、JPG、WEBP，不超过2MB）',
      bodyLimit: PICTURE_BODY_LIMIT,
      handler: async (request) =>
        ok(await desk.sendPicture(request.params.id, request.body.data, callOf(request)), '发送成功'),
    },
    'POST /admin/v1/support/conversations/:id/typing': {
      access,
      tags,
      summary: '正在输入（推送给会员）',
      handler: async (request) => ok(await desk.typing(request.params.id, request.body.typing), '已发送'),
    },
    'POST /admin/v1/support/conversations/:id/read': {
      access,
      tags,
      summary: '已读到某条消息（推送给会员）',
      handler: async (request) => ok(await desk.read(request.params.id, request.body.last_id), '已读'),
    },
    'GET /admin/v1/support/pictures/:id': {
      access,
      tags,
      summary: '查看会话中的图片（base64）',
      handler: async (request) => ok(await desk.picture(request.params.id), '获取成功'),
    },
    'GET /admin/v1/support/colleagues': {
      access,
      tags,
      summary: '可分配、转接的客服（含进行中会话数）',
      handler: async () => ok(await desk.colleagues(), '获取成功'),
    },
    'GET /admin/v1/support/canned-replies': {
      access,
      tags,
      summary: '快捷回复列表',
      handler: async () => ok(await desk.cannedReplies(), '获取成功'),
    },
    'POST /admin/v1/support/canned-replies': {
      access,
      tags,
      summary: '新建快捷回复',
      handler: async (request) => ok(await desk.createCannedReply(request.body, callOf(request)), '已保存'),
    },
    'PUT /admin/v1/support/canned-replies/:id': {
      access,
      tags,
      summary: '修改快捷回复',
      handler: async (request) =>
        ok(await desk.updateCannedReply(request.params.id, request.body, callOf(request)), '已保存'),
    },
    'DELETE /admin/v1/support/canned-replies/:id': {
      access,
      tags,
      summary: '删除快捷回复',
      handler: async (request) =>
        ok(await desk.deleteCannedReply(request.params.id, callOf(request)), '已删除'),
    },
    'GET /admin/v1/support/settings': {
      access,
      tags,
      summary: '在线客服设置（开关、服务时间、欢迎语、留言提示）',
      handler: async () => ok(await desk.settings(), '获取成功'),
    },
    'PUT /admin/v1/support/settings': {
      access,
      tags,
      summary: '保存在线客服设置（记入操作日志；关闭时客服页打开 kf_url）',
      handler: async (request) => ok(await desk.saveSettings(request.body, callOf(request)), '已保存'),
    },
    'GET /admin/v1/support/realtime/connection-info': {
      access,
      tags,
      summary: '客服实时连接信息（private-support 频道）',
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
            channel: SUPPORT_OPERATOR_CHANNEL,
          },
          '获取成功',
        );
      },
    },
    'POST /admin/v1/support/broadcasting/auth': {
      access,
      tags,
      summary: '客服频道订阅签名（仅有在线客服权限的管理员）',
      // Pusher's client reads `auth` at the top level of the answer, beside the envelope.
      response200: envelope(supportChannelAuth).extend({ auth: z.string() }),
      handler: async (request) => {
        const signed = desk.authorize(request.body.socket_id);
        return { ...ok(signed, '认证成功'), auth: signed.auth };
      },
    },
  };
});
