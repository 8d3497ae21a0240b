import { memberApi } from '@app/shared/api';
import type { FastifyRequest } from 'fastify';
import { memberOf } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { idempotencyKeyOf, routeOf } from '../../plugins/idempotency-key.ts';

const tags = ['红包'];
const member = { member: true } as const;

/** 红包雨 and 口令红包 (`redpacket_switch`): the rains, claims, the member's records. */
export const redPacketsRoutes = contractRoutes(memberApi, (app) => {
  const svc = app.services.redPackets;
  const claimContext = (request: FastifyRequest) => ({
    member: memberOf(request).member,
    idempotencyKey: idempotencyKeyOf(request),
    route: routeOf(request),
  });
  return {
    'GET /v1/red-packets': {
      tags,
      summary: '红包雨：进行中、24小时内将开始和已结束的场次（含本人领取记录；关闭时 open=false）',
      access: member,
      handler: async (request) => ok(await svc.list(memberOf(request).member), '获取成功'),
    },
    'GET /v1/red-packets/claims': {
      tags,
      summary: '我的红包记录',
      access: member,
      handler: async (request) => ok(await svc.claims(memberOf(request).member, request.query), '获取成功'),
    },
    'GET /v1/red-packets/:id': {
      tags,
      summary: '一个红包（承诺值；结束后公布种子，可验证每个红包金额）',
      access: member,
      handler: async (request) => ok(await svc.one(memberOf(request).member, request.params.id), '获取成功'),
    },
    'POST /v1/red-packets/:id/claim': {
      tags,
      summary: '抢红包雨（每场每人一次；须符合条件；冷静期不可领；支持 Idempotency-Key）',
      access: member,
      handler: async (request) =>
        ok(await svc.claimRain(request.params.id, claimContext(request)), '恭喜，红包已到账'),
    },
    'POST /v1/red-packets/code': {
      tags,
      summary: '领取口令红包（每个口令每人一次；支持 Idempotency-Key）',
      access: member,
      handler: async (request) =>
        ok(await svc.claimCode(request.body.code, claimContext(request)), '恭喜，红包已到账'),
    },
  };
});
