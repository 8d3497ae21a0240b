import { bpToPercent, formatFen, VIP_LEVELS, vipProgress } from '@app/shared';
import { memberApi, type MemberApi } from '@app/shared/api';
import { memberOf } from '../../plugins/auth.ts';
import { contractRoutes, type RouteSpec } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { requestContext } from './request-context.ts';

const tags = ['用户'];
const member = { member: true } as const;

/** The logged-in member's own account (SPEC.md §7 "Auth/user"). */
export const userRoutes = contractRoutes(memberApi, (app) => {
  const accounts = app.services.accounts;
  const security = app.services.accountSecurity;
  // SPEC.md lists the profile calls without the /v1 prefix; both spellings answer.
  const profile: RouteSpec<MemberApi['GET /user/profile']> = {
    tags,
    summary: '用户资料',
    access: member,
    handler: async (request) => ok(await accounts.userInfo(memberOf(request).member.id), '获取成功'),
  };
  const update: RouteSpec<MemberApi['POST /user/update']> = {
    tags,
    summary: '修改资料',
    access: member,
    handler: async (request) =>
      ok(await accounts.updateProfile(memberOf(request).member.id, request.body), '资料已更新'),
  };
  return {
    'GET /v1/me': {
      tags,
      summary: '当前用户信息',
      access: member,
      handler: async (request) => ok(await accounts.userInfo(memberOf(request).member.id), '获取成功'),
    },
    'GET /v1/user/profile': profile,
    'GET /user/profile': profile,
    'POST /v1/user/update': update,
    'POST /user/update': update,
    'GET /v1/user/balance': {
      tags,
      summary: '余额',
      access: member,
      handler: async (request) => {
        const member = memberOf(request).member;
        const balances = await accounts.balancesOf(member.id);
        return ok(
          {
            balance: formatFen(balances.main),
            frozen_balance: formatFen(balances.frozen),
            lottery_balance: formatFen(balances.lottery),
            codingvolume: formatFen(member.codingvolume),
            paysum: formatFen(member.paysum),
            totalgame: formatFen(member.totalgame),
            total_withdraw: formatFen(member.totalWithdraw),
            updated_at: balances.updatedAt.toISOString(),
          },
          '获取成功',
        );
      },
    },
    'GET /v1/user/viplevel': {
      tags,
      summary: 'VIP 等级与晋级进度',
      access: member,
      handler: async (request) => {
        const member = memberOf(request).member;
        const current = VIP_LEVELS.find((l) => l.level === member.vipLevel) ?? VIP_LEVELS[0]!;
        const next = VIP_LEVELS.find((l) => l.level === current.level + 1) ?? null;
        return ok(
          {
            vip_level: current.level,
            level_name: current.name,
            next_level: next?.level ?? null,
            next_level_name: next?.name ?? null,
            paysum: formatFen(member.paysum),
            totalgame: formatFen(member.totalgame),
            next_paysum: next ? formatFen(next.minPaysum) : null,
            next_totalgame: next ? formatFen(next.minTotalgame) : null,
            progress: vipProgress(current, member.paysum, member.totalgame),
            levels: VIP_LEVELS.map((l) => ({
              level: l.level,
              name: l.name,
              min_paysum: formatFen(l.minPaysum),
              min_totalgame: formatFen(l.minTotalgame),
              upgrade_bonus: formatFen(l.upgradeBonus),
              rebate_rate_sports: bpToPercent(l.rebateBp.sports),
              rebate_rate_lottery: bpToPercent(l.rebateBp.lottery),
              rebate_rate_games: bpToPercent(l.rebateBp.games),
              daily_withdraw_count: l.dailyWithdrawCount,
            })),
          },
          '获取成功',
        );
      },
    },
    'POST /v1/user/profile': {
      tags,
      summary: '修改登录密码（其他设备上的登录随之失效）',
      access: member,
      handler: async (request) => {
        const result = await accounts.changePassword(
          memberOf(request),
          request.body.old_password,
          request.body.password,
        );
        return ok(result, '密码修改成功');
      },
    },
    'POST /v1/user/set-payment-password': {
      tags,
      summary: '设置或修改支付密码（6位数字）',
      access: member,
      handler: async (request) =>
        ok(await accounts.setPaymentPassword(memberOf(request).member.id, request.body), '支付密码设置成功'),
    },
    'POST /v1/user/sms/send': {
      tags,
      summary: '获取短信验证码（绑定、更换手机号，重置支付密码）',
      access: member,
      config: { limit: 'validate' },
      handler: async (request) =>
        ok(
          await security.sendMemberCode(
            memberOf(request),
            request.body.purpose,
            request.body.phone,
            requestContext(request),
          ),
          '验证码已发送',
        ),
    },
    'POST /v1/user/phone/bind': {
      tags,
      summary: '绑定手机号（短信验证码）',
      access: member,
      handler: async (request) =>
        ok(
          await security.bindPhone(memberOf(request).member.id, request.body.phone, request.body.code),
          '手机号绑定成功',
        ),
    },
    'POST /v1/user/phone/change': {
      tags,
      summary: '更换手机号（原手机号和新手机号的验证码）',
      access: member,
      handler: async (request) => {
        const { old_code, phone, code } = request.body;
        return ok(
          await security.changePhone(memberOf(request).member.id, { oldCode: old_code, phone, code }),
          '手机号更换成功',
        );
      },
    },
    'POST /v1/user/payment-password/reset': {
      tags,
      summary: '忘记支付密码：用绑定手机号的验证码重置',
      access: member,
      handler: async (request) =>
        ok(
          await security.resetPaymentPassword(
            memberOf(request).member.id,
            request.body.code,
            request.body.payment_password,
          ),
          '支付密码已重置',
        ),
    },
    'GET /v1/user/sessions': {
      tags,
      summary: '登录设备',
      access: member,
      handler: async (request) => ok(await security.sessions(memberOf(request)), '获取成功'),
    },
    'POST /v1/user/sessions/:id/revoke': {
      tags,
      summary: '退出一台其他设备',
      access: member,
      handler: async (request) =>
        ok(await security.revokeSession(memberOf(request), request.params.id), '该设备已退出登录'),
    },
    'POST /v1/user/sessions/revoke-others': {
      tags,
      summary: '退出其他所有设备',
      access: member,
      handler: async (request) =>
        ok(await security.revokeOtherSessions(memberOf(request)), '其他设备已全部退出'),
    },
  };
});
