import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientLogDeleteResult,
  clientLogExport,
  clientLogPage,
  clientLogStats,
  envelope,
  logListQuery,
  logUploadBody,
  logUploadResult,
  LOG_UPLOAD_MAX_BYTES,
  noticePageQuery,
} from '@app/shared';
import { memberOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';

/** Client logs of the signed-in member (SPEC.md §7 "Logs"). */
export const clientLogsRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = app.services.clientLogs;
  const tags = ['客户端日志'];
  const onRequest = app.authenticate;
  const pageQuery = noticePageQuery;

  app.post(
    '/v1/logs/upload',
    {
      onRequest,
      bodyLimit: LOG_UPLOAD_MAX_BYTES,
      schema: {
        tags,
        summary: '上传日志（每次最多200条；同一ID只存一次）',
        body: logUploadBody,
        response: { 200: envelope(logUploadResult) },
      },
    },
    async (request) => ok(await svc.upload(memberOf(request).member.id, request.body), '上传成功'),
  );
  app.get(
    '/v1/logs',
    {
      onRequest,
      schema: {
        tags,
        summary: '我的日志',
        querystring: logListQuery,
        response: { 200: envelope(clientLogPage) },
      },
    },
    async (request) => {
      const q = request.query;
      return ok(
        await svc.list(memberOf(request).member.id, { level: q.level, category: q.category }, q),
        '获取成功',
      );
    },
  );
  app.get(
    '/v1/logs/stats',
    { onRequest, schema: { tags, summary: '日志统计', response: { 200: envelope(clientLogStats) } } },
    async (request) => ok(await svc.stats(memberOf(request).member.id), '获取成功'),
  );
  app.get(
    '/v1/logs/ios',
    {
      onRequest,
      schema: {
        tags,
        summary: 'iOS 平台日志',
        querystring: pageQuery,
        response: { 200: envelope(clientLogPage) },
      },
    },
    async (request) => ok(await svc.ios(memberOf(request).member.id, request.query), '获取成功'),
  );
  app.get(
    '/v1/logs/network',
    {
      onRequest,
      schema: {
        tags,
        summary: '网络日志（network、api、realtime 分类）',
        querystring: pageQuery,
        response: { 200: envelope(clientLogPage) },
      },
    },
    async (request) => ok(await svc.network(memberOf(request).member.id, request.query), '获取成功'),
  );
  app.get(
    '/v1/logs/errors',
    {
      onRequest,
      schema: {
        tags,
        summary: '错误日志',
        querystring: pageQuery,
        response: { 200: envelope(clientLogPage) },
      },
    },
    async (request) => ok(await svc.errors(memberOf(request).member.id, request.query), '获取成功'),
  );
  app.get(
    '/v1/logs/export',
    { onRequest, schema: { tags, summary: '导出全部日志', response: { 200: envelope(clientLogExport) } } },
    async (request) => ok(await svc.export(memberOf(request).member.id), '导出成功'),
  );
  app.delete(
    '/v1/logs',
    {
      onRequest,
      schema: { tags, summary: '清空我的日志', response: { 200: envelope(clientLogDeleteResult) } },
    },
    async (request) => ok(await svc.clear(memberOf(request).member.id), '已清空'),
  );
};
