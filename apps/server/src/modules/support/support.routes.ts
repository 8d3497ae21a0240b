import { memberApi } from '@app/shared/api';
import { memberOf } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';

const tags = ['在线客服'];
const member = { member: true } as const;
/** A picture's base64 (2 MB → 2.8 MB) and the JSON around it. */
const PICTURE_BODY_LIMIT = 3 * 1024 * 1024;

/** 在线客服, the member's side: status, history, text and pictures, typing, read marks, the rating. */
export const supportRoutes = contractRoutes(memberApi, (app) => {
  const svc = app.services.support;
  const id = (request: Parameters<typeof memberOf>[0]) => memberOf(request).member.id;
  return {
    'GET /v1/support/status': {
      tags,
      summary: '在线客服状态（是否开启、是否在服务时间、进行中的会话与未读数）',
      access: member,
      handler: async (request) => ok(await svc.status(id(request)), '获取成功'),
    },
    'GET /v1/support/messages': {
      tags,
      summary: '客服消息记录（本人全部会话，按 before_id 向前翻页）',
      access: member,
      handler: async (request) => ok(await svc.history(id(request), request.query), '获取成功'),
    },
    'POST /v1/support/messages': {
      tags,
      summary: '发送文字消息（无进行中会话时新建；非服务时间为留言，客服上班后回复）',
      access: member,
      handler: async (request) => ok(await svc.sendText(id(request), request.body.text), '发送成功'),
    },
    'POST /v1/support/pictures': {
      tags,
      summary: '发送图片（base64；仅 PNG、JPG、WEBP，按文件头识别，不超过2MB）',
      access: member,
      bodyLimit: PICTURE_BODY_LIMIT,
      handler: async (request) => ok(await svc.sendPicture(id(request), request.body.data), '发送成功'),
    },
    'GET /v1/support/pictures/:id': {
      tags,
      summary: '查看本人会话中的图片（base64）',
      access: member,
      handler: async (request) => ok(await svc.picture(id(request), request.params.id), '获取成功'),
    },
    'POST /v1/support/typing': {
      tags,
      summary: '正在输入（推送给客服）',
      access: member,
      handler: async (request) => ok(await svc.typing(id(request), request.body.typing), '已发送'),
    },
    'POST /v1/support/read': {
      tags,
      summary: '已读到某条消息（推送给客服）',
      access: member,
      handler: async (request) => ok(await svc.read(id(request), request.body.last_id), '已读'),
    },
    'POST /v1/support/conversations/:id/rating': {
      tags,
      summary: '为已结束的会话评分（1-5星，每个会话一次）',
      access: member,
      handler: async (request) =>
        ok(await svc.rate(id(request), request.params.id, request.body), '感谢您的评价'),
    },
  };
});
