import { memberApi } from '@app/shared/api';
import { backofficeApi } from '@app/shared/backoffice-api';
import { listRoutes } from '../../plugins/list-routes.ts';
import { memberOf } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { idempotencyKeyOf, routeOf } from '../../plugins/idempotency-key.ts';

const tags = ['竞彩跟单'];
const member = { member: true } as const;

/** 跟单: 晒单 an open order, the 跟单大厅, one 晒单, and copying it. */
export const followRoutes = contractRoutes(memberApi, (app) => {
  const svc = app.services.follow;
  const subs = app.services.followSubscriptions;
  return {
    'POST /v1/follow/posts': {
      tags,
      summary: '晒单（待开奖的赛前注单，附推荐理由与佣金比例 0-8%，跟单者盈利时按比例支付）',
      access: member,
      handler: async (request) =>
        ok(await svc.publish(memberOf(request).member.id, request.body), '晒单成功'),
    },
    'GET /v1/follow/posts': {
      tags,
      summary: '跟单大厅（可跟的晒单，最新或最热；mine=1 为我的晒单），含发单人近30天战绩',
      access: member,
      handler: async (request) => ok(await svc.list(memberOf(request).member.id, request.query), '获取成功'),
    },
    'GET /v1/follow/posts/:id': {
      tags,
      summary: '晒单详情（选项、发单人战绩、跟单人数与金额）',
      access: member,
      handler: async (request) =>
        ok(await svc.one(memberOf(request).member.id, request.params.id), '获取成功'),
    },
    'GET /v1/experts/:id/slips': {
      tags: ['专家'],
      summary: '专家实单：专家关联会员账号的晒单（含已开奖的结果），最新在前',
      handler: async (request) => ok(await svc.expertSlips(request.params.id, request.query), '获取成功'),
    },
    'GET /v1/follow/leaderboard': {
      tags,
      summary: '战绩榜（近7天或30天：命中率、盈利率、连红、跟单人数；至少一张已开奖晒单才上榜，前50名）',
      access: member,
      handler: async (request) => ok(await svc.leaderboard(request.query), '获取成功'),
    },
    'POST /v1/follow/subscriptions': {
      tags,
      summary:
        '定制跟单（订阅一位发单人：固定倍数或按其倍数比例自动跟其新晒单；每日上限与止损；每单与手动跟单同样校验，未成功会通知）',
      access: member,
      handler: async (request) =>
        ok(await subs.subscribe(memberOf(request).member.id, request.body), '定制成功'),
    },
    'GET /v1/follow/subscriptions': {
      tags,
      summary: '我的定制跟单（方式、每日上限、止损、已跟单数与金额、盈亏、最近的自动跟单结果）',
      access: member,
      handler: async (request) => ok(await subs.list(memberOf(request).member.id), '获取成功'),
    },
    'POST /v1/follow/subscriptions/:id/cancel': {
      tags,
      summary: '取消定制跟单（已下的跟单注单不受影响）',
      access: member,
      handler: async (request) =>
        ok(await subs.cancel(memberOf(request).member.id, request.params.id), '已取消定制'),
    },
    'POST /v1/follow/posts/:id/copy': {
      tags,
      summary: '跟单（以当前赔率和自选倍数下一张自己的注单，与普通投注同样校验；支持 Idempotency-Key）',
      access: member,
      handler: async (request) =>
        ok(
          await svc.copy(request.params.id, request.body, {
            member: memberOf(request).member,
            idempotencyKey: idempotencyKeyOf(request),
            route: routeOf(request),
          }),
          '跟单成功',
        ),
    },
  };
});

/** 跟单 in the console: every 晒单 with its copies and the commission paid (CSV too). */
export const followAdminRoutes = contractRoutes(backofficeApi, (app) => ({
  ...listRoutes(backofficeApi, 'GET /admin/v1/follow/posts', {
    access: { permission: 'sports' },
    tags: ['管理后台-跟单'],
    summary: '晒单：发单人、注单、佣金比例、跟单人数与金额、已付佣金、是否可跟',
    list: (q) => app.services.follow.adminList(q),
    fileName: '晒单跟单',
    csv: [
      { title: 'ID', value: (r) => r.id },
      { title: '发单人', value: (r) => r.username },
      { title: '注单号', value: (r) => r.order_no },
      { title: '过关', value: (r) => r.pass_type },
      { title: '自购', value: (r) => r.total_amount },
      { title: '佣金比例(bp)', value: (r) => r.commission_bp },
      { title: '跟单人数', value: (r) => r.copies },
      { title: '跟单金额', value: (r) => r.copied_amount },
      { title: '已付佣金', value: (r) => r.commission_paid },
      { title: '可跟', value: (r) => (r.open ? '是' : '否') },
      { title: '截止', value: (r) => r.closes_at },
      { title: '发单时间', value: (r) => r.created_at },
    ],
  }),
  ...listRoutes(backofficeApi, 'GET /admin/v1/follow/subscriptions', {
    access: { permission: 'sports' },
    tags: ['管理后台-跟单'],
    summary: '定制跟单：会员、发单人、方式、每日上限、止损、状态、自动跟单数、金额与盈亏',
    list: (q) => app.services.followSubscriptions.adminList(q),
    fileName: '定制跟单',
    csv: [
      { title: 'ID', value: (r) => r.id },
      { title: '会员', value: (r) => r.member },
      { title: '发单人', value: (r) => r.publisher },
      { title: '方式', value: (r) => r.mode_text },
      { title: '每日上限', value: (r) => r.daily_cap },
      { title: '止损', value: (r) => r.stop_loss ?? '' },
      { title: '状态', value: (r) => r.status_text },
      { title: '结束原因', value: (r) => r.end_reason ?? '' },
      { title: '自动跟单', value: (r) => r.copies },
      { title: '跟单金额', value: (r) => r.staked },
      { title: '盈亏', value: (r) => r.net },
      { title: '定制时间', value: (r) => r.created_at },
    ],
  }),
}));
