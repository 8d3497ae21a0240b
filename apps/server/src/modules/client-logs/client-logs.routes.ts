import { LOG_UPLOAD_MAX_BYTES } from '@app/shared';
import { memberApi } from '@app/shared/api';
import { memberOf } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';

const member = { member: true } as const;

/** Client logs of the signed-in member (SPEC.md §7 "Logs"). */
export const clientLogsRoutes = contractRoutes(memberApi, (app) => {
  const svc = app.services.clientLogs;
  const tags = ['客户端日志'];
  return {
    'POST /v1/logs/upload': {
      tags,
      summary: '上传日志（每次最多200条；同一ID只存一次）',
      access: member,
      bodyLimit: LOG_UPLOAD_MAX_BYTES,
      handler: async (request) => ok(await svc.upload(memberOf(request).member.id, request.body), '上传成功'),
    },
    'GET /v1/logs': {
      tags,
      summary: '我的日志',
      access: member,
      handler: async (request) => {
        const q = request.query;
        return ok(
          await svc.list(memberOf(request).member.id, { level: q.level, category: q.category }, q),
          '获取成功',
        );
      },
    },
    'GET /v1/logs/stats': {
      tags,
      summary: '日志统计',
      access: member,
      handler: async (request) => ok(await svc.stats(memberOf(request).member.id), '获取成功'),
    },
    'GET /v1/logs/ios': {
      tags,
      summary: 'iOS 平台日志',
      access: member,
      handler: async (request) => ok(await svc.ios(memberOf(request).member.id, request.query), '获取成功'),
    },
    'GET /v1/logs/network': {
      tags,
      summary: '网络日志（network、api、realtime 分类）',
      access: member,
      handler: async (request) =>
        ok(await svc.network(memberOf(request).member.id, request.query), '获取成功'),
    },
    'GET /v1/logs/errors': {
      tags,
      summary: '错误日志',
      access: member,
      handler: async (request) =>
        ok(await svc.errors(memberOf(request).member.id, request.query), '获取成功'),
    },
    'GET /v1/logs/export': {
      tags,
      summary: '导出全部日志',
      access: member,
      handler: async (request) => ok(await svc.export(memberOf(request).member.id), '导出成功'),
    },
    'DELETE /v1/logs': {
      tags,
      summary: '清空我的日志',
      access: member,
      handler: async (request) => ok(await svc.clear(memberOf(request).member.id), '已清空'),
    },
  };
});
