import { isDomain } from '@app/shared';
import { memberApi } from '@app/shared/api';
import { refuse } from '../../lib/errors.ts';
import { memberOf } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { requestContext } from './request-context.ts';

const tags = ['账号'];
const member = { member: true } as const;
const register = { limit: 'register' } as const;
const validate = { limit: 'validate' } as const;

/** Registration, login and logout (SPEC.md §7 "Auth/user"). */
export const authRoutes = contractRoutes(memberApi, (app) => {
  const accounts = app.services.accounts;
  const security = app.services.accountSecurity;
  return {
    'POST /v1/register': {
      tags,
      summary: '注册',
      config: register,
      handler: async (request) => {
        const { username, password, invite_code, terms_version, mobile, sms_code } = request.body;
        const result = await accounts.register(
          {
            username,
            password,
            inviteCode: invite_code,
            type: invite_code ? 'invite' : 'plain',
            termsVersion: terms_version,
            mobile,
            smsCode: sms_code,
          },
          requestContext(request),
        );
        return ok(result, '注册成功');
      },
    },
    'POST /v1/invite/register': {
      tags,
      summary: '邀请码注册',
      config: register,
      handler: async (request) => {
        const { username, password, invite_code, terms_version, mobile, sms_code } = request.body;
        const result = await accounts.register(
          {
            username,
            password,
            inviteCode: invite_code,
            type: 'invite',
            termsVersion: terms_version,
            mobile,
            smsCode: sms_code,
          },
          requestContext(request),
        );
        return ok(result, '注册成功');
      },
    },
    'POST /v1/agent/register': {
      tags,
      summary: '代理码注册',
      config: register,
      handler: async (request) => {
        const { username, password, agent_code, terms_version, mobile, sms_code } = request.body;
        const result = await accounts.register(
          {
            username,
            password,
            agentCode: agent_code,
            type: 'agent',
            termsVersion: terms_version,
            mobile,
            smsCode: sms_code,
          },
          requestContext(request),
        );
        return ok(result, '注册成功');
      },
    },
    'POST /v1/agent/register-by-domain': {
      tags,
      summary: '按域名注册（域名绑定的代理）',
      config: register,
      handler: async (request) => {
        const { username, password, domain, terms_version, mobile, sms_code } = request.body;
        const result = await accounts.register(
          {
            username,
            password,
            domain,
            type: 'domain',
            termsVersion: terms_version,
            mobile,
            smsCode: sms_code,
          },
          requestContext(request),
        );
        return ok(result, '注册成功');
      },
    },
    'POST /v1/smart/register': {
      tags,
      summary: '一键注册：服务器生成账号和密码，仅返回一次',
      config: register,
      handler: async (request) => {
        const { invite_code, agent_code, terms_version, mobile, sms_code } = request.body;
        const result = await accounts.smartRegister(
          {
            inviteCode: invite_code,
            agentCode: agent_code,
            termsVersion: terms_version,
            mobile,
            smsCode: sms_code,
          },
          requestContext(request),
        );
        return ok(result, '注册成功，请牢记您的账号和密码');
      },
    },
    'POST /v1/invite/validate': {
      tags,
      summary: '校验邀请码',
      config: validate,
      handler: async (request) => {
        const result = await accounts.validateInviteCode(request.body.invite_code);
        return ok(result, result.valid ? '邀请码有效' : '邀请码无效');
      },
    },
    'POST /v1/agent/validate': {
      tags,
      summary: '校验代理码',
      config: validate,
      handler: async (request) => {
        const result = await accounts.validateAgentCode(request.body.agent_code);
        return ok(result, result.valid ? '代理码有效' : '代理码无效');
      },
    },
    'POST /v1/domain/validate': {
      tags,
      summary: '校验域名（默认为请求的域名）及其绑定的代理',
      config: validate,
      handler: async (request) => {
        const domain = request.body?.domain ?? requestContext(request).host.toLowerCase();
        if (!isDomain(domain)) throw refuse('accounts.domain_invalid');
        const result = await accounts.validateDomain(domain);
        return ok(result, result.bound ? '域名已绑定代理' : '域名未绑定代理');
      },
    },
    'POST /v1/sms/send': {
      tags,
      summary: '获取注册短信验证码（短信验证开启时）',
      config: validate,
      handler: async (request) =>
        ok(await security.sendRegisterCode(request.body.phone, requestContext(request)), '验证码已发送'),
    },
    'POST /v1/forgot-password': {
      tags,
      summary: '忘记密码：向绑定的手机号发送验证码（是否为会员的号码，回答都一样）',
      config: validate,
      handler: async (request) =>
        ok(
          await security.forgotPassword(request.body.phone, requestContext(request)),
          '如该手机号已绑定账号，验证码已发送',
        ),
    },
    'POST /v1/reset-password': {
      tags,
      summary: '用短信验证码重置登录密码（所有设备上的登录随之退出）',
      config: validate,
      handler: async (request) => {
        const { phone, code, password } = request.body;
        return ok(await security.resetPassword({ phone, code, password }), '密码已重置，请重新登录');
      },
    },
    'POST /v1/login': {
      tags,
      summary: '登录',
      handler: async (request) => {
        const result = await accounts.login(
          request.body.username,
          request.body.password,
          requestContext(request),
        );
        return ok(result, '登录成功');
      },
    },
    'POST /v1/logout': {
      tags,
      summary: '退出登录（吊销当前令牌）',
      access: member,
      handler: async (request) => {
        await accounts.logout(memberOf(request));
        return ok(null, '已退出登录');
      },
    },
  };
});
