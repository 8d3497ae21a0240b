import { FEED_CORRECTION_STATUSES, PENDING_SECOND_OPERATOR, type boostBody } from '@app/shared/backoffice';
import type { z } from 'zod';
import { backofficeApi, type BackofficeApi } from '@app/shared/backoffice-api';
import { contractRoutes, type RouteSpec } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { listRoutes } from '../../plugins/list-routes.ts';
import { callOf } from '../../plugins/operator-guard.ts';
import type { BoostInput } from './boosts.service.ts';

const tags = ['管理后台-体育'];
const access = { permission: 'sports' } as const;
type Suspension = RouteSpec<BackofficeApi['POST /admin/v1/sports/matches/:id/suspend']>;

export const sportsAdminRoutes = contractRoutes(backofficeApi, (app) => {
  const sports = app.services.sportsAdmin;
  const { boosts } = app.services;
  /** Closes a match or one market to bets (`open` false), or opens it again: the same contract both ways. */
  const suspension = (open: boolean, summary: string, message: string): Suspension => ({
    tags,
    summary,
    access,
    handler: async (request) =>
      ok(
        await sports.suspend(
          request.params.id,
          request.body.play_type,
          request.body.reason,
          callOf(request),
          open,
        ),
        message,
      ),
  });
  return {
    ...listRoutes(backofficeApi, 'GET /admin/v1/sports/matches', {
      access,
      tags,
      summary: '赛事列表（未结注单、暂停、更正）',
      list: (q) => sports.list(q),
      fileName: '赛事',
      csv: [
        { title: 'ID', value: (r) => r.id },
        { title: '编号', value: (r) => r.match_no },
        { title: '联赛', value: (r) => r.league },
        { title: '主队', value: (r) => r.home },
        { title: '客队', value: (r) => r.away },
        { title: '开赛', value: (r) => r.kickoff_at },
        { title: '状态', value: (r) => r.status },
        { title: '比分', value: (r) => r.score },
        { title: '未结注单', value: (r) => r.open_orders },
        { title: '未结金额', value: (r) => r.open_stake },
      ],
    }),
    ...listRoutes(backofficeApi, 'GET /admin/v1/sports/refusals', {
      access,
      tags,
      summary: '拒单记录：开赛后或比赛状态变化后未被接受的投注（按比赛、原因、日期）',
      list: (q) => app.services.betRefusals.list(q),
      fileName: '拒单记录',
      csv: [
        { title: 'ID', value: (r) => r.id },
        { title: '会员', value: (r) => r.username },
        { title: '注单', value: (r) => r.order_no },
        { title: '比赛', value: (r) => `${r.match_no} ${r.home} vs ${r.away}` },
        { title: '玩法', value: (r) => r.play_type },
        { title: '选项', value: (r) => r.option },
        { title: '环节', value: (r) => (r.stage === 'submit' ? '提交' : '确认') },
        { title: '原因', value: (r) => r.reason_name },
        { title: '提示', value: (r) => r.message },
        { title: '事件时间（数据源）', value: (r) => r.feed_event_at },
        { title: '请求时间', value: (r) => r.requested_at },
        { title: '处理时间', value: (r) => r.decided_at },
      ],
    }),
    ...listRoutes(backofficeApi, 'GET /admin/v1/sports/feed-corrections', {
      access,
      tags,
      summary: '赛果更正提醒：结算后数据源赛果有变（比分更正、赛后取消），待运营处理',
      list: (q) => app.services.feedCorrections.list(q),
      fileName: '赛果更正提醒',
      csv: [
        { title: 'ID', value: (r) => r.id },
        { title: '比赛', value: (r) => `${r.match_no} ${r.home} vs ${r.away}` },
        { title: '原赛果', value: (r) => r.before },
        { title: '新赛果', value: (r) => r.after },
        { title: '注单数', value: (r) => r.orders },
        { title: '状态', value: (r) => FEED_CORRECTION_STATUSES[r.status] },
        { title: '发现时间', value: (r) => r.first_seen_at },
        { title: '处理人', value: (r) => r.decided_by ?? '' },
        { title: '原因', value: (r) => r.reason ?? '' },
      ],
    }),
    'POST /admin/v1/sports/feed-corrections/:id/apply': {
      tags,
      summary: '按新赛果重新结算（走作废/重新结算流程，超出单人审批额度时待另一位管理员复核）',
      access,
      handler: async (request) => {
        const done = await app.services.feedCorrections.apply(
          request.params.id,
          request.body.reason,
          callOf(request),
        );
        return ok(done, done.pending_change ? PENDING_SECOND_OPERATOR : '已按新赛果重新结算');
      },
    },
    'POST /admin/v1/sports/feed-corrections/:id/dismiss': {
      tags,
      summary: '忽略赛果更正提醒（账面结果不变，记录原因）',
      access,
      handler: async (request) =>
        ok(
          await app.services.feedCorrections.dismiss(request.params.id, request.body.reason, callOf(request)),
          '已忽略',
        ),
    },
    'GET /admin/v1/sports/matches/:id': {
      tags,
      summary: '赛事详情：玩法、赔率、各结果赔付（负债）',
      access,
      handler: async (request) => ok(await sports.detail(request.params.id), '获取成功'),
    },
    ...listRoutes(backofficeApi, 'GET /admin/v1/sports/matches/:id/orders', {
      access,
      tags,
      summary: '该场比赛的注单',
      list: (q, p) => sports.orders(p.id, q),
      fileName: '赛事注单',
      csv: [
        { title: '单号', value: (r) => r.order_no },
        { title: '会员', value: (r) => r.username },
        { title: '过关', value: (r) => r.pass_type },
        { title: '选项', value: (r) => r.option },
        { title: '赔率', value: (r) => r.odds },
        { title: '金额', value: (r) => r.amount },
        { title: '状态', value: (r) => r.status },
      ],
    }),
    'POST /admin/v1/sports/matches/:id/suspend': suspension(false, '暂停投注（整场或一个玩法）', '已暂停'),
    'POST /admin/v1/sports/matches/:id/reopen': suspension(true, '恢复投注', '已恢复'),
    'POST /admin/v1/sports/matches/:id/correction-preview': {
      tags,
      summary: '作废/重新结算的影响（笔数与金额）',
      access,
      handler: async (request) => ok(await sports.preview(request.params.id, request.body), '获取成功'),
    },
    'POST /admin/v1/sports/matches/:id/correction': {
      tags,
      summary: '作废或重新结算（每场仅一次，账变以更正分录记录；超出单人审批额度时待另一位管理员复核）',
      access,
      handler: async (request) => {
        const done = await sports.correct(request.params.id, request.body, callOf(request));
        if ('pending_change' in done) return ok(done, PENDING_SECOND_OPERATOR);
        return ok(done, request.body.kind === 'void' ? '已作废' : '已重新结算');
      },
    },
    ...listRoutes(backofficeApi, 'GET /admin/v1/sports/limits', {
      access,
      tags,
      summary: '会员投注限额（单笔最高投注、单场最高可赢）',
      list: (q) => sports.limits(q),
      fileName: '会员限额',
      csv: [
        { title: '会员ID', value: (r) => r.member_id },
        { title: '账号', value: (r) => r.username },
        { title: '单笔最高投注', value: (r) => r.max_stake },
        { title: '单场最高可赢', value: (r) => r.max_payout_per_match },
        { title: '原因', value: (r) => r.reason },
        { title: '修改时间', value: (r) => r.updated_at },
      ],
    }),
    'PUT /admin/v1/sports/limits': {
      tags,
      summary: '设置或取消会员限额（两项都为空即取消），投注时在事务内校验；放宽限额待另一位管理员复核',
      access,
      handler: async (request) => {
        const { item, pending_change } = await sports.saveLimit(request.body, callOf(request));
        if (pending_change && item) return ok({ ...item, pending_change }, PENDING_SECOND_OPERATOR);
        return ok(item, item ? '已保存' : '已取消限额');
      },
    },
    ...listRoutes(backofficeApi, 'GET /admin/v1/sports/book/exposure', {
      access,
      tags,
      summary: '各结果的负债（未结算比赛，由大到小）、上限与剩余额度',
      list: (q) => sports.book.exposure(q),
      fileName: '负债',
      csv: [
        { title: '比赛ID', value: (r) => r.match_id },
        { title: '编号', value: (r) => r.match_no },
        { title: '主队', value: (r) => r.home },
        { title: '客队', value: (r) => r.away },
        { title: '玩法', value: (r) => r.play_name },
        { title: '结果', value: (r) => r.option_name },
        { title: '负债', value: (r) => r.liability },
        { title: '上限', value: (r) => r.cap },
        { title: '剩余', value: (r) => r.room },
      ],
    }),
    'GET /admin/v1/sports/book/caps': {
      tags,
      summary: '单一结果负债上限（体育项目、玩法、比赛；越具体越优先）',
      access,
      handler: async () => ok(await sports.book.caps(), '获取成功'),
    },
    'PUT /admin/v1/sports/book/caps': {
      tags,
      summary: '设置或取消负债上限（为空即取消），投注时在事务内校验；提高上限待另一位管理员复核',
      access,
      handler: async (request) => {
        const saved = await sports.book.saveCap(request.body, callOf(request));
        if ('pending_change' in saved) return ok(saved, PENDING_SECOND_OPERATOR);
        return ok(saved, request.body.max_liability === null ? '已取消上限' : '已保存');
      },
    },
    ...listRoutes(backofficeApi, 'GET /admin/v1/sports/boosts', {
      access,
      tags,
      summary: '加奖活动（比例、每单上限、预算与已派发）',
      list: (q) => boosts.list(q),
      fileName: '加奖活动',
      csv: [
        { title: 'ID', value: (r) => r.id },
        { title: '名称', value: (r) => r.name },
        {
          title: '运动',
          value: (r) => (r.sport === 'football' ? '足球' : r.sport === 'basketball' ? '篮球' : '全部'),
        },
        { title: '过关方式', value: (r) => r.pass_types.join(' ') || '全部' },
        { title: '开始', value: (r) => r.starts_at },
        { title: '结束', value: (r) => r.ends_at },
        { title: '加奖比例', value: (r) => r.rate_text },
        { title: '每单上限', value: (r) => r.cap_per_order },
        { title: '预算', value: (r) => r.budget },
        { title: '已派发', value: (r) => r.spent },
        { title: '参与注单', value: (r) => r.orders },
        { title: '派奖注单', value: (r) => r.paid_orders },
        { title: '启用', value: (r) => (r.active ? '是' : '否') },
      ],
    }),
    'GET /admin/v1/sports/cash-out': {
      tags,
      summary: '提前结算设置（按运动：开关与抽水）',
      access,
      handler: async () => ok(await app.services.cashOut.rules(), '获取成功'),
    },
    'PUT /admin/v1/sports/cash-out': {
      tags,
      summary: '修改提前结算设置（按运动；记录审计）',
      access,
      handler: async (request) =>
        ok(await app.services.cashOut.saveRule(request.body, callOf(request)), '已保存'),
    },
    'PUT /admin/v1/sports/matches/:id/cash-out': {
      tags,
      summary: '单场比赛开关提前结算（关闭后含该场的注单无报价；记录审计）',
      access,
      handler: async (request) =>
        ok(await app.services.cashOut.setMatch(request.params.id, request.body, callOf(request)), '已保存'),
    },
    'POST /admin/v1/sports/boosts': {
      tags,
      summary: '新建加奖活动（按运动、过关方式、时间、会员等级或标签；记录审计）',
      access,
      handler: async (request) =>
        ok(await boosts.create(boostInput(request.body), callOf(request)), '已创建'),
    },
    'PUT /admin/v1/sports/boosts/:id': {
      tags,
      summary: '修改或停用加奖活动（预算不能低于已派发；已下注单按原比例；记录审计）',
      access,
      handler: async (request) =>
        ok(await boosts.update(request.params.id, boostInput(request.body), callOf(request)), '已保存'),
    },
  };
});

function boostInput(body: z.output<typeof boostBody>): BoostInput {
  return {
    name: body.name,
    sport: body.sport,
    passTypes: body.pass_types,
    startsAt: new Date(body.starts_at),
    endsAt: new Date(body.ends_at),
    vipMin: body.vip_min,
    tag: body.tag,
    rateBp: body.rate_bp,
    capPerOrder: body.cap_per_order,
    budget: body.budget,
    active: body.active,
  };
}
