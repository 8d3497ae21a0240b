import { memberApi } from '@app/shared/api';
import { memberOf } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { idempotencyKeyOf, routeOf } from '../../plugins/idempotency-key.ts';

const tags = ['活动'];
const member = { member: true } as const;

/** Activities (SPEC.md §7 "Activity"): the catalogue is public, applications are the member's own. */
export const activitiesRoutes = contractRoutes(memberApi, (app) => {
  const svc = app.services.activities;
  return {
    'GET /v1/activity/types': {
      tags,
      summary: '活动分类',
      handler: async () => ok(svc.types(), '获取成功'),
    },
    'GET /v1/activity/list': {
      tags,
      summary: '活动列表（可按分类）',
      handler: async (request) => ok(await svc.list(request.query), '获取成功'),
    },
    'GET /v1/activity/detail/:id': {
      tags,
      summary: '活动详情（说明与规则）',
      handler: async (request) => ok(await svc.detail(request.params.id), '获取成功'),
    },
    'GET /v1/activity/my-applications': {
      tags,
      summary: '我的活动申请',
      access: member,
      handler: async (request) =>
        ok(await svc.myApplications(memberOf(request).member.id, request.query), '获取成功'),
    },
    'GET /v1/activity/:id/application-status': {
      tags,
      summary: '本期申请状态与资格（不符合时给出原因）',
      access: member,
      handler: async (request) =>
        ok(await svc.applicationStatus(memberOf(request).member.id, request.params.id), '获取成功'),
    },
    'POST /v1/activity/apply': {
      tags,
      summary: '申请活动（服务端校验资格；每期一次；支持 Idempotency-Key）',
      access: member,
      handler: async (request) => {
        const result = await svc.apply(request.body.activity_id, {
          memberId: memberOf(request).member.id,
          idempotencyKey: idempotencyKeyOf(request),
          route: routeOf(request),
        });
        return ok(result, result.application.status === 'approved' ? '领取成功' : '申请已提交，请等待审核');
      },
    },
  };
});
