import { SYNDICATE_STATUSES } from '@app/shared';
import { memberApi } from '@app/shared/api';
import { backofficeApi } from '@app/shared/backoffice-api';
import { memberOf } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { idempotencyKeyOf, routeOf } from '../../plugins/idempotency-key.ts';
import { listRoutes } from '../../plugins/list-routes.ts';
import { callOf } from '../../plugins/operator-guard.ts';

const tags = ['合买'];
const member = { member: true } as const;

/** 合买: start a plan from a 竞彩 slip, the 合买大厅, one plan, buying shares. */
export const syndicatesRoutes = contractRoutes(memberApi, (app) => {
  const svc = app.services.syndicates;
  const callOfMember = (request: Parameters<typeof memberOf>[0]) => ({
    member: memberOf(request).member,
    idempotencyKey: idempotencyKeyOf(request),
    route: routeOf(request),
  });
  return {
    'POST /v1/syndicates': {
      tags,
      summary:
        '发起合买（竞彩方案按份数拆分，每份至少1元；发起人至少认购5%，可保底，佣金0-10%仅从盈利中提取；支持 Idempotency-Key）',
      access: member,
      handler: async (request) => ok(await svc.create(request.body, callOfMember(request)), '发起成功'),
    },
    'GET /v1/syndicates': {
      tags,
      summary: '合买大厅（认购中的方案：最热、最新、进度；mine=1 为我发起或参与的方案）',
      access: member,
      handler: async (request) => ok(await svc.list(memberOf(request).member.id, request.query), '获取成功'),
    },
    'GET /v1/syndicates/:id': {
      tags,
      summary: '方案详情（进度、认购人、发起人战绩，方案内容按保密设置显示）',
      access: member,
      handler: async (request) =>
        ok(await svc.detail(memberOf(request).member.id, request.params.id), '获取成功'),
    },
    'POST /v1/syndicates/:id/buy': {
      tags,
      summary: '认购份数（截止前；金额从主钱包冻结，方案出票时成为投注，流产则退回；支持 Idempotency-Key）',
      access: member,
      handler: async (request) =>
        ok(await svc.buy(request.params.id, request.body.shares, callOfMember(request)), '认购成功'),
    },
  };
});

/** 合买 in the console: every plan (CSV too), a forced 流产 with a reason, the commission report. */
export const syndicatesAdminRoutes = contractRoutes(backofficeApi, (app) => {
  const svc = app.services.syndicates;
  const access = { permission: 'sports' } as const;
  const adminTags = ['管理后台-合买'];
  return {
    ...listRoutes(backofficeApi, 'GET /admin/v1/syndicates', {
      access,
      tags: adminTags,
      summary: '合买方案：发起人、金额与份数、进度、保底、佣金、状态、注单与派奖',
      list: (q) => svc.adminList(q),
      fileName: '合买方案',
      csv: [
        { title: '方案号', value: (r) => r.plan_no },
        { title: '发起人', value: (r) => r.username },
        { title: '过关', value: (r) => r.pass_type },
        { title: '方案金额', value: (r) => r.total_amount },
        { title: '份数', value: (r) => r.shares },
        { title: '已认购', value: (r) => r.sold_shares },
        { title: '保底', value: (r) => r.guarantee_shares },
        { title: '人数', value: (r) => r.participants },
        { title: '佣金比例(bp)', value: (r) => r.commission_bp },
        { title: '状态', value: (r) => SYNDICATE_STATUSES[r.status] },
        { title: '注单号', value: (r) => r.order_no ?? '' },
        { title: '奖金', value: (r) => r.payout },
        { title: '佣金', value: (r) => r.commission },
        { title: '流产原因', value: (r) => r.fail_reason ?? '' },
        { title: '截止', value: (r) => r.deadline_at },
        { title: '发起时间', value: (r) => r.created_at },
      ],
    }),
    'GET /admin/v1/syndicates/commissions': {
      access,
      tags: adminTags,
      summary: '合买佣金报表：所选日期内结算中奖的方案，按发起人汇总奖金与佣金',
      handler: async (request) => ok(await svc.commissions(request.query), '获取成功'),
    },
    'POST /admin/v1/syndicates/:id/fail': {
      access,
      tags: adminTags,
      summary: '强制流产（仅认购中的方案；填写原因，全部认购与保底退回，记入操作日志）',
      handler: async (request) =>
        ok(await svc.forceFail(request.params.id, request.body.reason, callOf(request)), '方案已流产'),
    },
  };
});
