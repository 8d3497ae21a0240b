import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activityApplyBody,
  activityApplyResult,
  activityDetail,
  activityIdParam,
  activityListQuery,
  activityPage,
  activityTypeList,
  applicationPage,
  applicationStatus,
  envelope,
  myApplicationsQuery,
} from '@app/shared';
import { memberOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { idempotencyKeyOf, routeOf } from '../../plugins/idempotency-key.ts';

const tags = ['活动'];
const security = [{ bearer: [] }];

/** Activities (SPEC.md §7 "Activity"): the catalogue is public, applications are the member's own. */
export const activitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = app.services.activities;

  app.get(
    '/v1/activity/types',
    { schema: { tags, summary: '活动分类', response: { 200: envelope(activityTypeList) } } },
    async () => ok(svc.types(), '获取成功'),
  );
  app.get(
    '/v1/activity/list',
    {
      schema: {
        tags,
        summary: '活动列表（可按分类）',
        querystring: activityListQuery,
        response: { 200: envelope(activityPage) },
      },
    },
    async (request) => ok(await svc.list(request.query), '获取成功'),
  );
  app.get(
    '/v1/activity/detail/:id',
    {
      schema: {
        tags,
        summary: '活动详情（说明与规则）',
        params: activityIdParam,
        response: { 200: envelope(activityDetail) },
      },
    },
    async (request) => ok(await svc.detail(request.params.id), '获取成功'),
  );
  app.get(
    '/v1/activity/my-applications',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: '我的活动申请',
        security,
        querystring: myApplicationsQuery,
        response: { 200: envelope(applicationPage) },
      },
    },
    async (request) => ok(await svc.myApplications(memberOf(request).member.id, request.query), '获取成功'),
  );
  app.get(
    '/v1/activity/:id/application-status',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: '本期申请状态与资格（不符合时给出原因）',
        security,
        params: activityIdParam,
        response: { 200: envelope(applicationStatus) },
      },
    },
    async (request) =>
      ok(await svc.applicationStatus(memberOf(request).member.id, request.params.id), '获取成功'),
  );
  app.post(
    '/v1/activity/apply',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: '申请活动（服务端校验资格；每期一次；支持 Idempotency-Key）',
        security,
        body: activityApplyBody,
        response: { 200: envelope(activityApplyResult) },
      },
    },
    async (request) => {
      const result = await svc.apply(request.body.activity_id, {
        memberId: memberOf(request).member.id,
        idempotencyKey: idempotencyKeyOf(request),
        route: routeOf(request),
      });
      return ok(result, result.application.status === 'approved' ? '领取成功' : '申请已提交，请等待审核');
    },
  );
};
