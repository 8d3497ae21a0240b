import { memberApi } from '@app/shared/api';
import { bearerToken, memberOf } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { originOf } from '../../plugins/request-origin.ts';

const tags = ['邀请推广'];
const member = { member: true } as const;

/** The invite programme (SPEC.md §7 "Invite/agent"): a member's code, link, referrals, rewards, ranking. */
export const inviteRoutes = contractRoutes(memberApi, (app) => {
  const svc = app.services.invite;
  return {
    'GET /v1/invite/info': {
      tags,
      summary: '我的邀请信息',
      access: member,
      handler: async (request) => ok(await svc.info(memberOf(request).member, originOf(request)), '获取成功'),
    },
    'GET /v1/invite/url': {
      tags,
      summary: '邀请链接（用于生成二维码）',
      access: member,
      handler: async (request) => ok(svc.url(memberOf(request).member, originOf(request)), '获取成功'),
    },
    'GET /v1/invite/referrals': {
      tags,
      summary: '我的下级（用户名脱敏）',
      access: member,
      handler: async (request) =>
        ok(await svc.referrals(memberOf(request).member.id, request.query), '获取成功'),
    },
    'GET /v1/invite/statistics': {
      tags,
      summary: '邀请统计',
      access: member,
      handler: async (request) => ok(await svc.statistics(memberOf(request).member.id), '获取成功'),
    },
    'GET /v1/invite/rewards': {
      tags,
      summary: '邀请奖励记录',
      access: member,
      handler: async (request) =>
        ok(await svc.rewards(memberOf(request).member.id, request.query), '获取成功'),
    },
    'GET /v1/invite/rules': {
      tags,
      summary: '邀请规则（与奖励计算使用同一组常量）',
      handler: async () => ok(await svc.rules(), '获取成功'),
    },
    'GET /v1/invite/agent-status': {
      tags,
      summary: '代理状态与最近一次申请',
      access: member,
      handler: async (request) => ok(await svc.agentStatus(memberOf(request).member), '获取成功'),
    },
    'GET /v1/invite/ranking': {
      tags,
      summary: '邀请排行（登录时附带我的名次）',
      handler: async (request) => {
        // Visitors see the board; a valid token adds the member's own place.
        const token = bearerToken(request);
        const found =
          token && token.length <= 200 ? await app.services.accounts.authenticate(token) : undefined;
        return ok(await svc.ranking(found?.member.id ?? null, request.query), '获取成功');
      },
    },
    'POST /v1/invite/generate-code': {
      tags,
      summary: '更换邀请码（旧码立即失效，每天有次数限制）',
      access: member,
      handler: async (request) =>
        ok(await svc.generateCode(memberOf(request).member, originOf(request)), '新邀请码已生成'),
    },
    'POST /v1/invite/validate-code': {
      tags,
      summary: '校验邀请码或代理码',
      handler: async (request) => {
        const result = await svc.validateCode(request.body.code);
        return ok(result, result.valid ? '邀请码有效' : '邀请码无效');
      },
    },
    'POST /v1/invite/apply-agent': {
      tags,
      summary: '申请成为代理（同一时间只能有一个审核中的申请）',
      access: member,
      handler: async (request) =>
        ok(
          await app.services.agentApplications.apply(memberOf(request).member, request.body),
          '申请已提交，请等待审核',
        ),
    },
  };
});
