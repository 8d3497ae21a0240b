import { z } from 'zod';
import { flag, isoDate, moneyString, pageQuery, paginated } from './common.ts';

// ---- agent applications and the agent centre (SPEC.md §2 agentPages, §6, §7) -----------

export const AGENT_APPLICATION_STATUSES = {
  pending: '审核中',
  approved: '已通过',
  rejected: '已拒绝',
  cancelled: '已撤销',
} as const;
export type AgentApplicationStatus = keyof typeof AGENT_APPLICATION_STATUSES;
const STATUS_KEYS = Object.keys(AGENT_APPLICATION_STATUSES) as [
  AgentApplicationStatus,
  ...AgentApplicationStatus[],
];

export const AGENT_CONTACT_TYPES = {
  mobile: '手机',
  wechat: '微信',
  qq: 'QQ',
  telegram: 'Telegram',
} as const;
export type AgentContactType = keyof typeof AGENT_CONTACT_TYPES;
const CONTACT_KEYS = Object.keys(AGENT_CONTACT_TYPES) as [AgentContactType, ...AgentContactType[]];

export const AGENT_CHANNELS = {
  social: '社交媒体',
  community: '社群/论坛',
  website: '网站/自媒体',
  offline: '线下推广',
  other: '其他',
} as const;
export type AgentChannel = keyof typeof AGENT_CHANNELS;
const CHANNEL_KEYS = Object.keys(AGENT_CHANNELS) as [AgentChannel, ...AgentChannel[]];

const CONTACT_PATTERNS: Record<AgentContactType, { pattern: RegExp; message: string }> = {
  mobile: { pattern: /^1[3-9]\d{9}$/, message: '请输入正确的手机号' },
  wechat: { pattern: /^[A-Za-z][-_A-Za-z0-9]{5,19}$/, message: '微信号须为6-20位，以字母开头' },
  qq: { pattern: /^[1-9]\d{4,11}$/, message: '请输入正确的QQ号' },
  telegram: { pattern: /^@?[A-Za-z][A-Za-z0-9_]{4,31}$/, message: '请输入正确的Telegram用户名' },
};

export const applyAgentBody = z
  .object({
    real_name: z
      .string({ error: '请填写真实姓名' })
      .trim()
      .regex(/^[\u4e00-\u9fa5·]{2,20}$|^[A-Za-z][A-Za-z .]{1,39}$/, '请填写真实姓名（2-20个汉字或英文）'),
    contact_type: z.enum(CONTACT_KEYS, { error: '请选择联系方式' }),
    contact: z.string({ error: '请填写联系方式' }).trim().min(1, '请填写联系方式').max(40, '联系方式过长'),
    channel: z.enum(CHANNEL_KEYS, { error: '请选择推广渠道' }),
    experience: z
      .string({ error: '请填写推广经验' })
      .trim()
      .min(10, '推广经验至少填写10个字')
      .max(500, '推广经验不能超过500个字'),
    expected_members: z.coerce
      .number({ error: '预计发展人数须为数字' })
      .int('预计发展人数须为整数')
      .min(1, '预计发展人数至少为1')
      .max(100_000, '预计发展人数不能超过100000'),
  })
  .superRefine((value, ctx) => {
    const rule = CONTACT_PATTERNS[value.contact_type];
    if (!rule.pattern.test(value.contact))
      ctx.addIssue({ code: 'custom', message: rule.message, path: ['contact'] });
  });
export type ApplyAgentBody = z.infer<typeof applyAgentBody>;

export const agentApplication = z
  .object({
    id: z.number().int(),
    status: z.enum(STATUS_KEYS),
    status_text: z.string(),
    real_name: z.string(),
    contact_type: z.enum(CONTACT_KEYS),
    contact: z.string(),
    channel: z.enum(CHANNEL_KEYS),
    channel_text: z.string(),
    experience: z.string(),
    expected_members: z.number().int(),
    reason: z.string().nullable().describe('The operator’s reason (shown on rejection)'),
    created_at: isoDate,
    decided_at: isoDate.nullable(),
    cancelled_at: isoDate.nullable(),
  })
  .meta({ id: 'AgentApplication' });
export type AgentApplication = z.infer<typeof agentApplication>;
export const agentApplicationPage = paginated(agentApplication);

export const applicationHistoryQuery = pageQuery.extend({
  status: z.enum(STATUS_KEYS, { error: '状态不正确' }).optional(),
});

export const applicationStats = z
  .object({
    total: z.number().int(),
    pending: z.number().int(),
    approved: z.number().int(),
    rejected: z.number().int(),
    cancelled: z.number().int(),
    is_agent: flag,
  })
  .meta({ id: 'AgentApplicationStats' });
export type ApplicationStats = z.infer<typeof applicationStats>;

export const cancelApplicationBody = z.object({
  application_id: z.coerce
    .number({ error: '申请编号须为数字' })
    .int('申请编号须为整数')
    .positive('申请编号须为正数')
    .max(2 ** 31 - 1, '申请不存在')
    .optional()
    .describe('Defaults to the pending application'),
});

// ---- the agent centre: only the agent's own members (members.agent_id = the agent) -----

export const agentPeriodTotals = z.object({
  deposit: moneyString,
  withdraw: moneyString,
  bet: moneyString,
  payout: moneyString,
  bonus: moneyString,
  /** Bets minus payouts and bonuses: what the members' play brought in. */
  profit: moneyString,
});
export type AgentPeriodTotals = z.infer<typeof agentPeriodTotals>;

export const agentOverview = z
  .object({
    agent_code: z.string(),
    agent_url: z.string(),
    member_count: z.number().int(),
    today_members: z.number().int(),
    active_members: z.number().int().describe('Members who placed a bet in the last 30 days'),
    balance_total: moneyString,
    today: agentPeriodTotals,
    month: agentPeriodTotals,
    total: agentPeriodTotals,
  })
  .meta({ id: 'AgentOverview' });
export type AgentOverview = z.infer<typeof agentOverview>;

export const agentMembersQuery = pageQuery.extend({
  keyword: z.string().trim().max(16, '关键字不能超过16个字符').optional(),
});

export const agentMember = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  balance: moneyString,
  deposit_total: moneyString,
  withdraw_total: moneyString,
  bet_total: moneyString,
  registered_at: isoDate,
  last_login_at: isoDate.nullable(),
  enabled: flag,
});
export type AgentMember = z.infer<typeof agentMember>;
export const agentMemberPage = paginated(agentMember);

export const agentMemberDetail = agentMember
  .extend({
    vip_level: z.number().int(),
    lottery_balance: moneyString,
    frozen_balance: moneyString,
    codingvolume: moneyString,
    payout_total: moneyString,
    bonus_total: moneyString,
    register_type: z.string(),
    inviter: z.string().nullable().describe('Masked username of who invited the member'),
    order_count: z.number().int(),
    lottery_bet_count: z.number().int(),
  })
  .meta({ id: 'AgentMemberDetail' });
export type AgentMemberDetail = z.infer<typeof agentMemberDetail>;

/** Kinds of money records the agent centre lists, each a set of ledger types. */
export const AGENT_RECORD_CATEGORIES = {
  all: '全部',
  deposit: '充值',
  withdraw: '提现',
  bet: '投注',
  payout: '派奖',
  bonus: '彩金/返水',
} as const;
export type AgentRecordCategory = keyof typeof AGENT_RECORD_CATEGORIES;
const CATEGORY_KEYS = Object.keys(AGENT_RECORD_CATEGORIES) as [AgentRecordCategory, ...AgentRecordCategory[]];

export const agentRecordsQuery = pageQuery.extend({
  category: z.enum(CATEGORY_KEYS, { error: '记录类型不正确' }).default('all'),
  member_id: z.coerce
    .number({ error: '会员编号须为数字' })
    .int('会员编号须为整数')
    .positive('会员编号须为正数')
    .max(2 ** 31 - 1, '会员不存在')
    .optional(),
});

export const agentRecord = z.object({
  id: z.string(),
  member_id: z.number().int(),
  username: z.string(),
  type: z.string(),
  type_text: z.string(),
  wallet: z.string(),
  amount: moneyString,
  balance_after: moneyString,
  remark: z.string(),
  created_at: isoDate,
});
export type AgentRecord = z.infer<typeof agentRecord>;
export const agentRecordPage = paginated(agentRecord);

export const agentBetsQuery = pageQuery.extend({
  kind: z.enum(['all', 'sports', 'lottery'], { error: '注单类型不正确' }).default('all'),
});

export const agentBet = z.object({
  kind: z.enum(['sports', 'lottery']),
  id: z.number().int(),
  no: z.string(),
  title: z.string(),
  amount: moneyString,
  payout: moneyString,
  status: z.string(),
  status_text: z.string(),
  created_at: isoDate,
  settled_at: isoDate.nullable(),
});
export type AgentBet = z.infer<typeof agentBet>;
export const agentBetPage = paginated(agentBet);

// ---- /admin/v1/agent-applications --------------------------------------------------------

export const adminAgentApplicationQuery = pageQuery.extend({
  status: z.enum(STATUS_KEYS, { error: '状态不正确' }).optional(),
  member_id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
});

export const adminAgentApplication = agentApplication.extend({
  member_id: z.number().int(),
  username: z.string(),
  operator_id: z.number().int().nullable(),
});
export const adminAgentApplicationPage = paginated(adminAgentApplication);

export const agentApproveResult = z.object({
  application: adminAgentApplication,
  agent_code: z.string(),
});
