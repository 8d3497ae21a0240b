import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, idParam } from '@app/shared';
import {
  adjustmentDecisionBody,
  adjustmentItem,
  adjustmentQuery,
  createAdjustmentBody,
  memberBonusItem,
  memberDepositItem,
  memberDetail,
  memberFlagBody,
  memberGameTransferItem,
  memberLedgerItem,
  memberLedgerQuery,
  memberListItem,
  memberListQuery,
  memberLotteryBetItem,
  memberMessageItem,
  memberOrderItem,
  memberTagCount,
  memberTagsBody,
  memberRecordQuery,
  memberSessionItem,
  memberSessionsQuery,
  memberWithdrawalItem,
  revokeSessionsBody,
} from '@app/shared/backoffice';
import { ok } from '../../plugins/envelope.ts';
import { listRoutes } from '../../plugins/list-routes.ts';
import type { RecordName } from './members.service.ts';
import { callOf, guarded, security } from '../../plugins/operator-guard.ts';

const tags = ['管理后台-会员'];
const memberParam = z.object({ id: idParam.shape.id });
const money = (v: string) => v;

/** Members: search, profile, flags, sessions, every record table; manual adjustments (maker–checker). */
export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { members, adjustments } = app.services.backoffice;

  listRoutes(app, {
    path: '/admin/v1/members',
    permission: 'members.read',
    tags,
    summary: '会员搜索（账号、ID、手机号、代理、注册日期、标记）',
    querystring: memberListQuery,
    item: memberListItem,
    list: (q) => members.list(q),
    fileName: '会员列表',
    csv: [
      { title: 'ID', value: (r) => r.id },
      { title: '账号', value: (r) => r.username },
      { title: '昵称', value: (r) => r.nickname },
      { title: '手机号', value: (r) => r.mobile },
      { title: 'VIP', value: (r) => r.vip_level },
      { title: '主钱包', value: (r) => money(r.balance) },
      { title: '彩票钱包', value: (r) => r.lottery_balance },
      { title: '冻结', value: (r) => r.frozen },
      { title: '代理', value: (r) => r.agent_username },
      { title: '启用', value: (r) => r.flags.enabled },
      { title: '黑名单', value: (r) => r.flags.is_black },
      { title: '禁止提现', value: (r) => r.flags.disable_withdraw },
      { title: '标签', value: (r) => r.tags.join(' ') },
      { title: '注册时间', value: (r) => r.created_at },
      { title: '注册IP', value: (r) => r.register_ip },
      { title: '最后登录', value: (r) => r.last_login_at },
    ],
  });

  app.get(
    '/admin/v1/members/:id',
    {
      ...guarded(app, 'members.read'),
      schema: {
        tags,
        summary: '会员资料',
        security,
        params: memberParam,
        response: { 200: envelope(memberDetail) },
      },
    },
    async (request) => ok(await members.detail(request.params.id), '获取成功'),
  );
  app.post(
    '/admin/v1/members/:id/flags',
    {
      ...guarded(app, 'members.flags'),
      schema: {
        tags,
        summary: '修改会员标记（需填写原因，记录审计）',
        security,
        params: memberParam,
        body: memberFlagBody,
        response: { 200: envelope(memberDetail) },
      },
    },
    async (request) => ok(await members.setFlag(request.params.id, request.body, callOf(request)), '已保存'),
  );
  app.put(
    '/admin/v1/members/:id/tags',
    {
      ...guarded(app, 'members.tags'),
      schema: {
        tags,
        summary: '设置会员标签（会员搜索与站内信分群使用，记录审计）',
        security,
        params: memberParam,
        body: memberTagsBody,
        response: { 200: envelope(memberDetail) },
      },
    },
    async (request) => ok(await members.setTags(request.params.id, request.body, callOf(request)), '已保存'),
  );
  app.get(
    '/admin/v1/member-tags',
    {
      ...guarded(app, 'members.read'),
      schema: {
        tags,
        summary: '在用的会员标签及人数',
        security,
        response: { 200: envelope(z.array(memberTagCount)) },
      },
    },
    async () => ok(await members.tags(), '获取成功'),
  );
  listRoutes(app, {
    path: '/admin/v1/members/:id/sessions',
    params: memberParam,
    permission: 'members.read',
    tags,
    summary: '会员登录会话',
    querystring: memberSessionsQuery,
    item: memberSessionItem,
    list: (q, p) => members.sessions(Number(p.id), q),
    fileName: '会员登录会话',
    csv: [
      { title: 'ID', value: (r) => r.id },
      { title: 'IP', value: (r) => r.ip },
      { title: '设备', value: (r) => r.user_agent },
      { title: '登录时间', value: (r) => r.created_at },
      { title: '最近活动', value: (r) => r.last_seen_at },
      { title: '有效', value: (r) => (r.active ? '是' : '否') },
    ],
  });
  app.post(
    '/admin/v1/members/:id/sessions/revoke',
    {
      ...guarded(app, 'members.sessions'),
      schema: {
        tags,
        summary: '强制下线（一个或全部会话）',
        security,
        params: memberParam,
        body: revokeSessionsBody,
        response: { 200: envelope(z.object({ revoked: z.number().int() })) },
      },
    },
    async (request) =>
      ok(await members.revokeSessions(request.params.id, request.body, callOf(request)), '已强制下线'),
  );

  const record = <I extends z.ZodObject>(
    name: RecordName,
    path: string,
    summary: string,
    item: I,
    csv: Array<{ title: string; key: keyof z.infer<I> & string }>,
    querystring: z.ZodObject = memberRecordQuery,
  ) =>
    listRoutes(app, {
      path: `/admin/v1/members/:id/${path}`,
      params: memberParam,
      permission: 'members.read',
      tags,
      summary,
      querystring,
      item,
      list: (q, p) => members.records(name, Number(p.id), q as never) as never,
      fileName: summary,
      csv: csv.map((c) => ({ title: c.title, value: (r: z.infer<I>) => r[c.key] as string })),
    });

  record(
    'ledger',
    'ledger',
    '会员账变',
    memberLedgerItem,
    [
      { title: '时间', key: 'created_at' },
      { title: '钱包', key: 'wallet' },
      { title: '类型', key: 'type_text' },
      { title: '金额', key: 'amount' },
      { title: '变动前', key: 'balance_before' },
      { title: '变动后', key: 'balance_after' },
      { title: '关联', key: 'reference' },
      { title: '备注', key: 'remark' },
    ],
    memberLedgerQuery,
  );
  record('orders', 'orders', '会员体育注单', memberOrderItem, [
    { title: '单号', key: 'order_no' },
    { title: '运动', key: 'sport' },
    { title: '过关', key: 'pass_type' },
    { title: '金额', key: 'amount' },
    { title: '派奖', key: 'payout' },
    { title: '状态', key: 'status' },
    { title: '时间', key: 'created_at' },
  ]);
  record('lotteryBets', 'lottery-bets', '会员彩票注单', memberLotteryBetItem, [
    { title: '单号', key: 'bet_no' },
    { title: '彩种', key: 'lottery_code' },
    { title: '期号', key: 'period' },
    { title: '玩法', key: 'play_code' },
    { title: '号码', key: 'codes' },
    { title: '金额', key: 'amount' },
    { title: '派奖', key: 'payout' },
    { title: '状态', key: 'status' },
    { title: '时间', key: 'created_at' },
  ]);
  record('deposits', 'deposits', '会员充值', memberDepositItem, [
    { title: '单号', key: 'order_no' },
    { title: '方式', key: 'method' },
    { title: '金额', key: 'amount' },
    { title: 'USDT', key: 'usdt_amount' },
    { title: '交易哈希', key: 'tx_hash' },
    { title: '状态', key: 'status' },
    { title: '时间', key: 'created_at' },
  ]);
  record('withdrawals', 'withdrawals', '会员提现', memberWithdrawalItem, [
    { title: '单号', key: 'order_no' },
    { title: '金额', key: 'amount' },
    { title: '手续费', key: 'fee' },
    { title: '账户', key: 'wallet_name' },
    { title: '状态', key: 'status' },
    { title: '时间', key: 'created_at' },
  ]);
  record('gameTransfers', 'game-transfers', '会员游戏转账', memberGameTransferItem, [
    { title: '转账号', key: 'id' },
    { title: '平台', key: 'provider' },
    { title: '方向', key: 'direction' },
    { title: '金额', key: 'amount' },
    { title: '状态', key: 'status' },
    { title: '时间', key: 'created_at' },
  ]);
  record('bonuses', 'bonuses', '会员彩金', memberBonusItem, [
    { title: '类型', key: 'type' },
    { title: '标题', key: 'title' },
    { title: '金额', key: 'amount' },
    { title: '打码量', key: 'turnover' },
    { title: '时间', key: 'created_at' },
  ]);
  record('messages', 'messages', '会员站内信', memberMessageItem, [
    { title: '类型', key: 'type' },
    { title: '标题', key: 'title' },
    { title: '内容', key: 'content' },
    { title: '时间', key: 'created_at' },
  ]);

  // ---- manual adjustments ----
  const adjTags = ['管理后台-人工调整'];
  listRoutes(app, {
    path: '/admin/v1/adjustments',
    permission: 'members.adjust',
    tags: adjTags,
    summary: '人工调整记录',
    querystring: adjustmentQuery,
    item: adjustmentItem,
    list: (q) => adjustments.list(q),
    fileName: '人工调整',
    csv: [
      { title: 'ID', value: (r) => r.id },
      { title: '会员', value: (r) => r.username },
      { title: '金额', value: (r) => r.amount },
      { title: '原因', value: (r) => r.reason },
      { title: '状态', value: (r) => r.status },
      { title: '发起人', value: (r) => r.maker_name },
      { title: '复核人', value: (r) => r.checker_name },
      { title: '时间', value: (r) => r.created_at },
    ],
  });
  app.post(
    '/admin/v1/adjustments',
    {
      ...guarded(app, 'members.adjust'),
      schema: {
        tags: adjTags,
        summary: '发起人工调整（超过阈值需另一位管理员复核）',
        security,
        body: createAdjustmentBody,
        response: { 200: envelope(adjustmentItem) },
      },
    },
    async (request) => {
      const item = await adjustments.create(request.body, callOf(request));
      return ok(item, item.status === 'pending' ? '已提交，等待另一位管理员复核' : '已入账');
    },
  );
  app.post(
    '/admin/v1/adjustments/:id/approve',
    {
      ...guarded(app, 'members.adjust'),
      schema: {
        tags: adjTags,
        summary: '复核通过（发起人不能复核自己的调整）',
        security,
        params: idParam,
        body: adjustmentDecisionBody.nullish(),
        response: { 200: envelope(adjustmentItem) },
      },
    },
    async (request) =>
      ok(
        await adjustments.approve(request.params.id, request.body?.reason ?? '', callOf(request)),
        '已复核入账',
      ),
  );
  app.post(
    '/admin/v1/adjustments/:id/reject',
    {
      ...guarded(app, 'members.adjust'),
      schema: {
        tags: adjTags,
        summary: '复核驳回',
        security,
        params: idParam,
        body: adjustmentDecisionBody.nullish(),
        response: { 200: envelope(adjustmentItem) },
      },
    },
    async (request) =>
      ok(await adjustments.reject(request.params.id, request.body?.reason ?? '', callOf(request)), '已驳回'),
  );
};
