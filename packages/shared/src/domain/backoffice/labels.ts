/**
 * The console's words for every code the server stores and the console shows: ledger entry types
 * and wallets, what a ledger entry refers to (提现单 #1, 充值订单 #6 …), registration sources,
 * audit actions, the objects they act on, and the fields and values of their before → after.
 * One table per kind of code, here only; labels.test.ts proves every code the server writes has
 * its word (an audit action without a label fails it).
 */
import { LEDGER_TYPES, type LedgerType } from '../../ledger.ts';
import { groupYuan } from '../../money.ts';
import { BONUS_TYPES, MESSAGE_TYPES } from '../messages.ts';
import {
  PAYMENT_METHODS,
  PAYMENT_ORDER_STATUSES,
  USER_WALLET_TYPES,
  WITHDRAW_STATUSES,
} from '../finance/methods.ts';
import { findLottery } from '../lottery/lotteries.ts';
import { PLAY_TYPES } from '../sports/play-types.ts';
import { isPassTypeCode, passTypeOf } from '../sports/pass-types.ts';
import { OPERATOR_ROLES } from './permissions.ts';
import { CONTROL_CHANGE_KINDS, CONTROL_CHANGE_STATUSES } from '../../contracts/backoffice/approvals.ts';
import { ADJUSTMENT_STATUSES, MEMBER_FLAGS } from '../../contracts/backoffice/members.ts';
import { BANNER_PAGE_TYPES, NOTICE_CATEGORIES } from '../../contracts/backoffice/content.ts';

const lookup = <V>(table: Readonly<Record<string, V>>, key: string): V | undefined =>
  Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;

// ---- ledger: entry types, wallets ----

/** Ledger entry types as an operator reads them (the member app words some of them for members). */
export const LEDGER_TYPE_LABELS: Readonly<Record<LedgerType, string>> = {
  ...LEDGER_TYPES,
  withdraw_unfreeze: '提现退回（解冻）',
  withdraw_paid: '提现出款',
  transfer_out: '钱包间转出',
  transfer_in: '钱包间转入',
  game_in: '转入游戏',
  game_out: '游戏转出',
};

export const ledgerTypeLabel = (type: string): string => lookup(LEDGER_TYPE_LABELS, type) ?? type;

/** The member's own wallets; a game platform's is `game:<platform>`. */
export const WALLET_LABELS = {
  main: '主钱包',
  frozen: '冻结钱包',
  lottery: '彩票钱包',
} as const;

/** Game platforms and the aggregator behind them (apps/server/src/modules/games/provider/catalog.ts). */
export const GAME_PLATFORM_LABELS: Readonly<Record<string, string>> = {
  ng: 'NG 游戏平台',
  jcdz: '金彩电子',
  lfdz: '龙凤电子',
  xhby: '星海捕鱼',
  hgqp: '皇冠棋牌',
};

export const gamePlatformLabel = (code: string): string => GAME_PLATFORM_LABELS[code] ?? code;

/** `main` → 主钱包, `game:ng` → 游戏钱包（NG 游戏平台）. */
export function walletLabel(kind: string): string {
  const core = lookup(WALLET_LABELS, kind);
  if (core) return core;
  if (kind.startsWith('game:')) return `游戏钱包（${gamePlatformLabel(kind.slice(5))}）`;
  return kind;
}

export const GAME_TRANSFER_DIRECTIONS = { in: '转入游戏', out: '转出游戏' } as const;

// ---- members ----

/** How a member's account was made (`members.register_type`). */
export const REGISTER_SOURCE_LABELS = {
  plain: '账号注册',
  invite: '邀请码注册',
  agent: '代理码注册',
  domain: '代理域名注册',
  smart: '一键注册',
  seed: '演示数据',
} as const;

export const registerSourceLabel = (source: string): string =>
  lookup(REGISTER_SOURCE_LABELS, source) ?? source;

export const SPORT_LABELS = { football: '足球', basketball: '篮球' } as const;
export const sportLabel = (sport: string): string => lookup(SPORT_LABELS, sport) ?? sport;

/** `single` → 单关, `3x4` → 3串4. */
export function passTypeLabel(code: string): string {
  if (code === 'single') return '单关';
  return isPassTypeCode(code) ? passTypeOf(code).name : code;
}

export const lotteryLabel = (code: string): string => findLottery(code)?.name ?? code;
export const bonusTypeLabel = (type: string): string => lookup(BONUS_TYPES, type) ?? type;
export const messageTypeLabel = (type: string): string => lookup(MESSAGE_TYPES, type) ?? type;

// ---- what a ledger entry (or a bonus) refers to ----

/** A console page a reference opens; the console maps each to its route. */
export type ReferenceTarget =
  | { page: 'withdrawal'; id: number }
  | { page: 'deposit'; id: number }
  | { page: 'adjustments'; id: number }
  | { page: 'member'; id: number; tab?: MemberRecordTab }
  | { page: 'member_records'; tab: MemberRecordTab }
  | { page: 'lottery_period'; code: string; number: string }
  | { page: 'activity_applications' }
  | { page: 'match'; id: number }
  | { page: 'approval'; id: number }
  | { page: 'operator'; id: number };

/** The record tabs of a member's page (apps/admin MemberDetailPage). */
export type MemberRecordTab =
  'ledger' | 'orders' | 'lottery' | 'deposits' | 'withdrawals' | 'games' | 'bonuses' | 'messages';

/** The kinds a ledger entry's `reference_type` names, as words. */
export const LEDGER_REFERENCE_LABELS = {
  withdrawal: '提现单',
  payment_order: '充值订单',
  game_transfer: '游戏转账',
  order: '竞彩注单',
  lottery_bet: '彩票注单',
  lottery_period: '彩票派奖',
  lottery_transfer: '彩票钱包转账',
  lottery_auto_transfer: '投注自动转入彩票钱包',
  lottery_chase: '追号单',
  syndicate: '合买方案',
  manual_adjustment: '人工调整',
  rebate_record: '返水记录',
  bonus: '彩金',
  // Operators' solo allowance (dual control) names these too.
  activity_application: '活动申请',
  match_correction: '赛事更正',
} as const;

export interface DescribedReference {
  /** The code's kind (`withdrawal`), `null` when the text names none. */
  type: string | null;
  /** In words: 提现单 #1, 竞彩注单 S20261120001, 五分快3 第20261120-001期 派奖. */
  text: string;
  target: ReferenceTarget | null;
}

const positiveInt = (s: string | undefined): number | null =>
  s !== undefined && /^[1-9]\d{0,15}$/.test(s) ? Number(s) : null;

/** A bonus grant's own reference (`vip-upgrade:7:3`, `activity-application:5`, `invite:deposit:12:first`). */
export function describeBonusReference(ref: string): DescribedReference {
  const parts = ref.split(':');
  const [head, a, b, c] = parts;
  if (head === 'seed') return { type: 'seed', text: '演示账户体验金', target: null };
  if (head === 'vip-upgrade' && b !== undefined)
    return { type: 'vip_upgrade', text: `VIP${b} 晋级礼金`, target: null };
  if (head === 'activity-application' || head === 'activity_application') {
    const id = positiveInt(a);
    return {
      type: 'activity_application',
      text: `活动申请 #${a ?? ''}`,
      target: id ? { page: 'activity_applications' } : null,
    };
  }
  if (head === 'invite' && (a === 'deposit' || a === 'commission')) {
    const invitee = positiveInt(b);
    const what = a === 'deposit' ? '邀请充值奖励' : '邀请返佣';
    return {
      type: `invite_${a}`,
      text: `${what}（被邀请会员 #${b ?? ''}${c ? `，${a === 'commission' ? c : milestoneLabel(c)}` : ''}）`,
      target: invitee ? { page: 'member', id: invitee } : null,
    };
  }
  return { type: null, text: ref, target: null };
}

const milestoneLabel = (key: string) => (/^\d+$/.test(key) ? `第${key}档` : key);

/**
 * A ledger reference `type:id` in words, with the console page it opens:
 * `withdrawal:1` → 提现单 #1, `payment_order:6` → 充值订单 #6, `order:S…` → 竞彩注单 S….
 * An unknown kind keeps its text (never dropped).
 */
export function describeReference(ref: string | null | undefined): DescribedReference | null {
  if (!ref) return null;
  const at = ref.indexOf(':');
  if (at < 0) return { type: null, text: ref, target: null };
  const type = ref.slice(0, at);
  const id = ref.slice(at + 1);
  const label = lookup(LEDGER_REFERENCE_LABELS, type);
  const n = positiveInt(id);
  switch (type) {
    case 'withdrawal':
      return { type, text: `提现单 #${id}`, target: n ? { page: 'withdrawal', id: n } : null };
    case 'payment_order':
      return { type, text: `充值订单 #${id}`, target: n ? { page: 'deposit', id: n } : null };
    case 'manual_adjustment':
      return n
        ? { type, text: `人工调整 #${id}`, target: { page: 'adjustments', id: n } }
        : { type, text: '人工调整（新建）', target: null };
    case 'order': {
      // One order (its number, or its id for a correction), or a settlement batch `S…+2`.
      const batch = /^(.+)\+(\d+)$/.exec(id);
      const text = batch
        ? `竞彩注单 ${batch[1]} 等${Number(batch[2]) + 1}笔`
        : n
          ? `竞彩注单 #${id}`
          : `竞彩注单 ${id}`;
      return { type, text, target: { page: 'member_records', tab: 'orders' } };
    }
    case 'lottery_bet':
      return { type, text: `彩票注单 ${id}`, target: { page: 'member_records', tab: 'lottery' } };
    case 'lottery_period': {
      const [code = '', number = ''] = id.split(':');
      return {
        type,
        text: `${lotteryLabel(code)} 第${number}期 派奖`,
        target: code && number ? { page: 'lottery_period', code, number } : null,
      };
    }
    case 'lottery_chase':
      return { type, text: `追号单 ${id}`, target: { page: 'member_records', tab: 'lottery' } };
    case 'syndicate':
      return { type, text: `合买方案 ${id}`, target: { page: 'member_records', tab: 'orders' } };
    case 'game_transfer':
      return { type, text: `游戏转账 ${id}`, target: { page: 'member_records', tab: 'games' } };
    case 'lottery_transfer':
    case 'lottery_auto_transfer':
      return { type, text: label ?? type, target: null };
    case 'rebate_record':
      return { type, text: `返水记录 #${id}`, target: null };
    case 'bonus': {
      const inner = describeBonusReference(id);
      return {
        type,
        text: inner.type ? inner.text : `彩金 ${id}`,
        target: inner.target ?? { page: 'member_records', tab: 'bonuses' },
      };
    }
    case 'activity_application':
      return { type, text: `活动申请 #${id}`, target: { page: 'activity_applications' } };
    case 'match_correction': {
      const [match] = id.split(':');
      const m = positiveInt(match);
      return { type, text: `赛事更正（比赛 #${match ?? ''}）`, target: m ? { page: 'match', id: m } : null };
    }
    default:
      return { type, text: label ? `${label} ${id}` : ref, target: null };
  }
}

// ---- the audit log: actions, their objects ----

/**
 * Every action the server writes to the audit log (`operators.audit(…, { action })`), in words.
 * labels.test.ts reads the server's calls: an action written without a label here fails it.
 */
export const AUDIT_ACTION_LABELS = {
  'activity_application.approve': '活动申请：通过并发放彩金',
  'activity_application.reject': '活动申请：驳回',
  'adjustment.create': '人工调整：发起',
  'adjustment.approve': '人工调整：入账',
  'adjustment.reject': '人工调整：驳回',
  'agent_application.approve': '代理申请：通过',
  'agent_application.reject': '代理申请：驳回',
  'content.notice.create': '公告：新建',
  'content.notice.update': '公告：修改',
  'content.banner.create': '轮播图：新建',
  'content.banner.update': '轮播图：修改',
  'content.activity.create': '活动：新建',
  'content.activity.update': '活动：修改',
  'content.expert.create': '专家：新建',
  'content.expert.update': '专家：修改',
  'content.expert_article.create': '专家文章：新建',
  'content.expert_article.update': '专家文章：修改',
  'content.lottery_category.create': '彩票资讯分类：新建',
  'content.lottery_category.update': '彩票资讯分类：修改',
  'content.lottery_article.create': '彩票资讯：新建',
  'content.lottery_article.update': '彩票资讯：修改',
  'control.propose': '复核：提交',
  'control.approve': '复核：通过',
  'control.reject': '复核：驳回',
  'control.withdraw': '复核：发起人撤回',
  'control.close': '复核：关闭',
  'control.failed': '复核：未能生效',
  'lottery.game.update': '彩种：修改',
  'member.flag.enabled': '会员标记：账号启用',
  'member.flag.is_black': '会员标记：黑名单',
  'member.flag.disable_withdraw': '会员标记：禁止提现',
  'member.flag.disable_game': '会员标记：禁止游戏',
  'member.flag.disable_nggame': '会员标记：禁止电子游戏',
  'member.flag.is_agent': '会员标记：代理',
  'member.flag.is_mock': '会员标记：测试账号',
  'member.tags': '会员标签：修改',
  'member.sessions.revoke': '会员：强制下线',
  'message.broadcast': '站内信：群发',
  'operator.create': '管理账号：新增',
  'operator.update': '管理账号：修改',
  'operator.password.change': '管理账号：修改本人密码',
  'operator.password.reset': '管理账号：重置密码',
  'operator.totp.enable': '两步验证：开启',
  'operator.totp.disable': '两步验证：关闭',
  'operator.totp.reset': '两步验证：清除',
  'payment.confirm': '充值：确认到账',
  'payment.reject': '充值：驳回',
  'settings.app': '应用配置：修改',
  'settings.finance': '财务设置：修改',
  'settings.invite': '邀请规则：修改',
  'sports.suspend': '赛事：暂停投注',
  'sports.reopen': '赛事：恢复投注',
  'sports.void': '赛事：作废',
  'sports.resettle': '赛事：重新结算',
  'sports.feed_correction.apply': '赛果更正：按新赛果重新结算',
  'sports.feed_correction.dismiss': '赛果更正：忽略',
  'sports.limit.save': '会员限额：保存',
  'sports.book_cap.save': '负债上限：保存',
  'sports.boost.create': '加奖活动：新建',
  'sports.boost.update': '加奖活动：修改',
  'red_packet.create': '红包：新建',
  'red_packet.update': '红包：修改',
  'red_packet.cancel': '红包：取消',
  'syndicate.fail': '合买：强制流产',
  'support.take': '在线客服：接入会话',
  'support.assign': '在线客服：分配会话',
  'support.transfer': '在线客服：转接会话',
  'support.close': '在线客服：结束会话',
  'support.canned_reply.create': '快捷回复：新建',
  'support.canned_reply.update': '快捷回复：修改',
  'support.canned_reply.delete': '快捷回复：删除',
  'settings.support': '在线客服设置：修改',
  'free_bet.grant': '免费投注券：发放',
  'sports.cash_out.rule': '提前结算：设置',
  'sports.cash_out.match': '提前结算：单场开关',
  'free_bet.revoke': '免费投注券：作废',
  'withdrawal.review': '提现：审核通过',
  'withdrawal.pay': '提现：出款',
  'withdrawal.reject': '提现：驳回',
  'withdrawal.chain_confirmed': '提现：链上确认到账',
  'withdrawal.chain_refused': '提现：链上核对未通过',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

export const auditActionLabel = (action: string): string | undefined => lookup(AUDIT_ACTION_LABELS, action);

/** What an audit entry acts on (`target_type`). */
export const AUDIT_TARGET_LABELS = {
  activity_application: '活动申请',
  adjustment: '人工调整',
  agent_application: '代理申请',
  book_cap: '负债上限',
  prize_boost: '加奖活动',
  red_packet: '红包',
  syndicate: '合买方案',
  support_conversation: '客服会话',
  support_canned_reply: '快捷回复',
  free_bet: '免费投注券',
  free_bet_grant: '免费投注券发放',
  sport: '运动项目',
  broadcast: '站内信群发',
  control_change: '复核事项',
  lottery_game: '彩种',
  match: '赛事',
  member: '会员',
  operator: '管理账号',
  payment_order: '充值订单',
  settings: '设置',
  withdrawal: '提现单',
  notice: '公告',
  banner: '轮播图',
  activity: '活动',
  expert: '专家',
  expert_article: '专家文章',
  lottery_category: '彩票资讯分类',
  lottery_article: '彩票资讯',
} as const;

export const auditTargetLabel = (type: string): string => lookup(AUDIT_TARGET_LABELS, type) ?? type;

/** Settings rows an audit entry names by key. */
const SETTINGS_LABELS: Record<string, string> = {
  finance_settings: '财务设置',
  invite_rules: '邀请规则',
  app: '应用配置',
  support_chat: '在线客服设置',
};

const BOOK_CAP_SCOPES: Record<string, string> = {
  sport: '运动',
  play_type: '玩法',
  match: '比赛',
  member_default: '会员默认',
  default: '默认',
};

/** An audit entry's object in words, with the page it opens: 提现单 #5, 会员 #7, 财务设置. */
export function describeAuditTarget(type: string, id: string): DescribedReference {
  const n = positiveInt(id);
  const label = auditTargetLabel(type);
  switch (type) {
    case 'withdrawal':
      return { type, text: `提现单 #${id}`, target: n ? { page: 'withdrawal', id: n } : null };
    case 'payment_order':
      return { type, text: `充值订单 #${id}`, target: n ? { page: 'deposit', id: n } : null };
    case 'adjustment':
      return { type, text: `人工调整 #${id}`, target: n ? { page: 'adjustments', id: n } : null };
    case 'member':
      return { type, text: `会员 #${id}`, target: n ? { page: 'member', id: n } : null };
    case 'match':
      return { type, text: `赛事 #${id}`, target: n ? { page: 'match', id: n } : null };
    case 'control_change':
      return { type, text: `复核 #${id}`, target: n ? { page: 'approval', id: n } : null };
    case 'operator':
      return { type, text: `管理账号 #${id}`, target: n ? { page: 'operator', id: n } : null };
    case 'activity_application':
      return { type, text: `活动申请 #${id}`, target: { page: 'activity_applications' } };
    case 'settings':
      return { type, text: SETTINGS_LABELS[id] ?? `${label} ${id}`, target: null };
    case 'lottery_game':
      return { type, text: `彩种 ${lotteryLabel(id)}`, target: null };
    case 'book_cap': {
      const [scope = '', key = ''] = id.split(':');
      return {
        type,
        text: `负债上限（${BOOK_CAP_SCOPES[scope] ?? scope} ${capKeyText(scope, key)}）`,
        target: null,
      };
    }
    default:
      return { type, text: `${label} #${id}`, target: null };
  }
}

// ---- the fields and values of an audit entry's detail (and a 复核's before → after) ----

/** The fields an audit detail or a change's before/after carries, in the console's words. */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  // 财务设置
  usdt_deposit_rate: 'USDT 充值汇率',
  usdt_withdraw_rate: 'USDT 提现汇率',
  withdraw_min: '单笔最低提现（元）',
  withdraw_max: '单笔最高提现（元）',
  withdraw_fee_bp: '提现手续费率（万分之）',
  withdraw_fee_min: '手续费下限（元）',
  withdraw_fee_max: '手续费上限（元）',
  deposit_turnover_multiple: '充值打码倍数',
  adjustment_approval_threshold: '单人审批额度（元）',
  payment_methods: '充值方式',
  min_amount: '最低',
  max_amount: '最高',
  // 负债上限、会员限额
  max_liability: '单一结果最高负债（元）',
  in_force: '生效上限',
  max_stake: '单笔最高投注（元）',
  max_payout_per_match: '单场最高可赢（元）',
  scope: '范围',
  key: '对象',
  // 邀请规则
  deposit_milestones: '充值达标奖励',
  commission_basis_points: '返佣比例（万分之）',
  turnover_multiple: '打码倍数',
  code_changes_per_day: '每日换码次数',
  // 管理账号
  username: '用户名',
  name: '名称',
  role: '角色',
  enabled: '启用',
  totp_enabled: '两步验证',
  other_sessions_revoked: '其他会话已下线',
  sessions_revoked: '下线会话',
  session_ids: '下线的会话',
  // 资金
  status: '状态',
  amount: '金额（元）',
  fee: '手续费（元）',
  balance: '余额（元）',
  usdt_amount: 'USDT 数量',
  declared_usdt_amount: '会员申报 USDT',
  credited_amount: '入账金额（元）',
  tx_hash: '交易哈希',
  needs_approval: '需第二人复核',
  threshold: '单人审批额度（元）',
  moved_alone_today: '今日已独自经手（元）',
  checked_by_second_operator: '经第二人复核',
  reviewed_by: '审核人',
  // 复核
  approved_change: '复核单',
  proposed_by: '发起人',
  maker_id: '发起人',
  kind: '类型',
  target: '对象',
  summary: '摘要',
  // 赛事：暂停、作废/重新结算
  play_type: '玩法',
  suspended: '暂停投注',
  result: '赛果',
  orders: '涉及注单',
  open_orders: '其中待其他场次结算',
  settled_orders: '已结算注单',
  refunds: '退款笔数',
  refund_amount: '退款金额（元）',
  extra_payouts: '补派笔数',
  extra_amount: '补派金额（元）',
  take_backs: '扣回笔数',
  take_back_amount: '扣回金额（元）',
  net: '净额（元）',
  // 会员
  tags: '标签',
  agent_code: '代理码',
  activity_id: '活动',
  period: '期次',
  // 站内信群发
  audience: '发送对象',
  member: '会员',
  vip_level: 'VIP 等级',
  agent: '代理',
  tag: '标签',
  title: '标题',
  recipients: '收件人数',
  // 彩种
  sort: '排序',
  close_seconds: '封盘秒数',
  // 内容
  id: 'ID',
  category_id: '分类',
  category: '分类',
  category_name: '分类',
  content: '内容',
  is_top: '置顶',
  published_at: '发布时间',
  page_type: '页面',
  image_url: '图片',
  link_url: '链接',
  agent_id: '代理',
  starts_at: '开始时间',
  ends_at: '结束时间',
  slug: '标识',
  rule: '规则',
  image: '图片',
  auto_approve: '自动审核',
  pending_applications: '待审申请',
  avatar: '头像',
  intro: '简介',
  promoted: '推荐',
  expert_id: '专家',
  expert_name: '专家',
  cover: '封面',
  is_hot: '热门',
  is_recommended: '推荐',
  views: '浏览量',
  description: '描述',
  author: '作者',
  // 应用配置
  nav_sports_enabled: '体育导航',
  nav_live_ball_enabled: '滚球导航',
  nav_real_time_enabled: '彩票导航',
  nav_expert_enabled: '专家导航',
  notice_enabled: '公告',
  banner_enabled: '轮播图',
  maintenance_mode: '维护模式',
  theme_color: '主题色',
  app_version: '应用版本',
  site_state: '站点状态',
  redpacket_switch: '红包',
  fanshui: '返水',
  index_modal: '首页弹窗',
  index_modal_images: '首页弹窗图片',
  repair_tips: '维护提示',
  sms_open: '短信验证',
  site_logo: '站点 Logo',
  kf_url: '客服地址',
  ios_download_qrcode: 'iOS 下载二维码',
  ios_download_url: 'iOS 下载地址',
  android_download_url: 'Android 下载地址',
  // 在线客服 (support): a conversation's operator, canned replies, the settings.
  operator: '接待客服',
  body: '内容',
  days: '客服服务日',
  open_from: '客服开始时间',
  open_to: '客服结束时间',
  welcome: '客服欢迎语',
  offline_notice: '客服留言提示',
};

/** Where a value is read: the entry's action and object type decide words such as a status's. */
export interface LabelContext {
  action?: string | undefined;
  targetType?: string | undefined;
}

/**
 * A field's label, or `undefined` when the console has none (shown as the key, muted). A member's
 * flags (`enabled`, `is_black` …) read as their flag names on a member.
 */
export function fieldLabel(key: string, ctx: LabelContext = {}): string | undefined {
  if (ctx.targetType === 'member') {
    const flag = lookup(MEMBER_FLAGS, key);
    if (flag) return flag;
  }
  return FIELD_LABELS[key] ?? lookup(MEMBER_FLAGS, key);
}

const GENERIC_STATUSES: Record<string, string> = {
  pending: '待处理',
  confirming: '待确认',
  approved: '已通过',
  paid: '已完成',
  rejected: '已驳回',
  cancelled: '已取消',
  failed: '失败',
};

function statusText(v: string, ctx: LabelContext): string {
  const byTarget: Record<string, Record<string, string>> = {
    withdrawal: WITHDRAW_STATUSES,
    payment_order: PAYMENT_ORDER_STATUSES,
    adjustment: ADJUSTMENT_STATUSES,
    control_change: CONTROL_CHANGE_STATUSES,
  };
  const table = ctx.targetType ? byTarget[ctx.targetType] : undefined;
  return (table && lookup(table, v)) ?? GENERIC_STATUSES[v] ?? v;
}

const CORRECTION_KINDS: Record<string, string> = { void: '作废', resettle: '重新结算' };
const AUDIENCES: Record<string, string> = {
  member: '指定会员',
  vip: 'VIP 等级',
  agent: '代理的下级会员',
  tag: '带标签的会员',
  all: '全部会员',
};

/** A scalar as text (numbers, strings, bigints); anything else is described, never `[object Object]`. */
const scalar = (v: unknown): string =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean'
    ? String(v)
    : '-';

/** A match result (`{"status":"void"}`, a football score …) in words. */
export function matchResultText(v: unknown): string {
  if (v === null || v === undefined) return '未出赛果';
  if (typeof v !== 'object') return scalar(v);
  const r = v as Record<string, unknown>;
  const score = (s: unknown) => {
    const o = (s ?? {}) as { home?: unknown; away?: unknown };
    return `${scalar(o.home)}:${scalar(o.away)}`;
  };
  switch (r.status) {
    case 'pending':
      return '未出赛果';
    case 'void':
      return '作废';
    case 'cancelled':
      return '取消';
    case 'finished':
      if ('fullTime' in r) return `全场 ${score(r.fullTime)}（半场 ${score(r.halfTime)}）`;
      if ('final' in r) return `全场 ${score(r.final)}`;
      return '已完场';
    default:
      return describeObject(r, {});
  }
}

/** Yes/no words per field (default 是/否). */
const BOOLEAN_WORDS: Record<string, [string, string]> = {
  enabled: ['启用', '停用'],
  totp_enabled: ['已开启', '未开启'],
  suspended: ['已暂停', '可投注'],
  maintenance_mode: ['开启', '关闭'],
};
/** Fields that hold 0/1 as switches. */
const SWITCH_WORDS: Record<string, [string, string]> = {
  site_state: ['开放', '维护中'],
  redpacket_switch: ['开启', '关闭'],
  fanshui: ['开启', '关闭'],
  sms_open: ['开启', '关闭'],
};

/** Fields holding an amount of 元 as a decimal string: shown grouped (12,345.50). */
const MONEY_FIELDS = new Set([
  'amount',
  'fee',
  'balance',
  'credited_amount',
  'threshold',
  'moved_alone_today',
  'max_stake',
  'max_payout_per_match',
  'max_liability',
  'in_force',
  'refund_amount',
  'extra_amount',
  'take_back_amount',
  'net',
  'withdraw_min',
  'withdraw_max',
  'withdraw_fee_min',
  'withdraw_fee_max',
  'adjustment_approval_threshold',
  'min_amount',
  'max_amount',
]);

const htmlText = (html: string) => {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
};

/** An object in one line, its fields by their labels (a payment method, a milestone, a score). */
function describeObject(o: Record<string, unknown>, ctx: LabelContext): string {
  if ('threshold' in o && 'reward' in o)
    return `满 ${valueText('amount', o.threshold, ctx)} 奖 ${valueText('amount', o.reward, ctx)}`;
  const code = typeof o.code === 'string' ? o.code : null;
  const name =
    typeof o.name === 'string'
      ? o.name
      : code
        ? (lookup<{ name: string }>(PAYMENT_METHODS, code)?.name ?? code)
        : null;
  const text = Object.entries(o)
    .filter(([k]) => k !== 'name' && k !== 'code')
    .map(([k, x]) => `${fieldLabel(k) ?? k} ${valueText(k, x, ctx)}`)
    .join('，');
  return name ? `${name}：${text}` : text;
}

/**
 * One value of an audit detail or a change, in words: statuses, roles, kinds, results, switches
 * and references by their labels, 元 grouped, lists joined; never raw JSON.
 */
export function valueText(key: string, v: unknown, ctx: LabelContext = {}): string {
  if (key === 'result') return matchResultText(v);
  if (v === null || v === undefined || v === '') return '无';
  if (typeof v === 'boolean') {
    const [yes, no] = BOOLEAN_WORDS[key] ?? ['是', '否'];
    return v ? yes : no;
  }
  if (Array.isArray(v)) {
    if (v.length === 0) return '无';
    return v.map((item) => valueText(key, item, ctx)).join(typeof v[0] === 'object' ? '；' : '、');
  }
  if (typeof v === 'object') return describeObject(v as Record<string, unknown>, ctx);
  const s = scalar(v);
  if (typeof v === 'number') {
    if (key in SWITCH_WORDS && (v === 0 || v === 1)) return SWITCH_WORDS[key]![v === 1 ? 0 : 1];
    if (key in MEMBER_FLAGS && (v === 0 || v === 1)) return v === 1 ? '是' : '否';
    if (key === 'category_id' && ctx.targetType === 'notice')
      return lookup(NOTICE_CATEGORIES as Record<string, string>, s) ?? s;
    if (key === 'page_type') return lookup(BANNER_PAGE_TYPES as Record<string, string>, s) ?? s;
  }
  switch (key) {
    case 'status':
      return statusText(s, ctx);
    case 'role':
      return lookup(OPERATOR_ROLES, s) ?? s;
    case 'kind':
      return lookup(CONTROL_CHANGE_KINDS, s) ?? CORRECTION_KINDS[s] ?? s;
    case 'target': {
      const at = s.indexOf(':');
      return at > 0 ? describeAuditTarget(s.slice(0, at), s.slice(at + 1)).text : s;
    }
    case 'scope':
      return BOOK_CAP_SCOPES[s] ?? s;
    case 'audience':
      return AUDIENCES[s] ?? s;
    case 'play_type':
      return s === '*' ? '整场' : ((PLAY_TYPES as Record<string, { name: string }>)[s]?.name ?? s);
    case 'approved_change':
      return `复核 #${s}`;
    case 'proposed_by':
    case 'maker_id':
    case 'reviewed_by':
      return `管理账号 #${s}`;
    case 'activity_id':
      return `活动 #${s}`;
    case 'wallet_type':
      return lookup(USER_WALLET_TYPES, s) ?? s;
    case 'content':
    case 'rule':
    case 'intro':
      return htmlText(s);
    case 'vip_level':
      return `VIP${s}`;
  }
  if (MONEY_FIELDS.has(key)) return groupYuan(s);
  return s;
}

/** One row of an audit entry's detail: a changed field (before → after) or a fact. */
export interface DetailRow {
  key: string;
  /** The field's label; `null` for a key the console has no word for (shown as the key, muted). */
  label: string | null;
  change: { before: string; after: string; created: boolean } | null;
  value: string | null;
}

/** What a liability cap row covers: a sport, a play type, a match, by its words. */
function capKeyText(scope: string, key: unknown): string {
  const k = String(key);
  if (scope === 'sport') return sportLabel(k);
  if (scope === 'play_type') return (PLAY_TYPES as Record<string, { name: string }>)[k]?.name ?? k;
  if (scope === 'match') return `比赛 #${k}`;
  return k;
}

const FIELD_ORDER = new Map(Object.keys(FIELD_LABELS).map((k, i) => [k, i]));
/**
 * Keys in the order of FIELD_LABELS (a detail stored as JSONB comes back with its keys sorted by
 * length, not as written), unknown ones last.
 */
const inFieldOrder = (keys: string[]) =>
  [...keys].sort(
    (x, y) => (FIELD_ORDER.get(x) ?? FIELD_ORDER.size) - (FIELD_ORDER.get(y) ?? FIELD_ORDER.size),
  );

/** Scalar before/after (a cap): the field it is of. */
const SCALAR_FIELD_OF: Record<string, string> = {
  'sports.book_cap.save': 'max_liability',
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * An audit entry's `detail` as labelled rows: the fields its before → after changed (unchanged
 * ones left out; a created object lists its fields), then its other facts.
 */
export function auditDetailRows(detail: Record<string, unknown>, ctx: LabelContext = {}): DetailRow[] {
  const rows: DetailRow[] = [];
  const hasDiff = 'before' in detail || 'after' in detail;
  if (hasDiff) {
    const { before, after } = detail;
    if (
      (before === null || before === undefined || isRecord(before)) &&
      (after === null || isRecord(after))
    ) {
      const b = isRecord(before) ? before : null;
      const a = isRecord(after) ? after : null;
      const keys = inFieldOrder([...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])]);
      for (const key of keys) {
        const was = b?.[key];
        const is = a?.[key];
        if (b && JSON.stringify(was) === JSON.stringify(is)) continue;
        rows.push({
          key,
          label: fieldLabel(key, ctx) ?? null,
          change: {
            before: valueText(key, was, ctx),
            after: valueText(key, is, ctx),
            created: b === null,
          },
          value: null,
        });
      }
    } else {
      const key = (ctx.action && SCALAR_FIELD_OF[ctx.action]) ?? 'value';
      rows.push({
        key,
        label: fieldLabel(key) ?? '值',
        change: { before: valueText(key, before, ctx), after: valueText(key, after, ctx), created: false },
        value: null,
      });
    }
  }
  for (const key of inFieldOrder(Object.keys(detail))) {
    if (key === 'before' || key === 'after') continue;
    const v = detail[key];
    const text =
      key === 'key' && typeof detail.scope === 'string'
        ? capKeyText(detail.scope, v)
        : valueText(key, v, ctx);
    rows.push({ key, label: fieldLabel(key, ctx) ?? null, change: null, value: text });
  }
  return rows;
}
