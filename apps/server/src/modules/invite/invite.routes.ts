import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agentApplication,
  agentStatus,
  applyAgentBody,
  envelope,
  generateCodeResult,
  inviteInfo,
  inviteRanking,
  inviteRules,
  inviteStatistics,
  inviteUrl,
  rankingQuery,
  referralPage,
  referralQuery,
  rewardPage,
  rewardQuery,
  validateCodeBody,
  validateCodeResult,
} from '@app/shared';
import { bearerToken, memberOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { originOf } from '../../plugins/request-origin.ts';

const tags = ['邀请推广'];
const security = [{ bearer: [] }];

/** The invite programme (SPEC.md §7 "Invite/agent"): a member's code, link, referrals, rewards, ranking. */
export const inviteRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = app.services.invite;
  const auth = { onRequest: app.authenticate };

  app.get(
    '/v1/invite/info',
    { ...auth, schema: { tags, summary: '我的邀请信息', security, response: { 200: envelope(inviteInfo) } } },
    async (request) => ok(await svc.info(memberOf(request).member, originOf(request)), '获取成功'),
  );
  app.get(
    '/v1/invite/url',
    {
      ...auth,
      schema: {
        tags,
        summary: '邀请链接（用于生成二维码）',
        security,
        response: { 200: envelope(inviteUrl) },
      },
    },
    async (request) => ok(svc.url(memberOf(request).member, originOf(request)), '获取成功'),
  );
  app.get(
    '/v1/invite/referrals',
    {
      ...auth,
      schema: {
        tags,
        summary: '我的下级（用户名脱敏）',
        security,
        querystring: referralQuery,
        response: { 200: envelope(referralPage) },
      },
    },
    async (request) => ok(await svc.referrals(memberOf(request).member.id, request.query), '获取成功'),
  );
  app.get(
    '/v1/invite/statistics',
    {
      ...auth,
      schema: { tags, summary: '邀请统计', security, response: { 200: envelope(inviteStatistics) } },
    },
    async (request) => ok(await svc.statistics(memberOf(request).member.id), '获取成功'),
  );
  app.get(
    '/v1/invite/rewards',
    {
      ...auth,
      schema: {
        tags,
        summary: '邀请奖励记录',
        security,
        querystring: rewardQuery,
        response: { 200: envelope(rewardPage) },
      },
    },
    async (request) => ok(await svc.rewards(memberOf(request).member.id, request.query), '获取成功'),
  );
  app.get(
    '/v1/invite/rules',
    {
      schema: {
        tags,
        summary: '邀请规则（与奖励计算使用同一组常量）',
        response: { 200: envelope(inviteRules) },
      },
    },
    async () => ok(await svc.rules(), '获取成功'),
  );
  app.get(
    '/v1/invite/agent-status',
    {
      ...auth,
      schema: { tags, summary: '代理状态与最近一次申请', security, response: { 200: envelope(agentStatus) } },
    },
    async (request) => ok(await svc.agentStatus(memberOf(request).member), '获取成功'),
  );
  app.get(
    '/v1/invite/ranking',
    {
      schema: {
        tags,
        summary: '邀请排行（登录时附带我的名次）',
        querystring: rankingQuery,
        response: { 200: envelope(inviteRanking) },
      },
    },
    async (request) => {
      // Visitors see the board; a valid token adds the member's own place.
      const token = bearerToken(request);
      const found =
        token && token.length <= 200 ? await app.services.accounts.authenticate(token) : undefined;
      return ok(await svc.ranking(found?.member.id ?? null, request.query), '获取成功');
    },
  );
  app.post(
    '/v1/invite/generate-code',
    {
      ...auth,
      schema: {
        tags,
        summary: '更换邀请码（旧码立即失效，每天有次数限制）',
        security,
        response: { 200: envelope(generateCodeResult) },
      },
    },
    async (request) =>
      ok(await svc.generateCode(memberOf(request).member, originOf(request)), '新邀请码已生成'),
  );
  app.post(
    '/v1/invite/validate-code',
    {
      schema: {
        tags,
        summary: '校验邀请码或代理码',
        body: validateCodeBody,
        response: { 200: envelope(validateCodeResult) },
      },
    },
    async (request) => {
      const result = await svc.validateCode(request.body.code);
      return ok(result, result.valid ? '邀请码有效' : '邀请码无效');
    },
  );
  app.post(
    '/v1/invite/apply-agent',
    {
      ...auth,
      schema: {
        tags,
        summary: '申请成为代理（同一时间只能有一个审核中的申请）',
        security,
        body: applyAgentBody,
        response: { 200: envelope(agentApplication) },
      },
    },
    async (request) =>
      ok(
        await app.services.agentApplications.apply(memberOf(request).member, request.body),
        '申请已提交，请等待审核',
      ),
  );
};
