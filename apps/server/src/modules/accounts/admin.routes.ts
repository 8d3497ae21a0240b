import { backofficeApi, type BackofficeApi } from '@app/shared/backoffice-api';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { ok } from '../../plugins/envelope.ts';
import { listRoutes, type ListRow } from '../../plugins/list-routes.ts';
import type { RecordName } from './admin.service.ts';
import { callOf } from '../../plugins/operator-guard.ts';

const tags = ['管理后台-会员'];
const read = { permission: 'members.read' } as const;
const money = (v: string) => v;

/** The member's record tables, one list (and export) each. */
type RecordRoute =
  | 'GET /admin/v1/members/:id/ledger'
  | 'GET /admin/v1/members/:id/orders'
  | 'GET /admin/v1/members/:id/lottery-bets'
  | 'GET /admin/v1/members/:id/deposits'
  | 'GET /admin/v1/members/:id/withdrawals'
  | 'GET /admin/v1/members/:id/game-transfers'
  | 'GET /admin/v1/members/:id/bonuses'
  | 'GET /admin/v1/members/:id/messages';

/** The console's member view: search, profile, flags, tags, sessions, every record table. */
export const accountsAdminRoutes = contractRoutes(backofficeApi, (app) => {
  const members = app.services.membersAdmin;

  const record = <K extends RecordRoute>(
    name: RecordName,
    key: K,
    summary: string,
    csv: Array<{ title: string; key: keyof ListRow<BackofficeApi[K]> & string }>,
  ) =>
    listRoutes(backofficeApi, key, {
      access: read,
      tags,
      summary,
      // The service maps each kind's rows to its contract row (admin.service.ts MAPPERS).
      list: (q, p) => members.records(name, p.id, q) as never,
      fileName: summary,
      csv: csv.map((c) => ({ title: c.title, value: (r: ListRow<BackofficeApi[K]>) => r[c.key] as string })),
    });

  return {
    ...listRoutes(backofficeApi, 'GET /admin/v1/members', {
      access: read,
      tags,
      summary: '会员搜索（账号、ID、手机号、代理、注册日期、标记）',
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
    }),
    'GET /admin/v1/members/:id': {
      tags,
      summary: '会员资料',
      access: read,
      handler: async (request) => ok(await members.detail(request.params.id), '获取成功'),
    },
    'POST /admin/v1/members/:id/flags': {
      tags,
      summary: '修改会员标记（需填写原因，记录审计）',
      access: { permission: 'members.flags' },
      handler: async (request) =>
        ok(await members.setFlag(request.params.id, request.body, callOf(request)), '已保存'),
    },
    'PUT /admin/v1/members/:id/tags': {
      tags,
      summary: '设置会员标签（会员搜索与站内信分群使用，记录审计）',
      access: { permission: 'members.tags' },
      handler: async (request) =>
        ok(await members.setTags(request.params.id, request.body, callOf(request)), '已保存'),
    },
    'GET /admin/v1/member-tags': {
      tags,
      summary: '在用的会员标签及人数',
      access: read,
      handler: async () => ok(await members.tags(), '获取成功'),
    },
    ...listRoutes(backofficeApi, 'GET /admin/v1/members/:id/sessions', {
      access: read,
      tags,
      summary: '会员登录会话',
      list: (q, p) => members.sessions(p.id, q),
      fileName: '会员登录会话',
      csv: [
        { title: 'ID', value: (r) => r.id },
        { title: 'IP', value: (r) => r.ip },
        { title: '设备', value: (r) => r.user_agent },
        { title: '登录时间', value: (r) => r.created_at },
        { title: '最近活动', value: (r) => r.last_seen_at },
        { title: '有效', value: (r) => (r.active ? '是' : '否') },
      ],
    }),
    'POST /admin/v1/members/:id/sessions/revoke': {
      tags,
      summary: '强制下线（一个或全部会话）',
      access: { permission: 'members.sessions' },
      handler: async (request) =>
        ok(await members.revokeSessions(request.params.id, request.body, callOf(request)), '已强制下线'),
    },

    ...record('ledger', 'GET /admin/v1/members/:id/ledger', '会员账变', [
      { title: '时间', key: 'created_at' },
      { title: '钱包', key: 'wallet' },
      { title: '类型', key: 'type_text' },
      { title: '金额', key: 'amount' },
      { title: '变动前', key: 'balance_before' },
      { title: '变动后', key: 'balance_after' },
      { title: '关联', key: 'reference' },
      { title: '备注', key: 'remark' },
    ]),
    ...record('orders', 'GET /admin/v1/members/:id/orders', '会员体育注单', [
      { title: '单号', key: 'order_no' },
      { title: '运动', key: 'sport' },
      { title: '过关', key: 'pass_type' },
      { title: '金额', key: 'amount' },
      { title: '派奖', key: 'payout' },
      { title: '状态', key: 'status' },
      { title: '时间', key: 'created_at' },
      { title: '作废/更正', key: 'void_trace' },
    ]),
    ...record('lotteryBets', 'GET /admin/v1/members/:id/lottery-bets', '会员彩票注单', [
      { title: '单号', key: 'bet_no' },
      { title: '彩种', key: 'lottery_code' },
      { title: '期号', key: 'period' },
      { title: '玩法', key: 'play_code' },
      { title: '号码', key: 'codes' },
      { title: '金额', key: 'amount' },
      { title: '派奖', key: 'payout' },
      { title: '状态', key: 'status' },
      { title: '时间', key: 'created_at' },
      { title: '撤单/退款', key: 'void_trace' },
    ]),
    ...record('deposits', 'GET /admin/v1/members/:id/deposits', '会员充值', [
      { title: '单号', key: 'order_no' },
      { title: '方式', key: 'method' },
      { title: '金额', key: 'amount' },
      { title: 'USDT', key: 'usdt_amount' },
      { title: '交易哈希', key: 'tx_hash' },
      { title: '状态', key: 'status' },
      { title: '时间', key: 'created_at' },
    ]),
    ...record('withdrawals', 'GET /admin/v1/members/:id/withdrawals', '会员提现', [
      { title: '单号', key: 'order_no' },
      { title: '金额', key: 'amount' },
      { title: '手续费', key: 'fee' },
      { title: '账户', key: 'wallet_name' },
      { title: '状态', key: 'status' },
      { title: '时间', key: 'created_at' },
    ]),
    ...record('gameTransfers', 'GET /admin/v1/members/:id/game-transfers', '会员游戏转账', [
      { title: '转账号', key: 'id' },
      { title: '平台', key: 'provider' },
      { title: '方向', key: 'direction' },
      { title: '金额', key: 'amount' },
      { title: '状态', key: 'status' },
      { title: '时间', key: 'created_at' },
    ]),
    ...record('bonuses', 'GET /admin/v1/members/:id/bonuses', '会员彩金', [
      { title: '类型', key: 'type' },
      { title: '标题', key: 'title' },
      { title: '金额', key: 'amount' },
      { title: '打码量', key: 'turnover' },
      { title: '时间', key: 'created_at' },
    ]),
    ...record('messages', 'GET /admin/v1/members/:id/messages', '会员站内信', [
      { title: '类型', key: 'type' },
      { title: '标题', key: 'title' },
      { title: '内容', key: 'content' },
      { title: '时间', key: 'created_at' },
    ]),
  };
});
