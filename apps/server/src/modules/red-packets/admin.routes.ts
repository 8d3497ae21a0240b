import { RED_PACKET_KINDS, RED_PACKET_STATUSES } from '@app/shared';
import { PENDING_SECOND_OPERATOR, type redPacketBody } from '@app/shared/backoffice';
import { backofficeApi } from '@app/shared/backoffice-api';
import type { z } from 'zod';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { listRoutes } from '../../plugins/list-routes.ts';
import { callOf } from '../../plugins/operator-guard.ts';
import type { RedPacketInput } from './red-packets.service.ts';

const tags = ['管理后台-红包'];
const access = { permission: 'activities' } as const;

/** 红包 in the console: schedule (budget above the approval threshold waits for a second operator), claims, report. */
export const redPacketsAdminRoutes = contractRoutes(backofficeApi, (app) => {
  const svc = app.services.redPackets;
  return {
    ...listRoutes(backofficeApi, 'GET /admin/v1/red-packets', {
      access,
      tags,
      summary: '红包雨与口令红包（预算、个数、已领取、剩余、承诺值与结束后公布的种子）',
      list: (q) => svc.adminList(q),
      fileName: '红包',
      csv: [
        { title: 'ID', value: (r) => r.id },
        { title: '类型', value: (r) => RED_PACKET_KINDS[r.kind] },
        { title: '名称', value: (r) => r.name },
        { title: '口令', value: (r) => r.code ?? '' },
        { title: '状态', value: (r) => RED_PACKET_STATUSES[r.status] },
        { title: '开始', value: (r) => r.starts_at },
        { title: '结束', value: (r) => r.ends_at },
        { title: '预算', value: (r) => r.budget },
        { title: '个数', value: (r) => r.count },
        { title: '已领个数', value: (r) => r.claimed },
        { title: '已领金额', value: (r) => r.claimed_amount },
        { title: '剩余金额', value: (r) => r.remaining_amount },
        { title: '领取条件', value: (r) => r.conditions.text || '无' },
        { title: '承诺值', value: (r) => r.commitment },
        { title: '种子', value: (r) => r.seed ?? '' },
      ],
    }),
    'POST /admin/v1/red-packets': {
      tags,
      summary: '新建红包雨或口令红包（公布承诺值；预算超出单人审批额度时待另一位管理员复核；记录审计）',
      access,
      handler: async (request) => {
        const item = await svc.create(inputOf(request.body), callOf(request));
        return ok(item, item.pending_change ? PENDING_SECOND_OPERATOR : '已创建');
      },
    },
    'PUT /admin/v1/red-packets/:id': {
      tags,
      summary: '修改红包（开始前可改全部条款；开始后仅名称与结束时间；记录审计）',
      access,
      handler: async (request) => {
        const item = await svc.update(request.params.id, inputOf(request.body), callOf(request));
        return ok(item, item.pending_change ? PENDING_SECOND_OPERATOR : '已保存');
      },
    },
    'POST /admin/v1/red-packets/:id/cancel': {
      tags,
      summary: '取消红包（已领取的保留，未领取的不再发放；记录审计）',
      access,
      handler: async (request) =>
        ok(await svc.cancel(request.params.id, request.body.reason, callOf(request)), '已取消'),
    },
    'GET /admin/v1/red-packets/:id/claims': {
      tags,
      summary: '一个红包的领取记录',
      access,
      handler: async (request) => ok(await svc.claimsOfPacket(request.params.id, request.query), '获取成功'),
    },
  };
});

function inputOf(body: z.output<typeof redPacketBody>): RedPacketInput {
  return {
    kind: body.kind,
    name: body.name,
    code: body.kind === 'code' ? body.code : null,
    startsAt: new Date(body.starts_at),
    endsAt: new Date(body.ends_at),
    budget: body.budget,
    count: body.count,
    minAmount: body.min_amount,
    turnoverPct: Math.round(body.turnover_multiple * 100),
    vipMin: body.vip_min,
    depositMin: body.deposit_min,
    turnoverMin: body.turnover_min,
  };
}
