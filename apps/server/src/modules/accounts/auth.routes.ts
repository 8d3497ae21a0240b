import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agentRegisterBody,
  agentValidateBody,
  authResult,
  codeValidation,
  domainRegisterBody,
  domainValidateBody,
  domainValidation,
  envelope,
  inviteRegisterBody,
  inviteValidateBody,
  isDomain,
  loginBody,
  okData,
  registerBody,
  smartRegisterBody,
  smartRegisterResult,
} from '@app/shared';
import { badRequest } from '../../lib/errors.ts';
import { memberOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { requestContext } from './request-context.ts';

const tags = ['账号'];

/** Registration, login and logout (SPEC.md §7 "Auth/user"). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const accounts = app.services.accounts;

  app.post(
    '/v1/register',
    {
      config: { limit: 'register' },
      schema: { tags, summary: '注册', body: registerBody, response: { 200: envelope(authResult) } },
    },
    async (request) => {
      const { username, password, invite_code, terms_version } = request.body;
      const result = await accounts.register(
        {
          username,
          password,
          inviteCode: invite_code,
          type: invite_code ? 'invite' : 'plain',
          termsVersion: terms_version,
        },
        requestContext(request),
      );
      return ok(result, '注册成功');
    },
  );

  app.post(
    '/v1/invite/register',
    {
      config: { limit: 'register' },
      schema: {
        tags,
        summary: '邀请码注册',
        body: inviteRegisterBody,
        response: { 200: envelope(authResult) },
      },
    },
    async (request) => {
      const { username, password, invite_code, terms_version } = request.body;
      const result = await accounts.register(
        { username, password, inviteCode: invite_code, type: 'invite', termsVersion: terms_version },
        requestContext(request),
      );
      return ok(result, '注册成功');
    },
  );

  app.post(
    '/v1/agent/register',
    {
      config: { limit: 'register' },
      schema: {
        tags,
        summary: '代理码注册',
        body: agentRegisterBody,
        response: { 200: envelope(authResult) },
      },
    },
    async (request) => {
      const { username, password, agent_code, terms_version } = request.body;
      const result = await accounts.register(
        { username, password, agentCode: agent_code, type: 'agent', termsVersion: terms_version },
        requestContext(request),
      );
      return ok(result, '注册成功');
    },
  );

  app.post(
    '/v1/agent/register-by-domain',
    {
      config: { limit: 'register' },
      schema: {
        tags,
        summary: '按域名注册（域名绑定的代理）',
        body: domainRegisterBody,
        response: { 200: envelope(authResult) },
      },
    },
    async (request) => {
      const { username, password, domain, terms_version } = request.body;
      const result = await accounts.register(
        { username, password, domain, type: 'domain', termsVersion: terms_version },
        requestContext(request),
      );
      return ok(result, '注册成功');
    },
  );

  app.post(
    '/v1/smart/register',
    {
      config: { limit: 'register' },
      schema: {
        tags,
        summary: '一键注册：服务器生成账号和密码，仅返回一次',
        body: smartRegisterBody,
        response: { 200: envelope(smartRegisterResult) },
      },
    },
    async (request) => {
      const { invite_code, agent_code, terms_version } = request.body;
      const result = await accounts.smartRegister(
        { inviteCode: invite_code, agentCode: agent_code, termsVersion: terms_version },
        requestContext(request),
      );
      return ok(result, '注册成功，请牢记您的账号和密码');
    },
  );

  app.post(
    '/v1/invite/validate',
    {
      config: { limit: 'validate' },
      schema: {
        tags,
        summary: '校验邀请码',
        body: inviteValidateBody,
        response: { 200: envelope(codeValidation) },
      },
    },
    async (request) => {
      const result = await accounts.validateInviteCode(request.body.invite_code);
      return ok(result, result.valid ? '邀请码有效' : '邀请码无效');
    },
  );

  app.post(
    '/v1/agent/validate',
    {
      config: { limit: 'validate' },
      schema: {
        tags,
        summary: '校验代理码',
        body: agentValidateBody,
        response: { 200: envelope(codeValidation) },
      },
    },
    async (request) => {
      const result = await accounts.validateAgentCode(request.body.agent_code);
      return ok(result, result.valid ? '代理码有效' : '代理码无效');
    },
  );

  app.post(
    '/v1/domain/validate',
    {
      config: { limit: 'validate' },
      schema: {
        tags,
        summary: '校验域名（默认为请求的域名）及其绑定的代理',
        body: domainValidateBody.nullish(),
        response: { 200: envelope(domainValidation) },
      },
    },
    async (request) => {
      const domain = request.body?.domain ?? requestContext(request).host.toLowerCase();
      if (!isDomain(domain)) throw badRequest('域名格式不正确');
      const result = await accounts.validateDomain(domain);
      return ok(result, result.bound ? '域名已绑定代理' : '域名未绑定代理');
    },
  );

  app.post(
    '/v1/login',
    { schema: { tags, summary: '登录', body: loginBody, response: { 200: envelope(authResult) } } },
    async (request) => {
      const result = await app.services.accounts.login(
        request.body.username,
        request.body.password,
        requestContext(request),
      );
      return ok(result, '登录成功');
    },
  );

  app.post(
    '/v1/logout',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: '退出登录（吊销当前令牌）',
        security: [{ bearer: [] }],
        response: { 200: envelope(okData) },
      },
    },
    async (request) => {
      await accounts.logout(memberOf(request));
      return ok(null, '已退出登录');
    },
  );
};
