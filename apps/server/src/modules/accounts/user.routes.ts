import { bpToPercent, formatFen, VIP_LEVELS, vipProgress } from '@app/shared';
import { memberApi, type MemberApi } from '@app/shared/api';
import { memberOf } from '../../plugins/auth.ts';
import { contractRoutes, type RouteSpec } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';

const tags = ['用户'];
const member = { member: true } as const;

/** The logged-in member's own account (SPEC.md §7 "Auth/user"). */
export const userRoutes = contractRoutes(memberApi, (app) => {
  const accounts = app.services.accounts;
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
  };
});
